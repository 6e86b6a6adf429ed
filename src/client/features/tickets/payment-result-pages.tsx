import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { formatCents } from '../../../core/money.ts';
import { formatClock, formatLocalDate } from '../../../core/time.ts';
import { apiFetch } from '../../lib/api.ts';
import { usePublicConfig } from '../../lib/config.ts';
import { useTitle } from '../../lib/use-title.ts';
import { LAST_TICKETS_QUERY } from './tickets-page.tsx';
import { TestModeNotice } from '../../components/test-mode-notice.tsx';

type CheckoutResult = {
  order: { status: 'pending' | 'paid' | 'expired' | 'refunded'; email: string; totalCents: number; localDate: string; startTime: string; venueName: string; bandName: string };
  ticket: { id: string; qrSvg: string; pagePath: string; calendarPath: string } | null;
};

/**
 * After payment (spec 1 §2, D14): the Order ID at once, then the ticket and its QR code as soon
 * as the payment event has issued it (it can arrive a moment after the browser does).
 */
export function SuccessPage() {
  useTitle('Payment successful');
  const [params] = useSearchParams();
  const sessionId = params.get('session_id') ?? '';
  const { data: config } = usePublicConfig();
  const { data, isError } = useQuery({
    queryKey: ['checkout', sessionId],
    queryFn: () => apiFetch<CheckoutResult>(`/api/tickets/checkout/${encodeURIComponent(sessionId)}`),
    enabled: sessionId !== '',
    refetchInterval: (query) => (query.state.data?.ticket ? false : 1500),
  });
  return (
    <div className="mx-auto max-w-xl px-4 py-10 text-center">
      <h1 className="text-3xl font-bold">Payment successful!</h1>
      {sessionId && <p className="mt-2 text-lg">Order ID: <span className="font-mono font-semibold">{sessionId.slice(-8).toUpperCase()}</span></p>}
      <section className="card mt-6 space-y-3" aria-live="polite" aria-labelledby="ticket-heading">
        <h2 id="ticket-heading" className="text-xl font-semibold">
          Your ticket
        </h2>
        <TestModeNotice />
        {data && (
          <p className="text-zinc-300">
            {data.order.bandName} at {data.order.venueName}, {formatLocalDate(data.order.localDate)} {formatClock(data.order.startTime)} · {formatCents(data.order.totalCents)}
          </p>
        )}
        {data?.ticket ? (
          <>
            {/* The QR code is made on the server from the ticket id alone. */}
            <div role="img" aria-label="QR code of your ticket" className="mx-auto w-64 rounded-xl bg-white p-2" dangerouslySetInnerHTML={{ __html: data.ticket.qrSvg }} />
            <p className="font-mono text-sm [overflow-wrap:anywhere]">{data.ticket.id}</p>
            <p className="text-zinc-300">We also e-mailed it to {data.order.email}. Show it at the door: it admits one person, once.</p>
            {/* Decision 46: the ticket's own page (no account needed) and the show for the calendar. */}
            <div className="flex flex-col justify-center gap-3 sm:flex-row">
              <Link to={data.ticket.pagePath} className="btn-primary min-h-11">
                Open your ticket page
              </Link>
              <a href={data.ticket.calendarPath} download="show.ics" className="btn-secondary min-h-11">
                Add to calendar
              </a>
            </div>
            <p className="text-sm text-zinc-400">Your ticket page works without an account: add the ticket to your phone's wallet, get the e-mail again, or ask for a refund. Its link is in the e-mail too.</p>
          </>
        ) : isError ? (
          <p className="text-zinc-300">We could not find this order. If you paid, your ticket is on its way by e-mail.</p>
        ) : (
          <p className="text-zinc-300">Your ticket is on its way: it appears here in a moment, and arrives by e-mail.</p>
        )}
      </section>
      <nav className="mt-6 flex justify-center gap-3">
        <Link to="/" className="btn-secondary">
          Back to Home
        </Link>
        <Link to="/dashboard" className="btn-secondary">
          Dashboard
        </Link>
      </nav>
      {config && (
        <p className="mt-6 text-sm text-zinc-400">
          Questions? Write to <a className="link" href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a>.
        </p>
      )}
    </div>
  );
}

/** The buyer left the checkout (spec 1 §2): try again, or go home. The seat was given back. */
export function CancelPage() {
  useTitle('Payment cancelled');
  const again = sessionStorage.getItem(LAST_TICKETS_QUERY) ?? '';
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">Payment cancelled</h1>
      <p className="mt-3 text-zinc-300">No payment was taken.</p>
      <nav className="mt-6 flex justify-center gap-3">
        <Link to={`/tickets${again}`} className="btn-primary">
          Try Again
        </Link>
        <Link to="/" className="btn-secondary">
          Back to Home
        </Link>
      </nav>
    </div>
  );
}
