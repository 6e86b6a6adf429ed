import { useState, type FormEvent } from 'react';
import { formatCents } from '../../../core/money.ts';
import { REFUND_REASON_MAX } from '../../../core/schemas/ticket-page.ts';
import { formatClock, formatLocalDate } from '../../../core/time.ts';
import { Alert, TextAreaField } from '../../components/ui/field.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { ApiError } from '../../lib/api.ts';
import { useDecideRefundRequest, useRefundRequests, type OpenRefundRequest } from './ticket-page-api.ts';

const asked = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

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
        <p>{request.holderEmail} keeps the ticket and is e-mailed your reason.</p>
        <TextAreaField label="Reason for declining" required maxLength={REFUND_REASON_MAX} value={reason} onChange={(e) => setReason(e.target.value)} error={fieldError} />
        {decide.isError && !fieldError && <Alert>{decide.error.message}</Alert>}
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn-danger" disabled={decide.isPending}>
            {decide.isPending ? 'Declining…' : 'Decline refund'}
          </button>
          <button type="button" className="btn-secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}

function RequestRow({ request, onNotice }: { request: OpenRefundRequest; onNotice: (text: string) => void }) {
  const decide = useDecideRefundRequest();
  const [isDeclining, setIsDeclining] = useState(false);
  const approve = () =>
    decide.mutate({ id: request.id, decision: 'approve' }, { onSuccess: () => onNotice(`Refund approved: ${formatCents(request.amountCents)} goes back to ${request.holderEmail}, and the ticket stops working at the door.`) });
  return (
    <li className="space-y-3 rounded-lg border border-zinc-800 p-4">
      <div>
        <p className="font-semibold">
          {request.bandName} at {request.venueName}
        </p>
        <p className="text-sm text-zinc-400">
          {formatLocalDate(request.localDate)} {formatClock(request.startTime)} · {formatCents(request.amountCents)} · asked {asked(request.createdAt)}
        </p>
        <p className="text-sm text-zinc-300 [overflow-wrap:anywhere]">{request.holderEmail}</p>
      </div>
      <blockquote className="whitespace-pre-line border-l-2 border-brand-400/60 pl-3 text-zinc-200 [overflow-wrap:anywhere]">{request.reason}</blockquote>
      {request.ticketStatus === 'used' && <p className="text-sm text-amber-200">Checked in at the door since: it cannot be refunded here.</p>}
      {request.ticketStatus === 'refunded' && <p className="text-sm text-zinc-300">Already refunded: approving closes the request.</p>}
      {decide.isError && <Alert>{decide.error.message}</Alert>}
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-primary min-h-11" disabled={decide.isPending || request.ticketStatus === 'used'} onClick={approve}>
          {decide.isPending ? 'Approving…' : 'Approve refund'}
          <span className="sr-only"> for {request.holderEmail}</span>
        </button>
        <button type="button" className="btn-secondary min-h-11" disabled={decide.isPending} onClick={() => setIsDeclining(true)}>
          Decline<span className="sr-only"> the refund for {request.holderEmail}</span>
        </button>
      </div>
      {isDeclining && (
        <DeclineDialog
          request={request}
          onClose={() => setIsDeclining(false)}
          onDone={(text) => {
            setIsDeclining(false);
            onNotice(text);
          }}
        />
      )}
    </li>
  );
}

/**
 * Refund requests fans made from their ticket pages (decision 46), on the organiser's dashboard
 * (the venue's, or the promoter's for its own gigs) and the admins'. Approving refunds the ticket
 * as an admin's refund does; declining needs a reason the fan is e-mailed. Hidden while none is open.
 */
export function RefundRequestsCard({ className = '' }: { className?: string }) {
  const { data } = useRefundRequests();
  const [notice, setNotice] = useState('');
  if (!data || (data.requests.length === 0 && !notice)) return null;
  return (
    <section className={`card space-y-3 ${className}`} aria-labelledby="refund-requests-heading">
      <h2 id="refund-requests-heading" className="text-xl font-semibold">
        Refund requests
      </h2>
      <p className="text-sm text-zinc-300">Fans asked for their money back. Approving refunds the ticket (and takes back the shares it paid); declining keeps it valid. Either way, the fan is e-mailed.</p>
      {notice && <Alert tone="success">{notice}</Alert>}
      {data.requests.length > 0 && (
        <ul className="space-y-3">
          {data.requests.map((request) => (
            <RequestRow key={request.id} request={request} onNotice={setNotice} />
          ))}
        </ul>
      )}
    </section>
  );
}
