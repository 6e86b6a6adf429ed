import { useMutation, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatCents } from '../../../core/money.ts';
import { TEST_MODE_NOTICE } from '../../../core/payments-mode.ts';
import { WAITLIST_MESSAGES, type WaitlistEntryView } from '../../../core/schemas/waitlist.ts';
import { formatLocalDate, formatTimeRange } from '../../../core/time.ts';
import { Alert } from '../../components/ui/field.tsx';
import { LoadingImage } from '../../components/ui/states.tsx';
import { useTitle } from '../../lib/use-title.ts';
import { confirmPlace, fetchOffer, leaveWaitlist, openOfferCheckout, passOfferOn } from './api.ts';

function LinkCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <div className="card space-y-4">
        <h1 className="text-2xl font-bold">{title}</h1>
        {children}
        <p>
          <Link to="/" className="link">
            Back to Marquee
          </Link>
        </p>
      </div>
    </div>
  );
}

const placeText = (entry: WaitlistEntryView) =>
  entry.position === 1 ? "You're next in line." : entry.position ? `You're number ${entry.position} in line.` : entry.status === 'offered' ? 'A ticket is being offered to you: check your inbox.' : '';

/**
 * /waitlist/confirm?token=… from the confirmation e-mail (double opt-in). Opening the link only
 * asks (mail scanners open links too); the button press takes the place in line.
 */
export function ConfirmWaitlistPage() {
  useTitle('Confirm your place on the waitlist');
  const token = useSearchParams()[0].get('token') ?? '';
  const confirm = useMutation({ mutationFn: () => confirmPlace(token) });
  const leave = useMutation({ mutationFn: () => leaveWaitlist(token) });
  const entry = leave.data ?? confirm.data;
  return (
    <LinkCard title="Confirm your place on the waitlist">
      {!token && <Alert>This waitlist link is not valid.</Alert>}
      {token && !entry && !confirm.isError && (
        <>
          <p className="text-zinc-300">Confirm, and when a ticket for this show comes back we e-mail you in line order with an offer at face value.</p>
          <button type="button" className="btn-primary w-full sm:w-auto" disabled={confirm.isPending} onClick={() => confirm.mutate()}>
            {confirm.isPending ? 'Confirming…' : 'Confirm my place'}
          </button>
        </>
      )}
      {confirm.isError && <Alert>{confirm.error.message}</Alert>}
      {entry && entry.status !== 'left' && (
        <>
          <Alert tone="success">
            You're on the waitlist for {entry.showName} at {entry.venueName}, {formatLocalDate(entry.localDate)}. {placeText(entry)}
          </Alert>
          <p className="text-zinc-300">We e-mail you as soon as a ticket is yours to buy. Changed your mind?</p>
          <button type="button" className="btn-secondary" disabled={leave.isPending} onClick={() => leave.mutate()}>
            {leave.isPending ? 'Leaving…' : 'Leave the waitlist'}
          </button>
        </>
      )}
      {entry?.status === 'left' && <Alert tone="info">You left the waitlist for {entry.showName} at {entry.venueName}. To get back in line, join again from the show's ticket page.</Alert>}
      {leave.isError && <Alert>{leave.error.message}</Alert>}
    </LinkCard>
  );
}

/** /waitlist/leave?token=…, the confirmation e-mail's other link: asks, then takes the place (and any offer) away. */
export function LeaveWaitlistPage() {
  useTitle('Leave the waitlist');
  const token = useSearchParams()[0].get('token') ?? '';
  const leave = useMutation({ mutationFn: () => leaveWaitlist(token) });
  return (
    <LinkCard title="Leave the waitlist">
      {!token && <Alert>This waitlist link is not valid.</Alert>}
      {token && !leave.isSuccess && (
        <>
          <p className="text-zinc-300">You won't be offered a ticket for this show. A ticket being offered to you now goes to the next person in line.</p>
          <button type="button" className="btn-primary w-full sm:w-auto" disabled={leave.isPending} onClick={() => leave.mutate()}>
            {leave.isPending ? 'Leaving…' : 'Leave the waitlist'}
          </button>
        </>
      )}
      {leave.isSuccess && (
        <Alert tone="success">
          You're off the waitlist for {leave.data.showName} at {leave.data.venueName}. To get back in line, join again from the show's ticket page.
        </Alert>
      )}
      {leave.isError && <Alert>{leave.error.message}</Alert>}
    </LinkCard>
  );
}

/** The offer's deadline in the show's zone, as its e-mail says it: "Fri, Dec 4, 6:30 PM CST". */
const deadline = (iso: string, timeZone: string) =>
  new Date(iso).toLocaleString('en-US', { timeZone, weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });

const CLOSED = {
  bought: WAITLIST_MESSAGES.offerBought,
  expired: WAITLIST_MESSAGES.offerExpired,
  declined: WAITLIST_MESSAGES.offerDeclined,
  withdrawn: WAITLIST_MESSAGES.offerWithdrawn,
} as const;

/**
 * /waitlist/offer?token=… from the offer e-mail: the show, the price (face value and the usual
 * fee) and until when it is held; 'Buy' opens the provider's checkout, 'No thanks' passes it on.
 */
export function WaitlistOfferPage() {
  useTitle('Your ticket from the waitlist');
  const token = useSearchParams()[0].get('token') ?? '';
  const offer = useQuery({ queryKey: ['waitlist-offer', token], queryFn: () => fetchOffer(token), enabled: token !== '', retry: false });
  const buy = useMutation({ mutationFn: () => openOfferCheckout(token), onSuccess: ({ url }) => window.location.assign(url) });
  const pass = useMutation({ mutationFn: () => passOfferOn(token) });
  const data = offer.data;
  return (
    <LinkCard title="Your ticket from the waitlist">
      {!token && <Alert>This offer link is not valid.</Alert>}
      {offer.isPending && token && <LoadingImage label="Loading your offer…" />}
      {offer.isError && <Alert>{offer.error.message}</Alert>}
      {data && (
        <>
          {data.isTestMode && <p className="font-semibold text-amber-300">{TEST_MODE_NOTICE}</p>}
          <div>
            <h2 className="text-xl font-semibold">{data.showName}</h2>
            <p className="text-zinc-300">
              {data.venueName} · {formatLocalDate(data.localDate)} · {formatTimeRange(data.localDate, data.startTime, data.endTime, data.timeZone)}
            </p>
          </div>
          {data.status === 'open' && !pass.isSuccess ? (
            <>
              <p className="text-zinc-200">
                {data.kind === 'return' ? 'A ticket came back from someone who can’t go' : 'A seat came free'}, and it is held for you ({data.email}) until{' '}
                <strong>{deadline(data.expiresAt, data.timeZone)}</strong>.
              </p>
              <dl className="grid grid-cols-[1fr_auto] gap-y-1 text-lg">
                <dt>{data.ticketTypeName ? `${data.ticketTypeName} ticket` : 'Ticket'} (face value)</dt>
                <dd className="text-right">{formatCents(data.faceCents)}</dd>
                <dt>Service fee</dt>
                <dd className="text-right">{formatCents(data.feeCents)}</dd>
                <dt className="border-t border-zinc-700 pt-2 font-bold">Total</dt>
                <dd className="border-t border-zinc-700 pt-2 text-right font-bold">{formatCents(data.totalCents)}</dd>
              </dl>
              {buy.isError && <Alert>{buy.error.message}</Alert>}
              {pass.isError && <Alert>{pass.error.message}</Alert>}
              <div className="flex flex-col gap-3 sm:flex-row">
                <button type="button" className="btn-primary py-3 text-lg sm:flex-1" disabled={buy.isPending || buy.isSuccess} onClick={() => buy.mutate()}>
                  {buy.isPending || buy.isSuccess ? 'Opening the checkout…' : `Buy Ticket · ${formatCents(data.totalCents)}`}
                </button>
                <button type="button" className="btn-secondary py-3" disabled={pass.isPending} onClick={() => pass.mutate()}>
                  {pass.isPending ? 'Passing it on…' : 'No thanks, pass it on'}
                </button>
              </div>
              <p className="text-sm text-zinc-400">Passing it on gives the ticket to the next person in line at once, and takes you off the waitlist.</p>
            </>
          ) : (
            <Alert tone={data.status === 'bought' ? 'success' : 'info'}>{pass.isSuccess ? pass.data.message : CLOSED[data.status === 'open' ? 'declined' : data.status]}</Alert>
          )}
        </>
      )}
    </LinkCard>
  );
}
