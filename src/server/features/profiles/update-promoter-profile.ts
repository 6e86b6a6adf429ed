import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { promoterProfileSchema } from '../../../core/schemas/profiles.ts';
import type { DbOrTx } from '../../db/client.ts';
import { promoterGalleryImages, promoterProfiles, user, venueProfiles } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { Services } from '../../services.ts';
import { assertUnderRequestLimit, requestVenueAssociations } from '../promoter-venues/request-venue-associations.ts';
import { assertOwnImages } from './assert-own-images.ts';
import { publishProfileChange } from './publish-profile-change.ts';

/** Spec 2 §6: a promoter lists venues with the venue role, and only those. */
async function assertVenueRoleAccounts(db: DbOrTx, venueIds: string[]): Promise<void> {
  if (venueIds.length === 0) return;
  const found = await db
    .select({ id: venueProfiles.userId })
    .from(venueProfiles)
    .innerJoin(user, eq(user.id, venueProfiles.userId))
    .where(and(inArray(venueProfiles.userId, venueIds), eq(user.role, 'venue')));
  if (found.length !== venueIds.length) {
    const message = 'One of the chosen venues is not a venue on Marquee.';
    throw new AppError('VALIDATION', message, { venueIds: message });
  }
}

/** The promoter editor's save: details, image, venue requests (D34), gallery and video. */
export async function updatePromoterProfile(services: Services, promoterId: string, input: z.output<typeof promoterProfileSchema>): Promise<void> {
  const { db } = services;
  const [current] = await db.select().from(promoterProfiles).where(eq(promoterProfiles.userId, promoterId));
  if (!current) throw new AppError('NOT_FOUND', 'No profile found');
  const venueIds = [...new Set(input.venueIds)];
  await assertVenueRoleAccounts(db, venueIds);
  await assertUnderRequestLimit(services, promoterId, venueIds);
  const shownGallery = (await db.select({ url: promoterGalleryImages.url }).from(promoterGalleryImages).where(eq(promoterGalleryImages.promoterId, promoterId))).map((g) => g.url);
  await assertOwnImages(
    services,
    promoterId,
    [{ field: 'imageUrl', url: input.imageUrl }, ...input.gallery.map((url) => ({ field: 'gallery', url }))],
    [current.imageUrl, ...shownGallery],
  );
  await db.transaction(async (tx) => {
    await tx
      .update(promoterProfiles)
      .set({
        companyName: input.companyName ?? null,
        description: input.description,
        phone: input.phone ?? null,
        email: input.email ?? null,
        website: input.website ?? null,
        facebookUrl: input.facebookUrl ?? null,
        instagramUrl: input.instagramUrl ?? null,
        youtubeUrl: input.youtubeUrl ?? null,
        imageUrl: input.imageUrl,
        videoUrl: input.videoUrl ?? null,
      })
      .where(eq(promoterProfiles.userId, promoterId));
    await requestVenueAssociations(services, tx, promoterId, venueIds);
    await tx.delete(promoterGalleryImages).where(eq(promoterGalleryImages.promoterId, promoterId));
    if (input.gallery.length) await tx.insert(promoterGalleryImages).values(input.gallery.map((url, position) => ({ promoterId, url, position })));
  });
  await publishProfileChange(services);
}

/** The venue picker: accounts with the venue role, by name. */
export function listVenueChoices(db: DbOrTx) {
  return db
    .select({ id: venueProfiles.userId, name: venueProfiles.name, address: venueProfiles.address })
    .from(venueProfiles)
    .innerJoin(user, eq(user.id, venueProfiles.userId))
    .where(eq(user.role, 'venue'))
    .orderBy(venueProfiles.name);
}
