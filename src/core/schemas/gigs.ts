import { MAX_TICKETS_PER_ORDER } from './tickets.ts';
import { z } from 'zod';
import { ARTIST_AND_ORGANISER_PERCENT, DEFAULT_BAND_PERCENT, DEFAULT_ORGANISER_PERCENT, parseDollarsToCents } from '../money.ts';
import { optionalText, requiredText } from './fields.ts';

/** Spec 2 §5 and §9: the add-gig form's rules, shared by the form and the server. */
export const GIG_MINUTES = ['00', '10', '15', '20', '30', '40', '45', '50'] as const;
export const GIG_HOURS = Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0'));
export const DEFAULT_START_TIME = '19:00';
export const DEFAULT_END_TIME = '22:00';
export const MAX_RECURRING_WEEKS = 10;
export const MAX_SPLIT_PERCENT = 75;
export const MAX_TICKET_QUANTITY = 100_000;
/** Issue 20: a gig is at most this many years ahead (a far-future date once answered 500). */
export const MAX_GIG_YEARS_AHEAD = 2;
export const GIG_DATE_TOO_FAR_MESSAGE = `Please choose a date within the next ${MAX_GIG_YEARS_AHEAD} years.`;
export { DEFAULT_BAND_PERCENT, DEFAULT_ORGANISER_PERCENT };

export const BAND_NOT_CHOSEN_MESSAGE = 'Please select a band for this gig or uncheck "Band already Chosen".';
export const VENUE_SPLIT_MESSAGE = 'Band % and Venue % must total 75% (the platform keeps 25%).';
export const PROMOTER_SPLIT_MESSAGE = 'For promoter-created gigs: Band % + Promoter % must total 75% (the platform keeps 25%).';
export const PROMOTER_VENUE_MESSAGE = 'Please choose the venue for this gig.';

export const gigTime = (label: string) =>
  z
    .string({ error: `Please choose the ${label} time.` })
    .refine((v) => {
      const [hour, minute] = v.split(':');
      return v.length === 5 && GIG_HOURS.includes(hour ?? '') && (GIG_MINUTES as readonly string[]).includes(minute ?? '');
    }, { error: `Please choose the ${label} time: hours 00-23, minutes 00, 10, 15, 20, 30, 40, 45 or 50.` });

export const localDate = z
  .string({ error: 'Please choose the date.' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Please choose the date.' })
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
    error: 'Please choose a real date.',
  });

const percent = z.coerce
  .number({ error: 'Please enter a whole percentage from 0 to 75.' })
  .int({ error: 'Please enter a whole percentage from 0 to 75.' })
  .min(0, { error: 'Please enter a whole percentage from 0 to 75.' })
  .max(MAX_SPLIT_PERCENT, { error: 'Please enter a whole percentage from 0 to 75.' });

/** A dollar price typed in the form ("12", "12.50") becomes integer cents (D9). */
const ticketPrice = z.union([z.string(), z.number()], { error: 'Please enter the ticket price.' }).transform((value, ctx) => {
  const cents = parseDollarsToCents(String(value));
  if (cents === null || cents < 100) {
    ctx.addIssue({ code: 'custom', message: 'Please enter a ticket price of at least $1.00, in dollars and cents.' });
    return z.NEVER;
  }
  return cents;
});

const ticketQuantity = z.coerce
  .number({ error: 'Please enter how many tickets there are.' })
  .int({ error: 'Please enter how many tickets there are.' })
  .min(1, { error: 'Please enter how many tickets there are.' })
  .max(MAX_TICKET_QUANTITY, { error: `Please keep the ticket count under ${MAX_TICKET_QUANTITY.toLocaleString('en-US')}.` });

const PER_ORDER_MESSAGE = `Please enter a per-order limit from 1 to ${MAX_TICKETS_PER_ORDER}.`;

const ticketing = z.discriminatedUnion('isEnabled', [
  z.object({ isEnabled: z.literal(false) }),
  z.object({
    isEnabled: z.literal(true),
    priceCents: ticketPrice,
    quantity: ticketQuantity,
    bandPercent: percent,
    organiserPercent: percent,
    /** Issue 23: the most tickets one order may hold (1 to 8). */
    maxPerOrder: z.coerce
      .number({ error: PER_ORDER_MESSAGE })
      .int({ error: PER_ORDER_MESSAGE })
      .min(1, { error: PER_ORDER_MESSAGE })
      .max(MAX_TICKETS_PER_ORDER, { error: PER_ORDER_MESSAGE })
      .default(MAX_TICKETS_PER_ORDER),
    /** Issue 23: whether holders may pass tickets on. */
    isTransferAllowed: z.boolean().default(true),
  }),
]);
export type TicketingInput = z.input<typeof ticketing>;

/** The last date a gig may have: today (UTC, a day's slack either way for time zones) plus MAX_GIG_YEARS_AHEAD years. */
export function latestGigDate(now = new Date()): string {
  const latest = new Date(now);
  latest.setUTCFullYear(latest.getUTCFullYear() + MAX_GIG_YEARS_AHEAD);
  return latest.toISOString().slice(0, 10);
}

/** A gig's date: a real date, at most MAX_GIG_YEARS_AHEAD years ahead. */
const gigDate = localDate.refine((v) => v <= latestGigDate(), { error: GIG_DATE_TOO_FAR_MESSAGE });

/** The details every gig has, in the add form and the inline edit. */
const gigDetails = {
  localDate: gigDate,
  startTime: gigTime('start'),
  endTime: gigTime('end'),
  description: requiredText('Please describe the gig.', 1000, { isMultiline: true }),
  loadInSoundCheck: requiredText('Please give the load in & sound check time.', 200),
  compensation: requiredText('Please describe the compensation.', 200),
  coverCharge: optionalText(100),
};

const splitMessage = (isPromoter: boolean) => (isPromoter ? PROMOTER_SPLIT_MESSAGE : VENUE_SPLIT_MESSAGE);

/** 'Add New Gig Opportunity' (spec 2 §5), for venues and promoters. */
export const createGigSchema = z
  .object({
    ...gigDetails,
    /** A promoter's gig is at one of its associated venues; a venue's gig is at itself. */
    venueId: optionalText(100),
    isBandChosen: z.boolean().default(false),
    bandId: optionalText(100),
    ticketing: ticketing.default({ isEnabled: false }),
    recurringWeeks: z.coerce
      .number()
      .int()
      .min(1, { error: `Please choose from 1 to ${MAX_RECURRING_WEEKS} weeks.` })
      .max(MAX_RECURRING_WEEKS, { error: `Please choose from 1 to ${MAX_RECURRING_WEEKS} weeks.` })
      .default(1),
    /** Which split message applies; the server sets it from the account's role. */
    isPromoter: z.boolean().default(false),
  })
  .superRefine((gig, ctx) => {
    if (gig.isBandChosen && !gig.bandId) ctx.addIssue({ code: 'custom', path: ['bandId'], message: BAND_NOT_CHOSEN_MESSAGE });
    if (gig.ticketing.isEnabled && gig.ticketing.bandPercent + gig.ticketing.organiserPercent !== ARTIST_AND_ORGANISER_PERCENT) {
      ctx.addIssue({ code: 'custom', path: ['ticketing'], message: splitMessage(gig.isPromoter) });
    }
  });
export type CreateGigInput = z.input<typeof createGigSchema>;

/** The inline edit on a gig card: the same details, and ticketing on or off with the band % (0-75). */
export const updateGigSchema = z
  .object({ ...gigDetails, ticketing, isPromoter: z.boolean().default(false) })
  .superRefine((gig, ctx) => {
    if (gig.ticketing.isEnabled && gig.ticketing.bandPercent + gig.ticketing.organiserPercent !== ARTIST_AND_ORGANISER_PERCENT) {
      ctx.addIssue({ code: 'custom', path: ['ticketing'], message: splitMessage(gig.isPromoter) });
    }
  });
export type UpdateGigInput = z.input<typeof updateGigSchema>;

/** 'Remaining: n%' under the split inputs, or the must-total hint once over. */
export function splitHint(bandPercent: number, organiserPercent: number, isPromoter: boolean): { text: string; isValid: boolean } {
  const remaining = ARTIST_AND_ORGANISER_PERCENT - bandPercent - organiserPercent;
  const isInRange = [bandPercent, organiserPercent].every((p) => Number.isInteger(p) && p >= 0 && p <= MAX_SPLIT_PERCENT);
  if (remaining === 0 && isInRange) return { text: 'Remaining: 0%', isValid: true };
  if (remaining > 0 && isInRange) return { text: `Remaining: ${remaining}%`, isValid: false };
  return { text: isPromoter ? 'Band + Promoter must total 75%' : 'Must total 75%', isValid: false };
}

/** The dates of a weekly series: the first date and each 7 days after, as local dates (D8). */
export function weeklyDates(firstDate: string, weeks: number): string[] {
  const start = Date.parse(`${firstDate}T00:00:00Z`);
  return Array.from({ length: weeks }, (_, i) => new Date(start + i * 7 * 86_400_000).toISOString().slice(0, 10));
}

export const applySchema = z.object({ managedArtistId: optionalText(100) });

/** Issue 20: the most bands one 'Notify Bands' send reaches (the modal says so past it). */
export const BAND_NOTICE_MAX_BANDS = 50;
export const BAND_NOTICE_MAX_MESSAGE = `Please choose at most ${BAND_NOTICE_MAX_BANDS} bands for one notice.`;

export const notifyBandsSchema = z.object({
  venueId: optionalText(100),
  bandIds: z.array(z.string().max(100)).min(1, { error: 'Please select at least one band.' }).max(BAND_NOTICE_MAX_BANDS, { error: BAND_NOTICE_MAX_MESSAGE }),
  /** The form's own id for this send, so a double click or a retry sends once. */
  requestId: z.uuid({ error: 'Please try again.' }),
});

/** D34: the secret from a booked band's 'Decline this booking' link. */
export const bookingDeclineSchema = z.object({ token: z.string().min(16, { error: 'This link is not complete.' }).max(100, { error: 'This link is not complete.' }) });
