import { count, desc, eq } from 'drizzle-orm';
import type { GearListingView, GearPage } from '../../../core/gear-rules.ts';
import type { DbOrTx } from '../../db/client.ts';
import { gearListings } from '../../db/schema.ts';
import type { SessionUser } from '../../http/session.ts';

export const GEAR_PAGE_SIZE = 24;

/**
 * The gear-swap grid (spec 1 §7): unsold listings, newest first, a page at a time. Sellers'
 * e-mail and phone go to signed-in users only (D21); a visitor's copy has no contact at all.
 */
export async function listGear(db: DbOrTx, viewer: SessionUser | null, page = 1): Promise<GearPage> {
  const unsold = eq(gearListings.isSold, false);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(gearListings)
      .where(unsold)
      .orderBy(desc(gearListings.createdAt), desc(gearListings.id))
      .limit(GEAR_PAGE_SIZE)
      .offset((page - 1) * GEAR_PAGE_SIZE),
    db.select({ total: count() }).from(gearListings).where(unsold),
  ]);
  const listings = rows.map(
    (row): GearListingView => ({
      id: row.id,
      title: row.title,
      description: row.description,
      price: row.price,
      imageUrls: row.imageUrls,
      createdAt: row.createdAt.toISOString(),
      isOwn: row.userId === viewer?.id,
      contact: viewer ? { email: row.email, phone: row.phone } : null,
    }),
  );
  return { listings, page, pageSize: GEAR_PAGE_SIZE, total: totals?.total ?? 0, isContactHidden: !viewer };
}
