import { eq } from 'drizzle-orm';
import { formatLocalDate, formatTimeRange } from '../../../core/time.ts';
import type { DbOrTx } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { textAttachment } from '../../mail/attachments.ts';
import type { Mailer } from '../../mail/send-mail.ts';
import { ticketEmail, ticketQrContentId, ticketSecretKey } from '../../mail/emails/ticket.ts';
import { buildShowInvite, showEndsAt } from '../calendar/build-calendar-feed.ts';
import { findOrderShow } from './find-order-show.ts';

/**
 * E-mails an order's fresh tickets to its buyer (issue 9, issue 23: one e-mail, every ticket):
 * each ticket id and its QR code as an inline image
 * (both drawn from the message's secrets at delivery, so the outbox never shows them) and the show
 * as an .ics calendar entry. Sent in the transaction that issued the ticket.
 */
export async function sendTicketEmail(tx: DbOrTx, mailer: Mailer, orderId: string, ticketIds: readonly string[]) {
  const show = (await findOrderShow(tx, eq(orders.id, orderId)))!;
  const when = `${formatLocalDate(show.localDate)}, ${formatTimeRange(show.localDate, show.startTime, show.endTime, show.timeZone)}`;
  const invite = buildShowInvite({
    id: show.gigId,
    summary: `${show.showName} at ${show.venueName}`,
    startsAt: show.startsAt,
    endsAt: showEndsAt(show),
    timeZone: show.timeZone,
    location: [show.venueName, show.venueAddress].filter(Boolean).join(', '),
    description: ticketIds.length > 1 ? 'Your tickets are in the e-mail this came with: show their QR codes at the door.' : 'Your ticket is in the e-mail this came with: show its QR code at the door.',
  });
  await mailer.send(
    {
      to: show.email,
      kind: 'ticket',
      ...(await ticketEmail({ bandName: show.showName, venueName: show.venueName, when, ticketCount: ticketIds.length, isTestMode: show.provider === 'sandbox' })),
      secrets: Object.fromEntries(ticketIds.map((id, i) => [ticketSecretKey(i + 1), id])),
      attachments: [
        ...ticketIds.map((_, i) => ({
          filename: ticketIds.length > 1 ? `ticket-${i + 1}-qr.png` : 'ticket-qr.png',
          contentType: 'image/png',
          contentId: ticketQrContentId(i + 1),
          qrOfSecret: ticketSecretKey(i + 1),
        })),
        textAttachment('show.ics', 'text/calendar; charset=utf-8; method=PUBLISH', invite),
      ],
    },
    tx,
  );
}
