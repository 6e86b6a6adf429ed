import { countGigTickets } from '../tickets/gig-ticket-counts.ts';
import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  addFigures,
  centsToDecimal,
  emptyFigures,
  salesReportQuerySchema,
  SALES_FIGURE_KEYS,
  type SalesFigures,
  type SalesReport,
  type SalesReportGig,
  type SalesReportMonth,
  type SalesReportTypeRow,
  typeRowLabel,
} from '../../../core/sales-report.ts';
import type { DbOrTx } from '../../db/client.ts';
import { bandProfiles, gigs, heldPayments, managedArtists, orders, promoterProfiles, refunds, tickets, ticketTypes, transfers, venueProfiles } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { toSafeCsv } from '../../http/csv.ts';
import type { SessionUser } from '../../http/session.ts';
import { parseInput } from '../../http/validate.ts';
import { organisedBy } from '../booking/gig-ownership.ts';

/**
 * The gigs whose money the signed-in account has a share of (D10): a band's own bookings, a
 * manager's artists' bookings (the manager is paid the band share), or the gigs a venue or
 * promoter organises. Anyone else's gig is simply not in the report.
 */
function partyGigs(sessionUser: SessionUser): { party: SalesReport['party']; condition: SQL } {
  switch (sessionUser.role) {
    case 'band':
      return { party: 'band', condition: eq(gigs.bandId, sessionUser.id) };
    case 'artist_manager':
      return {
        party: 'band',
        condition: inArray(gigs.managedArtistId, sql`(select ${managedArtists.id} from ${managedArtists} where ${managedArtists.managerId} = ${sessionUser.id})`),
      };
    case 'venue':
    case 'promoter':
      return { party: 'organiser', condition: organisedBy({ id: sessionUser.id, role: sessionUser.role }) };
    default:
      throw new AppError('FORBIDDEN', 'Only bands, artist managers, venues and promoters have sales reports.');
  }
}

const bandTransfer = alias(transfers, 'band_transfer');
const organiserTransfer = alias(transfers, 'organiser_transfer');
const releaseTransfer = alias(transfers, 'release_transfer');

const isStanding = sql`${tickets.status} <> 'refunded'`;
/** Where a standing ticket's band share went: its transfer, recorded with the payment (D11). */
const bandFate = sql`case ${bandTransfer.status} when 'forfeited' then 'forfeited' when 'failed' then 'failed' when 'held' then 'held' else 'transferred' end`;
/**
 * Where a standing ticket's organiser share is: a transfer of its own when it was paid or
 * forfeited at once (no account, or the gig already completed), else the gig's held payment,
 * held, forfeited, or released by its release transfer.
 */
const organiserFate = sql`case
  when ${organiserTransfer.id} is not null then case ${organiserTransfer.status} when 'forfeited' then 'forfeited' when 'failed' then 'failed' else 'released' end
  when ${heldPayments.status} = 'released' then case when ${releaseTransfer.status} = 'failed' then 'failed' else 'released' end
  when ${heldPayments.status} = 'forfeited' then 'forfeited'
  else 'held' end`;

const total = (cents: SQLWrapper, where: SQL) => sql<number>`coalesce(sum(${cents}) filter (where ${where}), 0)`.mapWith(Number);
const bandShare = (fate: string) => total(tickets.bandShareCents, sql`${isStanding} and ${bandFate} = ${fate}`);
const organiserShare = (fate: string) => total(tickets.organiserShareCents, sql`${isStanding} and ${organiserFate} = ${fate}`);

/**
 * A sales and payout report (decision 41) for one calendar year of gig dates: each ticketed gig
 * the account has a share of, with tickets sold, gross, fees, refunds, each party's share and
 * where it is (transferred, held, released, forfeited), the months' sums and the year's. Every
 * figure is a sum of whole cents in the database; three statements whatever the number of gigs,
 * tickets or transfers (the years, the year's gigs with their money, and their counts).
 */
export async function getSalesReport(db: DbOrTx, sessionUser: SessionUser, rawQuery: unknown): Promise<SalesReport> {
  const { party, condition } = partyGigs(sessionUser);
  const query = parseInput(salesReportQuerySchema, rawQuery);
  // A scalar subquery, not EXISTS: under OR the planner may answer an EXISTS by hashing every
  // ticket in the database; this reads the gig's own, through the tickets' gig index (issue 22).
  const hasTickets = sql`(select true from ${tickets} where ${tickets.gigId} = ${gigs.id} limit 1) is not null`;
  const isReported = and(condition, or(eq(gigs.isTicketed, true), hasTickets))!;

  const yearOf = sql<number>`extract(year from ${gigs.localDate})::int`.mapWith(Number);
  const yearRows = await db.selectDistinct({ year: yearOf }).from(gigs).where(isReported).orderBy(desc(yearOf));
  const thisYear = new Date().getUTCFullYear();
  const years = [...new Set([thisYear, ...yearRows.map((r) => r.year)])].sort((a, b) => b - a);
  // Without a choice: this year if it has gigs, else the latest year that has.
  const year = query.year ?? (yearRows.some((r) => r.year === thisYear) || yearRows.length === 0 ? thisYear : yearRows[0]!.year);
  const inYear = sql`${gigs.localDate} between ${`${year}-01-01`}::date and ${`${year}-12-31`}::date`;

  // Each gig's money, summed from its own tickets (a lateral join on the gig): read through the
  // tickets' gig index, so the report costs what the account's own gigs hold, not every ticket
  // in the database (issue 22). The gig's held payment and its release come from the outer query.
  // Issue 34: one row per ticket type and price (each ticket's own face price, from its order
  // line), so a gig's figures are the sum of its types' and the CSV's price is what was paid.
  const sales = db
    .select({
      gigId: tickets.gigId,
      typeName: sql<string | null>`${ticketTypes.name}`.as('type_name'),
      typePosition: sql<number | null>`${ticketTypes.position}`.as('type_position'),
      priceCents: sql<number>`${tickets.faceCents}`.as('price_cents'),
      ticketsSold: sql<number>`count(*) filter (where ${isStanding})`.mapWith(Number).as('tickets_sold'),
      ticketsRefunded: sql<number>`count(*) filter (where not (${isStanding}))`.mapWith(Number).as('tickets_refunded'),
      // Issue 23: each ticket's own part of its order (an order holds several).
      grossCents: total(sql`${tickets.faceCents} + ${tickets.feeCents}`, sql`true`).as('gross_cents'),
      feeCents: total(tickets.feeCents, sql`true`).as('fee_cents'),
      refundedCents: total(refunds.amountCents, isNotNull(refunds.id)).as('refunded_cents'),
      bandShareCents: total(tickets.bandShareCents, isStanding).as('band_share_cents'),
      organiserShareCents: total(tickets.organiserShareCents, isStanding).as('organiser_share_cents'),
      platformShareCents: total(tickets.platformShareCents, isStanding).as('platform_share_cents'),
      bandTransferredCents: bandShare('transferred').as('band_transferred_cents'),
      bandHeldCents: bandShare('held').as('band_held_cents'),
      organiserHeldCents: organiserShare('held').as('organiser_held_cents'),
      organiserReleasedCents: organiserShare('released').as('organiser_released_cents'),
      bandForfeitedCents: bandShare('forfeited').as('band_forfeited_cents'),
      organiserForfeitedCents: organiserShare('forfeited').as('organiser_forfeited_cents'),
      bandFailedCents: bandShare('failed').as('band_failed_cents'),
      organiserFailedCents: organiserShare('failed').as('organiser_failed_cents'),
    })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .leftJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
    .leftJoin(refunds, eq(refunds.ticketId, tickets.id))
    .leftJoin(bandTransfer, and(eq(bandTransfer.orderId, orders.id), eq(bandTransfer.kind, 'band_share')))
    .leftJoin(organiserTransfer, and(eq(organiserTransfer.orderId, orders.id), eq(organiserTransfer.kind, 'organiser_share')))
    // A ticket passed on is counted once, as the ticket that replaced it (decision 48).
    .where(and(eq(tickets.gigId, gigs.id), sql`${tickets.status} <> 'transferred'`))
    .groupBy(tickets.gigId, tickets.ticketTypeId, ticketTypes.name, ticketTypes.position, tickets.faceCents)
    .as('sales');

  // Qualified by hand: an aliased subquery column renders unqualified, and gigs has a tickets_sold too.
  const snakeCase = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  const figureColumns = Object.fromEntries(
    SALES_FIGURE_KEYS.map((key) => [key, sql<number>`coalesce(${sql.identifier('sales')}.${sql.identifier(snakeCase(key))}, 0)`.mapWith(Number)]),
  ) as {
    [K in keyof SalesFigures]: SQL<number>;
  };
  const salesColumn = <T>(name: string) => sql<T>`${sql.identifier('sales')}.${sql.identifier(name)}`;
  const typePosition = salesColumn<number | null>('type_position');
  const typeName = salesColumn<string | null>('type_name');
  const priceCents = salesColumn<number | null>('price_cents').mapWith((v) => (v === null ? null : Number(v)));
  const rows = await db
    .select({
      gigId: gigs.id,
      localDate: gigs.localDate,
      startTime: gigs.startTime,
      venueName: venueProfiles.name,
      bandName: sql<string | null>`coalesce(${bandProfiles.name}, ${managedArtists.name})`,
      organiserName: sql<string>`coalesce(${promoterProfiles.name}, ${venueProfiles.name})`,
      ticketPriceCents: gigs.ticketPriceCents,
      ticketQuantity: gigs.ticketQuantity,
      hasSales: sql<boolean>`${salesColumn('gig_id')} is not null`,
      typeName,
      priceCents,
      ...figureColumns,
    })
    .from(gigs)
    .innerJoin(venueProfiles, eq(venueProfiles.userId, gigs.venueId))
    .leftJoin(promoterProfiles, eq(promoterProfiles.userId, gigs.promoterId))
    .leftJoin(bandProfiles, eq(bandProfiles.userId, gigs.bandId))
    .leftJoin(managedArtists, eq(managedArtists.id, gigs.managedArtistId))
    .leftJoin(heldPayments, and(eq(heldPayments.gigId, gigs.id), isNull(heldPayments.importedAt)))
    .leftJoin(releaseTransfer, eq(releaseTransfer.heldPaymentId, heldPayments.id))
    .leftJoinLateral(sales, sql`true`)
    .where(and(condition, inYear, or(eq(gigs.isTicketed, true), isNotNull(sales.gigId))))
    // A gig's types in their order, then tickets of no type; each at its prices, lowest first.
    .orderBy(desc(gigs.localDate), desc(gigs.startTime), desc(gigs.id), sql`${typePosition} asc nulls last`, asc(typeName), asc(priceCents));

  // The gigs, each the sum of its types' rows.
  const byGig = new Map<string, SalesReportGig>();
  for (const { hasSales, typeName: name, priceCents: price, ...row } of rows) {
    const gig = byGig.get(row.gigId) ?? { ...row, ...emptyFigures(), byType: [] };
    byGig.set(row.gigId, gig);
    if (!hasSales) continue;
    const typeRow: SalesReportTypeRow = { typeName: name, priceCents: price, ...emptyFigures() };
    addFigures(typeRow, row);
    gig.byType.push(typeRow);
    addFigures(gig, typeRow);
  }
  const gigRows = [...byGig.values()];

  // Issue 34 item 8: 'Sold' and 'Refunded' are the gig's counts as every screen shows them. The
  // types' counts are a breakdown of them: what the gig's counter holds beyond its tickets is what
  // it sold on the old system (decision 52), its own row.
  const counts = await countGigTickets(db, gigRows.map((gig) => gig.gigId));
  for (const gig of gigRows) {
    const count = counts.get(gig.gigId);
    if (!count) continue;
    const oldSystem = count.sold - gig.ticketsSold;
    if (oldSystem > 0) gig.byType.push({ typeName: null, priceCents: null, ...emptyFigures(), ticketsSold: oldSystem });
    Object.assign(gig, { ticketsSold: count.sold, ticketsRefunded: count.refunded });
  }
  const months = new Map<string, SalesReportMonth>();
  const totals = emptyFigures();
  for (const gig of gigRows) {
    const month = gig.localDate.slice(0, 7);
    if (!months.has(month)) months.set(month, { month, ...emptyFigures() });
    addFigures(months.get(month)!, gig);
    addFigures(totals, gig);
  }
  return { party, year, years, totals, months: [...months.values()], gigs: gigRows };
}

const CSV_HEADER = [
  'month',
  'date',
  'start_time',
  'venue',
  'band',
  'organiser',
  'ticket_price',
  'tickets_sold',
  'tickets_refunded',
  'gross',
  'service_fees',
  'refunded',
  'band_share',
  'organiser_share',
  'platform_share',
  'band_transferred',
  'band_held',
  'organiser_held',
  'organiser_released',
  'band_forfeited',
  'organiser_forfeited',
  'band_transfer_failed',
  'organiser_transfer_failed',
  // Issue 34: added last, so the columns before keep their places.
  'ticket_type',
];

/**
 * The report as CSV: one row per gig and ticket type (a gig of one simple price is one row), then
 * the year's total, so the rows add up to it. ticket_price is what those tickets were sold at,
 * never the gig's base price (blank for a gig with no sales, and for tickets sold on the old
 * system); ticket_type is blank for the gig's simple price. Amounts in dollars with cents, cells formula-safe.
 */
export function salesReportCsv(report: SalesReport): string {
  const money = (figures: SalesFigures) => [
    String(figures.ticketsSold),
    String(figures.ticketsRefunded),
    ...SALES_FIGURE_KEYS.filter((key) => key.endsWith('Cents')).map((key) => centsToDecimal(figures[key])),
  ];
  const gigRows = [...report.gigs].reverse().flatMap((gig) => {
    const about = [gig.localDate.slice(0, 7), gig.localDate, gig.startTime, gig.venueName, gig.bandName ?? '', gig.organiserName];
    if (gig.byType.length === 0) return [[...about, '', ...money(gig), '']];
    return gig.byType.map((row) => [...about, row.priceCents === null ? '' : centsToDecimal(row.priceCents), ...money(row), row.typeName === null && row.priceCents !== null ? '' : typeRowLabel(row)]);
  });
  return toSafeCsv([CSV_HEADER, ...gigRows, [String(report.year), '', '', `Total ${report.year}`, '', '', '', ...money(report.totals), '']]);
}
