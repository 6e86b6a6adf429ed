import { useState } from 'react';
import { Alert } from '../../components/ui/field.tsx';
import { useBandBookings, useDeclineFromDashboard, type BandBooking } from './api.ts';

function BookingRow({ booking, onDeclined }: { booking: BandBooking; onDeclined: (message: string) => void }) {
  const decline = useDeclineFromDashboard();
  const [isConfirming, setIsConfirming] = useState(false);
  return (
    <li className="card space-y-2">
      <h3 className="font-semibold">
        {booking.venueName} · {booking.when}
      </h3>
      <p className="text-sm text-zinc-400">Booked for you by {booking.organiserName}.</p>
      {decline.isError && <Alert>{decline.error.message}</Alert>}
      {booking.hasTickets ? (
        <p className="text-sm text-zinc-300">Tickets are on sale, so this booking can no longer be declined here: please contact {booking.organiserName}.</p>
      ) : isConfirming ? (
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm">Decline this gig? {booking.organiserName} will be told, and the gig opens to other bands.</span>
          <button
            type="button"
            className="btn-primary"
            disabled={decline.isPending}
            onClick={() => decline.mutate(booking.gigId, { onSuccess: (result) => onDeclined(result.message) })}
          >
            {decline.isPending ? 'Declining…' : 'Yes, decline'}
          </button>
          <button type="button" className="btn-secondary" onClick={() => setIsConfirming(false)}>
            Keep it
          </button>
        </div>
      ) : (
        <button type="button" className="btn-secondary" onClick={() => setIsConfirming(true)}>
          Decline<span className="sr-only"> the gig at {booking.venueName} on {booking.when}</span>
        </button>
      )}
    </li>
  );
}

/** D34: the gigs organisers booked this band for directly, each with a Decline button. Hidden when there are none. */
export function BandBookingsCard() {
  const { data } = useBandBookings();
  const [declined, setDeclined] = useState<string | null>(null);
  if (!data || (data.bookings.length === 0 && !declined)) return null;
  return (
    <section aria-labelledby="band-bookings-heading" className="space-y-3">
      <h2 id="band-bookings-heading" className="text-2xl font-semibold">
        Booked for you
      </h2>
      <p className="text-zinc-300">Organisers chose your band for these gigs. If you did not agree to one, decline it.</p>
      {declined && <Alert tone="success">{declined}</Alert>}
      <ul className="grid gap-4 sm:grid-cols-2">
        {data.bookings.map((booking) => (
          <BookingRow key={booking.gigId} booking={booking} onDeclined={setDeclined} />
        ))}
      </ul>
    </section>
  );
}
