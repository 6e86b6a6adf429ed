import type { GigTicketCounts } from '../ticket-counts.ts';
import { z } from 'zod';
import { emailField } from './fields.ts';

/**
 * The door (issue 24, decision 51): the contract between the door app (an installable, offline
 * scanner under /qr-scanner/) and the server's /api/door routes. Every door request carries its
 * device's token in the `X-Door-Device` header; a device belongs to an organiser account (venue,
 * promoter, band, admin) or to a door staff invitation, and sees only the gigs it is on.
 */
export const DOOR_DEVICE_HEADER = 'x-door-device';

/** Why a ticket is refused, as the door screen says it (the result's reason line under one big word). */
export const DOOR_REFUSALS = {
  unknown: 'No Marquee ticket has this code.',
  other_gig: 'This ticket is for another gig.',
  refunded: 'This ticket was refunded.',
  transferred: 'This ticket was passed on to someone else, who has a new code.',
  already_used: 'Already checked in.',
  forged: 'This code is not genuine: its signature does not match.',
  truncated: 'Only part of the code was read. Scan it again.',
  unknown_key: 'This code was signed with a key this door does not know. Sync, then scan again.',
  retired_key: 'This code was signed with a retired key. Ask for the ticket e-mail or the ticket page: it shows the current code.',
  cancelled: 'This show was cancelled.',
  not_in_list: 'This ticket is not on the door list yet. Connect to check it.',
  // Added by the server helper (decision 51): a guest-list entry whose whole party is in already.
  guest_full: 'Everyone on this guest list entry is already in.',
  // A question (wasAdmitted: false) that reached the server long after it was scanned: the door
  // decided it offline and refused, so it is recorded, never answered with an admission.
  stale: 'This scan reached the server too late to be answered. Scan the ticket again.',
} as const;
export type DoorRefusal = keyof typeof DOOR_REFUSALS;

/** What the door screen and the organiser are told (verbatim in the door app and the gig card). */
export const DOOR_MESSAGES = {
  revoked: 'Your door access was revoked by the organiser. This device no longer scans or syncs.',
  notOnGig: 'This door is not on that gig.',
  accessEnded: 'Your door access has ended with the show. Ask the organiser for a new link.',
  inviteInvalid: 'This door staff link is not valid any more. Ask the organiser for a new one.',
  inviteUsedUp: 'This door staff link has been used on three devices already. Ask the organiser for a new one.',
  conflict: 'Admitted on two doors while offline',
  full: 'The show is at capacity.',
  guestFull: 'Everyone on this guest list entry is already in.',
  staffInvited: (email: string) => `Door staff invitation sent to ${email}.`,
  tooManyInvites: 'Too many door staff invitations. Please try again in an hour.',
  noGigs: 'No gigs to scan for this door yet.',
  // The spec's scanner texts (issue 34, item 17): a check that could not be made (the network or
  // the device failed), and a refusal with no more specific reason.
  validationError: 'Error validating ticket. Please try again.',
  invalidTicket: 'Invalid ticket',
  // Added by the organiser side (door staff, guest list, report):
  venueWideOnly: 'Only a venue invites door staff for every gig at its venue.',
  gigOver: 'This gig has already happened.',
  tooManyAccepts: 'Too many tries from this network. Please wait a few minutes and open the link again.',
  tooManyGuestChanges: 'Too many guest-list changes in a short time. Please try again in a few minutes.',
  guestAdmitted: 'Some of this party are already in, so the entry stays. You can lower its +N to those already in.',
  guestBelowAdmitted: (admitted: number) => `${admitted} of this party ${admitted === 1 ? 'is' : 'are'} already in: the entry cannot be smaller than that.`,
  // Issue 33: what the door e-mails (a guest's pass, a door staff link) carries the organiser's name and words, so it goes out only from a confirmed organiser, for a booked gig, a few a day.
  guestPassUnconfirmed: 'Please confirm your e-mail address first: guest-list passes are e-mailed only from a confirmed account. You can add the guest without an e-mail address meanwhile.',
  guestPassVenueUnverified: 'Guest-list passes are e-mailed once your venue is verified (your dashboard shows what is left to do). You can add the guest without an e-mail address meanwhile.',
  guestPassNotBooked: 'Guest-list passes are e-mailed only for a booked gig. You can add the guest without an e-mail address meanwhile.',
  guestPassGigOver: 'This gig has already happened, so no pass is e-mailed. You can add the guest without an e-mail address.',
  tooManyGuestPassesForGig: 'This gig has e-mailed as many guest-list passes as it may today. You can add the guest without an e-mail address, or e-mail the pass tomorrow.',
  tooManyGuestPasses: 'You have e-mailed as many guest-list passes as you may today. You can add the guest without an e-mail address, or e-mail the pass tomorrow.',
  staffInviteUnconfirmed: 'Please confirm your e-mail address first: door staff invitations are sent only from a confirmed account.',
  staffInviteVenueUnverified: 'Door staff invitations are sent once your venue is verified (your dashboard shows what is left to do).',
  staffInviteNotBooked: 'Door staff are invited only for a booked gig: its door opens once a band is booked.',
  tooManyInvitesToday: 'You have sent as many door staff invitations as you may today. Please try again tomorrow.',
  staffRevoked: 'Door access revoked. Their devices stop scanning at once.',
  deviceRevoked: 'Device revoked. It stops scanning at once.',
  // Issue 34: capacity is a safety number; a door sale can be undone for a few minutes.
  saleFull: 'The show is at capacity: no more door sales. The organiser can raise the capacity on the gig card.',
  saleCancelled: 'This show was cancelled: no door sales.',
  saleRefusedAfterSync: 'A door sale made offline was refused when it reached the server: the show was full or cancelled. Give that money back.',
  searchOffline: 'Offline: searching this door\'s list by name, order number and ticket reference. E-mail search needs a connection.',
  tooManySearches: 'Too many searches from this door. Please wait a minute.',
} as const;

/** An amber answer: this code was admitted moments ago (the same guest, still in front of the door). */
export const alreadyScannedText = (secondsAgo: number, where: 'this door' | 'another door') => `Already scanned (${secondsAgo} s ago, ${where})`;

// ---------- Devices and staff ----------

/** An organiser registers this device as a door (its session proves who; the token is the device's from then on). */
export const registerDoorDeviceSchema = z.object({
  label: z.string().trim().min(1, { error: 'Please name this door, like "Front door".' }).max(60, { error: 'Please keep the door name under 60 characters.' }),
});

/** Door staff open their e-mailed link on a device: the link's token and a name for the door. */
export const acceptDoorInviteSchema = registerDoorDeviceSchema.extend({
  token: z.string().trim().min(20).max(200),
});

export type DoorDeviceRegistration = { deviceId: string; token: string; label: string };

/** An organiser invites door staff: for one gig, or (a venue) for every gig at the venue. */
export const inviteDoorStaffSchema = z
  .object({
    email: emailField('Please enter the door person\'s e-mail address, like name@example.com.'),
    name: z.string().trim().max(80).optional(),
    gigId: z.uuid().optional(),
    allVenueGigs: z.boolean().optional(),
  })
  .refine((v) => Boolean(v.gigId) !== Boolean(v.allVenueGigs), { error: 'Choose one gig, or every gig at your venue.' });

/** A door device as the organiser sees it in the staff list. */
export type DoorDeviceInfo = { id: string; label: string; createdAt: string; lastSyncAt: string | null; revokedAt: string | null };

/** A door staff invitation and the devices it registered (GET /api/door/gigs/:gigId/staff, /api/door/venue-staff). */
export type DoorStaffMember = {
  id: string;
  email: string;
  name: string;
  /** 'venue': every gig at the venue. */
  scope: 'gig' | 'venue';
  devicesRegistered: number;
  expiresAt: string;
  revokedAt: string | null;
  devices: DoorDeviceInfo[];
  /** Whether the asking account may revoke them (a gig's band sees the venue's door team, but it is the venue's). */
  canRevoke: boolean;
};

/** A gig's door staff for its organiser, and the organiser's own door devices. */
export type DoorStaffOverview = { staff: DoorStaffMember[]; myDevices: DoorDeviceInfo[] };

/** How many devices one door staff link may register. */
export const DOOR_DEVICES_PER_INVITE = 3;

/** A gig the door may scan, as its gig picker lists it. */
export type DoorGig = { id: string; title: string; venueName: string; localDate: string; startTime: string; startsAt: string; capacity: number | null; isCancelled: boolean };

// ---------- The admission list ----------

/** One ticket as the door keeps it: its ref (see ticketRef), never its code or its buyer's e-mail. */
export type DoorTicket = {
  ref: string;
  status: 'valid' | 'used' | 'refunded' | 'transferred';
  /** The type's name (General when the gig has one price). */
  typeName: string;
  /** What the name search matches: the holder account's name, else the e-mail with its middle hidden (j…n@e…e.com). */
  holderLabel: string;
  usedAt: string | null;
  /** The id of the door device that admitted it (null: the old scanner, or not used); counts.perDevice names it. */
  usedByDevice: string | null;
  /** Issue 34: the order number the buyer was shown (/success, the order e-mail), so the door finds an order offline too. */
  orderRef?: string | null;
};

export type DoorGuest = {
  id: string;
  name: string;
  plusCount: number;
  admittedCount: number;
  note: string;
  /**
   * Added by the door app: ticketRef(guest_list_entries.code), so a door offline recognises a
   * scanned guest code (MQ1.<key>.<code>.<gig>.<sig>, whose ticket slot holds the entry's code)
   * and lets the party in one scan at a time up to 1 + plusCount.
   */
  ref: string;
};

export type DoorCounts = {
  capacity: number | null;
  soldOnline: number;
  soldAtDoor: number;
  comps: number;
  checkedIn: number;
  /** Online tickets and guest-list places nobody came in on: after the show only (null before it ends). */
  noShows: number | null;
  /** Issue 34 item 8: the gig's counts under the words every screen uses (soldOnline, soldAtDoor, comps, checkedIn and noShows are these). */
  ticketCounts: GigTicketCounts;
  /** Issue 34: seats held by open online checkouts (they may be paid any moment). */
  heldOnline: number;
  /** Issue 34: what the door may still sell: capacity less sold online, held by open checkouts, comps and door sales (null: no capacity). */
  seatsLeft: number | null;
  perDevice: { deviceId: string; label: string; checkedIn: number }[];
};

/**
 * GET /api/door/gigs/:gigId/list[?since=cursor]. With `since`, tickets and guests changed after
 * it (a delta); without, all of them. `cursor` is what to send next time.
 */
export type DoorAdmissionList = {
  gig: DoorGig;
  keys: { id: string; publicKey: string; retiredAt: string | null }[];
  tickets: DoorTicket[];
  guests: DoorGuest[];
  counts: DoorCounts;
  /** Added by the server helper: the gig's conflicts (tickets let in by two doors while offline), as every sync answer carries them. */
  conflicts: DoorConflict[];
  isDelta: boolean;
  cursor: string;
  serverTime: string;
  /** Issue 34: what a door sale is prefilled with: each ticket type's price, the door price first (a type named 'Door', else the gig's price). */
  doorPrices: DoorPrice[];
  currency: 'USD';
};

/** A price the door sells at: a ticket type's (or the gig's one price, 'General'). */
export type DoorPrice = { typeName: string; priceCents: number; isDoorPrice: boolean };

/** Issue 34: a door sale may be undone by its door this long after it was made (a void, kept in the door report). */
export const DOOR_SALE_UNDO_MS = 5 * 60_000;

// ---------- Scans, guest check-ins and door sales, synced ----------

const clientId = z.uuid({ error: 'Each scan needs its own id.' });
const deviceTime = z.iso.datetime({ offset: true, error: 'A time the door recorded is not a time.' });

/**
 * One thing the door did: a scanned code (`code`), a ticket found by name (`ref`), or guests of a
 * guest-list entry let in (`guestId`, `count`). `scannedAt` is the device's clock; the server
 * moves it by (its own time - `sentAt`) of the batch, so a clock hours wrong still orders scans right.
 * `wasAdmitted` says whether the door let the person in (offline, on its own list).
 */
export const doorScanSchema = z
  .object({
    id: clientId,
    code: z.string().trim().min(1).max(500).optional(),
    ref: z.string().regex(/^[A-Za-z0-9_-]{22}$/).optional(),
    guestId: z.uuid().optional(),
    count: z.number().int().min(1).max(50).optional(),
    scannedAt: deviceTime,
    wasAdmitted: z.boolean(),
  })
  .refine((s) => [s.code, s.ref, s.guestId].filter(Boolean).length === 1, { error: 'A scan names one code, ticket or guest.' });

/** A walk-in who paid at the door, outside Marquee. */
export const doorSaleSchema = z.object({
  id: clientId,
  quantity: z.number().int().min(1, { error: 'Sell at least one ticket.' }).max(20, { error: 'At most 20 tickets in one door sale.' }),
  amountCents: z.number().int().min(0, { error: 'Please enter the amount taken.' }).max(10_000_00, { error: 'At most 10,000.00 in one door sale.' }),
  method: z.enum(['cash', 'card'], { error: 'Cash or card?' }),
  soldAt: deviceTime,
});

/** Issue 34: a door sale undone by the door that made it, within DOOR_SALE_UNDO_MS. */
export const doorVoidSchema = z.object({ saleId: clientId, voidedAt: deviceTime });

/** POST /api/door/gigs/:gigId/sync: at most 1,000 scans and 200 sales a batch; replaying a batch applies nothing twice. */
export const doorSyncSchema = z.object({
  sentAt: deviceTime,
  scans: z.array(doorScanSchema).max(1000).default([]),
  sales: z.array(doorSaleSchema).max(200).default([]),
  voids: z.array(doorVoidSchema).max(200).default([]),
});

/** Issue 34: POST /api/door/gigs/:gigId/search: a name, a whole or partial e-mail address, an order number (matched on the server's copy). */
export const doorSearchSchema = z.object({ q: z.string().trim().min(2, { error: 'Type at least two letters.' }).max(100) });
export type DoorSearchResult = { tickets: DoorTicket[]; guests: DoorGuest[] };

/** What became of a door sale: recorded (it counts), voided (undone), or refused at sync (full, cancelled: no seat, money to give back). */
export type DoorSaleStatus = 'recorded' | 'voided' | 'refused_full' | 'refused_cancelled';
/** How the door report names a door sale's state. */
export const DOOR_SALE_STATUS_TEXT: Record<DoorSaleStatus, string> = { recorded: 'Recorded', voided: 'Voided', refused_full: 'Refused: the show was full', refused_cancelled: 'Refused: the show was cancelled' };
export type DoorSyncInput = z.input<typeof doorSyncSchema>;

/**
 * What became of one scan: `admitted` (first), `duplicate` (this ticket was already in: when and
 * on which door), `conflict` (the door let the person in, offline, but the ticket had been
 * admitted earlier elsewhere: both doors and the organiser see it), `refused` (with why).
 */
export type DoorScanResult = {
  id: string;
  result: 'admitted' | 'duplicate' | 'conflict' | 'refused';
  reason?: DoorRefusal;
  ticketRef?: string;
  typeName?: string;
  holderLabel?: string;
  firstAdmittedAt?: string;
  firstDeviceLabel?: string;
  /** Added by the server helper: the device of the admission that stands, so a door can tell 'this door' from 'another door'. */
  firstDeviceId?: string;
};

export type DoorConflict = { ticketRef: string; holderLabel: string; admittedAt: string; deviceLabel: string; otherAt: string; otherDeviceLabel: string };

export type DoorSyncResult = {
  serverTime: string;
  scans: DoorScanResult[];
  /** `isOverCapacity`: before issue 34 a sale over capacity was recorded and flagged; now it is refused (`status`). */
  sales: { id: string; isOverCapacity: boolean; status: DoorSaleStatus }[];
  voids: { saleId: string; isVoided: boolean; reason?: 'too_late' | 'unknown' }[];
  conflicts: DoorConflict[];
  counts: DoorCounts;
};

// ---------- Guest list (organiser) ----------

export const guestEntrySchema = z.object({
  name: z.string().trim().min(1, { error: 'Please enter the guest\'s name.' }).max(100),
  plusCount: z.number().int().min(0).max(20, { error: 'At most +20 on one guest-list entry.' }).default(0),
  email: z.union([emailField('Please enter a valid e-mail address, like name@example.com.'), z.literal('')]).optional(),
  note: z.string().trim().max(200).default(''),
});
export type GuestEntryInput = z.input<typeof guestEntrySchema>;

/** A guest-list entry as the organiser sees it (GET /api/door/gigs/:gigId/guests). */
export type GuestEntry = { id: string; name: string; plusCount: number; email: string | null; note: string; admittedCount: number; createdAt: string };
export type GuestList = { entries: GuestEntry[]; seatsTaken: number; capacity: number | null; seatsLeft: number | null };

/** The organiser's door report (GET /api/door/gigs/:gigId/report, and .csv). */
export type DoorReport = {
  gig: DoorGig;
  soldOnline: number;
  soldAtDoor: number;
  doorTakingsCents: { cash: number; card: number };
  comps: number;
  checkedIn: number;
  noShows: number | null;
  /** Issue 34 item 8: the counts every screen shows, under their words. */
  ticketCounts: GigTicketCounts;
  conflicts: DoorConflict[];
  capacity: number | null;
  /** Issue 34: door sales undone within minutes, and door sales refused at sync (full or cancelled): kept, with their money. */
  voidedSales: DoorSaleLine[];
  refusedSales: DoorSaleLine[];
};

export type DoorSaleLine = { id: string; soldAt: string; deviceLabel: string; quantity: number; amountCents: number; method: 'cash' | 'card'; status: DoorSaleStatus; voidedAt: string | null };
