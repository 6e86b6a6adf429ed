// The whole Marquee schema. Column names are snake_case in SQL (drizzle `casing`), camelCase here.
// One name per field (decisions.md D5); money is integer cents (D9); gigs keep local date and
// times plus the absolute start instant (D8).
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ROLES } from '../../core/roles.ts';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

// ---------- Regions (D6) ----------
export const regions = pgTable('regions', {
  slug: text().primaryKey(),
  name: text().notNull(),
  /** URL path of the region page, e.g. /chicago; null for regions without a public page. */
  path: text().unique(),
  timeZone: text().notNull(),
  isDefault: boolean().notNull().default(false),
  sortOrder: integer().notNull().default(0),
});

// ---------- Accounts (better-auth tables, with the admin plugin's fields) ----------
export const userRole = pgEnum('user_role', ROLES);

export const user = pgTable(
  'user',
  {
    id: text().primaryKey(),
    name: text().notNull(),
    email: text().notNull().unique(),
    emailVerified: boolean().notNull().default(false),
    image: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    role: userRole().notNull().default('fan'),
    banned: boolean().default(false),
    banReason: text(),
    banExpires: timestamp({ withTimezone: true }),
    location: text()
      .notNull()
      .default('chicagoland')
      .references(() => regions.slug),
  },
  (t) => [index().on(t.role)],
);

export const session = pgTable(
  'session',
  {
    id: text().primaryKey(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    token: text().notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text(),
    userAgent: text(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    impersonatedBy: text(),
  },
  (t) => [index().on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text().primaryKey(),
    accountId: text().notNull(),
    providerId: text().notNull(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text(),
    refreshToken: text(),
    idToken: text(),
    accessTokenExpiresAt: timestamp({ withTimezone: true }),
    refreshTokenExpiresAt: timestamp({ withTimezone: true }),
    scope: text(),
    password: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text().primaryKey(),
    identifier: text().notNull(),
    value: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.identifier)],
);

export const rateLimit = pgTable('rate_limit', {
  id: text().primaryKey(),
  key: text().notNull().unique(),
  count: integer().notNull(),
  lastRequest: bigint({ mode: 'number' }).notNull(),
});

// ---------- Uploaded files (D23, D24) ----------
export const files = pgTable('files', {
  id: uuid().primaryKey().defaultRandom(),
  /** Storage key, e.g. images/2026/11/<uuid>.jpg; served at /files/<key>. */
  key: text().notNull().unique(),
  ownerId: text().references(() => user.id, { onDelete: 'set null' }),
  contentType: text().notNull(),
  width: integer().notNull(),
  height: integer().notNull(),
  bytes: integer().notNull(),
  createdAt: createdAt(),
});

// ---------- One profile per role ----------
const userFk = () =>
  text()
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' });

export const bandProfiles = pgTable(
  'band_profiles',
  {
    userId: userFk(),
    name: text().notNull(),
    /** Subdomain slug: lower-cased name without whitespace (spec 1 §1). */
    slug: text().notNull(),
    description: text().notNull().default(''),
    bio: text(),
    performerType: text().notNull().default('BAND'),
    genres: text().array().notNull().default(sql`'{}'::text[]`),
    imageUrl: text(),
    contentImageUrl: text(),
    logoUrl: text(),
    instagramUrl: text(),
    facebookUrl: text(),
    youtubeUrl: text(),
    spotifyUrl: text(),
    youtubeChannelUrl: text(),
    youtubeHighlightUrl: text(),
    youtubeEmbedUrl: text(),
    spotifyEmbedUrl: text(),
    website: text(),
    phone: text(),
    contactEmail: text(),
    contactPhone: text(),
    /** What campaign e-mails say about the band (spec 3 §3); left out of them while empty. */
    yearsActive: text(),
    performanceStyle: text(),
    hasBetaOutreach: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex().on(t.slug), index('band_profiles_lower_name_idx').on(sql`lower(${t.name}) text_pattern_ops`)],
);

export const bandMembers = pgTable(
  'band_members',
  {
    id: uuid().primaryKey().defaultRandom(),
    bandId: text()
      .notNull()
      .references(() => bandProfiles.userId, { onDelete: 'cascade' }),
    name: text().notNull(),
    instrument: text().notNull().default(''),
    instagramHandle: text(),
    position: integer().notNull().default(0),
  },
  (t) => [index().on(t.bandId)],
);

export const bandGalleryImages = pgTable(
  'band_gallery_images',
  {
    id: uuid().primaryKey().defaultRandom(),
    bandId: text()
      .notNull()
      .references(() => bandProfiles.userId, { onDelete: 'cascade' }),
    url: text().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [index().on(t.bandId)],
);

export const bandLinks = pgTable(
  'band_links',
  {
    id: uuid().primaryKey().defaultRandom(),
    bandId: text()
      .notNull()
      .references(() => bandProfiles.userId, { onDelete: 'cascade' }),
    label: text().notNull(),
    url: text().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [index().on(t.bandId)],
);

/** Shows a band lists itself that are not booked through Marquee (content.extraGigs). */
export const bandExtraGigs = pgTable(
  'band_extra_gigs',
  {
    id: uuid().primaryKey().defaultRandom(),
    bandId: text()
      .notNull()
      .references(() => bandProfiles.userId, { onDelete: 'cascade' }),
    localDate: date().notNull(),
    venueName: text().notNull(),
    ticketUrl: text(),
  },
  (t) => [index().on(t.bandId)],
);

export const venueProfiles = pgTable(
  'venue_profiles',
  {
    userId: userFk(),
    name: text().notNull(),
    /** camelCased name used in /venue/{slug} (spec 1 §2). */
    slug: text().notNull(),
    /** The one line shown to people; from the fields below when the venue gave them (issue 35). */
    address: text().notNull().default(''),
    /** Issue 35: the address as schema.org PostalAddress fields; null for a venue that never gave them (postal-address.ts reads its one line). */
    streetAddress: text(),
    addressLocality: text(),
    addressRegion: text(),
    postalCode: text(),
    addressCountry: text(),
    phone: text(),
    contactEmail: text(),
    website: text(),
    facebookUrl: text(),
    instagramUrl: text(),
    youtubeUrl: text(),
    imageUrl: text(),
    /** Decision 33: an admin's approval; with a verified e-mail it lets the venue sell tickets and pre-pick bands. */
    verifiedAt: timestamp({ withTimezone: true }),
    verifiedBy: text().references(() => user.id, { onDelete: 'set null' }),
    /** An admin declined or revoked the verification, and why (shown to the venue). */
    verificationDeclinedAt: timestamp({ withTimezone: true }),
    verificationDeclineReason: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.slug),
    // One venue per /venue/{slug}, whatever the letter case (decision 33).
    uniqueIndex('venue_profiles_slug_key').on(sql`lower(${t.slug})`),
    index('venue_profiles_lower_name_idx').on(sql`lower(${t.name}) text_pattern_ops`),
  ],
);

export const promoterProfiles = pgTable(
  'promoter_profiles',
  {
    userId: userFk(),
    name: text().notNull(),
    companyName: text(),
    slug: text().notNull(),
    description: text().notNull().default(''),
    phone: text(),
    email: text(),
    website: text(),
    facebookUrl: text(),
    instagramUrl: text(),
    youtubeUrl: text(),
    imageUrl: text(),
    /** The video block of the promoter's site (a YouTube address). */
    videoUrl: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex().on(t.slug)],
);

/** The gallery block of the promoter's site: up to 5 images, in order. */
export const promoterGalleryImages = pgTable(
  'promoter_gallery_images',
  {
    id: uuid().primaryKey().defaultRandom(),
    promoterId: text()
      .notNull()
      .references(() => promoterProfiles.userId, { onDelete: 'cascade' }),
    url: text().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [index().on(t.promoterId)],
);

/** D34: a promoter asks, the venue decides; only `accepted` lets the promoter post there. */
export const PROMOTER_VENUE_STATUSES = ['pending', 'accepted', 'declined', 'ended'] as const;
export const promoterVenueStatus = pgEnum('promoter_venue_status', PROMOTER_VENUE_STATUSES);

export const promoterVenues = pgTable(
  'promoter_venues',
  {
    promoterId: text()
      .notNull()
      .references(() => promoterProfiles.userId, { onDelete: 'cascade' }),
    venueId: text()
      .notNull()
      .references(() => venueProfiles.userId, { onDelete: 'cascade' }),
    status: promoterVenueStatus().notNull().default('pending'),
    requestedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.promoterId, t.venueId] }), index().on(t.venueId, t.status)],
);

export const managerProfiles = pgTable('manager_profiles', {
  userId: userFk(),
  name: text().notNull(),
  description: text().notNull().default(''),
  instagramUrl: text(),
  facebookUrl: text(),
  website: text(),
  youtubeChannelUrl: text(),
  youtubeHighlightUrl: text(),
  imageUrl: text(),
  logoUrl: text(),
  profileImageUrl: text(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const managedArtists = pgTable(
  'managed_artists',
  {
    id: uuid().primaryKey().defaultRandom(),
    managerId: text()
      .notNull()
      .references(() => managerProfiles.userId, { onDelete: 'cascade' }),
    name: text().notNull(),
    genre: text(),
    description: text().notNull().default(''),
    instagramUrl: text(),
    facebookUrl: text(),
    spotifyUrl: text(),
    youtubeUrl: text(),
    website: text(),
    imageUrl: text(),
    position: integer().notNull().default(0),
    addedAt: createdAt(),
  },
  (t) => [index().on(t.managerId)],
);

export const rehearsalSpaceProfiles = pgTable('rehearsal_space_profiles', {
  userId: userFk(),
  name: text().notNull(),
  address: text().notNull().default(''),
  phone: text(),
  contactEmail: text(),
  website: text(),
  description: text().notNull().default(''),
  imageUrl: text(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// ---------- Gigs and applications ----------
export const gigStatus = pgEnum('gig_status', ['open', 'confirmed']);

export const gigs = pgTable(
  'gigs',
  {
    id: uuid().primaryKey().defaultRandom(),
    regionSlug: text()
      .notNull()
      .references(() => regions.slug),
    venueId: text()
      .notNull()
      .references(() => venueProfiles.userId, { onDelete: 'cascade' }),
    /** Set when a promoter created the gig; the promoter is then the organiser (D10). */
    promoterId: text().references(() => promoterProfiles.userId, { onDelete: 'set null' }),
    bandId: text().references(() => bandProfiles.userId, { onDelete: 'set null' }),
    /** Booked through an artist manager: one of the manager's artists instead of a band account. */
    managedArtistId: uuid().references(() => managedArtists.id, { onDelete: 'set null' }),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    localDate: date().notNull(),
    startTime: text().notNull(),
    endTime: text().notNull(),
    /** Absolute start instant, computed from localDate + startTime in the region's zone. */
    startsAt: timestamp({ withTimezone: true }).notNull(),
    description: text().notNull(),
    loadInSoundCheck: text().notNull().default(''),
    compensation: text().notNull().default(''),
    coverCharge: text(),
    isApproved: boolean().notNull().default(false),
    status: gigStatus().notNull().default('open'),
    approvedAt: timestamp({ withTimezone: true }),
    /** When the booked band's followers were e-mailed about this gig (D19); null until then. */
    followersNotifiedAt: timestamp({ withTimezone: true }),
    isTicketed: boolean().notNull().default(false),
    ticketPriceCents: integer(),
    ticketQuantity: integer(),
    ticketsSold: integer().notNull().default(0),
    /** Seats held by checkouts still open (D12): sold + held never exceeds the quantity. */
    ticketsHeld: integer().notNull().default(0),
    /**
     * Decision 51: seats taken at the door, outside online sales: guest-list comps (each entry's
     * 1 + N) and walk-in door sales. Online checkouts hold a seat only while sold + held + these
     * stay within the quantity; a door sale synced after the show filled is still counted here.
     */
    doorSeats: integer().notNull().default(0),
    bandPercent: integer().notNull().default(50),
    organiserPercent: integer().notNull().default(25),
    /** Issue 23: the most tickets one order may buy (1 to 8; the organiser may set it lower). */
    maxTicketsPerOrder: integer().notNull().default(8),
    /** Issue 23: whether holders may pass tickets to someone else (the organiser may switch it off). */
    isTransferAllowed: boolean().notNull().default(true),
    advanceTicketUrl: text(),
    /**
     * Issue 25: the tickets the old system had sold, included in ticketsSold. A newer export moves
     * ticketsSold by the difference, so Marquee's own sales since the import are never lost.
     */
    legacyTicketsSold: integer(),
    /** Decision 49: the organiser or an admin cancelled the show (gig_cancellations has why and the refunds' progress). */
    cancelledAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Public lists: approved gigs in date order, overall and per region (partial, ordered as listed).
    index('gigs_approved_upcoming_idx').on(t.localDate, t.startTime, t.id).where(sql`${t.isApproved}`),
    index('gigs_region_approved_upcoming_idx').on(t.regionSlug, t.localDate, t.startTime, t.id).where(sql`${t.isApproved}`),
    // Approved gigs whose band's followers have not been told yet (D19).
    index('gigs_followers_unnotified_idx').on(t.approvedAt).where(sql`${t.isApproved} and ${t.followersNotifiedAt} is null`),
    // The admin's list of every gig, newest date first.
    index('gigs_local_date_idx').on(t.localDate),
    // Open opportunities bands and managers apply to.
    index('gigs_open_upcoming_idx').on(t.localDate, t.startTime, t.id).where(sql`not ${t.isApproved}`),
    index().on(t.venueId, t.localDate),
    index().on(t.bandId, t.localDate),
    index().on(t.promoterId, t.localDate),
    check('gigs_split_total', sql`${t.bandPercent} + ${t.organiserPercent} = 75`),
    check('gigs_split_range', sql`${t.bandPercent} between 0 and 75 and ${t.organiserPercent} between 0 and 75`),
    check(
      'gigs_sold_within_quantity',
      sql`${t.ticketsSold} >= 0 and (${t.ticketQuantity} is null or ${t.ticketsSold} <= ${t.ticketQuantity})`,
    ),
    check(
      'gigs_held_within_quantity',
      sql`${t.ticketsHeld} >= 0 and (${t.ticketQuantity} is null or ${t.ticketsSold} + ${t.ticketsHeld} <= ${t.ticketQuantity})`,
    ),
    check('gigs_price_positive', sql`${t.ticketPriceCents} is null or ${t.ticketPriceCents} >= 0`),
    check('gigs_max_tickets_per_order', sql`${t.maxTicketsPerOrder} between 1 and 8`),
  ],
);

/**
 * Issue 23: a ticketed gig's ticket types (Early bird, General, Door…), each with its own price,
 * quantity (all within the gig's capacity) and optional sale window. A gig without types sells
 * at its one simple price. A hidden type is offered only to a buyer with one of its presale codes.
 */
export const ticketTypes = pgTable(
  'ticket_types',
  {
    id: uuid().primaryKey().defaultRandom(),
    gigId: uuid()
      .notNull()
      .references(() => gigs.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    priceCents: integer().notNull(),
    quantity: integer().notNull(),
    sold: integer().notNull().default(0),
    held: integer().notNull().default(0),
    salesStartAt: timestamp({ withTimezone: true }),
    salesEndAt: timestamp({ withTimezone: true }),
    isHidden: boolean().notNull().default(false),
    position: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.gigId, t.position),
    uniqueIndex('ticket_types_name_per_gig').on(t.gigId, sql`lower(${t.name})`),
    check('ticket_types_price', sql`${t.priceCents} >= 0`),
    check('ticket_types_counts', sql`${t.quantity} >= 0 and ${t.sold} >= 0 and ${t.held} >= 0 and ${t.sold} + ${t.held} <= ${t.quantity}`),
    check('ticket_types_window', sql`${t.salesStartAt} is null or ${t.salesEndAt} is null or ${t.salesStartAt} < ${t.salesEndAt}`),
  ],
);

/** Issue 23: a code that unlocks a hidden ticket type, for a limited number of tickets (uses counted as tickets are held). */
export const presaleCodes = pgTable(
  'presale_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    ticketTypeId: uuid()
      .notNull()
      .references(() => ticketTypes.id, { onDelete: 'cascade' }),
    gigId: uuid()
      .notNull()
      .references(() => gigs.id, { onDelete: 'cascade' }),
    /** Stored upper-case; buyers may type it in any case. */
    code: text().notNull(),
    maxUses: integer().notNull(),
    uses: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('presale_codes_code_per_gig').on(t.gigId, t.code),
    check('presale_codes_uses', sql`${t.maxUses} >= 1 and ${t.uses} between 0 and ${t.maxUses}`),
  ],
);

/**
 * D34: a band booked with 'Band already Chosen' (no application) is told at once and may decline.
 * One row per such gig; the e-mailed decline link's token is stored only as its SHA-256.
 */
export const bandBookings = pgTable(
  'band_bookings',
  {
    gigId: uuid()
      .primaryKey()
      .references(() => gigs.id, { onDelete: 'cascade' }),
    bandId: text()
      .notNull()
      .references(() => bandProfiles.userId, { onDelete: 'cascade' }),
    declineTokenHash: text().notNull().unique(),
    createdAt: createdAt(),
    declinedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.bandId)],
);

export const applicationStatus = pgEnum('application_status', ['pending', 'accepted', 'rejected']);

export const gigApplications = pgTable(
  'gig_applications',
  {
    id: uuid().primaryKey().defaultRandom(),
    gigId: uuid()
      .notNull()
      .references(() => gigs.id, { onDelete: 'cascade' }),
    /** A band applying for itself. */
    bandId: text().references(() => bandProfiles.userId, { onDelete: 'cascade' }),
    /** A manager applying on behalf of one of their artists. */
    managerId: text().references(() => managerProfiles.userId, { onDelete: 'cascade' }),
    managedArtistId: uuid().references(() => managedArtists.id, { onDelete: 'cascade' }),
    status: applicationStatus().notNull().default('pending'),
    /** When the applicant was e-mailed the outcome (decision 37): once the gig is booked, once each. */
    outcomeMailedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.gigId),
    index().on(t.bandId),
    index().on(t.managerId),
    // The outcome mails still to write, for the job that writes them.
    index('gig_applications_outcome_unmailed_idx').on(t.gigId).where(sql`${t.outcomeMailedAt} is null and ${t.status} <> 'pending'`),
    uniqueIndex('gig_applications_band_once').on(t.gigId, t.bandId),
    uniqueIndex('gig_applications_artist_once').on(t.gigId, t.managedArtistId),
    check(
      'gig_applications_one_applicant',
      sql`(${t.bandId} is not null) <> (${t.managerId} is not null and ${t.managedArtistId} is not null)`,
    ),
  ],
);

/** A venue's or promoter's 'Notify Bands' send: the durable record the job works from (spec 2 §2). */
export const bandNotices = pgTable(
  'band_notices',
  {
    /** The form's own id for the send, so a double click or a retry sends once. */
    id: uuid().primaryKey(),
    senderId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    venueId: text()
      .notNull()
      .references(() => venueProfiles.userId, { onDelete: 'cascade' }),
    bandIds: text().array().notNull(),
    sentCount: integer(),
    createdAt: createdAt(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('band_notices_unsent_idx').on(t.createdAt).where(sql`${t.sentAt} is null`)],
);

// ---------- Payments, orders, tickets (D9-D15) ----------
export const paymentAccountStatus = pgEnum('payment_account_status', ['not_setup', 'pending', 'complete']);

export const paymentAccounts = pgTable('payment_accounts', {
  userId: userFk(),
  provider: text().notNull(),
  providerAccountId: text().notNull().unique(),
  status: paymentAccountStatus().notNull().default('pending'),
  requirementsDue: jsonb().$type<string[]>().notNull().default([]),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const orderStatus = pgEnum('order_status', ['pending', 'paid', 'expired', 'refunded']);

export const orders = pgTable(
  'orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    gigId: uuid()
      .notNull()
      .references(() => gigs.id, { onDelete: 'restrict' }),
    buyerEmail: text().notNull(),
    buyerUserId: text().references(() => user.id, { onDelete: 'set null' }),
    /** The client address the checkout came from: open checkouts are limited per address and gig (decision 35). */
    buyerIpAddress: text(),
    quantity: integer().notNull().default(1),
    /** Issue 23: the ticket type bought (null: the gig's simple price) and the presale code that unlocked it. */
    ticketTypeId: uuid().references(() => ticketTypes.id, { onDelete: 'restrict' }),
    presaleCodeId: uuid().references(() => presaleCodes.id, { onDelete: 'set null' }),
    faceCents: integer().notNull(),
    feeCents: integer().notNull(),
    totalCents: integer().notNull(),
    status: orderStatus().notNull().default('pending'),
    provider: text().notNull(),
    providerSessionId: text().unique(),
    providerPaymentId: text(),
    /** The split of what the buyer paid (D10), fixed when the order is placed. */
    bandShareCents: integer().notNull().default(0),
    organiserShareCents: integer().notNull().default(0),
    platformShareCents: integer().notNull().default(0),
    /** An open checkout holds its seat until then (D12). */
    expiresAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    paidAt: timestamp({ withTimezone: true }),
    /** Decision 50: the waitlist offer this order pays for (one order per offer). */
    waitlistOfferId: uuid().references((): AnyPgColumn => waitlistOffers.id, { onDelete: 'set null' }),
    /**
     * Decision 50: the returned ticket this order buys from its holder. Such an order holds no seat:
     * the seat changes hands when it is paid (the holder's ticket refunded, the buyer's issued).
     */
    returnedTicketId: text().references((): AnyPgColumn => tickets.id, { onDelete: 'restrict' }),
  },
  (t) => [
    index().on(t.gigId, t.status),
    uniqueIndex('orders_once_per_waitlist_offer').on(t.waitlistOfferId),
    index('orders_pending_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'pending'`),
    check('orders_split', sql`${t.bandShareCents} + ${t.organiserShareCents} + ${t.platformShareCents} = ${t.totalCents}`),
    check('orders_total', sql`${t.totalCents} = ${t.faceCents} + ${t.feeCents}`),
    check('orders_quantity', sql`${t.quantity} between 1 and 8`),
  ],
);

/**
 * Issue 34: an order's lines, one per ticket type (2 General + 1 VIP is one order of two lines),
 * each with its price and its part of the order's split (decision 47), so its tickets are issued
 * at their own price and type. An order's lines sum to the order; orders made before have one line.
 */
export const orderLines = pgTable(
  'order_lines',
  {
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    /** Null: the gig's simple price. */
    ticketTypeId: uuid().references(() => ticketTypes.id, { onDelete: 'restrict' }),
    quantity: integer().notNull(),
    unitCents: integer().notNull(),
    faceCents: integer().notNull(),
    feeCents: integer().notNull(),
    bandShareCents: integer().notNull(),
    organiserShareCents: integer().notNull(),
    platformShareCents: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.position] }),
    index().on(t.ticketTypeId),
    check('order_lines_quantity', sql`${t.quantity} between 1 and 8`),
    check('order_lines_face', sql`${t.faceCents} = ${t.quantity} * ${t.unitCents}`),
    check('order_lines_split', sql`${t.bandShareCents} + ${t.organiserShareCents} + ${t.platformShareCents} = ${t.faceCents} + ${t.feeCents}`),
  ],
);

/** transferred: passed to someone else, who holds a new ticket (issue 23); the old code admits no one. */
export const ticketStatus = pgEnum('ticket_status', ['valid', 'used', 'refunded', 'transferred']);

export const tickets = pgTable(
  'tickets',
  {
    /** Unguessable: at least 128 random bits (D14). */
    id: text().primaryKey(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    gigId: uuid()
      .notNull()
      .references(() => gigs.id, { onDelete: 'restrict' }),
    ticketTypeId: uuid().references(() => ticketTypes.id, { onDelete: 'restrict' }),
    holderEmail: text().notNull(),
    status: ticketStatus().notNull().default('valid'),
    /**
     * Issue 23: this ticket's part of what its order paid (decision 45): the face price, its part
     * of the order's one fee, and the split of both. A ticket's parts sum to its total; an
     * order's tickets sum to the order.
     */
    faceCents: integer().notNull().default(0),
    feeCents: integer().notNull().default(0),
    bandShareCents: integer().notNull().default(0),
    organiserShareCents: integer().notNull().default(0),
    platformShareCents: integer().notNull().default(0),
    /** Its place in the order (1, 2, …), for stable listing. */
    position: integer().notNull().default(1),
    usedAt: timestamp({ withTimezone: true }),
    usedBy: text().references(() => user.id, { onDelete: 'set null' }),
    /** Decision 51: the door device that admitted it (door staff have no account, so usedBy stays empty for them). */
    usedByDeviceId: uuid().references((): AnyPgColumn => doorDevices.id, { onDelete: 'set null' }),
    /** Decision 48: the ticket this one replaced when its holder passed it on (that one is 'transferred'). */
    transferredFromId: text().references((): AnyPgColumn => tickets.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    /**
     * Decision 51: when its status or admission last changed (a trigger keeps it, whoever changes
     * the row), so a door's next sync gets every refund, transfer and admission since its last.
     */
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.gigId),
    index().on(t.gigId, t.changedAt),
    index().on(t.orderId),
    index('tickets_holder_email_idx').on(sql`lower(${t.holderEmail})`),
    check('tickets_split', sql`${t.bandShareCents} + ${t.organiserShareCents} + ${t.platformShareCents} = ${t.faceCents} + ${t.feeCents}`),
  ],
);

// ---------- Sold-out waitlist (issue 23, decision 50) ----------
/** waiting: in line; offered: holds an open offer; bought: paid for one; left: left, passed, or let an offer run out. */
export const waitlistEntryStatus = pgEnum('waitlist_entry_status', ['waiting', 'offered', 'bought', 'left']);

/** A fan waiting for a sold-out gig's tickets, by e-mail with double opt-in. */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid().primaryKey().defaultRandom(),
    gigId: uuid()
      .notNull()
      .references(() => gigs.id, { onDelete: 'cascade' }),
    /** Lower-cased by the shared schema. */
    email: text().notNull(),
    status: waitlistEntryStatus().notNull().default('waiting'),
    /** The place in line: when it joined (or joined again). */
    joinedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Double opt-in: nothing is offered before the e-mailed link is opened. */
    confirmedAt: timestamp({ withTimezone: true }),
    /** SHA-256 of the secret in the confirmation e-mail's links (confirm, leave). */
    tokenHash: text().notNull().unique(),
    confirmationSentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    requestIp: text(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('waitlist_entries_once_per_gig').on(t.gigId, sql`lower(${t.email})`),
    // The line: confirmed entries still waiting, first come first served.
    index('waitlist_entries_in_line').on(t.gigId, t.joinedAt, t.id).where(sql`${t.status} = 'waiting' and ${t.confirmedAt} is not null`),
    index('waitlist_entries_by_email').on(t.email, t.confirmationSentAt),
  ],
);

/** listed: offered to the waitlist; sold: bought by someone on it (the holder refunded); withdrawn: kept, used or gone. */
export const waitlistReturnStatus = pgEnum('waitlist_return_status', ['listed', 'sold', 'withdrawn']);

/** A ticket its holder gave back for the waitlist; it stays valid until someone on the list pays for it. */
export const waitlistReturns = pgTable(
  'waitlist_returns',
  {
    id: uuid().primaryKey().defaultRandom(),
    ticketId: text()
      .notNull()
      .unique()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    gigId: uuid()
      .notNull()
      .references(() => gigs.id, { onDelete: 'cascade' }),
    status: waitlistReturnStatus().notNull().default('listed'),
    /** Returns are offered oldest first. */
    listedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The account that returned it from its dashboard; null when returned from the ticket's own link. */
    returnedBy: text().references(() => user.id, { onDelete: 'set null' }),
    endedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('waitlist_returns_listed').on(t.gigId, t.listedAt).where(sql`${t.status} = 'listed'`)],
);

/** open: the person may buy until expiresAt; then bought, expired, declined (passed on) or withdrawn (the ticket was kept or used). */
export const waitlistOfferStatus = pgEnum('waitlist_offer_status', ['open', 'bought', 'expired', 'declined', 'withdrawn']);

/**
 * One ticket offered to one person on the waitlist: a freed seat (held by the offer's order, like
 * a checkout) or a returned ticket (no seat held: it changes hands on payment). Its order is
 * `orders.waitlistOfferId`.
 */
export const waitlistOffers = pgTable(
  'waitlist_offers',
  {
    id: uuid().primaryKey().defaultRandom(),
    gigId: uuid()
      .notNull()
      .references(() => gigs.id, { onDelete: 'cascade' }),
    entryId: uuid()
      .notNull()
      .references(() => waitlistEntries.id, { onDelete: 'cascade' }),
    /** The returned ticket offered; null for a freed seat. */
    returnId: uuid().references(() => waitlistReturns.id, { onDelete: 'cascade' }),
    /** SHA-256 of the secret in the offer e-mail's link. */
    tokenHash: text().notNull().unique(),
    status: waitlistOfferStatus().notNull().default('open'),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** The provider's hosted checkout opened for it, reused until that checkout ends. */
    checkoutUrl: text(),
    createdAt: createdAt(),
    endedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // One open offer per person, and per returned ticket: two offers never race for one ticket.
    uniqueIndex('waitlist_offers_one_open_per_entry').on(t.entryId).where(sql`${t.status} = 'open'`),
    uniqueIndex('waitlist_offers_one_open_per_return').on(t.returnId).where(sql`${t.status} = 'open'`),
    index('waitlist_offers_open_by_gig').on(t.gigId, t.expiresAt).where(sql`${t.status} = 'open'`),
  ],
);

/** Provider events already applied, so duplicates change nothing twice (D13). */
export const paymentEvents = pgTable('payment_events', {
  id: text().primaryKey(),
  provider: text().notNull(),
  type: text().notNull(),
  payload: jsonb().notNull(),
  processedAt: createdAt(),
});

export const transferKind = pgEnum('transfer_kind', ['band_share', 'organiser_share']);
/**
 * pending: recorded with the payment, waiting for the job that asks the provider to send it;
 * paid: the provider took it (providerTransferId); forfeited: the payee had no complete payment
 * account, so the share stays with the platform (D11); failed: the provider refused it for good;
 * held (issue 34): a band share whose payee had no complete payment account, kept until the
 * band sets one up (then pending) or its deadline passes (then forfeited).
 */
export const transferStatus = pgEnum('transfer_status', ['pending', 'paid', 'forfeited', 'failed', 'held']);

export const transfers = pgTable(
  'transfers',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid().references(() => orders.id, { onDelete: 'restrict' }),
    heldPaymentId: uuid().references(() => heldPayments.id, { onDelete: 'restrict' }),
    payeeUserId: text().references(() => user.id, { onDelete: 'set null' }),
    /** The payout account it goes to, fixed when the transfer is recorded. */
    destinationAccountId: text(),
    kind: transferKind().notNull(),
    amountCents: integer().notNull(),
    /** Taken back from the payee by refunds (never more than the amount). */
    reversedCents: integer().notNull().default(0),
    status: transferStatus().notNull(),
    providerTransferId: text(),
    reason: text(),
    attempts: integer().notNull().default(0),
    error: text(),
    createdAt: createdAt(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('transfers_once_per_order').on(t.orderId, t.kind),
    uniqueIndex('transfers_once_per_held_payment').on(t.heldPaymentId),
    // Not partial on status = 'pending': a new enum value cannot be used in the migration that adds it.
    index('transfers_status_idx').on(t.status, t.createdAt),
    check('transfers_amount', sql`${t.amountCents} >= 0 and ${t.reversedCents} between 0 and ${t.amountCents}`),
  ],
);

export const heldPaymentStatus = pgEnum('held_payment_status', ['holding', 'released', 'forfeited']);

/** A gig's organiser shares, held until an admin completes the gig (D11). */
export const heldPayments = pgTable(
  'held_payments',
  {
    id: uuid().primaryKey().defaultRandom(),
    gigId: uuid()
      .notNull()
      .references(() => gigs.id, { onDelete: 'restrict' }),
    /** The organiser (venue or promoter) the shares belong to. */
    payeeUserId: text().references(() => user.id, { onDelete: 'set null' }),
    status: heldPaymentStatus().notNull().default('holding'),
    amountCents: integer().notNull().default(0),
    ticketCount: integer().notNull().default(0),
    transferId: text(),
    forfeitReason: text(),
    completedBy: text().references(() => user.id, { onDelete: 'set null' }),
    completedAt: timestamp({ withTimezone: true }),
    /** Issue 25: brought from the old system as history; Marquee never pays it out or forfeits it. */
    importedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.updatedAt),
    check('held_payments_amount', sql`${t.amountCents} >= 0 and ${t.ticketCount} >= 0`),
    // One held payment per gig for Marquee's own sales; an imported one (issue 25) sits beside it as history.
    uniqueIndex('held_payments_gig_id_unique').on(t.gigId).where(sql`${t.importedAt} is null`),
    index('held_payments_imported_gig_idx').on(t.gigId).where(sql`${t.importedAt} is not null`),
  ],
);

export const refundStatus = pgEnum('refund_status', ['pending', 'refunded', 'failed']);

/**
 * Money given back to a buyer: a ticket an admin refunds, or a payment that arrived after its
 * seat was gone. Recorded with the ticket's change; the job that asks the provider runs after.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** The ticket refunded (issue 23); null for a whole order paid after its seats were gone. */
    ticketId: text().references(() => tickets.id, { onDelete: 'restrict' }),
    amountCents: integer().notNull(),
    reason: text().notNull(),
    requestedBy: text().references(() => user.id, { onDelete: 'set null' }),
    status: refundStatus().notNull().default('pending'),
    providerRefundId: text(),
    /** The provider's id for each step already done (refund, band and organiser reversals), so a retry skips it. */
    steps: jsonb().$type<Record<string, string>>().notNull().default({}),
    attempts: integer().notNull().default(0),
    error: text(),
    createdAt: createdAt(),
    refundedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('refunds_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    uniqueIndex('refunds_once_per_ticket').on(t.ticketId),
    uniqueIndex('refunds_once_per_unissued_order').on(t.orderId).where(sql`${t.ticketId} is null`),
  ],
);

export const refundRequestStatus = pgEnum('refund_request_status', ['open', 'approved', 'declined']);

/**
 * Issue 23 (decision 46): a ticket holder asks the gig's organiser for a refund, from the signed
 * ticket page. At most one open request per ticket; approving runs the admin's refund path.
 */
export const refundRequests = pgTable(
  'refund_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    ticketId: text()
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    reason: text().notNull(),
    status: refundRequestStatus().notNull().default('open'),
    /** Why the organiser declined, as the holder is told. */
    declineReason: text(),
    decidedBy: text().references(() => user.id, { onDelete: 'set null' }),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refund_requests_one_open_per_ticket').on(t.ticketId).where(sql`${t.status} = 'open'`),
    index().on(t.ticketId, t.createdAt),
    index('refund_requests_open_idx').on(t.createdAt).where(sql`${t.status} = 'open'`),
  ],
);

/** The sandbox provider's own record of the payout accounts it has opened (D13). */
export const sandboxAccounts = pgTable('sandbox_accounts', {
  id: text().primaryKey(),
  email: text().notNull(),
  name: text().notNull(),
  legalName: text(),
  bankLast4: text(),
  status: paymentAccountStatus().notNull().default('pending'),
  requirementsDue: jsonb().$type<string[]>().notNull().default([]),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sandboxCheckoutStatus = pgEnum('sandbox_checkout_status', ['open', 'paid', 'cancelled']);

/**
 * The sandbox provider's hosted checkouts (D13), as a real provider keeps its sessions: what is
 * being bought, for how much, and where the buyer goes afterwards. Marquee's own record (a ticket
 * order, an outreach campaign) is `referenceId`.
 */
export const sandboxCheckouts = pgTable('sandbox_checkouts', {
  id: text().primaryKey(),
  referenceId: uuid().notNull(),
  title: text().notNull(),
  summary: jsonb().$type<string[]>().notNull().default([]),
  lineItems: jsonb().$type<{ label: string; amountCents: number }[]>().notNull().default([]),
  totalCents: integer().notNull(),
  buyerEmail: text().notNull(),
  successUrl: text().notNull(),
  cancelUrl: text().notNull(),
  status: sandboxCheckoutStatus().notNull().default('open'),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  /**
   * The event a payment or cancellation raises, recorded with the status in one statement
   * (decision 35): delivered from the job queue until Marquee has applied it (eventDeliveredAt),
   * as a real provider retries its webhook, so a crash in between loses no payment.
   */
  eventId: text(),
  paymentId: text(),
  eventDeliveredAt: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [index('sandbox_checkouts_undelivered_idx').on(t.createdAt).where(sql`${t.eventId} is not null and ${t.eventDeliveredAt} is null`)]);

// ---------- Community: open jam (D22) and gear swap (D21) ----------
export const jamSessions = pgTable(
  'jam_sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    regionSlug: text()
      .notNull()
      .references(() => regions.slug),
    venueId: text().references(() => venueProfiles.userId, { onDelete: 'set null' }),
    localDate: date().notNull(),
    location: text().notNull(),
    timeStart: text().notNull(),
    timeEnd: text().notNull(),
    timeZone: text().notNull(),
    houseBand: text().array().notNull().default(sql`'{}'::text[]`),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.localDate)],
);

export const jamSongs = pgTable(
  'jam_songs',
  {
    id: uuid().primaryKey().defaultRandom(),
    sessionId: uuid()
      .notNull()
      .references(() => jamSessions.id, { onDelete: 'cascade' }),
    song: text().notNull().default(''),
    isEditable: boolean().notNull().default(true),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    songOrder: integer().notNull().default(0),
    /** Bumped on every change: a stale edit is refused rather than overwriting (D22). */
    version: integer().notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.sessionId)],
);

export const jamSlot = pgEnum('jam_slot', [
  'artist',
  'key',
  'drums',
  'bass',
  'guitar1',
  'guitar2',
  'keys',
  'vocal1',
  'other',
]);

export const jamSongSlots = pgTable(
  'jam_song_slots',
  {
    songId: uuid()
      .notNull()
      .references(() => jamSongs.id, { onDelete: 'cascade' }),
    slot: jamSlot().notNull(),
    name: text().notNull(),
    userId: text().references(() => user.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.songId, t.slot] })],
);

export const gearListings = pgTable(
  'gear_listings',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text().notNull(),
    price: text().notNull(),
    email: text(),
    phone: text(),
    imageUrls: text().array().notNull().default(sql`'{}'::text[]`),
    isSold: boolean().notNull().default(false),
    soldAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.isSold, t.createdAt)],
);

// ---------- Followers and subscribers (D19, D29) ----------
export const bandFollowers = pgTable(
  'band_followers',
  {
    id: uuid().primaryKey().defaultRandom(),
    bandId: text()
      .notNull()
      .references(() => bandProfiles.userId, { onDelete: 'cascade' }),
    email: text().notNull(),
    unsubscribeToken: text().notNull().unique(),
    unsubscribedAt: timestamp({ withTimezone: true }),
    /** Double opt-in: a follower counts (and hears of gigs) only once the e-mailed link is opened. */
    confirmedAt: timestamp({ withTimezone: true }),
    /** Set on the follow whose request sent the confirmation e-mail; that link confirms all pending. */
    confirmToken: text().unique(),
    confirmationSentAt: timestamp({ withTimezone: true }),
    /** The last request's client address and time, for the per-address limit. */
    requestIp: text(),
    requestedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  // E-mails are stored lower-cased (the shared schema normalises them), so one row per address.
  (t) => [
    uniqueIndex('band_followers_once').on(t.bandId, t.email),
    index('band_followers_by_ip').on(t.requestIp, t.requestedAt),
    index('band_followers_by_email').on(t.email, t.confirmationSentAt),
  ],
);

export const smsSubscribers = pgTable('sms_subscribers', {
  phone: text().primaryKey(),
  regionSlug: text()
    .notNull()
    .references(() => regions.slug),
  subscribedAt: createdAt(),
  unsubscribedAt: timestamp({ withTimezone: true }),
});

/**
 * Inbound texts already applied, by the provider's MessageSid (issue 20): a signed request sent
 * again is answered but not applied again. Kept for a day.
 */
export const smsInboundMessages = pgTable(
  'sms_inbound_messages',
  {
    messageSid: text().primaryKey(),
    receivedAt: createdAt(),
  },
  (t) => [index().on(t.receivedAt)],
);

/** Addresses that asked for no more marketing e-mail of a kind (weekly digest, outreach…). */
export const emailOptOuts = pgTable(
  'email_opt_outs',
  {
    email: text().notNull(),
    kind: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.email, t.kind] })],
);

// ---------- Contact form (D20) ----------
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    email: text().notNull(),
    message: text().notNull(),
    ipAddress: text(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.email, t.createdAt), index().on(t.ipAddress, t.createdAt)],
);

// ---------- Venue outreach (spec 3, D25-D27) ----------
export const venueDirectory = pgTable(
  'venue_directory',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    regionSlug: text()
      .notNull()
      .references(() => regions.slug),
    address: text(),
    city: text(),
    state: text(),
    zipCode: text(),
    phone: text(),
    email: text(),
    bookingEmail: text(),
    website: text(),
    contactPerson: text(),
    venueType: text().notNull().default('Bar/Pub'),
    capacity: integer(),
    notes: text(),
    musicGenres: text().array().notNull().default(sql`'{}'::text[]`),
    hasStage: boolean().notNull().default(true),
    hasSoundSystem: boolean().notNull().default(true),
    allowsOriginalMusic: boolean().notNull().default(true),
    typicalBookingLeadDays: integer().notNull().default(30),
    paymentStructure: text(),
    isActive: boolean().notNull().default(true),
    optedOutAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.regionSlug, t.isActive),
    // The natural key an import matches on (decision 23): the e-mail, else name, location and city.
    uniqueIndex('venue_directory_natural_key').on(
      sql`coalesce(lower(${t.email}), lower(${t.name}) || '|' || ${t.regionSlug} || '|' || lower(coalesce(${t.city}, '')))`,
    ),
  ],
);

/**
 * A venue's opt-out links (issue 20): each outreach e-mail carries its own token, 32 random bytes;
 * only its SHA-256 is kept. Deleting a venue's rows rotates them (old links stop working).
 */
export const venueOptOutTokens = pgTable(
  'venue_opt_out_tokens',
  {
    tokenHash: text().primaryKey(),
    venueDirectoryId: uuid()
      .notNull()
      .references(() => venueDirectory.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.venueDirectoryId)],
);

export const outreachPackageKind = pgEnum('outreach_package_kind', ['standard', 'beta', 'single']);
export const outreachType = pgEnum('outreach_type', ['opener', 'headline']);

export const outreachPackages = pgTable('outreach_packages', {
  id: text().primaryKey(),
  kind: outreachPackageKind().notNull(),
  outreachType: outreachType(),
  name: text().notNull(),
  priceCents: integer().notNull(),
  description: text().notNull(),
  venueLimit: integer().notNull(),
  features: text().array().notNull().default(sql`'{}'::text[]`),
  allowsCustomMessage: boolean().notNull().default(false),
  /** The package advertises a follow-up a week after the first e-mail (Opener Premium, spec 3 §9). */
  hasFollowUp: boolean().notNull().default(false),
  sortOrder: integer().notNull().default(0),
});

/**
 * Issue 34: a campaign someone else pays for waits for its band's answer ('awaiting_band'); a band
 * that says no leaves it 'declined', and nothing is charged or sent.
 */
export const campaignStatus = pgEnum('campaign_status', ['pending', 'processing', 'completed', 'completed_test', 'awaiting_band', 'declined']);

export const outreachCampaigns = pgTable(
  'outreach_campaigns',
  {
    id: uuid().primaryKey().defaultRandom(),
    bandId: text()
      .notNull()
      .references(() => bandProfiles.userId, { onDelete: 'cascade' }),
    packageId: text()
      .notNull()
      .references(() => outreachPackages.id),
    regionSlug: text()
      .notNull()
      .references(() => regions.slug),
    status: campaignStatus().notNull().default('pending'),
    venuesTargeted: integer().notNull().default(0),
    venuesReached: integer().notNull().default(0),
    responses: integer().notNull().default(0),
    customMessage: text(),
    bandDraw: text(),
    /**
     * Issue 34: the account paying for a campaign in a band's name (any signed-in user, spec 3 §2).
     * Null when the band bought it itself. Nothing is sent or charged before the band agrees.
     */
    sponsorId: text().references(() => user.id, { onDelete: 'set null' }),
    isTest: boolean().notNull().default(false),
    /** D27: an admin bypass's e-mails all go to this admin address instead of the venues. */
    testRecipientEmail: text(),
    provider: text(),
    providerSessionId: text().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.bandId, t.createdAt), index().on(t.sponsorId, t.createdAt)],
);

export const outreachEmails = pgTable(
  'outreach_emails',
  {
    id: uuid().primaryKey().defaultRandom(),
    campaignId: uuid()
      .notNull()
      .references(() => outreachCampaigns.id, { onDelete: 'cascade' }),
    venueDirectoryId: uuid()
      .notNull()
      .references(() => venueDirectory.id, { onDelete: 'cascade' }),
    toEmail: text().notNull(),
    outboxId: uuid().references(() => outbox.id, { onDelete: 'set null' }),
    responseToken: text().notNull().unique(),
    respondedAt: timestamp({ withTimezone: true }),
    /** The follow-up's e-mail (issue 21); followedUpAt is the once-only mark, kept if the outbox row goes. */
    followUpOutboxId: uuid().references(() => outbox.id, { onDelete: 'set null' }),
    followedUpAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('outreach_emails_once').on(t.campaignId, t.venueDirectoryId)],
);

// ---------- Outbox (D28) and audit log (D3) ----------
export const messageChannel = pgEnum('message_channel', ['email', 'sms']);
/**
 * An e-mail attachment as the outbox keeps it: its bytes (base64), or a QR code of one of the
 * message's secrets, drawn only when the message is delivered so outbox readers never see it.
 * contentId makes it an inline image the HTML body shows as cid:{contentId}.
 */
export type StoredAttachment = { filename: string; contentType: string; contentId?: string } & ({ base64: string } | { qrOfSecret: string });

export const messageStatus = pgEnum('message_status', ['stored', 'queued', 'sending', 'sent', 'failed']);

export const outbox = pgTable(
  'outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    channel: messageChannel().notNull().default('email'),
    toAddress: text().notNull(),
    fromAddress: text().notNull(),
    replyTo: text(),
    subject: text().notNull(),
    textBody: text().notNull(),
    htmlBody: text(),
    /**
     * Values the bodies name as {{secret:key}} (reset and unsubscribe links, later ticket ids):
     * filled in only when the message is delivered, hidden from every reader of the outbox.
     */
    secrets: jsonb().$type<Record<string, string>>(),
    /** Files sent with the message (a ticket's QR code, a calendar entry); see mail/attachments.ts. */
    attachments: jsonb().$type<StoredAttachment[]>(),
    /** The one-click unsubscribe address of a marketing e-mail (List-Unsubscribe, RFC 8058), a secret like its links. */
    unsubscribeSecret: text(),
    /** What the message is, e.g. password_reset, contact_message, follow_confirmation. */
    kind: text().notNull(),
    status: messageStatus().notNull().default('stored'),
    attempts: integer().notNull().default(0),
    claimedAt: timestamp({ withTimezone: true }),
    error: text(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.createdAt), index().on(t.toAddress), index().on(t.status)],
);

// ---------- Weekly digest (D30) ----------
/** One weekly digest per person (or phone) per week, recorded in the transaction that queues it. */
export const digestDeliveries = pgTable(
  'digest_deliveries',
  {
    weekStart: date().notNull(),
    channel: messageChannel().notNull(),
    recipient: text().notNull(),
    regionSlug: text()
      .notNull()
      .references(() => regions.slug),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.weekStart, t.channel, t.recipient] })],
);

/** A region's digest for a week, once every recipient has been queued. */
export const digestRuns = pgTable(
  'digest_runs',
  {
    regionSlug: text()
      .notNull()
      .references(() => regions.slug),
    weekStart: date().notNull(),
    sent: integer().notNull().default(0),
    completedAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.regionSlug, t.weekStart] })],
);

/** The unsubscribe link of marketing e-mail that has no row of its own to carry one (the digest). */
export const unsubscribeTokens = pgTable(
  'unsubscribe_tokens',
  {
    token: text().primaryKey(),
    email: text().notNull(),
    kind: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex().on(t.email, t.kind)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial().primaryKey(),
    actorId: text().references(() => user.id, { onDelete: 'set null' }),
    action: text().notNull(),
    targetId: text(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.createdAt)],
);

// ---------- Ticket holders: messages, reminders, cancellation (decision 49) ----------
/**
 * A cancelled gig: why, who, and when the cancellation job finished (every ticket refunded, every
 * holder told, no checkout left open). Until then the job's sweep takes it up again.
 */
export const gigCancellations = pgTable(
  'gig_cancellations',
  {
    gigId: uuid()
      .primaryKey()
      .references(() => gigs.id, { onDelete: 'cascade' }),
    reason: text().notNull(),
    cancelledBy: text().references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    settledAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('gig_cancellations_unsettled_idx').on(t.createdAt).where(sql`${t.settledAt} is null`)],
);

/** An organiser's or admin's e-mail to every ticket holder of a gig; the form's request id is its key. */
export const holderMessages = pgTable(
  'holder_messages',
  {
    id: uuid().primaryKey(),
    gigId: uuid()
      .notNull()
      .references(() => gigs.id, { onDelete: 'cascade' }),
    authorId: text().references(() => user.id, { onDelete: 'set null' }),
    /** Whether the author wrote as the gig's organiser or as an admin (the e-mail says who). */
    isFromAdmin: boolean().notNull().default(false),
    subject: text().notNull(),
    body: text().notNull(),
    /** How many addresses it went to, once the job has written every e-mail. */
    recipientCount: integer(),
    createdAt: createdAt(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.gigId, t.createdAt), index('holder_messages_unsent_idx').on(t.createdAt).where(sql`${t.sentAt} is null`)],
);

/**
 * One e-mail to one holder address about one thing: a message (`ref` its id), the reminder the day
 * before or the cancellation notice (`ref` the gig's id). Written in the transaction that queues
 * the e-mail, so however many workers run, each address gets each e-mail once.
 */
export const holderDeliveries = pgTable(
  'holder_deliveries',
  {
    kind: text().notNull(),
    ref: uuid().notNull(),
    /** Lower-cased. */
    email: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.ref, t.email] })],
);

// ---------- The door (issue 24, decision 51) ----------
/**
 * The keys ticket codes are signed with (Ed25519). Only the public half is stored: the private
 * half is derived from the server's secret and the key's id, so every instance signs alike and a
 * database copy cannot forge tickets. The newest key not retired signs; retired keys still check
 * codes of tickets the door's list holds (decision 51's rotation rule).
 */
export const doorKeys = pgTable('door_keys', {
  id: text().primaryKey(),
  /** The raw 32-byte public key, base64url. */
  publicKey: text().notNull(),
  createdAt: createdAt(),
  retiredAt: timestamp({ withTimezone: true }),
});

/**
 * Door staff: someone an organiser invited, by e-mail link, to scan one gig or every gig at a
 * venue. They have no account: opening the link registers a door device (at most three), which
 * sees only their gigs. Revoking stops every device of theirs at once.
 */
export const doorStaff = pgTable(
  'door_staff',
  {
    id: uuid().primaryKey().defaultRandom(),
    invitedBy: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** One gig, or (venue-wide) every gig at this venue. */
    gigId: uuid().references(() => gigs.id, { onDelete: 'cascade' }),
    venueId: text().references(() => venueProfiles.userId, { onDelete: 'cascade' }),
    email: text().notNull(),
    name: text().notNull().default(''),
    /** SHA-256 of the e-mailed link's token. */
    tokenHash: text().notNull().unique(),
    devicesRegistered: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp({ withTimezone: true }),
    revokedBy: text().references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    index().on(t.gigId),
    index().on(t.venueId),
    check('door_staff_one_scope', sql`(${t.gigId} is null) <> (${t.venueId} is null)`),
    check('door_staff_devices', sql`${t.devicesRegistered} between 0 and 3`),
  ],
);

/** A phone or laptop used as a door: an organiser's own, or door staff's. Its token (hashed here) is its credential. */
export const doorDevices = pgTable(
  'door_devices',
  {
    id: uuid().primaryKey().defaultRandom(),
    tokenHash: text().notNull().unique(),
    label: text().notNull(),
    userId: text().references(() => user.id, { onDelete: 'cascade' }),
    staffId: uuid().references(() => doorStaff.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSyncAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.userId), index().on(t.staffId), check('door_devices_one_owner', sql`(${t.userId} is null) <> (${t.staffId} is null)`)],
);

/**
 * A guest-list entry: a name and +N (comps, no payment), counted against capacity. With an
 * e-mail address the guest gets a ticket e-mail whose code (`code`, like a ticket id) admits the
 * party one by one; without, the door finds the name.
 */
export const guestListEntries = pgTable(
  'guest_list_entries',
  {
    id: uuid().primaryKey().defaultRandom(),
    gigId: uuid()
      .notNull()
      .references(() => gigs.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    plusCount: integer().notNull().default(0),
    email: text(),
    note: text().notNull().default(''),
    /** Unguessable, like a ticket id (D14): the e-mailed guest ticket's code. */
    code: text().notNull().unique(),
    admittedCount: integer().notNull().default(0),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.gigId),
    check('guest_list_plus', sql`${t.plusCount} between 0 and 20`),
    check('guest_list_admitted', sql`${t.admittedCount} between 0 and ${t.plusCount} + 1`),
  ],
);

export const doorScanResult = pgEnum('door_scan_result', ['admitted', 'duplicate', 'conflict', 'refused']);

/**
 * Every scan a door made, online or synced later. The id is the door's own (a UUID it made when it
 * scanned), so a batch synced twice is applied once. `scannedAt` is on the server's clock: the
 * device's time moved by the batch's offset.
 */
export const doorScans = pgTable(
  'door_scans',
  {
    id: uuid().primaryKey(),
    gigId: uuid()
      .notNull()
      .references(() => gigs.id, { onDelete: 'cascade' }),
    deviceId: uuid()
      .notNull()
      .references(() => doorDevices.id, { onDelete: 'cascade' }),
    ticketId: text().references(() => tickets.id, { onDelete: 'cascade' }),
    guestId: uuid().references(() => guestListEntries.id, { onDelete: 'cascade' }),
    guestCount: integer(),
    scannedAt: timestamp({ withTimezone: true }).notNull(),
    deviceScannedAt: timestamp({ withTimezone: true }).notNull(),
    receivedAt: createdAt(),
    /** Whether the door let the person in (offline on its own list, or online as the server said). */
    wasAdmitted: boolean().notNull(),
    result: doorScanResult().notNull(),
    reason: text(),
  },
  (t) => [index().on(t.gigId, t.scannedAt), index().on(t.ticketId), index().on(t.deviceId)],
);

export const doorSaleMethod = pgEnum('door_sale_method', ['cash', 'card']);
export const doorSaleStatus = pgEnum('door_sale_status', ['recorded', 'voided', 'refused_full', 'refused_cancelled']);

/** A walk-in who paid at the door, outside Marquee: counted against capacity and in the door report. */
export const doorSales = pgTable(
  'door_sales',
  {
    /** The door's own id for the sale, so a replayed sync records it once. */
    id: uuid().primaryKey(),
    gigId: uuid()
      .notNull()
      .references(() => gigs.id, { onDelete: 'cascade' }),
    deviceId: uuid()
      .notNull()
      .references(() => doorDevices.id, { onDelete: 'cascade' }),
    quantity: integer().notNull(),
    amountCents: integer().notNull(),
    method: doorSaleMethod().notNull(),
    soldAt: timestamp({ withTimezone: true }).notNull(),
    receivedAt: createdAt(),
    /** Recorded although the show was full (before issue 34; a sale over capacity is now refused, `status`). */
    isOverCapacity: boolean().notNull().default(false),
    /**
     * Issue 34: 'recorded' counts; 'voided' was undone by its door within minutes (kept for the report);
     * 'refused_full' / 'refused_cancelled' were sold by a door offline but refused at sync (the show was
     * full, or cancelled): no seat is taken, and the report lists the money to give back.
     */
    status: doorSaleStatus().notNull().default('recorded'),
    voidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.gigId), check('door_sales_quantity', sql`${t.quantity} between 1 and 20`), check('door_sales_amount', sql`${t.amountCents} >= 0`)],
);

// ---------- Moving from the old system (issue 25, decision 52) ----------
/**
 * Every record the legacy importer wrote: the old system's collection and document id, the
 * Marquee id it became, and a digest of the old document, so a second run of the same export
 * changes nothing and a newer export updates only what changed. Written in the same transaction
 * as the rows it names, so an interrupted run resumes where it stopped.
 */
export const legacyRecords = pgTable(
  'legacy_records',
  {
    collection: text().notNull(),
    legacyId: text().notNull(),
    newId: text().notNull(),
    digest: text().notNull(),
    importedAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.collection, t.legacyId] }), index().on(t.collection, t.newId)],
);

/**
 * A file of the old storage (its object path, e.g. bandImages/<uid>/123.jpg) and the Marquee
 * address it became: stored addresses are rewritten with it, and an old download address that
 * someone saved redirects to the new one.
 */
export const legacyFiles = pgTable('legacy_files', {
  legacyPath: text().primaryKey(),
  url: text().notNull(),
  /** SHA-256 of the old file's bytes: an unchanged file is not processed again. */
  digest: text().notNull(),
  importedAt: createdAt(),
});

/**
 * The old authentication service's password-hash parameters (modified scrypt). An imported
 * account's password is `firebase-scrypt$<config id>$<salt>$<hash>` until its first sign-in,
 * which checks it with these and stores better-auth's own hash instead.
 */
export const legacyHashConfigs = pgTable(
  'legacy_hash_configs',
  {
    id: serial().primaryKey(),
    signerKey: text().notNull(),
    saltSeparator: text().notNull(),
    rounds: integer().notNull(),
    memCost: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex().on(t.signerKey, t.saltSeparator, t.rounds, t.memCost)],
);

// ---------- Public API keys (issue 26, decision 53) ----------

/**
 * An organiser's key to the public API's own-gig routes (/api/v1/me/…). The key itself is shown
 * once; only its SHA-256 is kept, with the first characters for the owner to tell keys apart.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** The start of the key as shown on the dashboard (`mq_live_` and a few characters). */
    prefix: text().notNull(),
    /** SHA-256 of the whole key, base64url. */
    keyHash: text().notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    /**
     * What the key may read (issue 33): always `public:read`; `attendees:read` and `checkins:read`
     * only when ticked at creation. Keys made before scopes existed have `public:read` alone.
     */
    scopes: text().array().notNull().default(sql`ARRAY['public:read']::text[]`),
  },
  (t) => [uniqueIndex().on(t.keyHash), index().on(t.userId)],
);

// ---------- Webhooks (issue 26, decision 54) ----------
export const webhookDeliveryStatus = pgEnum('webhook_delivery_status', ['pending', 'delivered']);

/** An organiser's HTTPS endpoint, the events it hears, and its Standard Webhooks secret (`whsec_` + base64). */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid().primaryKey().defaultRandom(),
    ownerId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    events: text().array().notNull(),
    secret: text().notNull(),
    /** The secret before the last rotation: deliveries are signed with it too until previousSecretExpiresAt (issue 33). */
    previousSecret: text(),
    previousSecretExpiresAt: timestamp({ withTimezone: true }),
    /**
     * When the endpoint answered Marquee's signed verification request with its challenge (issue 33):
     * until then nothing is delivered to it. Endpoints made before verification existed count as verified.
     */
    verifiedAt: timestamp({ withTimezone: true }).defaultNow(),
    isEnabled: boolean().notNull().default(true),
    /** Since when every delivery has failed (null once one succeeds): three days of it disables the endpoint. */
    failingSince: timestamp({ withTimezone: true }),
    /** Set when Marquee disabled it after days of failures (null when its owner did, or it is enabled). */
    autoDisabledAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.ownerId)],
);

/** One event (its body as sent: type, timestamp, data), recorded only when some endpoint hears it. */
export const webhookEvents = pgTable('webhook_events', {
  id: uuid().primaryKey().defaultRandom(),
  type: text().notNull(),
  payload: jsonb().notNull(),
  createdAt: createdAt(),
});

/** An event for one endpoint. Its id is the webhook-id header, the same on every retry and resend. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text().primaryKey(),
    eventId: uuid()
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    endpointId: uuid()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    status: webhookDeliveryStatus().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`), index().on(t.endpointId, t.createdAt)],
);

/** The delivery log: each attempt's answer (or error), shown to the endpoint's owner. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid().primaryKey().defaultRandom(),
    deliveryId: text()
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    statusCode: integer(),
    responseExcerpt: text(),
    durationMs: integer().notNull(),
    error: text(),
  },
  (t) => [index().on(t.deliveryId, t.attemptedAt)],
);

// ---------- ActivityPub federation (issue 26, decision 56) ----------
/**
 * Fedify's key-value store (caches, idempotency marks, circuit-breaker state), kept in Marquee's
 * own database instead of a second store. The key is Fedify's key parts joined as a JSON array.
 */
export const federationKv = pgTable(
  'federation_kv',
  {
    key: text().primaryKey(),
    value: jsonb().notNull(),
    expiresAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.expiresAt)],
);

/** Each actor's signing keys (RSA for HTTP Signatures, Ed25519 for Object Integrity Proofs), as JWK, made on first use. */
export const federationActorKeys = pgTable('federation_actor_keys', {
  /** The actor's identifier: `band.{slug}`, `venue.{slug}` or `region.{slug}`. */
  actor: text().primaryKey(),
  keys: jsonb().notNull(),
  createdAt: createdAt(),
});

/** Who follows a Marquee actor from another server, and where to deliver to them. */
export const federationFollowers = pgTable(
  'federation_followers',
  {
    id: uuid().primaryKey().defaultRandom(),
    actor: text().notNull(),
    followerUri: text().notNull(),
    inboxUrl: text().notNull(),
    sharedInboxUrl: text(),
    /** The Follow activity's id, which the Accept names. */
    followId: text(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex().on(t.actor, t.followerUri), index().on(t.followerUri)],
);

/**
 * A public gig as the fediverse last heard of it: marked pending by every change (in the change's
 * own transaction), then sent as Create, Update or Delete by the `federate-gigs` job, and pending
 * until sent (a mark made while it is being sent keeps it pending). Outlives the
 * gig (no foreign key), so a deleted gig's Delete still knows whose followers heard of it.
 */
export const federatedGigs = pgTable(
  'federated_gigs',
  {
    gigId: uuid().primaryKey(),
    isPending: boolean().notNull().default(true),
    /** The actors whose followers were sent the gig (venue, band, region), for its Update and Delete. */
    actors: text().array().notNull().default(sql`'{}'::text[]`),
    firstSentAt: timestamp({ withTimezone: true }),
    lastSentAt: timestamp({ withTimezone: true }),
    deletedAt: timestamp({ withTimezone: true }),
    /**
     * Bumped by each Delete: the Event published again afterwards has a new address (servers keep
     * a tombstone for a deleted one and would refuse it).
     */
    generation: integer().notNull().default(0),
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** While an instance sends it (a lease): another instance leaves it alone until then, and takes it over after. */
    claimedUntil: timestamp({ withTimezone: true }),
    /**
     * Issue 35: the gig's date, times, act and venue as last sent ("when and who"), so a change to
     * them is also told as a reply Note, which Mastodon shows (it ignores an Event's Update).
     */
    sentFacts: text(),
  },
  (t) => [index('federated_gigs_pending_idx').on(t.changedAt).where(sql`${t.isPending}`)],
);

/**
 * Issue 34: a wallet pass handed out for a ticket, by its serial number (`passSerial` of the
 * ticket id, also the Google object's id). `changedAt` is the pass's Last-Modified and its
 * update tag. A change to the ticket (refunded, passed on) bumps it and marks it pending in the
 * change's own transaction; the `update-wallet-passes` job then tells the devices that hold it
 * (APNs) and Google, and clears the mark once sent.
 */
export const walletPasses = pgTable(
  'wallet_passes',
  {
    serialNumber: text().primaryKey(),
    ticketId: text()
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** Set once a 'Save to Google Wallet' link was made: Google may hold the object from then on. */
    googleLinkedAt: timestamp({ withTimezone: true }),
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    pendingSince: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.ticketId), index('wallet_passes_pending_idx').on(t.pendingSince).where(sql`${t.pendingSince} is not null`)],
);

/** Issue 34: a device that holds an Apple Wallet pass (PassKit web service registration) and its APNs push token. */
export const appleWalletRegistrations = pgTable(
  'apple_wallet_registrations',
  {
    deviceLibraryId: text().notNull(),
    serialNumber: text()
      .notNull()
      .references(() => walletPasses.serialNumber, { onDelete: 'cascade' }),
    pushToken: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.deviceLibraryId, t.serialNumber] }), index().on(t.serialNumber)],
);
