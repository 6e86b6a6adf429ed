import type { GearListingFields } from '../../../core/schemas/gear.ts';
import { gearListings } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { countHit } from '../../http/rate-limit.ts';
import type { SessionUser } from '../../http/session.ts';
import type { Services } from '../../services.ts';
import { publishChange } from '../live/live-events.ts';
import { assertOwnImages } from '../profiles/assert-own-images.ts';

/** A seller with more than this many new listings a day is more likely a spammer than a musician. */
const LISTINGS_PER_DAY = 20;

/** Lists gear for sale (spec 1 §5, §7): any signed-in account, its own uploaded images only. */
export async function createGearListing(services: Services, seller: SessionUser, input: GearListingFields): Promise<{ id: string }> {
  const { db } = services;
  if (services.isRateLimitEnabled && (await countHit(db, `gear-listing:${seller.id}`, 24 * 60 * 60 * 1000)) > LISTINGS_PER_DAY) {
    throw new AppError('RATE_LIMITED', 'You have listed a lot of gear today. Please try again tomorrow.');
  }
  await assertOwnImages(
    services,
    seller.id,
    input.imageUrls.map((url) => ({ field: 'imageUrls', url })),
    [],
  );
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(gearListings)
      .values({
        userId: seller.id,
        title: input.title,
        description: input.description,
        price: input.price,
        email: input.email ?? null,
        phone: input.phone ?? null,
        imageUrls: input.imageUrls,
      })
      .returning({ id: gearListings.id });
    await publishChange(tx, 'gear');
    return { id: row!.id };
  });
}
