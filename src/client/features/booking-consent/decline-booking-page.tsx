import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { Alert } from '../../components/ui/field.tsx';
import { LoadingImage } from '../../components/ui/states.tsx';
import { useTitle } from '../../lib/use-title.ts';
import { declineByLink, fetchDeclinePreview } from './api.ts';

/**
 * /booking/decline/:token, from the band's booking e-mail (D34). Opening it only shows the
 * booking (mail scanners open links too); the band's button press declines.
 */
export function DeclineBookingPage() {
  useTitle('Decline this booking');
  const { token = '' } = useParams();
  const preview = useQuery({ queryKey: ['decline-preview', token], queryFn: () => fetchDeclinePreview(token), retry: false });
  const decline = useMutation({ mutationFn: () => declineByLink(token) });
  const booking = preview.data;
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <div className="card space-y-4">
        <h1 className="text-2xl font-bold">Decline this booking</h1>
        {preview.isPending && <LoadingImage label="Loading the booking…" />}
        {preview.isError && <Alert>{preview.error.message}</Alert>}
        {booking && (
          <>
            <p className="text-zinc-200">
              {booking.organiserName === booking.venueName ? (
                <>
                  <strong>{booking.venueName}</strong> booked <strong>{booking.bandName}</strong> for a gig on {booking.when}.
                </>
              ) : (
                <>
                  {booking.organiserName} booked <strong>{booking.bandName}</strong> for a gig at <strong>{booking.venueName}</strong> on {booking.when}.
                </>
              )}
            </p>
            {decline.isSuccess ? (
              <Alert tone="success">{decline.data.message}</Alert>
            ) : decline.isError ? (
              <Alert>{decline.error.message}</Alert>
            ) : booking.canDecline ? (
              <>
                <p className="text-zinc-300">If you did not agree to play, decline: the gig is taken off your band's name, {booking.organiserName} is told, and the gig opens to other bands.</p>
                <button type="button" className="btn-primary w-full sm:w-auto" disabled={decline.isPending} onClick={() => decline.mutate()}>
                  {decline.isPending ? 'Declining…' : 'Decline this booking'}
                </button>
              </>
            ) : (
              <Alert tone={booking.isDeclined ? 'info' : 'error'}>{booking.reason}</Alert>
            )}
          </>
        )}
        <p className="text-sm text-zinc-400">
          Signed in as the band? Your bookings are also on your <Link to="/dashboard" className="link">dashboard</Link>.
        </p>
      </div>
    </div>
  );
}
