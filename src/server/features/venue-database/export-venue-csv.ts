import { asc, sql } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import type { VenueFilters } from '../../../core/schemas/venue-directory.ts';
import { VENUE_CSV_COLUMNS } from '../../../core/venue-directory.ts';
import type { DbOrTx } from '../../db/client.ts';
import { venueDirectory } from '../../db/schema.ts';
import { venueFilterCondition } from './list-venue-directory.ts';
import { toCsvRecord } from './venue-csv.ts';

/** The filtered directory as CSV, by name, with the import's header row: an export imports back unchanged. */
export async function exportVenueCsv(db: DbOrTx, filters: VenueFilters): Promise<string> {
  const rows = await db
    .select()
    .from(venueDirectory)
    .where(venueFilterCondition(filters))
    .orderBy(asc(sql`lower(${venueDirectory.name})`), asc(venueDirectory.id));
  return stringify([[...VENUE_CSV_COLUMNS], ...rows.map(toCsvRecord)], { record_delimiter: '\r\n' });
}
