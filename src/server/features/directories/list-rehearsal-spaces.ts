import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { regions, rehearsalSpaceProfiles, user } from '../../db/schema.ts';
import { isPublicAccount } from '../discovery/public-gigs.ts';

/** Rehearsal-space directory (spec 1 §2). */
export async function listRehearsalSpaces(db: Db) {
  const spaces = await db
    .select({
      id: rehearsalSpaceProfiles.userId,
      name: rehearsalSpaceProfiles.name,
      address: rehearsalSpaceProfiles.address,
      phone: rehearsalSpaceProfiles.phone,
      contactEmail: rehearsalSpaceProfiles.contactEmail,
      website: rehearsalSpaceProfiles.website,
      description: rehearsalSpaceProfiles.description,
      imageUrl: rehearsalSpaceProfiles.imageUrl,
      regionName: regions.name,
    })
    .from(rehearsalSpaceProfiles)
    .innerJoin(user, eq(user.id, rehearsalSpaceProfiles.userId))
    .innerJoin(regions, eq(regions.slug, user.location))
    .where(isPublicAccount(rehearsalSpaceProfiles.userId))
    .orderBy(asc(rehearsalSpaceProfiles.name));
  return { spaces };
}
