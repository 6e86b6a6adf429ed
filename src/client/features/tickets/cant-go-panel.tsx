import { lazy, Suspense, useId, useState } from 'react';
import { Link } from 'react-router';
import type { CantGo, CantGoOption } from '../../../core/cant-go.ts';
import { Alert } from '../../components/ui/field.tsx';
import type { PassableTicket } from './pass-ticket-dialog.tsx';
import { useTicketReturn } from './use-ticket-return.ts';

// Issue 34: the dialogs (and the zod schema the pass-on form checks with) load when one is opened,
// so a ticket's page stays within the public pages' budget.
const CantGoDialog = lazy(async () => ({ default: (await import('./cant-go-dialogs.tsx')).CantGoDialog }));

export type CantGoVia = { handle: { token: string }; refresh: readonly unknown[] } | { handle: { ticketId: string }; refresh: readonly unknown[]; pagePath: string };

type Props = {
  cantGo: CantGo;
  ticket: PassableTicket;
  /** The ticket page acts by its signed token; the dashboard by id, and sends a refund request to the ticket's page. */
  via: CantGoVia;
  /** Shown by the screen after the ticket was passed on (the dashboard no longer lists it). */
  onPassed: (message: string) => void;
  /** The heading level fits where the panel sits: a section of the page, or one ticket of the dashboard's list. */
  headingLevel?: 'h2' | 'h3';
  timeZone: string;
};

const OPTION_CLASS = 'block min-h-11 w-full rounded-xl border border-zinc-600 bg-zinc-950/40 px-4 py-3 text-left hover:border-zinc-300 hover:bg-zinc-800';

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
      {open && chosen && (
        <Suspense>
          <CantGoDialog
            option={chosen}
            ticket={ticket}
            via={via}
            onClose={() => setOpen(null)}
            onPassed={(message) => {
              setOpen(null);
              onPassed(message);
            }}
          />
        </Suspense>
      )}
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
