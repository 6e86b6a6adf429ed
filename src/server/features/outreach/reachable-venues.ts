import { and, eq, isNull, ne, notExists, or, sql, type SQL } from 'drizzle-orm';
import { emailOptOuts, venueDirectory } from '../../db/schema.ts';

/** The address a campaign writes to: the booking address when there is one (spec 3 §3). */
export const venueEmail = sql<string>`coalesce(nullif(${venueDirectory.bookingEmail}, ''), ${venueDirectory.email})`;

export const OUTREACH_OPT_OUT_KIND = 'venue_outreach';

/**
 * The venues a campaign in a location may e-mail (spec 3 §4, D26): active, with an e-mail, and
 * neither the entry nor its address has opted out.
 */
export function reachableIn(regionSlug: string): SQL {
  return and(eq(venueDirectory.regionSlug, regionSlug), reachableVenue())!;
}

/** As reachableIn, in every location (for counts per location). */
export function reachableVenue(): SQL {
  return and(
    eq(venueDirectory.isActive, true),
    isNull(venueDirectory.optedOutAt),
    or(and(ne(venueDirectory.email, ''), sql`${venueDirectory.email} is not null`), and(ne(venueDirectory.bookingEmail, ''), sql`${venueDirectory.bookingEmail} is not null`)),
    notExists(
      sql`(select 1 from ${emailOptOuts} where ${emailOptOuts.kind} = ${OUTREACH_OPT_OUT_KIND} and ${emailOptOuts.email} = lower(${venueEmail}))`,
    ),
  )!;
}
