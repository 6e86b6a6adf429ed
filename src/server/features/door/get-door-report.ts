import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { doorDevices, doorSales, doorScans, guestListEntries, tickets } from '../../db/schema.ts';
import { toSafeCsv } from '../../http/csv.ts';
import type { SessionUser } from '../../http/session.ts';
import { ticketRef } from '../../../core/door-codes.ts';
import type { DoorConflict, DoorReport } from '../../../core/schemas/door.ts';
import { findDoorGig, toDoorGig } from './find-door-gig.ts';

/** An address with its middle hidden (j…n@e…e.com): enough to tell holders apart, not to write to them. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const dot = domain.lastIndexOf('.');
  const [host, tld] = dot > 0 ? [domain.slice(0, dot), domain.slice(dot)] : [domain, ''];
  const mask = (part: string) => (part.length <= 2 ? part : `${part[0]}…${part[part.length - 1]}`);
  return `${mask(local)}@${mask(host)}${tld}`;
}

/** A door with no device (the old online scanner, signed in as the organiser). */
const ORGANISER_DOOR = 'Organiser (signed in)';

/**
 * The organiser's door report (decision 51): tickets sold online (valid or used; refunded and
 * passed-on rows hold no seat), walk-ins sold at the door and their takings by cash and card, the
 * guest list's comps (each entry's party), who is in (tickets used, guests let in, and walk-ins,
 * who paid at the door to come in), the no-shows (online tickets and comps not checked in), and
 * every ticket admitted on two doors while offline.
 */
export async function getDoorReport(db: DbOrTx, user: SessionUser, gigId: string): Promise<DoorReport> {
  const gig = await findDoorGig(db, user, gigId);
  const [online] = await db
    .select({
      sold: sql<number>`count(*) filter (where ${tickets.status} in ('valid', 'used'))::int`,
      used: sql<number>`count(*) filter (where ${tickets.status} = 'used')::int`,
    })
    .from(tickets)
    .where(eq(tickets.gigId, gig.id));
  const [door] = await db
    .select({
      sold: sql<number>`coalesce(sum(${doorSales.quantity}), 0)::int`,
      cash: sql<number>`coalesce(sum(${doorSales.amountCents}) filter (where ${doorSales.method} = 'cash'), 0)::int`,
      card: sql<number>`coalesce(sum(${doorSales.amountCents}) filter (where ${doorSales.method} = 'card'), 0)::int`,
    })
    .from(doorSales)
    .where(eq(doorSales.gigId, gig.id));
  const [guests] = await db
    .select({ comps: sql<number>`coalesce(sum(1 + ${guestListEntries.plusCount}), 0)::int`, admitted: sql<number>`coalesce(sum(${guestListEntries.admittedCount}), 0)::int` })
    .from(guestListEntries)
    .where(eq(guestListEntries.gigId, gig.id));
  const soldOnline = online!.sold;
  return {
    gig: toDoorGig(gig),
    soldOnline,
    soldAtDoor: door!.sold,
    doorTakingsCents: { cash: door!.cash, card: door!.card },
    comps: guests!.comps,
    checkedIn: online!.used + guests!.admitted + door!.sold,
    noShows: Math.max(0, soldOnline - online!.used) + Math.max(0, guests!.comps - guests!.admitted),
    conflicts: await listDoorConflicts(db, gig.id),
    capacity: gig.ticketQuantity,
  };
}

const scanDevice = alias(doorDevices, 'scan_device');
const admitDevice = alias(doorDevices, 'admit_device');

/** The tickets admitted on two doors while offline: the admission that stands, and the other door's. */
async function listDoorConflicts(db: DbOrTx, gigId: string): Promise<DoorConflict[]> {
  const rows = await db
    .select({
      ticketId: tickets.id,
      holderEmail: tickets.holderEmail,
      admittedAt: tickets.usedAt,
      deviceLabel: admitDevice.label,
      otherAt: doorScans.scannedAt,
      otherDeviceLabel: scanDevice.label,
    })
    .from(doorScans)
    .innerJoin(tickets, eq(tickets.id, doorScans.ticketId))
    .innerJoin(scanDevice, eq(scanDevice.id, doorScans.deviceId))
    .leftJoin(admitDevice, eq(admitDevice.id, tickets.usedByDeviceId))
    .where(and(eq(doorScans.gigId, gigId), eq(doorScans.result, 'conflict')))
    .orderBy(doorScans.scannedAt);
  return Promise.all(
    rows.map(async (r) => ({
      ticketRef: await ticketRef(r.ticketId),
      holderLabel: maskEmail(r.holderEmail),
      admittedAt: (r.admittedAt ?? r.otherAt).toISOString(),
      deviceLabel: r.deviceLabel ?? ORGANISER_DOOR,
      otherAt: r.otherAt.toISOString(),
      otherDeviceLabel: r.otherDeviceLabel,
    })),
  );
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
    ['Sold online', String(report.soldOnline)],
    ['Sold at the door', String(report.soldAtDoor)],
    ['Door takings, cash', money(report.doorTakingsCents.cash)],
    ['Door takings, card', money(report.doorTakingsCents.card)],
    ['Comps (guest list)', String(report.comps)],
    ['Checked in', String(report.checkedIn)],
    ['No-shows', String(report.noShows)],
    ['Conflicts', String(report.conflicts.length)],
    ...(report.conflicts.length
      ? [[''], ['Ticket', 'Holder', 'Admitted at', 'Door', 'Also admitted at', 'Other door'], ...report.conflicts.map((c) => [c.ticketRef, c.holderLabel, c.admittedAt, c.deviceLabel, c.otherAt, c.otherDeviceLabel])]
      : []),
  ]);
}

/** The CSV's file name: the gig's date and title, in letters a file system keeps. */
export const doorReportFileName = (report: DoorReport) =>
  `door-report-${report.gig.localDate}-${report.gig.title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40) || 'gig'}.csv`;
