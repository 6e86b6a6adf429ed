import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { doorSales } from '../../db/schema.ts';
import { toSafeCsv } from '../../http/csv.ts';
import type { SessionUser } from '../../http/session.ts';
import { DOOR_SALE_STATUS_TEXT, type DoorReport, type DoorSaleLine } from '../../../core/schemas/door.ts';
import { countDoor, listDoorConflicts } from './count-door.ts';
import { listTicketCounts } from '../../../core/ticket-counts.ts';
import { findDoorGig, toDoorGig } from './find-door-gig.ts';

/**
 * The organiser's door report (decision 51): the door's own counts (countDoor: sold online, at the
 * door, comps, who is in), the door takings by cash and card, the no-shows (online tickets and comps
 * not checked in), and every ticket admitted on two doors while offline.
 */
export async function getDoorReport(db: DbOrTx, user: SessionUser, gigId: string): Promise<DoorReport> {
  const gig = await findDoorGig(db, user, gigId);
  const [counts, [takings], conflicts] = await Promise.all([
    countDoor(db, gig.id),
    db
      .select({
        cash: sql<number>`coalesce(sum(${doorSales.amountCents}) filter (where ${doorSales.method} = 'cash'), 0)::int`,
        card: sql<number>`coalesce(sum(${doorSales.amountCents}) filter (where ${doorSales.method} = 'card'), 0)::int`,
      })
      .from(doorSales)
      .where(and(eq(doorSales.gigId, gig.id), eq(doorSales.status, 'recorded'))),
    listDoorConflicts(db, gig.id),
  ]);
  // Issue 34: door sales undone within minutes, and those refused at sync (full, cancelled), with their money.
  const { rows: lines } = await db.execute(sql`select s.id, s.sold_at, d.label as device_label, s.quantity, s.amount_cents, s.method, s.status, s.voided_at
    from door_sales s join door_devices d on d.id = s.device_id where s.gig_id = ${gig.id} and s.status <> 'recorded' order by s.sold_at, s.id limit 500`);
  const saleLines = (lines as { id: string; sold_at: string | Date; device_label: string; quantity: number; amount_cents: number; method: 'cash' | 'card'; status: DoorSaleLine['status']; voided_at: string | Date | null }[]).map(
    (r): DoorSaleLine => ({ id: r.id, soldAt: new Date(r.sold_at).toISOString(), deviceLabel: r.device_label, quantity: r.quantity, amountCents: r.amount_cents, method: r.method, status: r.status, voidedAt: r.voided_at ? new Date(r.voided_at).toISOString() : null }),
  );
  return {
    gig: toDoorGig(gig),
    soldOnline: counts.soldOnline,
    soldAtDoor: counts.soldAtDoor,
    doorTakingsCents: { cash: takings!.cash, card: takings!.card },
    comps: counts.comps,
    checkedIn: counts.checkedIn,
    noShows: counts.noShows,
    ticketCounts: counts.ticketCounts,
    conflicts,
    capacity: counts.capacity,
    voidedSales: saleLines.filter((l) => l.status === 'voided'),
    refusedSales: saleLines.filter((l) => l.status !== 'voided'),
  };
}

const money = (cents: number) => (cents / 100).toFixed(2);

/** The report as a spreadsheet: one figure a row, then the conflicts. Every cell formula-guarded (names come from people). */
export function doorReportCsv(report: DoorReport): string {
  const { gig } = report;
  return toSafeCsv([
    ['Door report', ''],
    ['Gig', gig.title],
    ['Venue', gig.venueName],
    ['Date', `${gig.localDate} ${gig.startTime}`],
    ['Capacity', report.capacity === null ? 'No limit' : String(report.capacity)],
    // Issue 34 item 8: the counts under the words every screen uses ('No-shows' only after the show).
    ...listTicketCounts(report.ticketCounts).map(({ label, value }) => [label, String(value)]),
    ['Door takings, cash', money(report.doorTakingsCents.cash)],
    ['Door takings, card', money(report.doorTakingsCents.card)],
    ['Conflicts', String(report.conflicts.length)],
    ['Door sales voided', String(report.voidedSales.length)],
    ['Door sales refused (give the money back)', String(report.refusedSales.length)],
    ...(report.conflicts.length
      ? [[''], ['Ticket', 'Holder', 'Admitted at', 'Door', 'Also admitted at', 'Other door'], ...report.conflicts.map((c) => [c.ticketRef, c.holderLabel, c.admittedAt, c.deviceLabel, c.otherAt, c.otherDeviceLabel])]
      : []),
    ...(report.voidedSales.length || report.refusedSales.length
      ? [
          [''],
          ['Door sale', 'Sold at', 'Door', 'Tickets', 'Amount', 'Paid by', 'Voided at'],
          ...[...report.voidedSales, ...report.refusedSales].map((l) => [DOOR_SALE_STATUS_TEXT[l.status], l.soldAt, l.deviceLabel, String(l.quantity), money(l.amountCents), l.method, l.voidedAt ?? '']),
        ]
      : []),
  ]);
}

/** The CSV's file name: the gig's date and title, in letters a file system keeps. */
export const doorReportFileName = (report: DoorReport) =>
  `door-report-${report.gig.localDate}-${report.gig.title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40) || 'gig'}.csv`;
