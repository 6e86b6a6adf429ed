import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Db } from '../../db/client.ts';
import { bandProfiles, gigs, managedArtists, orders, tickets, venueProfiles } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';

/**
 * What /success shows (D14): the order, and its ticket with a QR code once the payment event has
 * issued it (it may land a moment after the browser returns). The checkout session id is the
 * key: only the buyer's browser was sent it by the provider.
 */
export async function getCheckoutResult(db: Db, sessionId: string) {
  if (!/^[A-Za-z0-9_-]{10,200}$/.test(sessionId)) throw new AppError('NOT_FOUND', 'That order was not found.');
  const [row] = await db
    .select({
      status: orders.status,
      email: orders.buyerEmail,
      totalCents: orders.totalCents,
      localDate: gigs.localDate,
      startTime: gigs.startTime,
      venueName: venueProfiles.name,
      bandName: bandProfiles.name,
      artistName: managedArtists.name,
      ticketId: tickets.id,
    })
    .from(orders)
    .innerJoin(gigs, eq(gigs.id, orders.gigId))
    .innerJoin(venueProfiles, eq(venueProfiles.userId, gigs.venueId))
    .leftJoin(bandProfiles, eq(bandProfiles.userId, gigs.bandId))
    .leftJoin(managedArtists, eq(managedArtists.id, gigs.managedArtistId))
    .leftJoin(tickets, eq(tickets.orderId, orders.id))
    .where(eq(orders.providerSessionId, sessionId));
  if (!row) throw new AppError('NOT_FOUND', 'That order was not found.');
  const { ticketId, ...order } = row;
  return {
    order: { ...order, bandName: row.bandName ?? row.artistName ?? 'Live music' },
    ticket: ticketId ? { id: ticketId, qrSvg: await QRCode.toString(ticketId, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }) } : null,
  };
}
