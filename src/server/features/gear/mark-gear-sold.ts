import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { gearListings } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/session.ts';
import { publishChange } from '../live/live-events.ts';

/**
 * Mark as Sold (spec 1 §4): only the listing's owner, and only one way. Marking a sold listing
 * again changes nothing and succeeds, so a double click or a retry is harmless.
 */
export async function markGearSold(db: Db, seller: SessionUser, listingId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [listing] = await tx.select({ userId: gearListings.userId, isSold: gearListings.isSold }).from(gearListings).where(eq(gearListings.id, listingId));
    if (!listing) throw new AppError('NOT_FOUND', 'This listing no longer exists.');
    if (listing.userId !== seller.id) throw new AppError('FORBIDDEN', 'Only the seller can mark this listing as sold.');
    const changed = await tx
      .update(gearListings)
      .set({ isSold: true, soldAt: new Date() })
      .where(and(eq(gearListings.id, listingId), eq(gearListings.isSold, false)))
      .returning({ id: gearListings.id });
    if (changed.length > 0) await publishChange(tx, 'gear');
  });
}
