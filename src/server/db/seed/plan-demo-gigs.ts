import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { DEFAULT_BAND_PERCENT, DEFAULT_ORGANISER_PERCENT } from '../../../core/money.ts';
import { formatClock, toInstant, todayIn } from '../../../core/time.ts';
import type { gigApplications, gigs } from '../schema.ts';
import type { PerformerType } from './demo-content.ts';
import type { Random } from './seeded-random.ts';

export type GigVenue = { userId: string; name: string; regionSlug: string; timeZone: string; isDemo: boolean };
export type GigBand = { userId: string; name: string; regionSlug: string; genres: readonly string[]; performerType: PerformerType; isDemo: boolean };
export type GigPromoter = { userId: string; venueIds: readonly string[]; isDemo: boolean };
export type GigManagedArtist = { managerId: string; managedArtistId: string };

export type GigRow = typeof gigs.$inferInsert & { id: string };
export type GigApplicationRow = typeof gigApplications.$inferInsert;

type GigPlan = {
  venue: GigVenue;
  /** Days from today in the venue's zone. */
  offset: number;
  kind: 'approved' | 'pending';
  band?: GigBand;
  promoter?: GigPromoter;
  ticketed?: boolean;
  applicants?: GigBand[];
  managedArtist?: GigManagedArtist;
};

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** Gigs per venue: enough for about a hundred in all, across the past 30 and next 60 days. */
const GIGS_PER_VENUE: Readonly<Record<string, number>> = { chicagoland: 7, cleveland: 6, cortland: 6 };

const EVENING_TIMES: readonly (readonly [string, string])[] = [
  ['19:00', '22:00'],
  ['19:00', '22:00'],
  ['19:30', '22:30'],
  ['20:00', '23:00'],
  ['20:00', '23:00'],
  ['20:00', '22:30'],
  ['19:00', '21:30'],
  ['18:30', '21:00'],
  ['20:30', '23:30'],
  ['19:15', '22:15'],
  ['20:45', '23:15'],
  ['21:00', '23:45'],
];
const LATE_TIMES: readonly (readonly [string, string])[] = [
  ['22:00', '01:00'],
  ['21:00', '00:00'],
  ['21:30', '01:30'],
  ['22:00', '02:00'],
  ['20:30', '00:30'],
];

const COMPENSATION = [
  '$200 + 10% of bar',
  '$150 guarantee',
  '$300 flat',
  '70% of the door',
  '$250 + drink tickets',
  '80% of the door after a $100 sound fee',
  '$400 guarantee vs. 80% of the door',
  '$100 + dinner and drinks',
] as const;
const COVER_CHARGES = ['$10', '$5', '$12', '$15', 'Free', '$8', '$10 at the door', null] as const;
const TICKET_PRICES = [1000, 1200, 1500, 1800, 2000, 2500] as const;
const TICKET_QUANTITIES = [100, 120, 150, 200, 250, 300] as const;

function minutesOf(time: string): number {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * 60 + m;
}

function clockOf(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

function genreText(band: GigBand): string {
  return band.genres.slice(0, 2).join(' and ');
}

function describeApproved(random: Random, band: GigBand, venue: GigVenue): string {
  const templates = [
    () => `${band.name} headlines ${venue.name} with a full night of ${genreText(band)}.`,
    () => `${band.name} plays ${venue.name}. ${genreText(band)} all night, 21+ with ID.`,
    () => `${band.name} returns to ${venue.name} for two sets of ${genreText(band)}.`,
    () => `Record release show: ${band.name} plays the new album front to back, with special guests.`,
    () => `Local showcase night featuring ${band.name}. Doors open 30 minutes before the first set.`,
    () => `${band.name} brings ${genreText(band)} to ${venue.name}. All ages until 9 PM.`,
  ];
  return random.pick(templates)();
}

function describePending(random: Random, venue: GigVenue, localDate: string, genre: string): string {
  const weekday = DateTime.fromISO(localDate, { zone: 'UTC' }).toFormat('cccc');
  const templates = [
    () => 'Seeking a headliner for this date. Two 45-minute sets; full backline and a sound engineer provided.',
    () => 'Looking for an original act to open our monthly local showcase. 40-minute set, house drum kit available.',
    () => `Open date at ${venue.name} for a ${genre} act. We provide sound, lights and a hot meal for the band.`,
    () => 'Residency trial: one 90-minute set. A great fit for jazz, folk or acoustic acts.',
    () => `Booking a ${genre} band for a ${weekday} night show. Please bring your own amps.`,
  ];
  return random.pick(templates)();
}

/**
 * Plans about a hundred gigs. The demo venue and demo band get a fixed, hand-made schedule so a
 * newcomer signing in sees confirmed, ticketed and pending gigs with applicants; every other venue
 * gets a random mix with at least one approved gig today or later.
 */
export function planDemoGigs(input: {
  random: Random;
  now: Date;
  venues: readonly GigVenue[];
  bands: readonly GigBand[];
  promoters: readonly GigPromoter[];
  managedArtists: readonly GigManagedArtist[];
}): { gigs: GigRow[]; applications: GigApplicationRow[] } {
  const { random, now, venues, bands, promoters, managedArtists } = input;
  const byName = <T extends { name: string }>(items: readonly T[], name: string): T => {
    const found = items.find((item) => item.name === name);
    if (!found) throw new Error(`Demo data refers to unknown "${name}"`);
    return found;
  };
  const demoVenue = venues.find((v) => v.isDemo)!;
  const demoBand = bands.find((b) => b.isDemo)!;
  const demoPromoter = promoters.find((p) => p.isDemo)!;
  const otherBands = bands.filter((b) => !b.isDemo);
  const promoterOf = (venue: GigVenue) => promoters.find((p) => p.venueIds.includes(venue.userId));

  const plans: GigPlan[] = [
    { venue: demoVenue, offset: -24, kind: 'approved' },
    { venue: demoVenue, offset: -17, kind: 'approved', band: demoBand },
    { venue: demoVenue, offset: -10, kind: 'approved' },
    { venue: demoVenue, offset: -3, kind: 'approved', band: demoBand },
    { venue: demoVenue, offset: 0, kind: 'approved' },
    { venue: demoVenue, offset: 2, kind: 'approved', band: demoBand, ticketed: true },
    { venue: demoVenue, offset: 6, kind: 'pending', applicants: [demoBand] },
    { venue: demoVenue, offset: 9, kind: 'approved', promoter: demoPromoter, ticketed: true },
    { venue: demoVenue, offset: 13, kind: 'approved', band: demoBand },
    { venue: demoVenue, offset: 20, kind: 'pending', managedArtist: managedArtists[0] },
    { venue: demoVenue, offset: 27, kind: 'approved', ticketed: true },
    { venue: demoVenue, offset: 41, kind: 'pending', promoter: demoPromoter },
    { venue: byName(venues, 'Pilsen Social Club'), offset: -20, kind: 'approved', band: demoBand },
    { venue: byName(venues, 'Ravenswood Tap'), offset: 4, kind: 'approved', band: demoBand },
    { venue: byName(venues, 'The Blue Anchor'), offset: 11, kind: 'pending', applicants: [demoBand], promoter: demoPromoter },
    { venue: byName(venues, 'Halsted Hall'), offset: 16, kind: 'approved', band: demoBand, promoter: demoPromoter, ticketed: true },
    { venue: byName(venues, 'Evanston Boiler Room'), offset: 33, kind: 'approved', band: demoBand },
  ];

  const usedVenueDays = new Set(plans.map((p) => `${p.venue.userId}|${p.offset}`));
  const busyBandDays = new Set(plans.filter((p) => p.band).map((p) => `${p.band!.userId}|${p.offset}`));

  for (const venue of venues) {
    if (venue.isDemo) continue;
    const target = GIGS_PER_VENUE[venue.regionSlug] ?? 6;
    const existing = plans.filter((p) => p.venue === venue).length;
    const needed = Math.max(0, target - existing);
    const pastCount = Math.round(needed / 3);
    const offsets: number[] = [];
    while (offsets.length < needed) {
      const offset = offsets.length < pastCount ? random.int(-30, -1) : random.int(0, 60);
      if (usedVenueDays.has(`${venue.userId}|${offset}`)) continue;
      usedVenueDays.add(`${venue.userId}|${offset}`);
      offsets.push(offset);
    }
    // The soonest upcoming gig of every venue stays approved, so each region page has shows;
    // one or two later dates are still open, which makes about a fifth of all gigs pending.
    const upcoming = offsets.filter((o) => o >= 0).sort((a, b) => a - b);
    const pendingCount = Math.min(upcoming.length - 1, random.chance(0.35) ? 2 : 1);
    const pendingOffsets = new Set(random.sample(upcoming.slice(1), Math.max(0, pendingCount)));
    // Most venues sell tickets for one upcoming show: about a quarter of upcoming approved gigs.
    const approvedUpcoming = upcoming.filter((o) => !pendingOffsets.has(o));
    const ticketedOffset = approvedUpcoming.length > 0 && random.chance(0.6) ? random.pick(approvedUpcoming) : undefined;
    const promoter = promoterOf(venue);
    for (const offset of offsets) {
      const kind = pendingOffsets.has(offset) ? 'pending' : 'approved';
      plans.push({
        venue,
        offset,
        kind,
        promoter: promoter && random.chance(0.3) ? promoter : undefined,
        ticketed: offset === ticketedOffset,
      });
    }
  }

  const gigRows: GigRow[] = [];
  const applicationRows: GigApplicationRow[] = [];
  for (const plan of plans) {
    const { venue } = plan;
    const localDate = DateTime.fromISO(todayIn(venue.timeZone, now), { zone: 'UTC' }).plus({ days: plan.offset }).toISODate()!;
    const sameRegion = otherBands.filter((b) => b.regionSlug === venue.regionSlug);

    let band = plan.band;
    if (plan.kind === 'approved' && !band) {
      const pool = random.chance(0.1) ? otherBands : sameRegion;
      const free = pool.filter((b) => !busyBandDays.has(`${b.userId}|${plan.offset}`));
      band = random.pick(free.length > 0 ? free : sameRegion);
    }
    if (band) busyBandDays.add(`${band.userId}|${plan.offset}`);

    const late = band?.performerType === 'DJ' ? random.chance(0.7) : random.chance(0.1);
    const [startTime, endTime] = random.pick(late ? LATE_TIMES : EVENING_TIMES);
    const startsAt = toInstant(localDate, startTime, venue.timeZone);
    const start = minutesOf(startTime);

    const isPast = plan.offset < 0;
    const createdAt = isPast
      ? new Date(startsAt.getTime() - random.int(14, 40) * DAY_MS - random.int(0, 23) * HOUR_MS)
      : new Date(now.getTime() - random.int(2, 25) * DAY_MS - random.int(0, 23) * HOUR_MS);
    const approvedAt =
      plan.kind === 'approved'
        ? new Date(Math.min(createdAt.getTime() + random.int(1, 5) * DAY_MS, now.getTime() - HOUR_MS, startsAt.getTime() - HOUR_MS))
        : null;

    const ticketed = Boolean(plan.ticketed) && plan.kind === 'approved';
    const splitRoll = random.next();
    const [bandPercent, organiserPercent] =
      ticketed && splitRoll < 0.2 ? [60, 15] : ticketed && splitRoll < 0.3 ? [45, 30] : [DEFAULT_BAND_PERCENT, DEFAULT_ORGANISER_PERCENT];
    const coverCharge = ticketed ? null : random.pick(COVER_CHARGES);
    const genre = random.pick(sameRegion.length > 0 ? sameRegion : otherBands).genres[0] ?? 'rock';

    const gig: GigRow = {
      id: randomUUID(),
      regionSlug: venue.regionSlug,
      venueId: venue.userId,
      promoterId: plan.promoter?.userId ?? null,
      bandId: plan.kind === 'approved' ? band!.userId : null,
      createdBy: plan.promoter?.userId ?? venue.userId,
      localDate,
      startTime,
      endTime,
      startsAt,
      description: plan.kind === 'approved' ? describeApproved(random, band!, venue) : describePending(random, venue, localDate, genre),
      loadInSoundCheck: `${formatClock(clockOf(start - 120))} - ${formatClock(clockOf(start - 60))}`,
      compensation: random.pick(COMPENSATION),
      coverCharge,
      isApproved: plan.kind === 'approved',
      status: plan.kind === 'approved' ? 'confirmed' : 'open',
      approvedAt,
      // The demo scene's shows were announced before the demo begins.
      followersNotifiedAt: approvedAt,
      isTicketed: ticketed,
      ticketPriceCents: ticketed ? random.pick(TICKET_PRICES) : null,
      ticketQuantity: ticketed ? random.pick(TICKET_QUANTITIES) : null,
      ticketsSold: 0,
      bandPercent,
      organiserPercent,
      createdAt,
      updatedAt: approvedAt ?? createdAt,
    };
    gigRows.push(gig);

    if (plan.kind === 'pending') {
      const fixed = plan.applicants ?? [];
      // A fixed applicant (the demo band) always has at least one rival, so the choice is real.
      const extraCount = Math.max(random.int(1, 3) - fixed.length, fixed.length > 0 ? 1 : 0);
      const candidates = (sameRegion.length >= 3 ? sameRegion : otherBands).filter((b) => !fixed.includes(b));
      const applicants = [...fixed, ...random.sample(candidates, extraCount)];
      const appliedAt = () =>
        new Date(createdAt.getTime() + random.next() * Math.max(HOUR_MS, now.getTime() - createdAt.getTime() - HOUR_MS));
      for (const applicant of applicants) {
        applicationRows.push({ gigId: gig.id, bandId: applicant.userId, status: 'pending', createdAt: appliedAt() });
      }
      if (plan.managedArtist) {
        applicationRows.push({
          gigId: gig.id,
          managerId: plan.managedArtist.managerId,
          managedArtistId: plan.managedArtist.managedArtistId,
          status: 'pending',
          createdAt: appliedAt(),
        });
      }
    }
  }
  return { gigs: gigRows, applications: applicationRows };
}
