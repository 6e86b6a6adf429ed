import { WalletButtons } from './wallet-buttons.tsx';
import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { TEST_MODE_NOTICE } from '../../../core/payments-mode.ts';
import { TICKET_LINK_NOT_FOUND, TICKET_STATUS_TEXT } from '../../../core/ticket-page.ts';
import { formatLocalDate, formatTimeRange } from '../../../core/time.ts';
import { Alert } from '../../components/ui/field.tsx';
import { LoadingImage } from '../../components/ui/states.tsx';
import { ApiError } from '../../lib/api.ts';
import { useTitle } from '../../lib/use-title.ts';
import { CantGoPanel } from './cant-go-panel.tsx';
import { pageKey, useResendTicketEmail, useTicketPage, type TicketPageData } from './ticket-page-api.ts';

const STATUS_STYLE = {
  valid: 'border-emerald-500/60 bg-emerald-950/60 text-emerald-100',
  used: 'border-zinc-500 bg-zinc-800 text-zinc-100',
  refunded: 'border-red-500/60 bg-red-950/60 text-red-100',
  transferred: 'border-zinc-500 bg-zinc-800 text-zinc-100',
} as const;

/** Why a ticket no longer admits, in a plain sentence; a refund names who gets the money (issue 34: a ticket passed on was paid for by its original buyer). */
const NO_LONGER_VALID = {
  refunded: 'This ticket was refunded to the card that paid for it. It is no longer valid and admits no one.',
  refundedToBuyer: 'This ticket was refunded to the original buyer, who paid for it. It no longer admits you or anyone.',
  transferred: 'This ticket was passed on to someone else, who has a new ticket with its own code. This one admits no one.',
} as const;

const formatInstant = (iso: string, timeZone: string) => new Date(iso).toLocaleString('en-US', { timeZone, dateStyle: 'medium', timeStyle: 'short' });

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card space-y-3" aria-labelledby={id}>
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The ticket itself: valid with its QR code, or, once it no longer admits, a plain sentence and no code. */
function TicketCard({ data }: { data: TicketPageData }) {
  const { ticket, show } = data;
  return (
    <section className="card space-y-4" aria-labelledby="show-heading">
      {data.isTestMode && (
        <p role="note" className="rounded-lg border border-amber-400/60 bg-amber-950/60 px-3 py-2 text-sm font-semibold text-amber-100">
          {TEST_MODE_NOTICE}
        </p>
      )}
      <div>
        <h2 id="show-heading" className="text-2xl font-semibold">
          {show.bandName}
        </h2>
        <p className="text-lg text-zinc-200">{show.venueName}</p>
        {show.venueAddress && (
          <p className="text-zinc-300">
            {show.venueAddress}{' '}
            <a className="link whitespace-nowrap" href={show.mapUrl} target="_blank" rel="noopener noreferrer">
              Map<span className="sr-only"> of {show.venueName} (opens in a new tab)</span>
            </a>
          </p>
        )}
        <p className="mt-1 font-medium text-zinc-100">
          {formatLocalDate(show.localDate)}, {formatTimeRange(show.localDate, show.startTime, show.endTime, show.timeZone)}
        </p>
      </div>
      <dl className="grid gap-3 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-zinc-400">Ticket holder</dt>
          <dd className="font-medium [overflow-wrap:anywhere]">{ticket.holderEmail}</dd>
        </div>
        {ticket.typeName && (
          <div>
            <dt className="text-sm text-zinc-400">Ticket type</dt>
            <dd className="font-medium">{ticket.typeName}</dd>
          </div>
        )}
        <div>
          <dt className="text-sm text-zinc-400">Status</dt>
          <dd>
            <span className={`inline-block rounded-full border px-3 py-0.5 text-sm font-semibold ${STATUS_STYLE[ticket.status]}`}>{TICKET_STATUS_TEXT[ticket.status]}</span>
          </dd>
        </div>
      </dl>
      {ticket.status === 'valid' && ticket.qrSvg ? (
        <div className="space-y-2 text-center">
          {/* The QR code is made on the server from the ticket id alone. */}
          <div role="img" aria-label="QR code of your ticket" className="mx-auto w-64 max-w-full rounded-xl bg-white p-2" dangerouslySetInnerHTML={{ __html: ticket.qrSvg }} />
          <p className="text-sm text-zinc-300">
            Ticket reference <span className="font-mono font-semibold text-zinc-100">{ticket.reference}</span>
          </p>
          <p className="text-zinc-300">Show this QR code at the door: it admits one person, once.</p>
        </div>
      ) : (
        <p role="status" className={`rounded-lg border px-4 py-3 font-semibold ${STATUS_STYLE[ticket.status]}`}>
          {ticket.status === 'used'
            ? `This ticket was checked in at the door${ticket.usedAt ? ` on ${formatInstant(ticket.usedAt, show.timeZone)}` : ''}. It is no longer valid and admits no one.`
            : NO_LONGER_VALID[ticket.status === 'transferred' ? 'transferred' : data.cantGo.moneyGoesTo === 'holder' ? 'refunded' : 'refundedToBuyer']}
        </p>
      )}
    </section>
  );
}

/** 'Add to calendar' unless the ticket was refunded or passed on (issue 34); the wallet buttons only where this server is set up for them. */
function KeepItCard({ data }: { data: TicketPageData }) {
  if (!data.calendarPath && !data.wallets.applePath && !data.wallets.googlePath) return null;
  return (
    <Section id="keep-heading" title="Keep it handy">
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {data.calendarPath && (
          <a href={data.calendarPath} download="show.ics" className="btn-secondary min-h-11">
            Add to calendar
          </a>
        )}
        {/* Issue 34 item 10: only the wallet that fits this device, and only where this server offers it. */}
        <WalletButtons wallets={data.wallets} />
      </div>
    </Section>
  );
}

function ResendCard({ token, data }: { token: string; data: TicketPageData }) {
  const resend = useResendTicketEmail(token);
  if (data.ticket.status !== 'valid') return null;
  return (
    <Section id="email-heading" title="Ticket e-mail">
      <p className="text-zinc-300">Lost the e-mail? We send it again to {data.ticket.holderEmail}, the ticket holder's address, and nowhere else.</p>
      <button type="button" className="btn-secondary min-h-11" disabled={resend.isPending} onClick={() => resend.mutate()}>
        {resend.isPending ? 'Sending…' : 'Send the ticket e-mail again'}
      </button>
      {resend.isSuccess && <Alert tone="success">Sent to {resend.data.sentTo}. It should arrive in a minute or two: check the spam folder too.</Alert>}
      {resend.isError && <Alert>{resend.error.message}</Alert>}
    </Section>
  );
}

/** How the organiser answered the holder's last refund request; an open one is in the 'Can't go?' panel. */
function RefundAnswer({ data }: { data: TicketPageData }) {
  const request = data.refundRequest;
  if (request?.status === 'approved') {
    return <Alert tone="success">The organiser approved your refund. {data.cantGo.moneyGoesTo === 'holder' ? 'The money goes back to the card you paid with.' : 'The money goes back to the card of the original buyer, who paid for it.'}</Alert>;
  }
  if (request?.status === 'declined') {
    return <Alert tone="info">The organiser declined your last refund request{request.declineReason ? `: “${request.declineReason}”` : '.'}</Alert>;
  }
  return null;
}

/**
 * A ticket's own page (issue 23, decision 46), opened from the signed link in the ticket e-mail,
 * /success or the dashboard, with no account: the ticket, the show, the calendar and wallets,
 * the ticket e-mail again, and the one 'Can't go?' panel (issue 34). Never indexed (the server says so too).
 */
export function TicketPage() {
  const { token = '' } = useParams();
  const { data, error, isPending } = useTicketPage(token);
  const [passedMessage, setPassedMessage] = useState('');
  useTitle(data ? `Ticket: ${data.show.bandName}` : 'Your ticket');
  return (
    <div className="mx-auto max-w-xl space-y-6 px-4 py-10">
      <meta name="robots" content="noindex, nofollow" />
      <h1 className="text-3xl font-bold">Your ticket</h1>
      {isPending ? (
        <LoadingImage label="Loading your ticket…" />
      ) : error || !data ? (
        <Alert>{error instanceof ApiError && error.status === 404 ? TICKET_LINK_NOT_FOUND : (error?.message ?? TICKET_LINK_NOT_FOUND)}</Alert>
      ) : (
        <>
          <TicketCard data={data} />
          <KeepItCard data={data} />
          <ResendCard token={token} data={data} />
          <RefundAnswer data={data} />
          {passedMessage && <Alert tone="success">{passedMessage}</Alert>}
          <CantGoPanel
            cantGo={data.cantGo}
            ticket={{ bandName: data.show.bandName, venueName: data.show.venueName, when: `${formatLocalDate(data.show.localDate)}, ${formatTimeRange(data.show.localDate, data.show.startTime, data.show.endTime, data.show.timeZone)}` }}
            via={{ handle: { token }, refresh: pageKey(token) }}
            onPassed={setPassedMessage}
            timeZone={data.show.timeZone}
          />
        </>
      )}
    </div>
  );
}
