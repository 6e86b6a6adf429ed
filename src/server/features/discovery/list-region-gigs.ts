import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { todayIn } from '../../../core/time.ts';
import type { Db } from '../../db/client.ts';
import { bandProfiles, gigs, regions, venueProfiles } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';

export const REGION_PAGE_GIG_LIMIT = 6;

export type PublicGig = {
  id: string;
  localDate: string;
  startTime: string;
  endTime: string;
  timeZone: string;
  coverCharge: string | null;
  ticketPriceCents: number | null;
  isSoldOut: boolean;
  venue: { id: string; name: string; slug: string; address: string };
  band: { id: string; name: string; slug: string; performerType: string; genres: string[]; imageUrl: string | null } | null;
};

/** The columns every public gig card needs, from one join (no per-gig lookups). */
export const publicGigColumns = {
  id: gigs.id,
  localDate: gigs.localDate,
  startTime: gigs.startTime,
  endTime: gigs.endTime,
  timeZone: regions.timeZone,
  coverCharge: gigs.coverCharge,
  isTicketed: gigs.isTicketed,
  ticketPriceCents: gigs.ticketPriceCents,
  ticketQuantity: gigs.ticketQuantity,
  ticketsSold: gigs.ticketsSold,
  venueId: venueProfiles.userId,
  venueName: venueProfiles.name,
  venueSlug: venueProfiles.slug,
  venueAddress: venueProfiles.address,
  bandId: bandProfiles.userId,
  bandName: bandProfiles.name,
  bandSlug: bandProfiles.slug,
  performerType: bandProfiles.performerType,
  genres: bandProfiles.genres,
  bandImageUrl: bandProfiles.imageUrl,
};

type PublicGigRow = { [K in keyof typeof publicGigColumns]: unknown } & Record<string, unknown>;

export function toPublicGig(row: PublicGigRow): PublicGig {
  const r = row as {
    id: string; localDate: string; startTime: string; endTime: string; timeZone: string; coverCharge: string | null;
    isTicketed: boolean; ticketPriceCents: number | null; ticketQuantity: number | null; ticketsSold: number;
    venueId: string; venueName: string; venueSlug: string; venueAddress: string;
    bandId: string | null; bandName: string | null; bandSlug: string | null; performerType: string | null; genres: string[] | null; bandImageUrl: string | null;
  };
  return {
    id: r.id,
    localDate: r.localDate,
    startTime: r.startTime,
    endTime: r.endTime,
    timeZone: r.timeZone,
    coverCharge: r.coverCharge,
    ticketPriceCents: r.isTicketed ? r.ticketPriceCents : null,
    isSoldOut: r.isTicketed && r.ticketQuantity !== null && r.ticketsSold >= r.ticketQuantity,
    venue: { id: r.venueId, name: r.venueName, slug: r.venueSlug, address: r.venueAddress },
    band: r.bandId
      ? { id: r.bandId, name: r.bandName!, slug: r.bandSlug!, performerType: r.performerType || 'BAND', genres: r.genres ?? [], imageUrl: r.bandImageUrl }
      : null,
  };
}

/** Location homepage (spec 1 §2): up to 6 approved gigs dated today or later in the region's zone (D8). */
export async function listRegionGigs(db: Db, regionPath: string) {
  const [region] = await db
    .select({ slug: regions.slug, name: regions.name, path: regions.path, timeZone: regions.timeZone })
    .from(regions)
    .where(eq(regions.path, `/${regionPath}`));
  if (!region) throw new AppError('NOT_FOUND', 'That location does not exist.');
  const rows = await db
    .select(publicGigColumns)
    .from(gigs)
    .innerJoin(regions, eq(regions.slug, gigs.regionSlug))
    .innerJoin(venueProfiles, eq(venueProfiles.userId, gigs.venueId))
    .leftJoin(bandProfiles, eq(bandProfiles.userId, gigs.bandId))
    .where(and(eq(gigs.regionSlug, region.slug), eq(gigs.isApproved, true), gte(gigs.localDate, todayIn(region.timeZone))))
    .orderBy(asc(gigs.localDate), asc(gigs.startTime), asc(sql`${gigs.id}`))
    .limit(REGION_PAGE_GIG_LIMIT);
  return { region, gigs: rows.map(toPublicGig) };
}
