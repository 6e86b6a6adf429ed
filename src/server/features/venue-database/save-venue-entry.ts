import { eq } from 'drizzle-orm';
import type { VenueEntryFields } from '../../../core/schemas/venue-directory.ts';
import type { VenueEntryView } from '../../../core/venue-directory.ts';
import type { Db } from '../../db/client.ts';
import { venueDirectory } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { assertRegion, duplicateEntryError, isUniqueViolation, readEntryAddresses, rotateChangedAddresses, toEntryValues, toVenueView } from './venue-entries.ts';

export const ENTRY_GONE = 'This venue is no longer in the database.';

/** Writes an entry; another entry with the same natural key (decision 23) is a 409 on the field that clashes. */
async function writeEntry(fields: VenueEntryFields, write: () => Promise<(typeof venueDirectory.$inferSelect)[]>) {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateEntryError(fields);
    throw error;
  }
}

/** Adds an entry to the venue database (admin; the route checks the role). */
export async function createVenueEntry(db: Db, fields: VenueEntryFields): Promise<VenueEntryView> {
  const regionName = await assertRegion(db, fields.regionSlug);
  const [row] = await writeEntry(fields, () => db.insert(venueDirectory).values(toEntryValues(fields)).returning());
  return toVenueView(row!, regionName);
}

/**
 * Replaces an entry's fields; its opt-out stays as the venue left it. A changed address ends the
 * opt-out links already sent (issue 20): they were the old address's.
 */
export async function updateVenueEntry(db: Db, id: string, fields: VenueEntryFields): Promise<VenueEntryView> {
  const regionName = await assertRegion(db, fields.regionSlug);
  const before = await readEntryAddresses(db, [id]);
  const [row] = await writeEntry(fields, () => db.update(venueDirectory).set(toEntryValues(fields)).where(eq(venueDirectory.id, id)).returning());
  if (!row) throw new AppError('NOT_FOUND', ENTRY_GONE);
  await rotateChangedAddresses(db, before);
  return toVenueView(row, regionName);
}
