import { useState } from 'react';
import { formatCents } from '../../../core/money.ts';
import { Alert } from '../../components/ui/field.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import type { TicketHandle } from '../tickets/ticket-handle.ts';
import { useTicketReturn } from './api.ts';

/**
 * 'Return this ticket' on a fan's ticket (decision 50): after a confirmation that says what it
 * means, the ticket is offered to the show's waitlist. It stays valid until someone there buys
 * it, and its face value is refunded only then. A listed ticket can be kept again.
 */
export function TicketReturnControls({ ticket, faceCents, bandName, isListed }: { ticket: TicketHandle; faceCents: number; bandName: string; isListed: boolean }) {
  const [isAsking, setIsAsking] = useState(false);
  const returning = useTicketReturn('return', ticket);
  const keeping = useTicketReturn('keep', ticket);
  const face = formatCents(faceCents);

  if (isListed) {
    return (
      <div className="mt-3 space-y-2">
        <p className="text-sm text-amber-200">
          <strong>Offered to the waitlist.</strong> Your ticket still works until someone on the waitlist buys it; then {face} (its face value) is refunded to you and this code stops working.
        </p>
        {keeping.isError && <Alert>{keeping.error.message}</Alert>}
        <button type="button" className="btn-secondary min-h-11" disabled={keeping.isPending} onClick={() => keeping.mutate()}>
          {keeping.isPending ? 'Keeping…' : 'Keep my ticket'}
        </button>
      </div>
    );
  }
  return (
    <>
      <button type="button" className="btn-secondary mt-3 min-h-11" onClick={() => setIsAsking(true)}>
        Return this ticket
      </button>
      {isAsking && (
        <Modal title="Return this ticket?" onClose={() => setIsAsking(false)}>
          <div className="space-y-4">
            <p className="text-zinc-200">Can't make it to {bandName}? We offer your ticket to the next person on the show's waitlist, at its face value and never more.</p>
            <ul className="list-disc space-y-2 pl-5 text-zinc-300">
              <li>
                You get <strong>{face}</strong> (its face value) back <strong>only if someone on the waitlist buys it</strong>. The service fee is not refunded.
              </li>
              <li>Until then your ticket still works: you can still go, or keep it from here.</li>
              <li>If nobody buys it, nothing changes and it stays yours.</li>
            </ul>
            {returning.isError && <Alert>{returning.error.message}</Alert>}
            <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
              <button type="button" className="btn-secondary min-h-11" onClick={() => setIsAsking(false)}>
                Cancel
              </button>
              <button
                type="button"
                className="btn-primary min-h-11"
                disabled={returning.isPending}
                onClick={() => returning.mutate(undefined, { onSuccess: () => setIsAsking(false) })}
              >
                {returning.isPending ? 'Returning…' : 'Return ticket'}
              </button>
            </div>
          </div>
        </Modal>
      )}
    </>
  );
}
