import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  bandExtraGigs,
  bandGalleryImages,
  bandLinks,
  bandMembers,
  bandProfiles,
  managedArtists,
  managerProfiles,
  promoterGalleryImages,
  promoterProfiles,
  promoterVenues,
  rehearsalSpaceProfiles,
  venueProfiles,
} from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/session.ts';

const NO_PROFILE = 'No profile found';

/** The managed artists in list order; an artist's index in this list is its /edit-artist/{index}. */
export function listManagedArtists(db: DbOrTx, managerId: string) {
  return db
    .select()
    .from(managedArtists)
    .where(eq(managedArtists.managerId, managerId))
    .orderBy(asc(managedArtists.position), asc(managedArtists.addedAt), asc(managedArtists.id));
}

async function getBand(db: DbOrTx, userId: string) {
  const [profile] = await db.select().from(bandProfiles).where(eq(bandProfiles.userId, userId));
  if (!profile) return null;
  const [members, gallery, customLinks, extraGigs] = await Promise.all([
    db.select({ name: bandMembers.name, instrument: bandMembers.instrument, instagramHandle: bandMembers.instagramHandle }).from(bandMembers).where(eq(bandMembers.bandId, userId)).orderBy(asc(bandMembers.position)),
    db.select({ url: bandGalleryImages.url }).from(bandGalleryImages).where(eq(bandGalleryImages.bandId, userId)).orderBy(asc(bandGalleryImages.position)),
    db.select({ label: bandLinks.label, url: bandLinks.url }).from(bandLinks).where(eq(bandLinks.bandId, userId)).orderBy(asc(bandLinks.position)),
    db.select({ localDate: bandExtraGigs.localDate, venueName: bandExtraGigs.venueName, ticketUrl: bandExtraGigs.ticketUrl }).from(bandExtraGigs).where(eq(bandExtraGigs.bandId, userId)).orderBy(asc(bandExtraGigs.localDate)),
  ]);
  return { ...profile, members, gallery: gallery.map((g) => g.url), customLinks, extraGigs };
}

async function getPromoter(db: DbOrTx, userId: string) {
  const [profile] = await db.select().from(promoterProfiles).where(eq(promoterProfiles.userId, userId));
  if (!profile) return null;
  const [venues, gallery] = await Promise.all([
    db
      .select({ id: promoterVenues.venueId, name: venueProfiles.name, status: promoterVenues.status })
      .from(promoterVenues)
      .innerJoin(venueProfiles, eq(venueProfiles.userId, promoterVenues.venueId))
      .where(eq(promoterVenues.promoterId, userId))
      .orderBy(asc(venueProfiles.name)),
    db.select({ url: promoterGalleryImages.url }).from(promoterGalleryImages).where(eq(promoterGalleryImages.promoterId, userId)).orderBy(asc(promoterGalleryImages.position)),
  ]);
  // D34: the picker holds the venues still asked or accepted; each request shows the venue's answer.
  const venueIds = venues.filter((v) => v.status === 'pending' || v.status === 'accepted').map((v) => v.id);
  return { ...profile, venueIds, venueRequests: venues, gallery: gallery.map((g) => g.url) };
}

async function getManager(db: DbOrTx, userId: string) {
  const [profile] = await db.select().from(managerProfiles).where(eq(managerProfiles.userId, userId));
  if (!profile) return null;
  const artists = await listManagedArtists(db, userId);
  return {
    ...profile,
    artists: artists.map((a, index) => ({ index, name: a.name, genre: a.genre, description: a.description, imageUrl: a.imageUrl })),
  };
}

async function findProfile(db: DbOrTx, owner: SessionUser) {
  switch (owner.role) {
    case 'band':
      return getBand(db, owner.id);
    case 'venue':
      return (await db.select().from(venueProfiles).where(eq(venueProfiles.userId, owner.id)))[0] ?? null;
    case 'promoter':
      return getPromoter(db, owner.id);
    case 'artist_manager':
      return getManager(db, owner.id);
    case 'rehearsal_space':
      return (await db.select().from(rehearsalSpaceProfiles).where(eq(rehearsalSpaceProfiles.userId, owner.id)))[0] ?? null;
    default:
      return null;
  }
}

/** The signed-in account's whole profile, as its editor shows it. */
export async function getOwnProfile(db: DbOrTx, owner: SessionUser) {
  const profile = await findProfile(db, owner);
  if (!profile) throw new AppError('NOT_FOUND', NO_PROFILE);
  return { role: owner.role, accountEmail: owner.email, profile };
}
