import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { CantGo, CantGoOption } from '../../../core/cant-go.ts';
import { REFUND_REASON_MAX } from '../../../core/schemas/ticket-page.ts';
import { Alert, TextAreaField } from '../../components/ui/field.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { ApiError } from '../../lib/api.ts';
import { PassTicketDialog, type PassableTicket } from './pass-ticket-dialog.tsx';
import { postTicketAction, type TicketHandle } from './ticket-handle.ts';
import { useRequestRefund } from './ticket-page-api.ts';

type Props = {
  cantGo: CantGo;
  ticket: PassableTicket;
  /** The ticket page acts by its signed token; the dashboard by id, and sends a refund request to the ticket's page. */
  via: { handle: { token: string }; refresh: readonly unknown[] } | { handle: { ticketId: string }; refresh: readonly unknown[]; pagePath: string };
  /** Shown by the screen after the ticket was passed on (the dashboard no longer lists it). */
  onPassed: (message: string) => void;
  /** The heading level fits where the panel sits: a section of the page, or one ticket of the dashboard's list. */
  headingLevel?: 'h2' | 'h3';
  timeZone: string;
};

const OPTION_CLASS = 'block min-h-11 w-full rounded-xl border border-zinc-600 bg-zinc-950/40 px-4 py-3 text-left hover:border-zinc-300 hover:bg-zinc-800';
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Decision 50: offered to the waitlist, or kept again; both screens reload after. */
function useTicketReturn(action: 'return' | 'keep', handle: TicketHandle) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => postTicketAction<{ returnStatus: 'listed' | 'withdrawn' }>(handle, action),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: ['tickets', 'mine'] }), client.invalidateQueries({ queryKey: ['ticket-page'] })]),
  });
}

const formatInstant = (iso: string, timeZone: string) => new Date(iso).toLocaleString('en-US', { timeZone, dateStyle: 'medium', timeStyle: 'short' });

/**
 * 'Can't go?' (issue 34, item 4): the one place a ticket is given up, on its page and the dashboard.
 * It lists only the ways out the server says exist now, each with its money outcome in one line,
 * and under them why the others do not; what is under way (offered to the waitlist, a refund asked
 * for) is said instead. Each way out confirms in a dialog before anything happens.
 */
export function CantGoPanel({ cantGo, ticket, via, onPassed, headingLevel = 'h2', timeZone }: Props) {
  const headingId = useId();
  const [open, setOpen] = useState<CantGoOption['kind'] | null>(null);
  const keeping = useTicketReturn('keep', via.handle);
  if (cantGo.closedReason) return null;
  const Heading = headingLevel;
  const chosen = cantGo.options.find((option) => option.kind === open);
  return (
    <section aria-labelledby={headingId} className={headingLevel === 'h2' ? 'card space-y-3' : 'mt-3 space-y-2 border-t border-zinc-700 pt-3'}>
      <Heading id={headingId} className={headingLevel === 'h2' ? 'text-xl font-semibold' : 'font-semibold'}>
        Can't go?
      </Heading>
      {cantGo.pending?.kind === 'refund_requested' && (
        <p role="status" className="text-sm text-sky-100">
          You asked the organiser for a refund on {formatInstant(cantGo.pending.since, timeZone)}. They will answer by e-mail; your ticket stays valid until then.
        </p>
      )}
      {cantGo.pending?.kind === 'return_listed' && (
        <div className="space-y-2">
          <p role="status" className="text-sm text-amber-200">
            {cantGo.pending.outcome}
          </p>
          {keeping.isError && <Alert>{keeping.error.message}</Alert>}
          <button type="button" className="btn-secondary min-h-11" disabled={keeping.isPending} onClick={() => keeping.mutate()}>
            {keeping.isPending ? 'Keeping…' : 'Keep my ticket'}
          </button>
        </div>
      )}
      {cantGo.options.length > 0 && (
        <ul className="space-y-2">
          {cantGo.options.map((option) => (
            <li key={option.kind}>
              {option.kind === 'refund' && 'pagePath' in via ? (
                <Link to={via.pagePath} className={OPTION_CLASS}>
                  <OptionText option={option} />
                  <span className="sr-only"> (on the ticket's page)</span>
                </Link>
              ) : (
                <button type="button" className={OPTION_CLASS} onClick={() => setOpen(option.kind)}>
                  <OptionText option={option} />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {cantGo.unavailable.length > 0 && (
        <ul aria-label="Not possible for this ticket now" className="space-y-1 text-sm text-zinc-400">
          {cantGo.unavailable.map((item) => (
            <li key={item.kind}>
              <span className="text-zinc-300">{item.title}:</span> {item.reason}
            </li>
          ))}
        </ul>
      )}
      {open === 'pass' && (
        <PassTicketDialog
          ticket={ticket}
          via={{ ticket: via.handle, refresh: via.refresh }}
          onClose={() => setOpen(null)}
          onPassed={(message) => {
            setOpen(null);
            onPassed(message);
          }}
        />
      )}
      {open === 'return' && chosen && <ReturnDialog handle={via.handle} option={chosen} bandName={ticket.bandName} onClose={() => setOpen(null)} />}
      {open === 'refund' && chosen && 'token' in via.handle && <RefundDialog token={via.handle.token} option={chosen} onClose={() => setOpen(null)} />}
    </section>
  );
}

/** "Pass it to a friend: free; your code stops working": the name, then the money outcome on its own line. */
function OptionText({ option }: { option: CantGoOption }) {
  return (
    <>
      <span className="block font-semibold text-zinc-100">{option.title}:</span> <span className="block text-sm text-zinc-300">{option.outcome}</span>
    </>
  );
}

/** Decision 50: offered to the waitlist, refunded at face value only when someone there buys it. */
function ReturnDialog({ handle, option, bandName, onClose }: { handle: TicketHandle; option: CantGoOption; bandName: string; onClose: () => void }) {
  const returning = useTicketReturn('return', handle);
  return (
    <Modal title="Sell it back to the waitlist?" onClose={onClose}>
      <div className="space-y-4">
        <p className="text-zinc-200">We offer your ticket for {bandName} to the next person on the show's waitlist, at its face value and never more.</p>
        <ul className="list-disc space-y-2 pl-5 text-zinc-300">
          <li>
            <strong>{capitalised(option.outcome)}</strong>. The service fee is not refunded.
          </li>
          <li>Until then your ticket still works: you can still go, or keep it from here.</li>
          <li>If nobody buys it, nothing changes and it stays yours.</li>
        </ul>
        {returning.isError && <Alert>{returning.error.message}</Alert>}
        <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
          <button type="button" className="btn-secondary min-h-11" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn-primary min-h-11" disabled={returning.isPending} onClick={() => returning.mutate(undefined, { onSuccess: onClose })}>
            {returning.isPending ? 'Offering…' : 'Offer it to the waitlist'}
          </button>
        </div>
      </div>
    </Modal>
  );
}

/** Decision 46: the organiser answers by e-mail; the ticket stays valid until then. */
function RefundDialog({ token, option, onClose }: { token: string; option: CantGoOption; onClose: () => void }) {
  const ask = useRequestRefund(token);
  const [reason, setReason] = useState('');
  const fieldError = ask.error instanceof ApiError ? ask.error.fields.reason : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    ask.mutate(reason, { onSuccess: onClose });
  };
  return (
    <Modal title="Ask the organiser for a refund" onClose={onClose}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <p className="text-zinc-300">The organiser answers by e-mail. Your ticket stays valid until then; {option.outcome}.</p>
        <TextAreaField label="Why are you asking for a refund?" required maxLength={REFUND_REASON_MAX} value={reason} onChange={(e) => setReason(e.target.value)} error={fieldError} />
        {ask.isError && !fieldError && <Alert>{ask.error.message}</Alert>}
        <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
          <button type="button" className="btn-secondary min-h-11" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn-primary min-h-11" disabled={ask.isPending}>
            {ask.isPending ? 'Sending…' : 'Send the request'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
