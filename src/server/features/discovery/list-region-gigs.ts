import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { regions } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { listUpcomingPublicGigs } from './public-gigs.ts';

export const REGION_PAGE_GIG_LIMIT = 6;

async function getRegionByPath(db: Db, regionPath: string) {
  const [region] = await db
    .select({ slug: regions.slug, name: regions.name, path: regions.path, timeZone: regions.timeZone })
    .from(regions)
    .where(eq(regions.path, `/${regionPath}`));
  if (!region) throw new AppError('NOT_FOUND', 'That location does not exist.');
  return region;
}

/** Location homepage (spec 1 §2): up to 6 upcoming approved gigs of the region, soonest first. */
export async function listRegionGigs(db: Db, regionPath: string) {
  const region = await getRegionByPath(db, regionPath);
  const list = await listUpcomingPublicGigs(db, 'region', region.slug, REGION_PAGE_GIG_LIMIT);
  return { region, gigs: list };
}
