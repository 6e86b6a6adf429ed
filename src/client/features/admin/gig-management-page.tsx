import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Navigate } from 'react-router';
import { formatCents } from '../../../core/money.ts';
import { PAYOUT_RULES } from '../../../core/payout-rules.ts';
import { USED_TICKET_REFUND_MESSAGE } from '../../../core/schemas/payouts.ts';
import { formatLocalDate } from '../../../core/time.ts';
import { Alert, TextAreaField } from '../../components/ui/field.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { EmptyState } from '../../components/ui/states.tsx';
import { ApiError, apiFetch, postJson } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import { useTitle } from '../../lib/use-title.ts';
import { Pager } from '../../components/pager.tsx';
import { GigHolderTools } from '../holders/gig-holder-tools.tsx';

type HeldPayment = {
  id: string;
  gigId: string;
  bandName: string | null;
  venueName: string;
  localDate: string;
  /** Issue 21: completing a gig before its start is confirmed with its date. */
  hasStarted: boolean;
  cancelledAt: string | null;
  status: string;
  amountCents: number;
  ticketCount: number;
  createdAt: string;
  updatedAt: string;
  transferId: string | null;
  forfeitReason: string | null;
  importedAt: string | null;
  transferStatus: string | null;
};
type GigTicket = {
  orderId: string;
  position: number;
  quantity: number;
  holderEmail: string;
  status: string;
  usedAt: string | null;
  boughtAt: string;
  totalCents: number;
  refundStatus: string | null;
  refundedAt: string | null;
};
type Notice = { tone: 'success' | 'error'; text: string } | null;

/** Badge colours (spec 2 §4): holding yellow, released green, forfeited red, anything else grey. */
const BADGE: Record<string, string> = {
  holding: 'bg-yellow-400 text-yellow-950',
  released: 'bg-emerald-500 text-emerald-950',
  forfeited: 'bg-red-600 text-white',
};
/** A transfer's status in words, never the raw status (issue 34: a band share is 'held' until its band sets up payouts). */
const TRANSFER_STATUS: Record<string, string> = {
  pending: 'Being sent',
  paid: 'Sent',
  failed: 'Failed: the provider refused it',
  forfeited: 'Forfeited',
  held: 'Held until the band sets up payouts',
};
const transferStatusText = (status: string) => TRANSFER_STATUS[status] ?? status;
const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
/** The spec's messages: the server's own error, or the network failure text. */
const completionError = (error: Error) =>
  error instanceof ApiError && error.code !== 'NETWORK' ? `Error: ${error.message}` : 'Error completing gig. Check console for details.';

function CompleteGigDialog({ held, action, onClose, onDone }: { held: HeldPayment; action: 'release' | 'forfeit'; onClose: () => void; onDone: (notice: Notice) => void }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [isBeforeShowConfirmed, setIsBeforeShowConfirmed] = useState(false);
  const complete = useMutation({
    mutationFn: () =>
      postJson<{ amountReleased: number; amountForfeited: number }>(
        '/api/admin/gig-management/complete',
        action === 'release' ? { gigId: held.gigId, action, isBeforeShowConfirmed } : { gigId: held.gigId, action, reason, isBeforeShowConfirmed },
      ),
    onSuccess: async (result) => {
      onDone({
        tone: 'success',
        text: `Gig completed successfully! ${action === 'release' ? `Released ${formatCents(result.amountReleased)}` : `Forfeited ${formatCents(result.amountForfeited)}`}`,
      });
      await queryClient.invalidateQueries({ queryKey: ['held-payments'] });
    },
    onError: (error) => {
      console.error('Completing the gig failed', error);
      // A conflict (completed in another tab) changes the list: show it as it is now.
      if (error instanceof ApiError && error.code === 'CONFLICT') void queryClient.invalidateQueries({ queryKey: ['held-payments'] });
    },
  });
  const fieldError = complete.error instanceof ApiError ? complete.error.fields.reason : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    complete.mutate();
  };
  const title = action === 'release' ? 'Complete Gig (With Venue Payout)' : 'Complete Gig (Forfeit Payment)';
  return (
    <Modal title={title} onClose={onClose}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <p>
          {action === 'release'
            ? `${formatCents(held.amountCents)} held for ${held.venueName} will be sent to the organiser's connected payout account.`
            : `${formatCents(held.amountCents)} held for ${held.venueName} will stay with the platform.`}
        </p>
        {!held.hasStarted && (
          <div className="space-y-2 rounded-lg border border-amber-500/50 bg-amber-950/50 px-3 py-2 text-amber-100">
            <p>
              This gig is on <strong>{formatLocalDate(held.localDate)}</strong> and has not happened yet.
            </p>
            <label className="flex min-h-11 items-center gap-2 font-medium">
              <input type="checkbox" className="h-5 w-5" checked={isBeforeShowConfirmed} onChange={(e) => setIsBeforeShowConfirmed(e.target.checked)} />
              Complete it before the show
            </label>
          </div>
        )}
        {action === 'forfeit' && <TextAreaField label="Reason for forfeiting" required value={reason} onChange={(e) => setReason(e.target.value)} error={fieldError} maxLength={500} />}
        {complete.isError && !fieldError && <Alert>{completionError(complete.error)}</Alert>}
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={action === 'release' ? 'btn-primary' : 'btn-danger'} disabled={complete.isPending || (!held.hasStarted && !isBeforeShowConfirmed)}>
            {complete.isPending ? 'Completing…' : action === 'release' ? 'Release payment' : 'Forfeit payment'}
          </button>
          <button type="button" className="btn-secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}

function RefundDialog({ ticket, onClose, onDone }: { ticket: GigTicket; onClose: () => void; onDone: (notice: Notice) => void }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [isCheckedInConfirmed, setIsCheckedInConfirmed] = useState(false);
  const refund = useMutation({
    mutationFn: () => postJson<{ amountCents: number }>(`/api/admin/orders/${ticket.orderId}/refund`, { reason, isCheckedInConfirmed, position: ticket.position }),
    onSuccess: async (result) => {
      onDone({ tone: 'success', text: `Refund started: ${formatCents(result.amountCents)} goes back to ${ticket.holderEmail}.` });
      await queryClient.invalidateQueries({ queryKey: ['held-payments'] });
      await queryClient.invalidateQueries({ queryKey: ['gig-tickets'] });
    },
  });
  const fieldError = refund.error instanceof ApiError ? refund.error.fields.reason : undefined;
  // Checked in before the list was loaded, or scanned at the door while this dialog was open.
  const isUsed = ticket.status === 'used' || refund.error?.message === USED_TICKET_REFUND_MESSAGE;
  return (
    <Modal title="Refund ticket" onClose={onClose}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          refund.mutate();
        }}
      >
        <p>
          {formatCents(ticket.totalCents)} goes back to {ticket.holderEmail}, and the ticket stops working at the door.
        </p>
        {isUsed && (
          <div role="alert" className="space-y-2 rounded-lg border border-amber-500/50 bg-amber-950/50 px-3 py-2 text-amber-100">
            <p>
              This ticket was checked in at the door{ticket.usedAt ? ` on ${when(ticket.usedAt)}` : ''}: its holder has been to the show.
            </p>
            <label className="flex min-h-11 items-center gap-2 font-medium">
              <input type="checkbox" className="h-5 w-5" checked={isCheckedInConfirmed} onChange={(e) => setIsCheckedInConfirmed(e.target.checked)} />
              Refund it anyway
            </label>
          </div>
        )}
        <TextAreaField label="Reason for the refund" required value={reason} onChange={(e) => setReason(e.target.value)} error={fieldError} maxLength={500} />
        {refund.isError && !fieldError && refund.error.message !== USED_TICKET_REFUND_MESSAGE && <Alert>{refund.error.message}</Alert>}
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn-danger" disabled={refund.isPending || (isUsed && !isCheckedInConfirmed)}>
            {refund.isPending ? 'Refunding…' : 'Refund ticket'}
          </button>
          <button type="button" className="btn-secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** Issue 21: a ticket's story in order: bought, checked in (or not), refunded; a refund never hides the check-in. */
function ticketHistory(ticket: GigTicket): string {
  const parts = [formatCents(ticket.totalCents), `bought ${when(ticket.boughtAt)}`];
  parts.push(ticket.usedAt ? `checked in ${when(ticket.usedAt)}` : ticket.status === 'refunded' ? 'never checked in' : 'not checked in');
  if (ticket.status === 'refunded') parts.push(`refunded ${ticket.refundedAt ? when(ticket.refundedAt) : ''}`.trim());
  if (ticket.refundStatus) parts.push(REFUND_STATE[ticket.refundStatus] ?? ticket.refundStatus);
  return parts.join(' · ');
}
const REFUND_STATE: Record<string, string> = { pending: 'refund in progress', refunded: 'refund complete', failed: 'refund failed, being looked into' };

function GigTickets({ gigId, onNotice }: { gigId: string; onNotice: (notice: Notice) => void }) {
  const [refunding, setRefunding] = useState<GigTicket | null>(null);
  const { data, isPending, isError } = useQuery({
    queryKey: ['gig-tickets', gigId],
    queryFn: () => apiFetch<{ tickets: GigTicket[] }>(`/api/admin/gig-management/${gigId}/tickets`),
  });
  if (isPending) return <p className="text-zinc-400">Loading tickets…</p>;
  if (isError) return <Alert>The tickets could not be loaded.</Alert>;
  if (!data.tickets.length) return <p className="text-zinc-400">No tickets sold.</p>;
  return (
    <>
      <ul className="divide-y divide-zinc-800 rounded-xl border border-zinc-800">
        {data.tickets.map((ticket) => (
          <li key={`${ticket.orderId}:${ticket.position}`} className="flex flex-wrap items-center justify-between gap-3 px-3 py-2">
            <div className="min-w-0">
              <p className="break-all font-medium">{ticket.holderEmail}</p>
              <p className="text-sm text-zinc-400">
                {ticket.quantity > 1 && `Ticket ${ticket.position} of ${ticket.quantity} in one order · `}
                {ticketHistory(ticket)}
              </p>
            </div>
            {ticket.status !== 'refunded' && (
              <button type="button" className="btn-secondary" onClick={() => setRefunding(ticket)}>
                Refund
              </button>
            )}
          </li>
        ))}
      </ul>
      {refunding && (
        <RefundDialog
          ticket={refunding}
          onClose={() => setRefunding(null)}
          onDone={(notice) => {
            setRefunding(null);
            onNotice(notice);
          }}
        />
      )}
    </>
  );
}

function HeldPaymentCard({ held }: { held: HeldPayment }) {
  const [action, setAction] = useState<'release' | 'forfeit' | null>(null);
  const [isShowingTickets, setIsShowingTickets] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  return (
    <article className="card space-y-3" aria-labelledby={`held-${held.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={`held-${held.id}`} className="text-lg font-semibold">
            {held.bandName ?? 'Live music'} @ {held.venueName}
          </h2>
          <p className="text-zinc-300">
            {formatLocalDate(held.localDate)}
            {held.status === 'holding' && !held.hasStarted && <span className="ml-2 rounded-full bg-amber-400/20 px-2 py-0.5 text-sm font-semibold text-amber-200">Not happened yet</span>}
          </p>
        </div>
        <span className={`rounded-full px-3 py-1 text-sm font-bold ${BADGE[held.status] ?? 'bg-zinc-500 text-white'}`}>{held.status.toUpperCase()}</span>
      </div>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2 lg:grid-cols-3">
        <div>
          <dt className="inline text-zinc-400">{held.status === 'released' ? 'Amount released' : held.status === 'forfeited' ? 'Amount forfeited' : 'Amount held'}: </dt>
          <dd className="inline font-semibold">{formatCents(held.amountCents)}</dd>
        </div>
        <div>
          <dt className="inline text-zinc-400">Tickets sold: </dt>
          <dd className="inline">{held.ticketCount}</dd>
        </div>
        <div>
          <dt className="inline text-zinc-400">Gig ID: </dt>
          <dd className="inline break-all font-mono text-xs">{held.gigId}</dd>
        </div>
        <div>
          <dt className="inline text-zinc-400">Created: </dt>
          <dd className="inline">{when(held.createdAt)}</dd>
        </div>
        <div>
          <dt className="inline text-zinc-400">Last updated: </dt>
          <dd className="inline">{when(held.updatedAt)}</dd>
        </div>
        {(held.transferId || held.transferStatus) && (
          <div>
            <dt className="inline text-zinc-400">Transfer: </dt>
            <dd className="inline break-all font-mono text-xs">{held.transferId ?? transferStatusText(held.transferStatus!)}</dd>
          </div>
        )}
        {held.forfeitReason && (
          <div className="sm:col-span-2 lg:col-span-3">
            <dt className="inline text-zinc-400">Forfeit reason: </dt>
            <dd className="inline">{held.forfeitReason}</dd>
          </div>
        )}
      </dl>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <GigHolderTools scope="admin" gig={{ id: held.gigId, localDate: held.localDate, isTicketed: true, cancelledAt: held.cancelledAt }} isUpcoming={held.status === 'holding' && !held.hasStarted} />
      <div className="flex flex-wrap gap-3">
        {held.importedAt ? (
          <p className="text-zinc-300">Held by the old system (imported {when(held.importedAt)}): settle it there.</p>
        ) : held.status === 'holding' ? (
          <>
            <button type="button" className="btn-primary" onClick={() => setAction('release')}>
              Complete Gig (With Venue Payout)
            </button>
            <button type="button" className="btn-danger" onClick={() => setAction('forfeit')}>
              Complete Gig (Forfeit Payment)
            </button>
          </>
        ) : (
          <p className="font-semibold">{held.status === 'released' ? 'Payment Released' : held.status === 'forfeited' ? 'Payment Forfeited' : held.status}</p>
        )}
        <button type="button" className="btn-secondary" aria-expanded={isShowingTickets} onClick={() => setIsShowingTickets((v) => !v)}>
          {isShowingTickets ? 'Hide tickets' : 'Tickets & refunds'}
        </button>
      </div>
      {isShowingTickets && <GigTickets gigId={held.gigId} onNotice={setNotice} />}
      {action && (
        <CompleteGigDialog
          held={held}
          action={action}
          onClose={() => setAction(null)}
          onDone={(result) => {
            setAction(null);
            setNotice(result);
          }}
        />
      )}
    </article>
  );
}

/** Admin 'Gig Management & Payment Releases' (spec 2 §2, D11, decision 19). */
export function GigManagementPage() {
  useTitle('Gig Management & Payment Releases');
  const { data: me } = useSession();
  const [page, setPage] = useState(1);
  const isAdmin = me?.user.role === 'admin';
  const { data, isPending, isError } = useQuery({
    queryKey: ['held-payments', page],
    queryFn: () => apiFetch<{ heldPayments: HeldPayment[]; total: number; pageSize: number }>(`/api/admin/gig-management?page=${page}`),
    enabled: isAdmin,
  });
  if (!me || !isAdmin) return <Navigate to="/login" replace />;
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <header>
        <h1 className="text-3xl font-bold">Gig Management & Payment Releases</h1>
        <p className="mt-1 text-zinc-400">Release or forfeit each gig's held payment after the show, and refund tickets.</p>
      </header>
      <section className="card space-y-2 border-brand-400/40 text-sm text-zinc-200" aria-labelledby="how-it-works">
        <h2 id="how-it-works" className="text-base font-semibold">
          How it works
        </h2>
        <p>{PAYOUT_RULES.split}</p>
        <p>{PAYOUT_RULES.held}</p>
        <p>{PAYOUT_RULES.forfeit}</p>
        <p>{PAYOUT_RULES.refunds}</p>
      </section>
      {isPending && <p className="text-zinc-400">Loading…</p>}
      {isError && <Alert>The held payments could not be loaded.</Alert>}
      {data && data.heldPayments.length === 0 && <EmptyState>No held payments found - Venue payments will appear here when tickets are sold</EmptyState>}
      {data?.heldPayments.map((held) => <HeldPaymentCard key={held.id} held={held} />)}
      {data && data.total > data.pageSize && <Pager label="Held payment pages" page={page} pageSize={data.pageSize} total={data.total} onPage={setPage} />}
    </div>
  );
}
