import { useState, type FormEvent } from 'react';
import type { CantGoOption } from '../../../core/cant-go.ts';
import { REFUND_REASON_MAX } from '../../../core/schemas/ticket-page.ts';
import { Alert, TextAreaField } from '../../components/ui/field.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { ApiError } from '../../lib/api.ts';
import type { CantGoVia } from './cant-go-panel.tsx';
import { PassTicketDialog, type PassableTicket } from './pass-ticket-dialog.tsx';
import type { TicketHandle } from './ticket-handle.ts';
import { useRequestRefund } from './ticket-page-api.ts';
import { useTicketReturn } from './use-ticket-return.ts';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The dialog of the 'Can't go?' option chosen (issue 34), loaded only when one is opened. */
export function CantGoDialog({ option, ticket, via, onClose, onPassed }: { option: CantGoOption; ticket: PassableTicket; via: CantGoVia; onClose: () => void; onPassed: (message: string) => void }) {
  if (option.kind === 'pass') return <PassTicketDialog ticket={ticket} via={{ ticket: via.handle, refresh: via.refresh }} onClose={onClose} onPassed={onPassed} />;
  if (option.kind === 'return') return <ReturnDialog handle={via.handle} option={option} bandName={ticket.bandName} onClose={onClose} />;
  if (option.kind === 'refund' && 'token' in via.handle) return <RefundDialog token={via.handle.token} option={option} onClose={onClose} />;
  return null;
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
