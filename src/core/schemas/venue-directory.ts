import { z } from 'zod';
import { VENUE_DEFAULTS, VENUE_TYPES } from '../venue-directory.ts';
import { optionalEmail, optionalText, optionalUrl, requiredText } from './fields.ts';

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** A whole number from 0 up, typed into a text box or a CSV cell ("450", " 30 "). */
const wholeNumber = (message: string, max: number) =>
  z.coerce.number({ error: message }).int({ error: message }).min(0, { error: message }).max(max, { error: message });

const GENRE_MAX = 60;
const GENRES_MAX = 30;

/** "Rock, Blues" from the form or "Rock; Blues" from a CSV cell becomes ['Rock', 'Blues']. */
const genreList = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(/[,;]/)
          .map((g) => g.trim())
          .filter(Boolean)
      : v,
  z
    .array(requiredText('Please enter a genre.', GENRE_MAX), { error: 'Please list genres separated by commas.' })
    .max(GENRES_MAX, { error: `Please list at most ${GENRES_MAX} genres.` })
    .default([]),
);

const yesNo = (fallback: boolean) => z.boolean({ error: 'Please answer yes or no.' }).default(fallback);

/**
 * A venue database entry (spec 3 §3, §5, §9): the add/edit form and POST/PUT
 * /api/admin/venue-database, and every row of a CSV import. Name, location and venue type are
 * required; capacity and booking lead are whole numbers; the website is a URL; e-mails are e-mails.
 * The server also checks that the location is a region (D6).
 */
export const venueEntrySchema = z.object({
  name: requiredText('Please enter the venue name.', 200),
  regionSlug: z.string({ error: 'Please choose a location.' }).trim().min(1, { error: 'Please choose a location.' }).max(60, { error: 'Please choose a location.' }),
  venueType: z.enum(VENUE_TYPES, { error: 'Please choose a venue type.' }).default(VENUE_DEFAULTS.venueType),
  address: optionalText(200),
  city: optionalText(100),
  state: optionalText(50),
  zipCode: optionalText(20),
  phone: optionalText(40),
  email: optionalEmail(),
  bookingEmail: optionalEmail(),
  website: optionalUrl(),
  contactPerson: optionalText(200),
  capacity: z.preprocess(blankToUndefined, wholeNumber('Capacity must be a whole number (0 or more).', 1_000_000).optional()),
  typicalBookingLeadDays: z.preprocess(
    blankToUndefined,
    wholeNumber('Booking lead must be a whole number of days (0 or more).', 3650).default(VENUE_DEFAULTS.typicalBookingLeadDays),
  ),
  musicGenres: genreList,
  hasStage: yesNo(VENUE_DEFAULTS.hasStage),
  hasSoundSystem: yesNo(VENUE_DEFAULTS.hasSoundSystem),
  allowsOriginalMusic: yesNo(VENUE_DEFAULTS.allowsOriginalMusic),
  paymentStructure: optionalText(200),
  notes: optionalText(2000, { isMultiline: true }),
  isActive: yesNo(VENUE_DEFAULTS.isActive),
});
export type VenueEntryInput = z.input<typeof venueEntrySchema>;
export type VenueEntryFields = z.output<typeof venueEntrySchema>;

const YES_NO_ALL = ['yes', 'no', 'all'] as const;

/** The list's and the export's filters. */
export const venueFilterSchema = z.object({
  location: z.preprocess(blankToUndefined, z.string().trim().max(60, { error: 'Please choose a location.' }).optional()),
  venueType: z.preprocess(blankToUndefined, z.enum(VENUE_TYPES, { error: 'Please choose a venue type.' }).optional()),
  active: z.preprocess(blankToUndefined, z.enum(YES_NO_ALL, { error: 'Please choose yes, no or all.' }).default('all')),
  q: optionalText(100),
});
export type VenueFilters = z.output<typeof venueFilterSchema>;
