import { formatLocalDate, formatTimeRange } from '../../../core/time.ts';
import type { DbOrTx } from '../../db/client.ts';
import { textAttachment } from '../../mail/attachments.ts';
import type { Services } from '../../services.ts';
import { TICKET_QR_CONTENT_ID, ticketEmail } from '../../mail/templates.ts';
import { findTicketShow } from './find-ticket-show.ts';
import { showInvite } from './show-invite.ts';
import { ticketCalendarUrl, ticketPageUrl } from './ticket-links.ts';

/**
 * E-mails a ticket to its holder (issue 9): the ticket id and its QR code as an inline image, and
 * the links to the ticket's own page and its calendar entry (decision 46), all drawn from the
 * message's secrets at delivery, so the outbox never shows them; the show as an .ics attachment.
 * Sent in the transaction that issued the ticket, and again from the ticket page on request.
 */
export async function sendTicketEmail(tx: DbOrTx, services: Pick<Services, 'mailer' | 'env' | 'ticketLinkKey'>, ticketId: string) {
  const show = (await findTicketShow(tx, ticketId))!;
  const when = `${formatLocalDate(show.localDate)}, ${formatTimeRange(show.localDate, show.startTime, show.endTime, show.timeZone)}`;
  return services.mailer.send(
    {
      to: show.holderEmail,
      kind: 'ticket',
      ...ticketEmail({ bandName: show.showName, venueName: show.venueName, when, isTestMode: show.provider === 'sandbox' }),
      secrets: { ticket: ticketId, ticketPage: ticketPageUrl(services, ticketId), calendar: ticketCalendarUrl(services, ticketId) },
      attachments: [
        { filename: 'ticket-qr.png', contentType: 'image/png', contentId: TICKET_QR_CONTENT_ID, qrOfSecret: 'ticket' },
        textAttachment('show.ics', 'text/calendar; charset=utf-8; method=PUBLISH', showInvite(show, 'Your ticket is in the e-mail this came with: show its QR code at the door.')),
      ],
    },
    tx,
  );
}
