import { eq, inArray } from 'drizzle-orm';
import type { VenueEntryFields } from '../../../core/schemas/venue-directory.ts';
import type { VenueEntryView } from '../../../core/venue-directory.ts';
import type { DbOrTx } from '../../db/client.ts';
import { regions, venueDirectory } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { rotateVenueOptOutTokens } from '../outreach/answer-outreach.ts';

export const LOCATION_MESSAGE = 'Please choose a location from the list.';

type VenueRow = typeof venueDirectory.$inferSelect;

export function toVenueView(row: VenueRow, regionName: string): VenueEntryView {
  return {
    id: row.id,
    name: row.name,
    regionSlug: row.regionSlug,
    regionName,
    address: row.address,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    phone: row.phone,
    email: row.email,
    bookingEmail: row.bookingEmail,
    website: row.website,
    contactPerson: row.contactPerson,
    venueType: row.venueType,
    capacity: row.capacity,
    notes: row.notes,
    musicGenres: row.musicGenres,
    hasStage: row.hasStage,
    hasSoundSystem: row.hasSoundSystem,
    allowsOriginalMusic: row.allowsOriginalMusic,
    typicalBookingLeadDays: row.typicalBookingLeadDays,
    paymentStructure: row.paymentStructure,
    isActive: row.isActive,
    optedOutAt: row.optedOutAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The columns an admin writes: every field of the form, a blank one stored as null. Never the
 * opt-out (optedOutAt, and its links in venue_opt_out_tokens), which belongs to the venue (decision 23).
 */
export function toEntryValues(fields: VenueEntryFields) {
  return {
    name: fields.name,
    regionSlug: fields.regionSlug,
    venueType: fields.venueType,
    address: fields.address ?? null,
    city: fields.city ?? null,
    state: fields.state ?? null,
    zipCode: fields.zipCode ?? null,
    phone: fields.phone ?? null,
    email: fields.email ?? null,
    bookingEmail: fields.bookingEmail ?? null,
    website: fields.website ?? null,
    contactPerson: fields.contactPerson ?? null,
    capacity: fields.capacity ?? null,
    typicalBookingLeadDays: fields.typicalBookingLeadDays,
    musicGenres: fields.musicGenres,
    hasStage: fields.hasStage,
    hasSoundSystem: fields.hasSoundSystem,
    allowsOriginalMusic: fields.allowsOriginalMusic,
    paymentStructure: fields.paymentStructure ?? null,
    notes: fields.notes ?? null,
    isActive: fields.isActive,
  } satisfies Partial<typeof venueDirectory.$inferInsert>;
}

export async function assertRegion(db: DbOrTx, slug: string): Promise<string> {
  const [region] = await db.select({ name: regions.name }).from(regions).where(eq(regions.slug, slug));
  if (!region) throw new AppError('VALIDATION', LOCATION_MESSAGE, { regionSlug: LOCATION_MESSAGE });
  return region.name;
}

/** On this table only the natural key can clash. */
export { isUniqueViolation } from '../../db/unique-violation.ts';

/** The message for an entry whose natural key another entry already has. */
export function duplicateEntryError(fields: Pick<VenueEntryFields, 'email'>): AppError {
  return fields.email
    ? new AppError('CONFLICT', 'Another venue already uses this email address.', { email: 'Another venue already uses this email address.' })
    : new AppError('CONFLICT', 'A venue with this name is already listed in this location and city.', {
        name: 'A venue with this name is already listed in this location and city.',
      });
}

type EntryAddresses = { id: string; email: string | null; bookingEmail: string | null };
const addressesOf = (r: EntryAddresses) => [r.email, r.bookingEmail].map((a) => a?.trim().toLowerCase() ?? '').join('|');

/** The entries' addresses now: read before a write, for `rotateChangedAddresses` after it. */
export const readEntryAddresses = (db: DbOrTx, ids: string[]): Promise<EntryAddresses[]> =>
  ids.length ? db.select({ id: venueDirectory.id, email: venueDirectory.email, bookingEmail: venueDirectory.bookingEmail }).from(venueDirectory).where(inArray(venueDirectory.id, ids)) : Promise.resolve([]);

/**
 * Issue 20: an entry whose e-mail or booking e-mail changed has its opt-out links ended: they
 * were sent to the old address. `before` is what `readEntryAddresses` read before the write.
 */
export async function rotateChangedAddresses(db: DbOrTx, before: EntryAddresses[]): Promise<void> {
  const now = new Map((await readEntryAddresses(db, before.map((b) => b.id))).map((r) => [r.id, addressesOf(r)]));
  for (const entry of before) if (now.has(entry.id) && now.get(entry.id) !== addressesOf(entry)) await rotateVenueOptOutTokens(db, entry.id);
}
