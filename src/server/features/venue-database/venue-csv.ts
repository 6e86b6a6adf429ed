import type { VenueEntryFields } from '../../../core/schemas/venue-directory.ts';
import { VENUE_CSV_COLUMNS, VENUE_TYPES, type VenueCsvColumn } from '../../../core/venue-directory.ts';
import type { venueDirectory } from '../../db/schema.ts';
import { FORMULA_START, guardFormula } from '../../http/csv.ts';

/** The form field each CSV column fills (opted_out_at fills none: only the venue opts out). */
export const FIELD_BY_COLUMN = {
  name: 'name',
  location: 'regionSlug',
  venue_type: 'venueType',
  address: 'address',
  city: 'city',
  state: 'state',
  zip_code: 'zipCode',
  phone: 'phone',
  email: 'email',
  booking_email: 'bookingEmail',
  website: 'website',
  contact_person: 'contactPerson',
  capacity: 'capacity',
  booking_lead_days: 'typicalBookingLeadDays',
  music_genres: 'musicGenres',
  has_stage: 'hasStage',
  has_sound_system: 'hasSoundSystem',
  allows_original_music: 'allowsOriginalMusic',
  payment_structure: 'paymentStructure',
  notes: 'notes',
  active: 'isActive',
  opted_out_at: null,
} as const satisfies Record<VenueCsvColumn, keyof VenueEntryFields | null>;

export const COLUMN_BY_FIELD = new Map<string, VenueCsvColumn>(
  Object.entries(FIELD_BY_COLUMN)
    .filter((e): e is [VenueCsvColumn, keyof VenueEntryFields] => e[1] !== null)
    .map(([column, field]) => [field, column]),
);

/** "Venue Type", "venue_type" and "venueType" all name the column venue_type. */
const squash = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');
const COLUMN_BY_SQUASHED = new Map<string, VenueCsvColumn>(VENUE_CSV_COLUMNS.map((c) => [squash(c), c]));
COLUMN_BY_SQUASHED.set('typicalbookinglead', 'booking_lead_days');
COLUMN_BY_SQUASHED.set('typicalbookingleaddays', 'booking_lead_days');
COLUMN_BY_SQUASHED.set('isactive', 'active');
COLUMN_BY_SQUASHED.set('region', 'location');
COLUMN_BY_SQUASHED.set('zip', 'zip_code');

export function columnForHeader(header: string): VenueCsvColumn | undefined {
  return COLUMN_BY_SQUASHED.get(squash(header));
}

const BOOLEAN_COLUMNS = new Set<VenueCsvColumn>(['has_stage', 'has_sound_system', 'allows_original_music', 'active']);
const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0']);
const TYPE_BY_LOWER = new Map<string, string>(VENUE_TYPES.map((t) => [t.toLowerCase(), t]));

/** The export guards formula-like cells with an apostrophe (http/csv.ts); the import takes it off again. */
const unguardFormula = (value: string) => (value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value);

/**
 * One CSV cell as the form would send it: yes/no to booleans (blank: the default), a venue type
 * in any case to the spec's spelling, a location's slug or name to its slug. Anything that does
 * not convert is passed on as typed, and the schema names the problem.
 */
export function readCell(column: VenueCsvColumn, raw: string, regionSlugByName: Map<string, string>): unknown {
  const value = unguardFormula(raw.trim());
  if (BOOLEAN_COLUMNS.has(column)) {
    const lower = value.toLowerCase();
    if (lower === '') return undefined;
    return YES.has(lower) ? true : NO.has(lower) ? false : value;
  }
  if (column === 'venue_type') return TYPE_BY_LOWER.get(value.toLowerCase()) ?? value;
  if (column === 'location') return regionSlugByName.get(value.toLowerCase()) ?? value;
  return value;
}

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/** One entry as an export row, in VENUE_CSV_COLUMNS order: what the import reads back unchanged. */
export function toCsvRecord(row: typeof venueDirectory.$inferSelect): string[] {
  const cells: Record<VenueCsvColumn, string> = {
    name: row.name,
    location: row.regionSlug,
    venue_type: row.venueType,
    address: row.address ?? '',
    city: row.city ?? '',
    state: row.state ?? '',
    zip_code: row.zipCode ?? '',
    phone: row.phone ?? '',
    email: row.email ?? '',
    booking_email: row.bookingEmail ?? '',
    website: row.website ?? '',
    contact_person: row.contactPerson ?? '',
    capacity: row.capacity === null ? '' : String(row.capacity),
    booking_lead_days: String(row.typicalBookingLeadDays),
    music_genres: row.musicGenres.join('; '),
    has_stage: yesNo(row.hasStage),
    has_sound_system: yesNo(row.hasSoundSystem),
    allows_original_music: yesNo(row.allowsOriginalMusic),
    payment_structure: row.paymentStructure ?? '',
    notes: row.notes ?? '',
    active: yesNo(row.isActive),
    opted_out_at: row.optedOutAt?.toISOString() ?? '',
  };
  return VENUE_CSV_COLUMNS.map((column) => guardFormula(cells[column]));
}
