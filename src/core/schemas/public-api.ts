import { z } from 'zod';
import { ERROR_CODES } from '../errors.ts';

/**
 * The public API's requests and answers (issue 26, decision 53). The routes validate with these
 * and the OpenAPI document is generated from them (@hono/zod-openapi reads `.meta()`), so the
 * reference page cannot drift from what the API does.
 */

/** The widest date range one request may ask for. */
export const API_MAX_RANGE_DAYS = 366;
export const API_DEFAULT_LIMIT = 20;
export const API_MAX_LIMIT = 100;

const isoDate = (name: string) =>
  z.iso
    .date({ error: `${name} must be a date like 2026-12-31.` })
    // The database's calendar starts at year 1; no gig is older than 1900 or later than 2999.
    .refine((date) => date >= '1900-01-01' && date <= '2999-12-31', { error: `${name} must be a date between 1900-01-01 and 2999-12-31.` });
const slug = (what: string) =>
  z
    .string({ error: `Please give the ${what}'s slug.` })
    .trim()
    .min(1, { error: `Please give the ${what}'s slug.` })
    .max(100, { error: `A ${what} slug is at most 100 characters.` })
    .regex(/^[\w-]+$/u, { error: `A ${what} slug holds letters, digits and dashes only.` });

const limit = z.coerce
  .number({ error: `limit must be a whole number from 1 to ${API_MAX_LIMIT}.` })
  .int({ error: `limit must be a whole number from 1 to ${API_MAX_LIMIT}.` })
  .min(1, { error: `limit must be a whole number from 1 to ${API_MAX_LIMIT}.` })
  .max(API_MAX_LIMIT, { error: `limit must be a whole number from 1 to ${API_MAX_LIMIT}.` })
  .default(API_DEFAULT_LIMIT)
  .meta({ description: `How many items one page holds (1 to ${API_MAX_LIMIT}, ${API_DEFAULT_LIMIT} by default).` });

const cursor = z
  .string()
  .max(200, { error: 'That cursor is not one this API gave out.' })
  .regex(/^[\w-]+$/, { error: 'That cursor is not one this API gave out.' })
  .optional()
  .meta({ description: 'The `nextCursor` of the previous page; leave it out for the first page.' });

export const apiListQuerySchema = z.object({ limit, cursor });

const daysBetween = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

export const apiGigFiltersSchema = z
  .object({
    region: slug('region').optional().meta({ description: 'A region slug, e.g. `chicagoland`.' }),
    from: isoDate('from').optional().meta({ description: 'The first date (the gig’s own local date), e.g. 2026-12-01.' }),
    to: isoDate('to').optional().meta({ description: `The last date; at most ${API_MAX_RANGE_DAYS} days after \`from\`.` }),
    band: slug('band').optional().meta({ description: 'A band’s slug (its subdomain).' }),
    venue: slug('venue').optional().meta({ description: 'A venue’s slug.' }),
    genre: z.string().trim().min(1).max(64, { error: 'A genre is at most 64 characters.' }).optional().meta({ description: 'A genre the band plays, e.g. `Rock` (any case).' }),
    limit,
    cursor,
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must be on or after from.' });
    const start = q.from ?? new Date().toISOString().slice(0, 10);
    if (q.to && daysBetween(start, q.to) > API_MAX_RANGE_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: `A date range is at most ${API_MAX_RANGE_DAYS} days.` });
    }
  });
export type ApiGigFilters = z.output<typeof apiGigFiltersSchema>;

export const apiIdParamSchema = z.object({ id: z.string().max(64).meta({ param: { name: 'id', in: 'path' }, example: '7d0c2f4e-1c1a-4c55-9d61-3f1f8a8f2b11' }) });
export const apiSlugParamSchema = z.object({ slug: z.string().max(100).meta({ param: { name: 'slug', in: 'path' }, example: 'thevelvetstatic' }) });

const nullableUrl = z.string().nullable();

/** Issue 35: a venue's address as schema.org PostalAddress fields. */
const apiPostalAddressSchema = z
  .object({
    streetAddress: z.string(),
    addressLocality: z.string().nullable().meta({ description: 'The city.' }),
    addressRegion: z.string().nullable().meta({ description: 'The state, e.g. IL.' }),
    postalCode: z.string().nullable(),
    addressCountry: z.string().nullable().meta({ description: 'ISO 3166-1 alpha-2 code where known, e.g. US.' }),
  })
  .meta({
    id: 'PostalAddress',
    description: 'The venue’s address as schema.org PostalAddress fields; null where the venue did not give that part.',
    example: { streetAddress: '1842 W Division St', addressLocality: 'Chicago', addressRegion: 'IL', postalCode: '60622', addressCountry: 'US' },
  });

export const apiGigSchema = z
  .object({
    id: z.uuid(),
    date: z.iso.date().meta({ description: 'The local date in the gig’s region.' }),
    startTime: z.string().meta({ description: 'Local start time, HH:MM.', example: '20:00' }),
    endTime: z.string().meta({ example: '23:00' }),
    startsAt: z.iso.datetime().meta({ description: 'The start as an instant (UTC).' }),
    timeZone: z.string().meta({ example: 'America/Chicago' }),
    region: z.string().meta({ description: 'Region slug.' }),
    description: z.string(),
    genres: z.array(z.string()),
    priceCents: z.int().nullable().meta({ description: 'Ticket price in cents when Marquee sells tickets, else null.' }),
    priceRange: z
      .object({ minCents: z.int(), maxCents: z.int() })
      .nullable()
      .meta({
        description: 'When the gig’s ticket types sell at more than one price: the cheapest and dearest, in cents; else null. Types sold only with a presale code are left out.',
        example: { minCents: 2000, maxCents: 4500 },
      }),
    currency: z.literal('USD'),
    coverCharge: z.string().nullable().meta({ description: 'A cover charge as the organiser wrote it (paid at the door).' }),
    isSoldOut: z.boolean(),
    url: z.url().meta({ description: 'The public page listing the gig (its venue’s page).' }),
    ticketUrl: nullableUrl.meta({ description: 'Marquee’s checkout for this gig when it sells tickets here, else null.' }),
    externalTicketUrl: nullableUrl.meta({ description: 'A ticket link elsewhere, when the organiser gave one.' }),
    venue: z.object({ name: z.string(), slug: z.string(), address: z.string().meta({ description: 'The address on one line, as pages show it.' }), postalAddress: apiPostalAddressSchema }),
    band: z.object({ name: z.string(), slug: z.string() }).nullable(),
    promoter: z.object({ name: z.string(), slug: z.string() }).nullable(),
  })
  .meta({ id: 'Gig' });
export type ApiGig = z.output<typeof apiGigSchema>;

const page = <T extends z.ZodType>(item: T, id: string) =>
  z
    .object({
      data: z.array(item),
      nextCursor: z.string().nullable().meta({ description: 'Pass as `cursor` for the next page; null on the last page.' }),
    })
    .meta({ id });

export const apiGigPageSchema = page(apiGigSchema, 'GigPage');

export const apiBandSchema = z
  .object({
    name: z.string(),
    slug: z.string(),
    performerType: z.string(),
    genres: z.array(z.string()),
    description: z.string(),
    imageUrl: z.string().nullable(),
    url: z.url().meta({ description: 'The band’s own Marquee site.' }),
    upcomingGigs: z.int().meta({ description: 'How many upcoming gigs it has.' }),
  })
  .meta({ id: 'Band' });
export const apiBandPageSchema = page(apiBandSchema, 'BandPage');

export const apiVenueSchema = z
  .object({
    name: z.string(),
    slug: z.string(),
    address: z.string().meta({ description: 'The address on one line, as pages show it.' }),
    postalAddress: apiPostalAddressSchema,
    region: z.string().nullable(),
    website: z.string().nullable(),
    imageUrl: z.string().nullable(),
    url: z.url().meta({ description: 'The venue’s page on Marquee.' }),
    upcomingGigs: z.int(),
  })
  .meta({ id: 'Venue' });
export const apiVenuePageSchema = page(apiVenueSchema, 'VenuePage');

export const apiPromoterSchema = z
  .object({
    name: z.string(),
    slug: z.string(),
    description: z.string(),
    website: z.string().nullable(),
    imageUrl: z.string().nullable(),
    url: z.url().meta({ description: 'The promoter’s page on Marquee.' }),
    upcomingGigs: z.int(),
  })
  .meta({ id: 'Promoter' });
export const apiPromoterPageSchema = page(apiPromoterSchema, 'PromoterPage');

/** Keyed routes: the key owner's own gigs, whatever their state. */
export const apiOwnGigSchema = z
  .object({
    id: z.uuid(),
    date: z.iso.date(),
    startTime: z.string(),
    status: z.enum(['open', 'confirmed', 'cancelled']).meta({ description: 'open: no band booked yet; confirmed: approved and booked; cancelled.' }),
    isTicketed: z.boolean(),
    priceCents: z.int().nullable(),
    currency: z.literal('USD'),
    ticketQuantity: z.int().nullable(),
    ticketsSold: z.int(),
    venue: z.object({ name: z.string(), slug: z.string() }),
    band: z.object({ name: z.string(), slug: z.string() }).nullable(),
  })
  .meta({ id: 'OwnGig' });
export const apiOwnGigPageSchema = page(apiOwnGigSchema, 'OwnGigPage');

export const apiGigSalesSchema = z
  .object({
    gigId: z.uuid(),
    ticketsSold: z.int().meta({ description: "Tickets sold online that stand (not refunded; a ticket passed on counts once). The organiser's dashboard calls it 'Sold'." }),
    ticketsRefunded: z.int().meta({ description: "Tickets refunded ('Refunded')." }),
    ticketsCheckedIn: z.int().meta({ description: "People let in at the door: tickets scanned, guests, walk-ins ('Checked in')." }),
    guests: z.int().meta({ description: "Guest-list places, each entry and its plus-ones ('Guests')." }),
    doorSales: z.int().meta({ description: "Tickets sold at the door ('Door sales')." }),
    noShows: z.int().nullable().meta({ description: "Tickets and guest places nobody came in on ('No-shows'); null until the show has ended." }),
    grossCents: z.int().meta({ description: 'What buyers paid, fees included, before refunds.' }),
    refundedCents: z.int(),
    currency: z.literal('USD'),
  })
  .meta({ id: 'GigSales' });

export const apiAttendeeSchema = z
  .object({
    orderRef: z.string().nullable().meta({ description: 'The order reference the buyer was shown.' }),
    position: z.int().meta({ description: 'The ticket’s place in its order.' }),
    holderEmail: z.string(),
    buyerEmail: z.string(),
    ticketType: z.string().nullable(),
    status: z.enum(['valid', 'used', 'refunded']),
    checkedInAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Attendee' });
export const apiAttendeePageSchema = page(apiAttendeeSchema, 'AttendeePage');

export const apiCheckInSchema = z
  .object({
    orderRef: z.string().nullable(),
    position: z.int(),
    holderEmail: z.string(),
    ticketType: z.string().nullable(),
    checkedInAt: z.iso.datetime(),
  })
  .meta({ id: 'CheckIn' });
export const apiCheckInPageSchema = page(apiCheckInSchema, 'CheckInPage');

export const apiErrorSchema = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional().meta({ description: 'Which request field was wrong, and why.' }),
    }),
  })
  .meta({ id: 'Error' });
