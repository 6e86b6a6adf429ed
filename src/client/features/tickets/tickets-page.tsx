import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { formatCents, parseDollarsToCents, serviceFeeCents, SERVICE_FEE_PERCENT } from '../../../core/money.ts';
import { formatClock, formatLocalDate } from '../../../core/time.ts';
import { Alert, TextField } from '../../components/ui/field.tsx';
import { ApiError, postJson } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import { useTitle } from '../../lib/use-title.ts';
import { TestModeNotice } from '../../components/test-mode-notice.tsx';

/** The query /tickets was opened with, so /cancel's Try Again returns to the same ticket. */
export const LAST_TICKETS_QUERY = 'marquee:last-tickets-query';

/**
 * Ticket purchase (spec 1 §2): the query names the show and shows the price, the 15% fee and the
 * total; the server charges what the gig says, not what the address says. Guest checkout (D14).
 */
export function TicketsPage() {
  useTitle('Tickets');
  const [params] = useSearchParams();
  const { data: me } = useSession();
  const band = params.get('band');
  const event = params.get('event') ?? params.get('venue');
  const priceCents = parseDollarsToCents(params.get('price') ?? '');
  const gigId = params.get('gigId');
  const date = params.get('eventDate') ?? params.get('date');
  const time = params.get('eventTime');
  const [email, setEmail] = useState<string | null>(null);
  const [state, setState] = useState<'idle' | 'processing'>('idle');
  const [error, setError] = useState('');

  if (!band || !event || priceCents === null || !gigId) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <Alert>Invalid event details.</Alert>
      </div>
    );
  }
  const fee = serviceFeeCents(priceCents);
  const buyerEmail = email ?? me?.user.email ?? '';

  const buy = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    setState('processing');
    sessionStorage.setItem(LAST_TICKETS_QUERY, `?${params.toString()}`);
    try {
      const { url } = await postJson<{ url: string }>('/api/tickets/checkout', { gigId, email: buyerEmail });
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
            {band}
          </h2>
          <p className="text-zinc-300">
            {event}
            {date && ` · ${formatLocalDate(date)}`}
            {time && ` · ${/^\d{2}:\d{2}$/.test(time) ? formatClock(time) : time}`}
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
        <form onSubmit={(e) => void buy(e)} className="space-y-4" noValidate>
          <TextField label="Email for your ticket" type="email" autoComplete="email" required value={buyerEmail} onChange={(e) => setEmail(e.target.value)} hint="Your ticket and its QR code are sent here." />
          {error && <Alert>{error}</Alert>}
          <button type="submit" className="btn-primary w-full py-3 text-lg" disabled={state === 'processing'}>
            {state === 'processing' ? 'Processing…' : `Buy Ticket · ${formatCents(priceCents + fee)}`}
          </button>
        </form>
      </section>
    </div>
  );
}
