import { useEffect, useId, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TicketHolderRow, TicketHolders as TicketHolderList } from '../../../core/schemas/ticket-transfers.ts';
import { Pager } from '../../components/pager.tsx';
import { apiFetch } from '../../lib/api.ts';

/** Only what the panel needs of the organiser's gig card. */
type Gig = { id: string; isTicketed: boolean; ticketsSold: number; timeZone: string; isTransferAllowed: boolean };

const STATUS = { valid: 'Not checked in', used: 'Checked in', refunded: 'Refunded' } as const;
const STATUS_TONE = { valid: 'border-zinc-600 text-zinc-200', used: 'border-emerald-500/60 text-emerald-200', refunded: 'border-red-500/60 text-red-200' } as const;

/**
 * Who holds each ticket of a gig (decision 48), on the organiser's gig card: closed until opened
 * (then one request a page), each ticket's holder, its buyer when another, who passed it on,
 * and whether it was checked in. Ticket codes never reach this screen.
 */
export function TicketHolders({ gig }: { gig: Gig }) {
  const [isOpen, setIsOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  // One request once typing pauses, not one a key.
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const searchId = useId();
  const { data, isError, isFetching } = useQuery({
    queryKey: ['booking', 'ticket-holders', gig.id, search, page],
    queryFn: () => apiFetch<TicketHolderList>(`/api/booking/gigs/${gig.id}/ticket-holders?${new URLSearchParams({ q: search, page: String(page) })}`),
    enabled: isOpen,
    placeholderData: keepPreviousData,
  });
  if (!gig.isTicketed || gig.ticketsSold === 0) return null;
  const when = (iso: string) => new Date(iso).toLocaleString('en-US', { timeZone: gig.timeZone, dateStyle: 'medium', timeStyle: 'short' });

  return (
    // Like the ticket types panel beside it on the card.
    <details className="rounded-lg border border-zinc-800 px-3 py-2" onToggle={(e) => setIsOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer py-1 font-medium">Ticket holders</summary>
      <div className="space-y-3 pb-1 pt-2">
        {!gig.isTransferAllowed && <p className="text-sm text-zinc-400">Holders cannot pass these tickets on: that is switched off in this gig's ticketing (Edit).</p>}
        <div>
          <label htmlFor={searchId} className="field-label">
            Find an e-mail address
          </label>
          <input
            id={searchId}
            type="search"
            className="field-input"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        </div>
        {isError && <p className="text-sm text-red-300">The ticket holders could not be loaded. Please try again.</p>}
        {!data && !isError && <p className="text-sm text-zinc-400">Loading…</p>}
        {data && data.tickets.length === 0 && <p className="text-sm text-zinc-400">{search ? 'No ticket holder matches.' : 'No tickets yet.'}</p>}
        {data && data.tickets.length > 0 && (
          <ul className={`space-y-2 ${isFetching ? 'opacity-70' : ''}`} aria-busy={isFetching}>
            {data.tickets.map((ticket) => (
              <HolderRow key={`${ticket.orderId}-${ticket.position}`} ticket={ticket} when={when} />
            ))}
          </ul>
        )}
        {data && data.total > data.pageSize && <Pager page={page} pageSize={data.pageSize} total={data.total} onPage={setPage} label="Ticket holder pages" />}
      </div>
    </details>
  );
}

function HolderRow({ ticket, when }: { ticket: TicketHolderRow; when: (iso: string) => string }) {
  const about = [ticket.orderRef && `Order ${ticket.orderRef}`, ticket.quantity > 1 && `ticket ${ticket.position} of ${ticket.quantity}`].filter(Boolean).join(' · ');
  return (
    <li className="rounded-lg bg-zinc-900 p-3 text-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 font-semibold [overflow-wrap:anywhere]">{ticket.holderEmail}</p>
        <span className="flex shrink-0 flex-wrap gap-1">
          {/* Issue 34: the ticket's type is part of the ticket (a mixed order's tickets each their own); none for a gig's simple price. */}
          {ticket.typeName && <span className="rounded-full bg-zinc-800 px-2 py-0.5 text-xs font-medium text-zinc-100">{ticket.typeName}</span>}
          <span className={`rounded-full border px-2 py-0.5 text-xs ${STATUS_TONE[ticket.status]}`}>{STATUS[ticket.status]}</span>
        </span>
      </div>
      {about && <p className="text-zinc-400">{about}</p>}
      {ticket.usedAt && <p className="text-zinc-400">Checked in {when(ticket.usedAt)}</p>}
      {ticket.transferredFromEmail && ticket.transferredAt && (
        <p className="text-zinc-400 [overflow-wrap:anywhere]">
          Passed on by {ticket.transferredFromEmail} on {when(ticket.transferredAt)}
        </p>
      )}
      {ticket.buyerEmail.toLowerCase() !== ticket.holderEmail.toLowerCase() && ticket.buyerEmail.toLowerCase() !== ticket.transferredFromEmail?.toLowerCase() && (
        <p className="text-zinc-400 [overflow-wrap:anywhere]">Bought by {ticket.buyerEmail}</p>
      )}
    </li>
  );
}
