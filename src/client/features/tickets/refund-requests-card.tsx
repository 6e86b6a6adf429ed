import { useEffect, useState, type FormEvent } from 'react';
import { formatCents } from '../../../core/money.ts';
import { DECLINE_REASON_MAX } from '../../../core/schemas/ticket-page.ts';
import { formatClock, formatLocalDate } from '../../../core/time.ts';
import { Alert, TextAreaField } from '../../components/ui/field.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { ApiError } from '../../lib/api.ts';
import { useDecideRefundRequest, useRefundRequests, type OpenRefundRequest } from './refund-requests-api.ts';

const asked = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
/** Where the organiser's e-mail links: the dashboard, at one request (issue 34). */
const requestAnchor = (id: string) => `refund-request-${id}`;

/** What happens to the ticket and who is told, under the amount and whose card (the server's words). */
const whoIsTold = (request: OpenRefundRequest) =>
  request.refund.goesTo === 'original_buyer'
    ? `The ticket was passed on to ${request.holderEmail}, who asked: their ticket stops admitting at once and they are e-mailed. The money goes to ${request.refund.buyerEmail ?? 'the original buyer'}, who paid for it.`
    : `${request.holderEmail} bought the ticket and asked: it stops admitting at once, its seat goes back on sale, and they are e-mailed.`;

/** Issue 34: 'Approve refund' says how much goes back to whose card before any money moves. */
function ApproveDialog({ request, onClose, onDone }: { request: OpenRefundRequest; onClose: () => void; onDone: (text: string) => void }) {
  const decide = useDecideRefundRequest();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    decide.mutate({ id: request.id, decision: 'approve' }, { onSuccess: () => onDone(`Refund approved: ${request.refund.text}. ${request.holderEmail} is e-mailed, and the ticket no longer admits anyone.`) });
  };
  return (
    <Modal title="Approve the refund?" onClose={onClose}>
      <form className="space-y-4" onSubmit={submit}>
        <p>
          {request.bandName} at {request.venueName}, {formatLocalDate(request.localDate)}
        </p>
        <p className="text-lg font-semibold">{request.refund.text}</p>
        <p className="text-sm text-zinc-300 [overflow-wrap:anywhere]">{whoIsTold(request)}</p>
        {decide.isError && <Alert>{decide.error.message}</Alert>}
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn-primary min-h-11" disabled={decide.isPending}>
            {decide.isPending ? 'Refunding…' : `Refund ${formatCents(request.refund.amountCents)}`}
          </button>
          <button type="button" className="btn-secondary min-h-11" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}

function DeclineDialog({ request, onClose, onDone }: { request: OpenRefundRequest; onClose: () => void; onDone: (text: string) => void }) {
  const decide = useDecideRefundRequest();
  const [reason, setReason] = useState('');
  const fieldError = decide.error instanceof ApiError ? decide.error.fields.reason : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    decide.mutate({ id: request.id, decision: 'decline', reason }, { onSuccess: () => onDone(`Declined: ${request.holderEmail} is e-mailed your reason, and the ticket stays valid.`) });
  };
  return (
    <Modal title="Decline the refund" onClose={onClose}>
      <form noValidate className="space-y-4" onSubmit={submit}>
        <p className="[overflow-wrap:anywhere]">{request.holderEmail} keeps the ticket and is e-mailed your reason.</p>
        <TextAreaField
          label="Reason for declining"
          hint={`A sentence or two, up to ${DECLINE_REASON_MAX} characters: the fan reads it in the e-mail.`}
          required
          maxLength={DECLINE_REASON_MAX}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={fieldError}
        />
        {decide.isError && !fieldError && <Alert>{decide.error.message}</Alert>}
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn-danger min-h-11" disabled={decide.isPending}>
            {decide.isPending ? 'Declining…' : 'Decline refund'}
          </button>
          <button type="button" className="btn-secondary min-h-11" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}

function RequestRow({ request, onNotice }: { request: OpenRefundRequest; onNotice: (text: string) => void }) {
  const [dialog, setDialog] = useState<'approve' | 'decline' | null>(null);
  const done = (text: string) => {
    setDialog(null);
    onNotice(text);
  };
  return (
    <li id={requestAnchor(request.id)} tabIndex={-1} className="scroll-mt-24 space-y-3 rounded-lg border border-zinc-800 p-4 outline-none target:border-brand-400 focus-visible:border-brand-400">
      <div>
        <p className="font-semibold">
          {request.bandName} at {request.venueName}
        </p>
        <p className="text-sm text-zinc-400">
          {formatLocalDate(request.localDate)} {formatClock(request.startTime)} · asked {asked(request.createdAt)}
        </p>
        <p className="text-sm text-zinc-300 [overflow-wrap:anywhere]">{request.holderEmail}</p>
      </div>
      <blockquote className="whitespace-pre-line border-l-2 border-brand-400/60 pl-3 text-zinc-200 [overflow-wrap:anywhere]">{request.reason}</blockquote>
      {request.ticketStatus === 'valid' && <p className="text-sm text-zinc-300">Approving: {request.refund.text}.</p>}
      {request.ticketStatus === 'used' && <p className="text-sm text-amber-200">Checked in at the door since: it cannot be refunded here.</p>}
      {request.ticketStatus === 'refunded' && <p className="text-sm text-zinc-300">Already refunded: approving closes the request.</p>}
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-primary min-h-11" disabled={request.ticketStatus === 'used'} onClick={() => setDialog('approve')}>
          Approve refund<span className="sr-only"> for {request.holderEmail}</span>
        </button>
        <button type="button" className="btn-secondary min-h-11" onClick={() => setDialog('decline')}>
          Decline<span className="sr-only"> the refund for {request.holderEmail}</span>
        </button>
      </div>
      {dialog === 'approve' && <ApproveDialog request={request} onClose={() => setDialog(null)} onDone={done} />}
      {dialog === 'decline' && <DeclineDialog request={request} onClose={() => setDialog(null)} onDone={done} />}
    </li>
  );
}

/** The e-mail's link (/dashboard#refund-request-…) opens at its request once the list has loaded. */
function useScrollToLinkedRequest(isLoaded: boolean) {
  useEffect(() => {
    if (!isLoaded || !window.location.hash.startsWith('#refund-request-')) return;
    const row = document.getElementById(window.location.hash.slice(1));
    row?.scrollIntoView({ block: 'start' });
    row?.focus({ preventScroll: true });
  }, [isLoaded]);
}

/**
 * Refund requests fans made from their ticket pages (decision 46), on the organiser's dashboard
 * (the venue's, or the promoter's for its own gigs) and the admins'. It belongs at the top of the
 * dashboard: it is there only while a request is open (issue 34), and the menu counts them.
 * 'Approve refund' first shows the amount and whose card gets it, from the server; declining needs
 * a short reason the fan is e-mailed.
 */
export function RefundRequestsCard({ className = '' }: { className?: string }) {
  const { data } = useRefundRequests();
  const [notice, setNotice] = useState('');
  useScrollToLinkedRequest(Boolean(data));
  if (!data || (data.requests.length === 0 && !notice)) return null;
  const count = data.requests.length;
  return (
    <section id="refund-requests" className={`card space-y-3 ${className}`} aria-labelledby="refund-requests-heading">
      <h2 id="refund-requests-heading" className="text-xl font-semibold">
        Refund requests{count > 0 && <span className="text-zinc-400"> ({count} open)</span>}
      </h2>
      <p className="text-sm text-zinc-300">Fans asked for their money back. Approving refunds the ticket (and takes back the shares it paid); declining keeps it valid. Either way, the fan is e-mailed.</p>
      {notice && <Alert tone="success">{notice}</Alert>}
      {count > 0 && (
        <ul className="space-y-3">
          {data.requests.map((request) => (
            <RequestRow key={request.id} request={request} onNotice={setNotice} />
          ))}
        </ul>
      )}
    </section>
  );
}
