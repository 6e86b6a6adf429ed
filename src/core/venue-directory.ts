/**
 * The admin venue database (spec 3 §2, §3, §5, §8, §9; decision 23): its constants, messages,
 * CSV columns and the shapes the API answers with. The form's zod schema is in
 * schemas/venue-directory.ts.
 */

/** Spec 3 §9, in the spec's order. */
export const VENUE_TYPES = [
  'Bar/Pub',
  'Restaurant',
  'Music Venue',
  'Theater',
  'Club',
  'Festival Ground',
  'Coffee Shop',
  'Hotel/Resort',
  'Wedding Venue',
  'Corporate Event Space',
  'Other',
] as const;
export type VenueType = (typeof VENUE_TYPES)[number];

/** Spec 3 §9: a new entry's defaults. */
export const VENUE_DEFAULTS = {
  regionSlug: 'chicagoland',
  venueType: 'Bar/Pub',
  hasStage: true,
  hasSoundSystem: true,
  allowsOriginalMusic: true,
  isActive: true,
  typicalBookingLeadDays: 30,
} as const satisfies { venueType: VenueType } & Record<string, unknown>;

export const VENUE_PAGE_SIZE = 50;
/** An import holds at most this many data rows and bytes (issue 11: "a CSV with ... 5,000 lines"). */
export const VENUE_IMPORT_MAX_ROWS = 5000;
export const VENUE_IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/** Spec 3 §2 and §8, exactly. */
export const VENUE_DATABASE_TEXT = {
  accessDenied: 'Access Denied: Only administrators can access the venue database.',
  logIn: 'Please log in to access the venue database.',
  confirmDelete: 'Are you sure you want to delete this venue?',
  saveError: 'Error saving venue. Please try again.',
  deleteError: 'Error deleting venue. Please try again.',
} as const;

/**
 * The CSV columns, in export order; the import reads the same header. A header cell matches its
 * column ignoring case, spaces and punctuation ("Venue Type", "venue_type", "venueType").
 * opted_out_at is exported for the reader and never imported (only the venue opts out).
 */
export const VENUE_CSV_COLUMNS = [
  'name',
  'location',
  'venue_type',
  'address',
  'city',
  'state',
  'zip_code',
  'phone',
  'email',
  'booking_email',
  'website',
  'contact_person',
  'capacity',
  'booking_lead_days',
  'music_genres',
  'has_stage',
  'has_sound_system',
  'allows_original_music',
  'payment_structure',
  'notes',
  'active',
  'opted_out_at',
] as const;
export type VenueCsvColumn = (typeof VENUE_CSV_COLUMNS)[number];
export const REQUIRED_CSV_COLUMNS: readonly VenueCsvColumn[] = ['name', 'location', 'venue_type'];

/** One entry as the admin API returns it. */
export type VenueEntryView = {
  id: string;
  name: string;
  regionSlug: string;
  regionName: string;
  address: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  phone: string | null;
  email: string | null;
  bookingEmail: string | null;
  website: string | null;
  contactPerson: string | null;
  venueType: string;
  capacity: number | null;
  notes: string | null;
  musicGenres: string[];
  hasStage: boolean;
  hasSoundSystem: boolean;
  allowsOriginalMusic: boolean;
  typicalBookingLeadDays: number;
  paymentStructure: string | null;
  isActive: boolean;
  optedOutAt: string | null;
  createdAt: string;
  updatedAt: string;
};

export type VenueLocationCount = { slug: string; name: string; total: number; active: number; withEmail: number };

export type VenueDatabasePage = {
  venues: VenueEntryView[];
  page: number;
  pageSize: number;
  /** Entries matching the filters (for paging). */
  matching: number;
  /** Over the whole directory, whatever the filters. */
  counts: { total: number; active: number; withEmail: number; perLocation: VenueLocationCount[] };
};

/** A row of an import, as the preview and the result list it; `row` is the spreadsheet row (the header is row 1). */
export type VenueImportRow = { row: number; name: string; location: string; city: string | null; email: string | null; isOptedOut?: boolean };
export type VenueImportError = { row: number; name: string; messages: Partial<Record<VenueCsvColumn | 'row', string>> };

export type VenueImportReport = {
  isDryRun: boolean;
  rowCount: number;
  creates: VenueImportRow[];
  updates: VenueImportRow[];
  errors: VenueImportError[];
  /** Header cells that name no column; their values are not read. */
  ignoredColumns: string[];
  /** After a real import: how many were written. */
  created: number;
  updated: number;
};
