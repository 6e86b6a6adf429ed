import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  CANCEL_REASON_MAX,
  HOLDER_MESSAGE_BODY_MAX,
  HOLDER_MESSAGE_SUBJECT_MAX,
  HOLDER_MESSAGES_PER_GIG_PER_DAY,
  type HolderMessageSummary,
} from '../../../core/schemas/holders.ts';
import { formatLocalDate } from '../../../core/time.ts';
import { Alert, TextAreaField, TextField } from '../../components/ui/field.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { ApiError } from '../../lib/api.ts';
import { gigListKey, useCancelGig, useHolderOverview, useMessageHolders, type HolderScope } from './api.ts';

/** Issue 21: card buttons are at least 44 px tall on a phone, compact beside the text on wider screens. */
const CARD_BUTTON = 'min-h-11 px-3 py-1.5 text-sm sm:min-h-0';
const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

type Notice = { tone: 'success' | 'error'; text: string } | null;
/** The gig as the organiser's card or the admin's gig management knows it. */
export type HolderToolsGig = { id: string; localDate: string; isTicketed: boolean; cancelledAt: string | null; cancelReason?: string | null };

/** The server's reason, or a plain failure for a network error. */
const failure = (error: unknown, fallback: string) => (error instanceof ApiError && error.code !== 'NETWORK' ? error.message : fallback);

function MessageDialog({ scope, gig, onClose, onSent }: { scope: HolderScope; gig: HolderToolsGig; onClose: () => void; onSent: (text: string) => void }) {
  const overview = useHolderOverview(scope, gig.id, true);
  const send = useMessageHolders(scope, gig.id);
  // One id per message: a double click or a retry of the same message sends it once.
  const [requestId] = useState(() => crypto.randomUUID());
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const fields = send.error instanceof ApiError ? send.error.fields : {};
  const holders = overview.data;
  const isBlocked = holders ? holders.holderCount === 0 || holders.messagesLeftToday === 0 : true;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      onSent((await send.mutateAsync({ subject, message, requestId })).message);
    } catch {
      // Shown below, beside the field it is about when it is about one.
    }
  };
  return (
    <Modal title="Message ticket holders" onClose={onClose}>
      <form noValidate className="space-y-4" onSubmit={(e) => void submit(e)}>
        {overview.isPending && <p className="text-zinc-400">Counting the ticket holders…</p>}
        {overview.isError && <Alert>The ticket holders could not be counted. Please try again.</Alert>}
        {holders && (
          <p className="text-sm text-zinc-300">
            {holders.holderCount === 0
              ? 'Nobody holds a ticket for this gig yet.'
              : `Goes to ${plural(holders.holderCount, 'e-mail address', 'e-mail addresses')} holding ${plural(holders.ticketCount, 'ticket')} for ${formatLocalDate(gig.localDate)}. Each address gets it once. `}
            {holders.holderCount > 0 &&
              (holders.messagesLeftToday > 0
                ? `${holders.messagesLeftToday} of ${HOLDER_MESSAGES_PER_GIG_PER_DAY} messages left today for this gig.`
                : `This gig's holders had ${HOLDER_MESSAGES_PER_GIG_PER_DAY} messages today. Please try again tomorrow.`)}
          </p>
        )}
        <TextField label="Subject" required value={subject} onChange={(e) => setSubject(e.target.value)} maxLength={HOLDER_MESSAGE_SUBJECT_MAX} error={fields.subject} placeholder="Doors now at 8pm" />
        <TextAreaField
          label="Message"
          required
          rows={6}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          maxLength={HOLDER_MESSAGE_BODY_MAX}
          error={fields.message}
          hint={`${HOLDER_MESSAGE_BODY_MAX - message.length} characters left. Replies go to ${scope === 'admin' ? "Marquee's support address" : 'your account e-mail address'}.`}
        />
        {send.isError && !fields.subject && !fields.message && <Alert>{failure(send.error, 'The message was not sent. Please try again.')}</Alert>}
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn-primary" disabled={send.isPending || isBlocked}>
            {send.isPending ? 'Sending…' : 'Send message'}
          </button>
          <button type="button" className="btn-secondary" onClick={onClose}>
            Close
          </button>
        </div>
      </form>
    </Modal>
  );
}

function CancelDialog({ scope, gig, onClose, onCancelled }: { scope: HolderScope; gig: HolderToolsGig; onClose: () => void; onCancelled: (text: string) => void }) {
  const cancel = useCancelGig(scope, gig.id);
  const [reason, setReason] = useState('');
  const [isConfirmed, setIsConfirmed] = useState(false);
  const fields = cancel.error instanceof ApiError ? cancel.error.fields : {};
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      onCancelled((await cancel.mutateAsync({ reason, isConfirmed: true })).message);
    } catch {
      // Shown below.
    }
  };
  const date = formatLocalDate(gig.localDate);
  return (
    <Modal title={`Cancel the gig on ${date}?`} onClose={onClose}>
      <form noValidate className="space-y-4" onSubmit={(e) => void submit(e)}>
        <ul className="list-disc space-y-1 pl-5 text-sm text-zinc-300">
          <li>It comes off Marquee's public pages at once, and links to its tickets say it is cancelled.</li>
          {gig.isTicketed && (
            <>
              <li>Ticket sales stop, and open checkouts are released.</li>
              <li>Every ticket sold is refunded in full (ticket price and service fee) to the card it was bought with, and the shares paid for it are taken back.</li>
              <li>Every ticket holder gets one e-mail with your reason.</li>
            </>
          )}
        </ul>
        <p className="text-sm font-semibold text-zinc-200">This cannot be undone.</p>
        <TextAreaField
          label="Why is it cancelled?"
          required
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={CANCEL_REASON_MAX}
          error={fields.reason}
          hint={gig.isTicketed ? 'Ticket holders read this in their e-mail.' : undefined}
        />
        <label className="flex min-h-11 items-center gap-2 font-medium">
          <input type="checkbox" className="h-5 w-5" checked={isConfirmed} onChange={(e) => setIsConfirmed(e.target.checked)} />
          {gig.isTicketed ? 'Refund every ticket and cancel the gig' : 'Cancel the gig'}
        </label>
        {cancel.isError && !fields.reason && <Alert>{failure(cancel.error, 'The gig was not cancelled. Please try again.')}</Alert>}
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn-danger" disabled={cancel.isPending || !isConfirmed || reason.trim() === ''}>
            {cancel.isPending ? 'Cancelling…' : 'Cancel the gig'}
          </button>
          <button type="button" className="btn-secondary" onClick={onClose}>
            Keep the gig
          </button>
        </div>
      </form>
    </Modal>
  );
}

function MessageLog({ messages }: { messages: HolderMessageSummary[] }) {
  if (messages.length === 0) return <p className="text-sm text-zinc-400">No messages sent yet.</p>;
  return (
    <ul className="space-y-2">
      {messages.map((m) => (
        <li key={m.id} className="rounded-lg border border-zinc-800 px-3 py-2 text-sm">
          <details>
            <summary className="cursor-pointer">
              <span className="font-semibold">{m.subject}</span>
              <span className="text-zinc-400">
                {' · '}
                {when(m.createdAt)} · {m.isFromAdmin ? 'by Marquee' : `by ${m.authorName ?? 'the organiser'}`} ·{' '}
                {m.sentAt ? `sent to ${plural(m.recipientCount ?? 0, 'holder')}` : 'sending…'}
              </span>
            </summary>
            <p className="mt-2 whitespace-pre-line text-zinc-200">{m.body}</p>
          </details>
        </li>
      ))}
    </ul>
  );
}

/**
 * Decision 49, on the organiser's gig card and the admin's gig management: 'Message ticket holders'
 * (with the messages sent so far) and 'Cancel gig', or, once cancelled, what happened (and, right
 * after cancelling or with the messages open, how far the refunds are). Its data loads only then,
 * so a dashboard of many gigs asks nothing more when it opens (decision 44).
 */
export function GigHolderTools({ scope, gig, isUpcoming }: { scope: HolderScope; gig: HolderToolsGig; /** Not yet past: it can still be messaged or cancelled. */ isUpcoming: boolean }) {
  const [dialog, setDialog] = useState<'message' | 'cancel' | null>(null);
  const [isLogOpen, setIsLogOpen] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  // Just cancelled here: the refunds' progress is followed until they are done.
  const [isFollowingRefunds, setIsFollowingRefunds] = useState(false);
  const isCancelled = gig.cancelledAt !== null;
  const overview = useHolderOverview(scope, gig.id, isLogOpen || isFollowingRefunds);
  const cancellation = overview.data?.cancellation;
  const isSettled = Boolean(cancellation?.settledAt) && cancellation?.refundsPending === 0;
  // Once the refunds seen in progress are done, the gig's list shows its tickets as they are now.
  const client = useQueryClient();
  const wasSettling = useRef(false);
  useEffect(() => {
    if (cancellation && !isSettled) wasSettling.current = true;
    else if (isSettled && wasSettling.current) {
      wasSettling.current = false;
      void client.invalidateQueries({ queryKey: gigListKey(scope) });
    }
  }, [cancellation, isSettled, client, scope]);
  const date = formatLocalDate(gig.localDate);
  const done = (text: string) => {
    setDialog(null);
    setNotice({ tone: 'success', text });
  };
  // A gig sold elsewhere has no holders here, and is deleted rather than cancelled while on.
  if (!isCancelled && !gig.isTicketed) return null;
  return (
    <div className="space-y-3">
      {isCancelled && (
        <div role="note" className="space-y-1 rounded-lg border border-red-500/50 bg-red-950/50 px-3 py-2 text-sm text-red-100">
          <p className="font-semibold">Cancelled on {when(gig.cancelledAt!)}</p>
          {(gig.cancelReason ?? cancellation?.reason) && <p className="whitespace-pre-line">Why: {gig.cancelReason ?? cancellation?.reason}</p>}
          {gig.isTicketed && (
            <p>
              Every ticket is refunded to the card it was bought with, and every ticket holder is e-mailed.
              {cancellation && (isSettled ? ' All refunds are done.' : ` Refunds in progress: ${plural(cancellation.refundsPending, 'ticket')} still with the payment provider.`)}
            </p>
          )}
        </div>
      )}
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <div className="flex flex-wrap gap-2">
        {isUpcoming && !isCancelled && gig.isTicketed && (
          <button type="button" className={`btn-secondary ${CARD_BUTTON}`} onClick={() => (setNotice(null), setDialog('message'))}>
            Message ticket holders<span className="sr-only"> of the gig on {date}</span>
          </button>
        )}
        {gig.isTicketed && (
          <button type="button" className={`btn-secondary ${CARD_BUTTON}`} aria-expanded={isLogOpen} onClick={() => setIsLogOpen((open) => !open)}>
            {isLogOpen ? 'Hide messages' : 'Messages sent'}
            <span className="sr-only"> to ticket holders of the gig on {date}</span>
          </button>
        )}
        {isUpcoming && !isCancelled && gig.isTicketed && (
          <button type="button" className={`btn-danger ${CARD_BUTTON}`} onClick={() => (setNotice(null), setDialog('cancel'))}>
            Cancel gig<span className="sr-only"> on {date}</span>
          </button>
        )}
      </div>
      {isLogOpen && (overview.data ? <MessageLog messages={overview.data.messages} /> : overview.isError ? <Alert>The messages could not be loaded.</Alert> : <p className="text-sm text-zinc-400">Loading messages…</p>)}
      {dialog === 'message' && <MessageDialog scope={scope} gig={gig} onClose={() => setDialog(null)} onSent={done} />}
      {dialog === 'cancel' && <CancelDialog scope={scope} gig={gig} onClose={() => setDialog(null)} onCancelled={(text) => (setIsFollowingRefunds(true), done(text))} />}
    </div>
  );
}
