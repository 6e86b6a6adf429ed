import { eq } from 'drizzle-orm';
import type { Role } from '../../../core/roles.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  bandProfiles,
  managedArtists,
  managerProfiles,
  promoterProfiles,
  promoterVenues,
  rehearsalSpaceProfiles,
  venueProfiles,
} from '../../db/schema.ts';

export type ProfileSummary = Record<string, string | string[] | number | boolean | null>;

/** The signed-in account's own profile, as its dashboard summarises it. */
export async function getProfileSummary(db: DbOrTx, userId: string, role: Role): Promise<ProfileSummary | null> {
  switch (role) {
    case 'band': {
      const [p] = await db.select().from(bandProfiles).where(eq(bandProfiles.userId, userId));
      return p
        ? { name: p.name, slug: p.slug, description: p.description, genres: p.genres, imageUrl: p.imageUrl, website: p.website, instagramUrl: p.instagramUrl, performerType: p.performerType, hasBetaOutreach: p.hasBetaOutreach }
        : null;
    }
    case 'venue': {
      const [p] = await db.select().from(venueProfiles).where(eq(venueProfiles.userId, userId));
      return p
        ? { name: p.name, slug: p.slug, address: p.address, phone: p.phone, contactEmail: p.contactEmail, website: p.website, imageUrl: p.imageUrl }
        : null;
    }
    case 'promoter': {
      const [p] = await db.select().from(promoterProfiles).where(eq(promoterProfiles.userId, userId));
      if (!p) return null;
      const venues = await db
        .select({ name: venueProfiles.name, status: promoterVenues.status })
        .from(promoterVenues)
        .innerJoin(venueProfiles, eq(venueProfiles.userId, promoterVenues.venueId))
        .where(eq(promoterVenues.promoterId, userId));
      // D34: the venues that accepted, then the requests still waiting for an answer.
      const listed = [...venues.filter((v) => v.status === 'accepted').map((v) => v.name), ...venues.filter((v) => v.status === 'pending').map((v) => `${v.name} (waiting for the venue)`)];
      return { name: p.name, companyName: p.companyName, slug: p.slug, phone: p.phone, email: p.email, website: p.website, imageUrl: p.imageUrl, venues: listed };
    }
    case 'artist_manager': {
      const [p] = await db.select().from(managerProfiles).where(eq(managerProfiles.userId, userId));
      if (!p) return null;
      const artists = await db.select({ name: managedArtists.name }).from(managedArtists).where(eq(managedArtists.managerId, userId));
      return { name: p.name, description: p.description, website: p.website, instagramUrl: p.instagramUrl, imageUrl: p.imageUrl, artists: artists.map((a) => a.name) };
    }
    case 'rehearsal_space': {
      const [p] = await db.select().from(rehearsalSpaceProfiles).where(eq(rehearsalSpaceProfiles.userId, userId));
      return p
        ? { name: p.name, address: p.address, phone: p.phone, contactEmail: p.contactEmail, website: p.website, description: p.description, imageUrl: p.imageUrl }
        : null;
    }
    default:
      return null;
  }
}
