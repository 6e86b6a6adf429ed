import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog, gearListings } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { CurrentSession } from '../../http/session.ts';
import { publishChange } from '../live/live-events.ts';

/**
 * Deletes a listing: its seller may, and an admin may remove anyone's (spam). An admin's removal
 * of someone else's listing is written to the audit log with what was removed.
 */
export async function deleteGearListing(db: Db, session: CurrentSession, listingId: string): Promise<void> {
  const { user } = session;
  await db.transaction(async (tx) => {
    const [listing] = await tx.select().from(gearListings).where(eq(gearListings.id, listingId));
    if (!listing) throw new AppError('NOT_FOUND', 'This listing no longer exists.');
    const isOwner = listing.userId === user.id;
    if (!isOwner && user.role !== 'admin') throw new AppError('FORBIDDEN', 'Only the seller or an admin can delete this listing.');
    await tx.delete(gearListings).where(eq(gearListings.id, listingId));
    if (!isOwner) {
      await tx.insert(auditLog).values({
        actorId: user.id,
        action: 'gear.removed',
        targetId: listingId,
        details: { sellerId: listing.userId, title: listing.title, price: listing.price, wasSold: listing.isSold },
      });
    }
    if (!listing.isSold) await publishChange(tx, 'gear');
  });
}
