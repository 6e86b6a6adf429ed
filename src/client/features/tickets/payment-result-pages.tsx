import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { formatCents } from '../../../core/money.ts';
import { formatClock, formatLocalDate } from '../../../core/time.ts';
import { apiFetch } from '../../lib/api.ts';
import { usePublicConfig } from '../../lib/config.ts';
import { useTitle } from '../../lib/use-title.ts';
import { LAST_TICKETS_QUERY } from './last-tickets-query.ts';
import { TestModeNotice } from '../../components/test-mode-notice.tsx';

type CheckoutResult = {
  /** What was paid, as the server recorded it and the order e-mail says it: tickets + the one service fee = total (issue 34). */
  order: { status: 'pending' | 'paid' | 'expired' | 'refunded'; email: string; faceCents: number; feeCents: number; totalCents: number; localDate: string; startTime: string; venueName: string; bandName: string; quantity: number; hasWallet?: boolean };
  ticket: { id: string; qrSvg: string; pagePath: string; calendarPath: string } | null;
  /** Issue 23: every ticket of the order, in order, each with its own page (decision 46). */
  tickets: { id: string; reference: string; position: number; status: string; typeName?: string | null; qrSvg: string; pagePath: string; calendarPath: string }[];
  /** Decision 48: the order's tickets the buyer passed on to someone else (theirs now, not shown). */
  passedOnCount: number;
  /** Issue 33: the checkout was closed because its gig was cancelled; nothing was charged. */
  closedReason?: 'show_off_sale' | null;
};

/** The sandbox's page and /success say the same (issue 33, finding 12). */
const CLOSED_OFF_SALE = 'This checkout was closed because the show is no longer on sale. Nothing was charged.';

/**
 * After payment (spec 1 §2, D14): the Order ID at once, then the ticket and its QR code as soon
 * as the payment event has issued it (it can arrive a moment after the browser does).
 */
export function SuccessPage() {
  useTitle('Payment successful');
  const [params] = useSearchParams();
  const sessionId = params.get('session_id') ?? '';
  const { data: config } = usePublicConfig();
  const { data, isError, isLoading } = useQuery({
    queryKey: ['checkout', sessionId],
    queryFn: () => apiFetch<CheckoutResult>(`/api/tickets/checkout/${encodeURIComponent(sessionId)}`),
    enabled: sessionId !== '',
    refetchInterval: (query) => (query.state.data?.ticket || query.state.data?.passedOnCount || query.state.data?.closedReason ? false : 1500),
  });
  return (
    <div className="mx-auto max-w-xl px-4 py-10 text-center">
      <h1 className="text-3xl font-bold">Payment successful!</h1>
      {sessionId && <p className="mt-2 text-lg">Order ID: <span className="font-mono font-semibold">{sessionId.slice(-8).toUpperCase()}</span></p>}
      <section className="card mt-6 space-y-3" aria-live="polite" aria-labelledby="ticket-heading">
        <h2 id="ticket-heading" className="text-xl font-semibold">
          {data && data.order.quantity > 1 ? `Your ${data.order.quantity} tickets` : 'Your ticket'}
        </h2>
        <TestModeNotice />
        {data && (
          <>
            <p className="text-zinc-300">
              {data.order.bandName} at {data.order.venueName}, {formatLocalDate(data.order.localDate)} {formatClock(data.order.startTime)}
            </p>
            <dl aria-label="What you paid" className="mx-auto grid max-w-xs grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-left">
              <dt>{data.order.quantity > 1 ? `${data.order.quantity} tickets` : 'Ticket'}</dt>
              <dd className="text-right">{formatCents(data.order.faceCents)}</dd>
              <dt>Service fee</dt>
              <dd className="text-right">{formatCents(data.order.feeCents)}</dd>
              <dt className="border-t border-zinc-700 pt-1 font-bold">Total</dt>
              <dd className="border-t border-zinc-700 pt-1 text-right font-bold">{formatCents(data.order.totalCents)}</dd>
            </dl>
          </>
        )}
        {isLoading && <PaidSummarySkeleton />}
        {data?.ticket ? (
          <>
            <ul className={data.tickets.length > 1 ? 'grid gap-6 sm:grid-cols-2' : ''}>
              {data.tickets.map((ticket) => (
                <li key={ticket.id} className="space-y-2">
                  {(data.tickets.length > 1 || ticket.typeName) && (
                    <h3 className="font-semibold">
                      {data.tickets.length > 1 ? `Ticket ${ticket.position} of ${data.order.quantity}` : 'Ticket'}
                      {/* Issue 34: the ticket type is part of the ticket. */}
                      {ticket.typeName && <span className="ml-2 rounded bg-zinc-800 px-2 py-0.5 text-sm font-medium text-zinc-100">{ticket.typeName}</span>}
                    </h3>
                  )}
                  {/* The QR code is made on the server from the ticket id alone. */}
                  <div
                    role="img"
                    aria-label={data.tickets.length > 1 ? `QR code of ticket ${ticket.position}` : 'QR code of your ticket'}
                    className="mx-auto w-64 max-w-full rounded-xl bg-white p-2"
                    dangerouslySetInnerHTML={{ __html: ticket.qrSvg }}
                  />
                  <p className="text-sm text-zinc-300">
                    Ticket reference <span className="font-mono font-semibold text-zinc-100">{ticket.reference}</span>
                  </p>
                  {/* Decision 46: each ticket's own page (no account needed). */}
                  <Link to={ticket.pagePath} className="btn-primary min-h-11">
                    {data.tickets.length > 1 ? `Open the page of ticket ${ticket.position}` : 'Open your ticket page'}
                  </Link>
                </li>
              ))}
            </ul>
            <p className="text-zinc-300">
              {data.tickets.length > 1
                ? `We also e-mailed them to ${data.order.email}. Show them at the door: each admits one person, once.`
                : `We also e-mailed it to ${data.order.email}. Show it at the door: it admits one person, once.`}
            </p>
            <div className="flex justify-center">
              <a href={data.ticket.calendarPath} download="show.ics" className="btn-secondary min-h-11">
                Add to calendar
              </a>
            </div>
            <p className="text-sm text-zinc-400">
              A ticket's page works without an account: {data.order.hasWallet ? "add the ticket to your phone's wallet, " : ''}pass it to a friend, get the e-mail again, or ask for a refund. Its link is in the e-mail too.
            </p>
            {data.passedOnCount > 0 && <p className="text-zinc-300">{passedOnText(data.passedOnCount)}</p>}
          </>
        ) : data?.passedOnCount ? (
          <p className="text-zinc-300">{passedOnText(data.passedOnCount)}</p>
        ) : data?.closedReason === 'show_off_sale' ? (
          <p className="text-zinc-300">{CLOSED_OFF_SALE}</p>
        ) : isError ? (
          <p className="text-zinc-300">We could not find this order. If you paid, your ticket is on its way by e-mail. If the show was taken off sale while you were paying, your checkout was closed and nothing was charged.</p>
        ) : (
          <p className="text-zinc-300">Your ticket is on its way: it appears here in a moment, and arrives by e-mail.</p>
        )}
        {isLoading && <TicketSkeleton />}
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

/** Grey bars where text will be, a line tall each. */
const Bar = ({ className }: { className: string }) => <span className={`inline-block h-4 rounded bg-zinc-800 align-middle ${className}`} />;
/** A line of its own: 24 px tall as a line of the page's text, 20 px as a line of small text. */
const Line = ({ className, small = false }: { className: string; small?: boolean }) => (
  <span className={`flex items-center justify-center ${small ? 'h-5' : 'h-6'} ${className}`}>
    <span className={`${small ? 'h-3' : 'h-4'} w-full rounded bg-zinc-800`} />
  </span>
);

/**
 * While the order loads (issue 34: CLS on /success), the space the paid summary takes: the show's
 * line and the `dl` of what was paid, with the sizes and classes of the real ones.
 */
function PaidSummarySkeleton() {
  return (
    <div aria-hidden="true" className="space-y-3">
      {/* The show's line wraps on a phone. */}
      <p className="flex flex-col items-center">
        <Line className="w-64 max-w-full" />
        <Line className="w-52 sm:hidden" />
      </p>
      <div className="mx-auto grid max-w-xs grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-left">
        <p><Bar className="w-14" /></p>
        <p><Bar className="w-14" /></p>
        <p><Bar className="w-20" /></p>
        <p><Bar className="w-10" /></p>
        <p className="border-t border-zinc-700 pt-1"><Bar className="w-12" /></p>
        <p className="border-t border-zinc-700 pt-1"><Bar className="w-14" /></p>
      </div>
    </div>
  );
}

/** Then the space of one ticket: its QR code (the size the server's square code takes), its reference and its page's button, the calendar button and the note under it. */
function TicketSkeleton() {
  return (
    <div aria-hidden="true" className="space-y-3">
      <div className="space-y-2">
        <div className="mx-auto w-64 max-w-full rounded-xl bg-zinc-800 p-2">
          <div className="aspect-square" />
        </div>
        <p className="text-sm"><Bar className="w-44" /></p>
        <span className="btn-primary invisible min-h-11">&nbsp;</span>
      </div>
      <div className="flex justify-center">
        <span className="btn-secondary invisible min-h-11">&nbsp;</span>
      </div>
      {/* The note: four lines on a phone, two on a wider screen. */}
      <p className="flex flex-col items-center text-sm">
        <Line className="w-full" small />
        <Line className="w-full" small />
        <Line className="w-full sm:hidden" small />
        <Line className="w-1/2" small />
      </p>
    </div>
  );
}

const passedOnText = (count: number) =>
  count === 1 ? "You passed a ticket of this order on: it is the new holder's now, with its own code." : `You passed ${count} tickets of this order on: they are the new holders' now, each with its own code.`;

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
