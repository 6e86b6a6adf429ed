import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { gigs, managedArtists, paymentAccounts } from '../../db/schema.ts';

/**
 * Who a gig's shares belong to (D10): the band (or, for a managed artist, its manager) and the
 * organiser (the promoter of a promoter's gig, else the venue).
 */
export async function findGigPayees(db: DbOrTx, gigId: string) {
  const [gig] = await db
    .select({ bandId: gigs.bandId, managerId: managedArtists.managerId, venueId: gigs.venueId, promoterId: gigs.promoterId })
    .from(gigs)
    .leftJoin(managedArtists, eq(managedArtists.id, gigs.managedArtistId))
    .where(eq(gigs.id, gigId));
  if (!gig) return null;
  return { bandPayeeId: gig.bandId ?? gig.managerId ?? null, organiserId: gig.promoterId ?? gig.venueId };
}

/** The payout account of each user that can receive money now (status complete), by user id. */
export async function findCompleteAccounts(db: DbOrTx, userIds: Array<string | null>): Promise<Map<string, string>> {
  const ids = userIds.filter((id): id is string => Boolean(id));
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ userId: paymentAccounts.userId, accountId: paymentAccounts.providerAccountId })
    .from(paymentAccounts)
    .where(and(inArray(paymentAccounts.userId, ids), eq(paymentAccounts.status, 'complete')));
  return new Map(rows.map((row) => [row.userId, row.accountId]));
}
