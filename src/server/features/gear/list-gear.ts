import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { GearFilters, GearListingView, GearPage } from '../../../core/gear-rules.ts';
import type { DbOrTx } from '../../db/client.ts';
import { gearListings, regions, user as users } from '../../db/schema.ts';
import type { SessionUser } from '../../http/session.ts';

export const GEAR_PAGE_SIZE = 24;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The gear-swap grid (spec 1 §7): unsold listings, newest first, a page at a time, narrowed by
 * the seller's location and by words in the title or description (issue 21). A listing's city is
 * its seller's location. Sellers' e-mail and phone go to signed-in users only (D21); a visitor's
 * copy has no contact at all.
 */
export async function listGear(db: DbOrTx, viewer: SessionUser | null, { page = 1, location, search }: GearFilters = {}): Promise<GearPage> {
  const conditions: SQL[] = [eq(gearListings.isSold, false)];
  if (location) conditions.push(eq(users.location, location));
  if (search) conditions.push(or(ilike(gearListings.title, likePattern(search)), ilike(gearListings.description, likePattern(search)))!);
  const where = and(...conditions);
  const [rows, [totals]] = await Promise.all([
    db
      .select({ listing: gearListings, city: regions.name })
      .from(gearListings)
      .innerJoin(users, eq(users.id, gearListings.userId))
      .leftJoin(regions, eq(regions.slug, users.location))
      .where(where)
      .orderBy(desc(gearListings.createdAt), desc(gearListings.id))
      .limit(GEAR_PAGE_SIZE)
      .offset((page - 1) * GEAR_PAGE_SIZE),
    db.select({ total: count() }).from(gearListings).innerJoin(users, eq(users.id, gearListings.userId)).where(where),
  ]);
  const listings = rows.map(
    ({ listing: row, city }): GearListingView => ({
      id: row.id,
      title: row.title,
      description: row.description,
      price: row.price,
      imageUrls: row.imageUrls,
      city,
      createdAt: row.createdAt.toISOString(),
      isOwn: row.userId === viewer?.id,
      contact: viewer ? { email: row.email, phone: row.phone } : null,
    }),
  );
  return { listings, page, pageSize: GEAR_PAGE_SIZE, total: totals?.total ?? 0, isContactHidden: !viewer };
}
