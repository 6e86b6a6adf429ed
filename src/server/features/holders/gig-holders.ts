import { and, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { showName } from '../../db/gig-show.ts';
import { bandProfiles, gigs, holderDeliveries, managedArtists, regions, tickets, user, venueProfiles } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/session.ts';
import { isUuid } from '../../../core/ids.ts';
import { formatLocalDate, formatTimeRange } from '../../../core/time.ts';
import { asOrganiser, findOrganisedGig } from '../booking/gig-ownership.ts';

/** What each holder e-mail is about; with `ref` (a message's id, or the gig's) it keys holder_deliveries. */
export type HolderMailKind = 'message' | 'reminder' | 'cancellation';

/**
 * The tickets that have a holder: valid, or used at the door. A refunded ticket holds nothing, and a
 * transferred one was replaced by its new holder's row (issue 23), so neither is counted or mailed.
 */
export const isHeld = inArray(tickets.status, ['valid', 'used']);

/** A holder address as holder_deliveries keeps it. */
export const holderAddress = sql<string>`lower(${tickets.holderEmail})`;

/** The holder address of this ticket row has not had this e-mail yet. */
export const notYetMailed = (db: DbOrTx, kind: HolderMailKind, ref: string) =>
  notExists(
    db
      .select({ one: sql`1` })
      .from(holderDeliveries)
      .where(and(eq(holderDeliveries.kind, kind), eq(holderDeliveries.ref, ref), eq(holderDeliveries.email, holderAddress))),
  );

/**
 * Claims one holder e-mail (kind, ref, address) in the caller's transaction, which queues the
 * e-mail too: true for the one claim that wins, however many workers try at once.
 */
export async function claimDelivery(tx: DbOrTx, kind: HolderMailKind, ref: string, email: string): Promise<boolean> {
  const [mine] = await tx.insert(holderDeliveries).values({ kind, ref, email }).onConflictDoNothing().returning({ email: holderDeliveries.email });
  return Boolean(mine);
}

/** How many addresses hold how many tickets of a gig. */
export async function countHolders(db: DbOrTx, gigId: string): Promise<{ holderCount: number; ticketCount: number }> {
  const [row] = await db
    .select({ holderCount: sql<number>`count(distinct ${holderAddress})::int`, ticketCount: sql<number>`count(*)::int` })
    .from(tickets)
    .where(and(eq(tickets.gigId, gigId), isHeld));
  return row ?? { holderCount: 0, ticketCount: 0 };
}

export type GigShow = Awaited<ReturnType<typeof findGigShow>>;

/** A gig as holder e-mails name it: the act, the venue and its address, the date and time in the gig's zone. */
export async function findGigShow(db: DbOrTx, gigId: string) {
  const [row] = await db
    .select({
      gigId: gigs.id,
      localDate: gigs.localDate,
      startTime: gigs.startTime,
      endTime: gigs.endTime,
      startsAt: gigs.startsAt,
      timeZone: regions.timeZone,
      venueName: venueProfiles.name,
      venueAddress: venueProfiles.address,
      showName: showName,
      organiserName: sql<string>`coalesce(nullif(${user.name}, ''), ${venueProfiles.name})`,
      organiserEmail: user.email,
    })
    .from(gigs)
    .innerJoin(regions, eq(regions.slug, gigs.regionSlug))
    .innerJoin(venueProfiles, eq(venueProfiles.userId, gigs.venueId))
    .innerJoin(user, eq(user.id, sql`coalesce(${gigs.promoterId}, ${gigs.venueId})`))
    .leftJoin(bandProfiles, eq(bandProfiles.userId, gigs.bandId))
    .leftJoin(managedArtists, eq(managedArtists.id, gigs.managedArtistId))
    .where(eq(gigs.id, gigId));
  if (!row) throw new AppError('NOT_FOUND', 'That gig was not found.');
  return { ...row, when: `${formatLocalDate(row.localDate)}, ${formatTimeRange(row.localDate, row.startTime, row.endTime, row.timeZone)}` };
}

/**
 * The gig, if this account may write to its holders or cancel it: the gig's organiser (a venue or
 * promoter, as decision 17 says who runs it), or an admin. Anyone else's id is "not found".
 */
export async function findManagedGig(db: DbOrTx, sessionUser: SessionUser, gigId: string) {
  if (sessionUser.role !== 'admin') return findOrganisedGig(db, asOrganiser(sessionUser), gigId);
  if (!isUuid(gigId)) throw new AppError('NOT_FOUND', 'That gig was not found.');
  const [gig] = await db.select().from(gigs).where(eq(gigs.id, gigId));
  if (!gig) throw new AppError('NOT_FOUND', 'That gig was not found.');
  return gig;
}
