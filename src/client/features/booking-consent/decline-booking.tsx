import { useState } from 'react';
import { Alert } from '../../components/ui/field.tsx';
import { useDeclineFromDashboard } from './api.ts';

type Booking = { gigId: string; venueName: string; organiserName: string; when: string; hasTickets: boolean };

/**
 * D34: what a band may do about a gig an organiser booked it for with 'Band already Chosen': a
 * Decline that asks once more, or, once tickets are on sale, whom to contact instead.
 */
export function DeclineBooking({ booking, onDeclined }: { booking: Booking; onDeclined: (message: string) => void }) {
  const decline = useDeclineFromDashboard();
  const [isConfirming, setIsConfirming] = useState(false);
  return (
    <div className="space-y-2">
      <p className="text-sm text-zinc-400">Booked for you by {booking.organiserName}.</p>
      {decline.isError && <Alert>{decline.error.message}</Alert>}
      {booking.hasTickets ? (
        <p className="text-sm text-zinc-300">Tickets are on sale, so this booking can no longer be declined here: please contact {booking.organiserName}.</p>
      ) : isConfirming ? (
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm">Decline this gig? {booking.organiserName} will be told, and the gig opens to other bands.</span>
          <button
            type="button"
            className="btn-primary min-h-11"
            disabled={decline.isPending}
            // The promise, not mutate's callback: the declined show leaves the list (and this
            // component unmounts) as soon as the shows are fetched again.
            onClick={() => void decline.mutateAsync(booking.gigId).then((result) => onDeclined(result.message), () => undefined)}
          >
            {decline.isPending ? 'Declining…' : 'Yes, decline'}
          </button>
          <button type="button" className="btn-secondary min-h-11" onClick={() => setIsConfirming(false)}>
            Keep it
          </button>
        </div>
      ) : (
        <button type="button" className="btn-secondary min-h-11" onClick={() => setIsConfirming(true)}>
          Decline<span className="sr-only"> the gig at {booking.venueName} on {booking.when}</span>
        </button>
      )}
    </div>
  );
}
