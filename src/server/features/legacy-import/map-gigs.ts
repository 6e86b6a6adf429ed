// Issue 25: old gigs, applications and held payments → Marquee's (decision 52). Money is read as
// exact cents; ticket counts and held payments arrive as history: nothing here moves money, and
// nothing e-mails anyone (followers and applicants are marked as already told).
import { sql } from 'drizzle-orm';
import { ARTIST_AND_ORGANISER_PERCENT, DEFAULT_BAND_PERCENT } from '../../../core/money.ts';
import { toInstant, todayIn } from '../../../core/time.ts';
import { gigApplications, gigs, heldPayments } from '../../db/schema.ts';
import type { LegacyDocument } from './export-format.ts';
import { newIdOf, type ImportContext } from './import-context.ts';
import { count, dollarsToCents, NOW, firstText, localDate, record, refuse, text, timeOfDay, timestamp } from './legacy-values.ts';
import { mapEach, type Mapped } from './map-collection.ts';
import { importedLink } from './public-web-address.ts';
import type { TableWriter } from './write-legacy-batch.ts';

/** A gig's ticketing column as it is once Marquee has sold tickets of its own, else the export's. */
const keptOnceSold = (column: string) => sql.raw(`case when gigs.tickets_sold > coalesce(gigs.legacy_tickets_sold, 0) then gigs.${column} else excluded.${column} end`);

export const GIG_WRITERS: TableWriter[] = [
  {
    key: 'gigs',
    table: gigs,
    mode: 'upsert',
    target: [gigs.id],
    custom: {
      // Marquee's own sales since the import stay counted: only the old system's difference moves.
      ticketsSold: sql`gigs.tickets_sold - coalesce(gigs.legacy_tickets_sold, 0) + coalesce(excluded.legacy_tickets_sold, 0)`,
      approvedAt: sql`coalesce(gigs.approved_at, excluded.approved_at)`,
      // A gig approved by a newer export was news in the old system, not here: nobody is e-mailed.
      followersNotifiedAt: sql`coalesce(gigs.followers_notified_at, excluded.followers_notified_at)`,
      // Once Marquee has sold tickets of its own, their price, capacity and split are Marquee's.
      isTicketed: keptOnceSold('is_ticketed'),
      ticketPriceCents: keptOnceSold('ticket_price_cents'),
      ticketQuantity: keptOnceSold('ticket_quantity'),
      bandPercent: keptOnceSold('band_percent'),
      organiserPercent: keptOnceSold('organiser_percent'),
    },
  },
];
export const APPLICATION_WRITERS: TableWriter[] = [
  // An outcome a newer export brings was told in the old system: never mailed here.
  { key: 'applications', table: gigApplications, mode: 'upsert', target: [gigApplications.id], custom: { outcomeMailedAt: sql`coalesce(gig_applications.outcome_mailed_at, excluded.outcome_mailed_at)` } },
];
export const HELD_PAYMENT_WRITERS: TableWriter[] = [{ key: 'heldPayments', table: heldPayments, mode: 'upsert', target: [heldPayments.id], keep: ['importedAt', 'completedBy', 'completedAt'] }];

/** Three hours after the start, for an old gig that never said when it ends. */
function endAfterStart(start: string): string {
  const [h, m] = start.split(':').map(Number) as [number, number];
  return `${String((h + 3) % 24).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/**
 * The band's share of the 75% left after the platform's 25% (D10), from either old split shape.
 * A split that adds up to 75 is kept; one that adds up to something else (the older revenueSplit
 * is 80/20 of the whole) keeps its proportions within the 75, with a note.
 */
function readSplit(context: ImportContext, legacyId: string, ticketing: Record<string, unknown>, revenueSplit: Record<string, unknown>): { bandPercent: number; organiserPercent: number } {
  const shape = ticketing.bandPercent !== undefined ? ticketing : revenueSplit;
  const prefix = shape === ticketing ? 'ticketing' : 'revenueSplit';
  const band = count(shape.bandPercent, `${prefix}.bandPercent`);
  if (band === null) return { bandPercent: DEFAULT_BAND_PERCENT, organiserPercent: ARTIST_AND_ORGANISER_PERCENT - DEFAULT_BAND_PERCENT };
  const others = (count(shape.venuePercent, `${prefix}.venuePercent`) ?? 0) + (count(shape.promoterPercent, `${prefix}.promoterPercent`) ?? 0);
  const total = band + others;
  let bandPercent = band;
  if (total !== ARTIST_AND_ORGANISER_PERCENT) {
    bandPercent = total === 0 ? DEFAULT_BAND_PERCENT : Math.min(ARTIST_AND_ORGANISER_PERCENT, Math.round((band * ARTIST_AND_ORGANISER_PERCENT) / total));
    context.notes.push({ collection: 'gigs', legacyId, note: `split band ${band}% / others ${others}% does not add up to ${ARTIST_AND_ORGANISER_PERCENT}%: read as band ${bandPercent}% / organiser ${ARTIST_AND_ORGANISER_PERCENT - bandPercent}% of the ${ARTIST_AND_ORGANISER_PERCENT}% left after the platform's share` });
  }
  return { bandPercent, organiserPercent: ARTIST_AND_ORGANISER_PERCENT - bandPercent };
}

export function mapGigs(context: ImportContext, documents: Record<string, LegacyDocument>): Mapped & { organiserOf: Map<string, string> } {
  const organiserOf = new Map<string, string>();
  const mapped = mapEach(context, 'gigs', documents, (legacyId, doc, newId) => {
    const venueLegacyId = firstText(doc, 'venueID', 'venueId') ?? refuse('missing venueID');
    const venue = context.users.get(venueLegacyId);
    if (!venue || venue.role !== 'venue') refuse(`missing venue: venueID ${venueLegacyId} is not an imported venue`);
    const { timeZone } = context.regions.get(venue!.regionSlug)!;
    const date = timestamp(doc.date, 'date');
    const day = localDate(doc.dateString, 'dateString') ?? (date ? todayIn(timeZone, date) : refuse('missing dateString'));
    const startTime = timeOfDay(doc.startTime, 'startTime') ?? refuse('missing startTime');
    let endTime = timeOfDay(doc.endTime, 'endTime');
    if (endTime === null) {
      endTime = endAfterStart(startTime);
      context.notes.push({ collection: 'gigs', legacyId, note: `no endTime: set to ${endTime}` });
    }
    const promoterLegacyId = firstText(doc, 'promoterId', 'promoterID');
    const promoter = promoterLegacyId ? context.users.get(promoterLegacyId) : undefined;
    if (promoterLegacyId && promoter?.role !== 'promoter') context.notes.push({ collection: 'gigs', legacyId, note: `promoter ${promoterLegacyId} is not an imported promoter: the venue organises it` });
    const bandLegacyId = firstText(doc, 'confirmedBandId', 'bookedBand');
    const band = bandLegacyId ? context.users.get(bandLegacyId) : undefined;
    if (bandLegacyId && band?.role !== 'band') context.notes.push({ collection: 'gigs', legacyId, note: `booked band ${bandLegacyId} is not an imported band: left unbooked` });
    const bandId = band?.role === 'band' ? band.newId : null;

    const ticketing = record(doc.ticketing);
    const revenueSplit = record(doc.revenueSplit);
    const hasTicketing = ticketing.enabled === true;
    const priceCents = hasTicketing ? dollarsToCents(ticketing.price, 'ticketing.price') : dollarsToCents(doc.ticketPrice, 'ticketPrice');
    const isTicketed = (hasTicketing || doc.ticketPrice !== undefined) && priceCents !== null && priceCents > 0;
    const quantity = hasTicketing ? count(ticketing.quantity, 'ticketing.quantity') : null;
    const sold = hasTicketing ? (count(ticketing.sold, 'ticketing.sold') ?? 0) : 0;
    if (quantity !== null && sold > quantity) refuse(`ticketing.sold (${sold}) is more than ticketing.quantity (${quantity})`);
    if (hasTicketing && text(ticketing.serviceFeePercent) !== null && Number(ticketing.serviceFeePercent) !== 25) {
      context.notes.push({ collection: 'gigs', legacyId, note: `serviceFeePercent ${String(ticketing.serviceFeePercent)}: Marquee's platform share is 25%` });
    }
    const isApproved = doc.approved === true;
    const createdAt = timestamp(doc.createdAt, 'createdAt');
    const approvedAt = isApproved ? (timestamp(doc.updatedAt, 'updatedAt') ?? createdAt ?? NOW) : null;
    const organiser = promoter?.role === 'promoter' ? promoter.newId : venue!.newId;
    organiserOf.set(newId, organiser);
    return {
      gigs: [
        {
          id: newId,
          regionSlug: venue!.regionSlug,
          venueId: venue!.newId,
          promoterId: promoter?.role === 'promoter' ? promoter.newId : null,
          bandId,
          createdBy: organiser,
          localDate: day,
          startTime,
          endTime,
          startsAt: toInstant(day, startTime, timeZone),
          description: text(doc.description) ?? '',
          loadInSoundCheck: text(doc.loadInSoundCheck) ?? '',
          compensation: text(doc.compensation) ?? '',
          coverCharge: text(doc.coverCharge),
          isApproved,
          status: bandId || doc.status === 'confirmed' || doc.booked === true ? 'confirmed' : 'open',
          approvedAt,
          // An imported show is not news: its band's followers are never e-mailed about it.
          followersNotifiedAt: approvedAt,
          isTicketed,
          ticketPriceCents: isTicketed ? priceCents : null,
          ticketQuantity: isTicketed ? quantity : null,
          ticketsSold: isTicketed ? sold : 0,
          legacyTicketsSold: isTicketed ? sold : null,
          ...readSplit(context, legacyId, ticketing, revenueSplit),
          advanceTicketUrl: importedLink(context, { collection: 'gigs', legacyId }, 'advanceTicketSalesLink', doc.advanceTicketSalesLink),
          ...(createdAt ? { createdAt } : {}),
        },
      ],
    };
  });
  return { ...mapped, organiserOf };
}

const APPLICATION_STATUSES = new Map([
  ['', 'pending'],
  ['pending', 'pending'],
  ['accepted', 'accepted'],
  ['approved', 'accepted'],
  ['rejected', 'rejected'],
  ['declined', 'rejected'],
]);

export function mapApplications(context: ImportContext, documents: Record<string, LegacyDocument>): Mapped {
  const seen = new Map<string, string>();
  return mapEach(context, 'gigApplications', documents, (legacyId, doc, newId) => {
    const gigLegacyId = firstText(doc, 'gigID', 'gigId') ?? refuse('missing gigID');
    const gigId = newIdOf(context, 'gigs', gigLegacyId) ?? refuse(`missing gig: gigID ${gigLegacyId} is not an imported gig`);
    const status = APPLICATION_STATUSES.get((text(doc.status) ?? '').toLowerCase()) ?? refuse(`unknown status "${String(doc.status)}"`);
    const bandLegacyId = firstText(doc, 'bandID', 'bandId');
    const managerLegacyId = firstText(doc, 'managerID', 'managerId');
    let applicant: { bandId: string | null; managerId: string | null; managedArtistId: string | null };
    if (bandLegacyId) {
      const band = context.users.get(bandLegacyId);
      if (band?.role !== 'band') refuse(`missing user: bandID ${bandLegacyId} is not an imported band`);
      applicant = { bandId: band!.newId, managerId: null, managedArtistId: null };
    } else if (managerLegacyId) {
      const manager = context.users.get(managerLegacyId);
      if (manager?.role !== 'artist_manager') refuse(`missing user: managerID ${managerLegacyId} is not an imported artist manager`);
      const artists = context.managedArtists.get(manager!.newId) ?? new Map<string, string>();
      const artistName = firstText(doc, 'artistName', 'managedArtistName', 'bandName')?.toLowerCase();
      const managedArtistId = (artistName ? artists.get(artistName) : undefined) ?? (artists.size === 1 ? [...artists.values()][0] : undefined);
      if (!managedArtistId) refuse(artistName ? `the manager has no artist named "${artistName}"` : "missing artistName: the manager has several artists and the application names none");
      applicant = { bandId: null, managerId: manager!.newId, managedArtistId: managedArtistId! };
    } else {
      return refuse('missing bandID or managerID');
    }
    const who = `${gigId}|${applicant.bandId ?? applicant.managedArtistId}`;
    const earlier = seen.get(who);
    if (earlier) refuse(`duplicate application: gigApplications/${earlier} is the same applicant for the same gig`);
    seen.set(who, legacyId);
    const createdAt = timestamp(doc.timestamp, 'timestamp') ?? timestamp(doc.createdAt, 'createdAt');
    return {
      applications: [
        {
          id: newId,
          gigId,
          ...applicant,
          status,
          // An outcome decided in the old system was told there: Marquee does not e-mail it again.
          outcomeMailedAt: status === 'pending' ? null : (createdAt ?? NOW),
          ...(createdAt ? { createdAt } : {}),
        },
      ],
    };
  });
}

const HELD_STATUSES = new Set(['holding', 'released', 'forfeited']);

export function mapHeldPayments(context: ImportContext, documents: Record<string, LegacyDocument>, organiserOf: Map<string, string>): Mapped {
  return mapEach(context, 'heldPayments', documents, (legacyId, doc, newId) => {
    const gigLegacyId = firstText(doc, 'gigId', 'gigID') ?? refuse('missing gigId');
    const gigId = newIdOf(context, 'gigs', gigLegacyId) ?? refuse(`missing gig: gigId ${gigLegacyId} is not an imported gig`);
    const status = (text(doc.status) ?? '').toLowerCase();
    if (!HELD_STATUSES.has(status)) refuse(`unknown status "${String(doc.status)}"`);
    const createdAt = timestamp(doc.createdAt, 'createdAt');
    return {
      heldPayments: [
        {
          id: newId,
          gigId,
          payeeUserId: organiserOf.get(gigId) ?? null,
          status,
          amountCents: dollarsToCents(doc.totalHeld, 'totalHeld') ?? 0,
          ticketCount: count(doc.ticketCount, 'ticketCount') ?? 0,
          transferId: text(doc.transferId),
          forfeitReason: text(doc.forfeitReason),
          importedAt: NOW,
          ...(createdAt ? { createdAt } : {}),
        },
      ],
    };
  });
}
