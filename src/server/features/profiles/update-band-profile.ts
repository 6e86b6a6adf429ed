import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { bandProfileSchema } from '../../../core/schemas/profiles.ts';
import { bandExtraGigs, bandGalleryImages, bandLinks, bandMembers, bandProfiles } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { Services } from '../../services.ts';
import { assertOwnImages } from './assert-own-images.ts';
import { publishProfileChange } from './publish-profile-change.ts';

type BandProfile = z.output<typeof bandProfileSchema>;

/** The band editor's save: the profile and its lists, replaced all at once. */
export async function updateBandProfile(services: Services, bandId: string, input: BandProfile): Promise<void> {
  const { db } = services;
  const [current] = await db.select().from(bandProfiles).where(eq(bandProfiles.userId, bandId));
  if (!current) throw new AppError('NOT_FOUND', 'No profile found');
  const shownGallery = (await db.select({ url: bandGalleryImages.url }).from(bandGalleryImages).where(eq(bandGalleryImages.bandId, bandId))).map((g) => g.url);
  await assertOwnImages(
    services,
    bandId,
    [
      { field: 'imageUrl', url: input.imageUrl },
      { field: 'logoUrl', url: input.logoUrl, kind: 'logo' },
      ...input.gallery.map((url) => ({ field: 'gallery', url })),
    ],
    [current.imageUrl, current.logoUrl, ...shownGallery],
  );
  const { members, gallery, extraGigs, customLinks, ...fields } = input;
  await db.transaction(async (tx) => {
    await tx
      .update(bandProfiles)
      .set({
        ...fields,
        bio: fields.bio ?? null,
        yearsActive: fields.yearsActive ?? null,
        performanceStyle: fields.performanceStyle ?? null,
        phone: fields.phone ?? null,
        contactEmail: fields.contactEmail ?? null,
        contactPhone: fields.contactPhone ?? null,
        instagramUrl: fields.instagramUrl ?? null,
        facebookUrl: fields.facebookUrl ?? null,
        youtubeUrl: fields.youtubeUrl ?? null,
        website: fields.website ?? null,
        spotifyUrl: fields.spotifyUrl ?? null,
        youtubeChannelUrl: fields.youtubeChannelUrl ?? null,
        youtubeHighlightUrl: fields.youtubeHighlightUrl ?? null,
        youtubeEmbedUrl: fields.youtubeEmbedUrl ?? null,
        spotifyEmbedUrl: fields.spotifyEmbedUrl ?? null,
      })
      .where(eq(bandProfiles.userId, bandId));
    await tx.delete(bandMembers).where(eq(bandMembers.bandId, bandId));
    if (members.length) {
      await tx.insert(bandMembers).values(members.map((m, position) => ({ bandId, name: m.name, instrument: m.instrument ?? '', instagramHandle: m.instagramHandle ?? null, position })));
    }
    await tx.delete(bandGalleryImages).where(eq(bandGalleryImages.bandId, bandId));
    if (gallery.length) await tx.insert(bandGalleryImages).values(gallery.map((url, position) => ({ bandId, url, position })));
    await tx.delete(bandExtraGigs).where(eq(bandExtraGigs.bandId, bandId));
    if (extraGigs.length) {
      await tx.insert(bandExtraGigs).values(extraGigs.map((g) => ({ bandId, localDate: g.localDate, venueName: g.venueName, ticketUrl: g.ticketUrl ?? null })));
    }
    await tx.delete(bandLinks).where(eq(bandLinks.bandId, bandId));
    if (customLinks.length) await tx.insert(bandLinks).values(customLinks.map((l, position) => ({ bandId, label: l.label, url: l.url, position })));
  });
  await publishProfileChange(services);
}
