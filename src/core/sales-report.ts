import { z } from 'zod';

/**
 * A gig's ticket money as its band and its organiser read it (decision 41), in integer cents.
 * Shares are of the tickets that stand (not refunded), so for any row
 *   band + organiser + platform share = gross - refunded,
 *   band share = bandTransferred + bandHeld + bandForfeited + bandFailed,
 *   organiser share = organiserHeld + organiserReleased + organiserForfeited + organiserFailed.
 */
export type SalesFigures = {
  /** Tickets that stand: sold and not refunded. */
  ticketsSold: number;
  ticketsRefunded: number;
  /** What fans paid for every ticket issued, service fees included. */
  grossCents: number;
  /** The service fees in the gross (the platform's). */
  feeCents: number;
  /** Given back to fans. */
  refundedCents: number;
  bandShareCents: number;
  organiserShareCents: number;
  /** The platform's part of the face price plus the service fees. */
  platformShareCents: number;
  /** The band's share sent (or being sent) to its payout account at each purchase. */
  bandTransferredCents: number;
  /** The band's share held until it sets up payouts (issue 34), paid out once it does, forfeited after the deadline. */
  bandHeldCents: number;
  /** The organiser's share held until the gig is completed. */
  organiserHeldCents: number;
  /** The organiser's share released to its payout account (sent or being sent). */
  organiserReleasedCents: number;
  /** Shares kept by the platform: the payee had no complete payout account, or an admin forfeited the gig's payment. */
  bandForfeitedCents: number;
  organiserForfeitedCents: number;
  /** Shares the provider refused to send after every retry: Marquee support looks into them. */
  bandFailedCents: number;
  organiserFailedCents: number;
};

export const SALES_FIGURE_KEYS = [
  'ticketsSold',
  'ticketsRefunded',
  'grossCents',
  'feeCents',
  'refundedCents',
  'bandShareCents',
  'organiserShareCents',
  'platformShareCents',
  'bandTransferredCents',
  'bandHeldCents',
  'organiserHeldCents',
  'organiserReleasedCents',
  'bandForfeitedCents',
  'organiserForfeitedCents',
  'bandFailedCents',
  'organiserFailedCents',
] as const satisfies readonly (keyof SalesFigures)[];

/**
 * Issue 34: a gig's sales of one ticket type at one price: what its tickets were sold at (each
 * ticket's own face price, from its order line), never the gig's base price. A gig's rows sum to
 * the gig's figures, Sold and Refunded included.
 */
export type SalesReportTypeRow = SalesFigures & {
  /** The type's name; null for tickets sold at the gig's simple price (no type). */
  typeName: string | null;
  /** What each of these tickets was sold at; null for the tickets sold on the old system (decision 52), whose money never reached Marquee. */
  priceCents: number | null;
};

/** Issue 34: a row's words: the type's name, else the gig's simple price, else the old system. */
export function typeRowLabel(row: Pick<SalesReportTypeRow, 'typeName' | 'priceCents'>): string {
  if (row.priceCents === null) return 'Sold on the old system';
  return row.typeName ?? 'Tickets';
}

/**
 * Issue 34: whether a gig's sales are worth breaking down on screen: it sold a named type, or
 * tickets at more than one price. A gig that sold only at its one simple price has one row, the
 * gig's own, so it shows none.
 */
export function hasTypeBreakdown(gig: Pick<SalesReportGig, 'byType'>): boolean {
  return gig.byType.length > 1 || gig.byType.some((row) => row.typeName !== null);
}

export type SalesReportGig = SalesFigures & {
  gigId: string;
  localDate: string;
  startTime: string;
  venueName: string;
  /** The band, or the managed artist, booked for the gig; null while none is. */
  bandName: string | null;
  /** The promoter of a promoter's gig, else the venue. */
  organiserName: string;
  /** The gig's base price now: not what its tickets were sold at (byType says that). */
  ticketPriceCents: number | null;
  ticketQuantity: number | null;
  /** Issue 34: the gig's sales by ticket type and price, types in their order; empty until something sells. */
  byType: SalesReportTypeRow[];
};

export type SalesReportMonth = SalesFigures & { month: string };

export type SalesReport = {
  /** Whose share the viewer receives: a band's (or a manager's artists') or an organiser's. */
  party: 'band' | 'organiser';
  year: number;
  /** Years with ticketed gigs, newest first (the current year always). */
  years: number[];
  totals: SalesFigures;
  /** Months of the year with gigs, newest first; each the sum of its gigs. */
  months: SalesReportMonth[];
  /** The year's gigs, newest first. */
  gigs: SalesReportGig[];
};

export const salesReportQuerySchema = z.object({
  year: z.coerce.number({ error: 'Please choose a year.' }).int({ error: 'Please choose a year.' }).min(2000, { error: 'Please choose a year.' }).max(2100, { error: 'Please choose a year.' }).optional(),
});

export function emptyFigures(): SalesFigures {
  return Object.fromEntries(SALES_FIGURE_KEYS.map((key) => [key, 0])) as SalesFigures;
}

/** Adds b into a, key by key (whole numbers stay exact). */
export function addFigures(a: SalesFigures, b: SalesFigures): SalesFigures {
  for (const key of SALES_FIGURE_KEYS) a[key] += b[key];
  return a;
}

/** "2026-03" as "March 2026". */
export function formatMonth(month: string): string {
  const [year, index] = month.split('-').map(Number);
  return `${new Date(Date.UTC(year!, index! - 1, 1)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' })} ${year}`;
}

/** Whole cents as a plain decimal ("1234.05"), exact, for spreadsheets. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
