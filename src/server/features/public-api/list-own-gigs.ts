import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { apiOwnGigSchema } from '../../../core/schemas/public-api.ts';
import { isUuid } from '../../../core/ids.ts';
import type { Db } from '../../db/client.ts';
import { bandProfiles, gigs, venueProfiles } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { organisedBy } from '../booking/gig-ownership.ts';
import { decodeCursor, toPage } from './api-cursor.ts';
import { gigKeysetAfter } from './list-api-gigs.ts';
import type { ApiKeyOwner } from './api-keys.ts';

type ApiOwnGig = z.output<typeof apiOwnGigSchema>;

/** A key owner's own gigs: those a venue or promoter organises (as its dashboard lists them), a band's bookings. */
export function ownedBy(owner: ApiKeyOwner): SQL {
  return owner.role === 'band' ? eq(gigs.bandId, owner.id) : organisedBy({ id: owner.id, role: owner.role });
}

const NOT_FOUND = 'That gig was not found.';

/**
 * The gig, if it is the key owner's; `isOrganiserOnly` for what only the organiser's dashboard shows
 * (who holds tickets, who came in). Anyone else's gig is "not found", so ids reveal nothing.
 */
export async function findOwnGig(db: Db, owner: ApiKeyOwner, gigId: string, { isOrganiserOnly = false } = {}) {
  if (!isUuid(gigId) || (isOrganiserOnly && owner.role === 'band')) throw new AppError('NOT_FOUND', NOT_FOUND);
  const [gig] = await db.select({ id: gigs.id }).from(gigs).where(and(eq(gigs.id, gigId), ownedBy(owner)));
  if (!gig) throw new AppError('NOT_FOUND', NOT_FOUND);
  return gig;
}

/** GET /api/v1/me/gigs: every gig of the key's owner, whatever its state, in date order, a keyset page at a time. */
export async function listOwnGigs(db: Db, owner: ApiKeyOwner, query: { limit: number; cursor?: string }) {
  const after = query.cursor ? gigKeysetAfter(decodeCursor(query.cursor, 3)) : undefined;
  const rows = await db
    .select({
      id: gigs.id,
      date: gigs.localDate,
      startTime: gigs.startTime,
      status: sql<ApiOwnGig['status']>`case when ${gigs.cancelledAt} is not null then 'cancelled' else ${gigs.status}::text end`,
      isTicketed: gigs.isTicketed,
      priceCents: gigs.ticketPriceCents,
      ticketQuantity: gigs.ticketQuantity,
      ticketsSold: gigs.ticketsSold,
      venueName: venueProfiles.name,
      venueSlug: venueProfiles.slug,
      bandName: bandProfiles.name,
      bandSlug: bandProfiles.slug,
    })
    .from(gigs)
    .innerJoin(venueProfiles, eq(venueProfiles.userId, gigs.venueId))
    .leftJoin(bandProfiles, eq(bandProfiles.userId, gigs.bandId))
    .where(and(ownedBy(owner), after))
    .orderBy(asc(gigs.localDate), asc(gigs.startTime), asc(gigs.id))
    .limit(query.limit + 1);
  return toPage(
    rows,
    query.limit,
    ({ venueName, venueSlug, bandName, bandSlug, ...gig }): ApiOwnGig => ({
      ...gig,
      currency: 'USD',
      venue: { name: venueName, slug: venueSlug },
      band: bandName !== null && bandSlug !== null ? { name: bandName, slug: bandSlug } : null,
    }),
    (r) => [r.date, r.startTime, r.id],
  );
}
