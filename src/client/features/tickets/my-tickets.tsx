import { useState } from 'react';
import type { CantGo } from '../../../core/cant-go.ts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatCents } from '../../../core/money.ts';
import { formatLocalDate, formatTimeRange } from '../../../core/time.ts';
import { Alert } from '../../components/ui/field.tsx';
import { apiFetch } from '../../lib/api.ts';
import { CantGoPanel } from './cant-go-panel.tsx';

type MyTicket = {
  id: string;
  /** What is printed under the QR code (issue 33): door staff can type it; it proves nothing. */
  reference: string;
  status: 'valid' | 'used' | 'refunded';
  usedAt: string | null;
  localDate: string;
  startTime: string;
  endTime: string;
  timeZone: string;
  venueName: string;
  bandName: string;
  qrSvg: string;
  faceCents: number;
  /** Decision 50: offered back through the waitlist (listed), bought from it (sold), or taken back (withdrawn). */
  returnStatus: 'listed' | 'sold' | 'withdrawn' | null;
  /** Its own page (decision 46): calendar, wallets, the e-mail again, a refund request. */
  pagePath: string;
  /** Issue 34: the ticket type bought ('VIP', 'Early bird'); null for a gig with one simple price. */
  typeName: string | null;
  /** Issue 34: the one 'Can't go?' panel, as the server decides it. */
  cantGo: CantGo;
};

const STATUS_TEXT = { valid: 'Valid', used: 'Used', refunded: 'Refunded' } as const;

/** The tickets bought with this account's e-mail, with their QR codes, on its dashboard; or where to find one. */
export function MyTickets() {
  const { data } = useQuery({
    queryKey: ['tickets', 'mine'],
    queryFn: () => apiFetch<{ tickets: MyTicket[]; notice: string | null }>('/api/tickets/mine'),
  });
  const [passedMessage, setPassedMessage] = useState('');
  if (!data) return null;
  return (
    <section className="card space-y-4" aria-labelledby="my-tickets-heading">
      <h2 id="my-tickets-heading" className="text-xl font-semibold">
        Your tickets
      </h2>
      {/* D32: guest purchases wait for the address to be confirmed. */}
      {data.notice && <p className="text-zinc-300">{data.notice}</p>}
      {passedMessage && <Alert tone="success">{passedMessage}</Alert>}
      {!data.notice && data.tickets.length === 0 && (
        <div className="rounded-xl border border-dashed border-zinc-700 p-6 text-center">
          <p className="font-semibold text-zinc-100">No tickets yet.</p>
          <p className="mt-1 text-zinc-300">Tickets you buy with this account's e-mail appear here, with the QR code the door scans.</p>
          <Link to="/gigs" className="btn-primary mt-4">
            Find a show
          </Link>
        </div>
      )}
      {data.tickets.length > 0 && (
        <ul className="grid gap-4 sm:grid-cols-2">
          {data.tickets.map((ticket) => (
            <li key={ticket.id} className="rounded-xl border border-zinc-700 p-4">
              <p className="font-semibold">
                {ticket.bandName} at {ticket.venueName}
              </p>
              <p className="text-sm text-zinc-400">
                {formatLocalDate(ticket.localDate)}, {formatTimeRange(ticket.localDate, ticket.startTime, ticket.endTime, ticket.timeZone)}
              </p>
              {ticket.typeName && <p className="mt-1 text-sm text-zinc-200">{ticket.typeName}</p>}
              <p className="mt-1 text-sm font-semibold">
                {ticket.returnStatus === 'sold'
                  ? `Returned: bought from the waitlist, ${formatCents(ticket.faceCents)} (face value) refunded${ticket.cantGo.moneyGoesTo === 'holder' ? '' : ' to the original buyer'}`
                  : STATUS_TEXT[ticket.status]}
              </p>
              {ticket.status === 'valid' && (
                <div role="img" aria-label={`QR code of your ticket for ${ticket.bandName}`} className="mt-3 w-44 rounded-lg bg-white p-1" dangerouslySetInnerHTML={{ __html: ticket.qrSvg }} />
              )}
              {ticket.status === 'valid' && (
                <p className="mt-2 text-xs text-zinc-400">
                  Ticket reference <span className="font-mono font-semibold text-zinc-200">{ticket.reference}</span>
                </p>
              )}
              <Link to={ticket.pagePath} className="link mt-2 inline-block text-sm">
                Open ticket page<span className="sr-only"> for {ticket.bandName}</span>
              </Link>
              {ticket.status === 'valid' && (
                <CantGoPanel
                  cantGo={ticket.cantGo}
                  ticket={{ bandName: ticket.bandName, venueName: ticket.venueName, when: `${formatLocalDate(ticket.localDate)}, ${formatTimeRange(ticket.localDate, ticket.startTime, ticket.endTime, ticket.timeZone)}` }}
                  via={{ handle: { ticketId: ticket.id }, refresh: ['tickets', 'mine'], pagePath: ticket.pagePath }}
                  onPassed={setPassedMessage}
                  headingLevel="h3"
                  timeZone={ticket.timeZone}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
