import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { formatCents, serviceFeeCents, SERVICE_FEE_PERCENT } from '../../../core/money.ts';
import { INVALID_EVENT, type PublicGig } from '../../../core/public-pages.ts';
import { formatLocalDate, formatTimeRange } from '../../../core/time.ts';
import { Alert, TextField } from '../../components/ui/field.tsx';
import { LoadingImage } from '../../components/ui/states.tsx';
import { ApiError, apiFetch, postJson } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import { useTitle } from '../../lib/use-title.ts';
import { TestModeNotice } from '../../components/test-mode-notice.tsx';

/** The query /tickets was opened with, so /cancel's Try Again returns to the same ticket. */
export const LAST_TICKETS_QUERY = 'marquee:last-tickets-query';

type Offer = { gig: PublicGig & { band: NonNullable<PublicGig['band']>; ticketPriceCents: number } };

function InvalidEvent() {
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <Alert>{INVALID_EVENT}</Alert>
    </div>
  );
}

/**
 * Ticket purchase (spec 1 §2). The link names the gig; the band, venue, date and price shown are
 * the server's (issue 21), the same price checkout charges, so a stale or edited link cannot
 * show one price and charge another. Guest checkout (D14).
 */
export function TicketsPage() {
  useTitle('Tickets');
  const [params] = useSearchParams();
  const gigId = params.get('gigId') ?? '';
  const offer = useQuery({
    queryKey: ['ticket-offer', gigId],
    queryFn: () => apiFetch<Offer>(`/api/gigs/${encodeURIComponent(gigId)}/ticket-offer`),
    enabled: gigId !== '',
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
  if (!gigId) return <InvalidEvent />;
  if (offer.isPending) return <LoadingImage label="Loading the show…" />;
  if (offer.isError) {
    if (offer.error instanceof ApiError && offer.error.status === 404) return <InvalidEvent />;
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <Alert>
          The show could not be loaded.{' '}
          <button type="button" className="link font-semibold" onClick={() => void offer.refetch()}>
            Retry
          </button>
        </Alert>
      </div>
    );
  }
  return <TicketForm gig={offer.data.gig} query={params.toString()} />;
}

function TicketForm({ gig, query }: { gig: Offer['gig']; query: string }) {
  const { data: me } = useSession();
  const [email, setEmail] = useState<string | null>(null);
  const [state, setState] = useState<'idle' | 'processing'>('idle');
  const [error, setError] = useState('');
  const priceCents = gig.ticketPriceCents;
  const fee = serviceFeeCents(priceCents);
  const buyerEmail = email ?? me?.user.email ?? '';

  const buy = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    setState('processing');
    sessionStorage.setItem(LAST_TICKETS_QUERY, `?${query}`);
    try {
      const { url } = await postJson<{ url: string }>('/api/tickets/checkout', { gigId: gig.id, email: buyerEmail });
      window.location.assign(url);
    } catch (err) {
      setState('idle');
      if (err instanceof ApiError && err.code === 'NETWORK') setError('Error creating checkout session.');
      else setError(err instanceof ApiError ? err.fields.email ?? err.message : 'Checkout session failed');
    }
  };

  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-3xl font-bold">Get your ticket</h1>
      <section className="card mt-6 space-y-4" aria-labelledby="show-heading">
        <TestModeNotice />
        <div>
          <h2 id="show-heading" className="text-2xl font-semibold">
            {gig.band.name}
          </h2>
          <p className="text-zinc-300">
            {gig.venue.name} · {formatLocalDate(gig.localDate)} · {formatTimeRange(gig.localDate, gig.startTime, gig.endTime, gig.timeZone)}
          </p>
        </div>
        <dl className="grid grid-cols-[1fr_auto] gap-y-1 text-lg">
          <dt>Ticket</dt>
          <dd className="text-right">{formatCents(priceCents)}</dd>
          <dt>Service fee ({SERVICE_FEE_PERCENT}%)</dt>
          <dd className="text-right">{formatCents(fee)}</dd>
          <dt className="border-t border-zinc-700 pt-2 font-bold">Total</dt>
          <dd className="border-t border-zinc-700 pt-2 text-right font-bold">{formatCents(priceCents + fee)}</dd>
        </dl>
        <p className="text-sm text-zinc-400">The fee covers payment processing, SMS notifications and platform maintenance. One ticket per order.</p>
        {gig.isSoldOut ? (
          <Alert tone="info">Sold out</Alert>
        ) : (
          <form onSubmit={(e) => void buy(e)} className="space-y-4" noValidate>
            <TextField label="Email for your ticket" type="email" autoComplete="email" required value={buyerEmail} onChange={(e) => setEmail(e.target.value)} hint="Your ticket and its QR code are sent here." />
            {error && <Alert>{error}</Alert>}
            <button type="submit" className="btn-primary w-full py-3 text-lg" disabled={state === 'processing'}>
              {state === 'processing' ? 'Processing…' : `Buy Ticket · ${formatCents(priceCents + fee)}`}
            </button>
          </form>
        )}
      </section>
    </div>
  );
}
