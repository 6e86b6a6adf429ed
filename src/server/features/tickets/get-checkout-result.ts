import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Services } from '../../services.ts';
import { orders } from '../../db/schema.ts';
import { findOrderShow } from './find-order-show.ts';
import { AppError } from '../../http/app-error.ts';
import { ticketApiPath, ticketPagePath } from './ticket-links.ts';

/**
 * What /success shows (D14): the order, and its ticket with a QR code once the payment event has
 * issued it (it may land a moment after the browser returns). The checkout session id is the
 * key: only the buyer's browser was sent it by the provider. The ticket's own page and its
 * calendar entry are linked from there (decision 46).
 */
export async function getCheckoutResult({ db, ticketLinkKey }: Pick<Services, 'db' | 'ticketLinkKey'>, sessionId: string) {
  if (!/^[A-Za-z0-9_-]{10,200}$/.test(sessionId)) throw new AppError('NOT_FOUND', 'That order was not found.');
  const row = await findOrderShow(db, eq(orders.providerSessionId, sessionId));
  if (!row) throw new AppError('NOT_FOUND', 'That order was not found.');
  const { ticketId, showName, status, email, totalCents, localDate, startTime, venueName } = row;
  return {
    order: { status, email, totalCents, localDate, startTime, venueName, bandName: showName },
    ticket: ticketId
      ? {
          id: ticketId,
          qrSvg: await QRCode.toString(ticketId, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }),
          pagePath: ticketPagePath({ ticketLinkKey }, ticketId),
          calendarPath: `${ticketApiPath({ ticketLinkKey }, ticketId)}/calendar.ics`,
        }
      : null,
  };
}
