import { desc, eq, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Db } from '../../db/client.ts';
import { bandProfiles, gigs, managedArtists, regions, tickets, venueProfiles } from '../../db/schema.ts';
import type { SessionUser } from '../../http/session.ts';

/**
 * Every ticket bought with the signed-in account's e-mail (spec 1, issue 9), newest show first,
 * each with its QR code. Guest purchases count: the e-mail is the link (D14).
 */
export async function listMyTickets(db: Db, user: SessionUser) {
  const rows = await db
    .select({
      id: tickets.id,
      status: tickets.status,
      usedAt: tickets.usedAt,
      localDate: gigs.localDate,
      startTime: gigs.startTime,
      endTime: gigs.endTime,
      timeZone: regions.timeZone,
      venueName: venueProfiles.name,
      bandName: sql<string>`coalesce(${bandProfiles.name}, ${managedArtists.name}, 'Live music')`,
    })
    .from(tickets)
    .innerJoin(gigs, eq(gigs.id, tickets.gigId))
    .innerJoin(regions, eq(regions.slug, gigs.regionSlug))
    .innerJoin(venueProfiles, eq(venueProfiles.userId, gigs.venueId))
    .leftJoin(bandProfiles, eq(bandProfiles.userId, gigs.bandId))
    .leftJoin(managedArtists, eq(managedArtists.id, gigs.managedArtistId))
    .where(eq(sql`lower(${tickets.holderEmail})`, user.email.toLowerCase()))
    .orderBy(desc(gigs.localDate), desc(tickets.createdAt))
    .limit(100);
  return Promise.all(rows.map(async (row) => ({ ...row, qrSvg: await QRCode.toString(row.id, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }) })));
}
