import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { formatCents } from '../../../core/money.ts';
import { listTicketCounts, TICKET_COUNT_LABELS } from '../../../core/ticket-counts.ts';
import type { DoorReport } from '../../../core/schemas/door.ts';
import { DOOR_MESSAGES, DOOR_SALE_STATUS_TEXT } from '../../../core/schemas/door.ts';
import { Alert } from '../../components/ui/field.tsx';
import { useLiveEvents } from '../../lib/live.ts';
import { doorKeys, doorReportCsvUrl, useDoorReport, useDoorStaff } from './api.ts';
import { DOOR_BUTTON, InviteStaffForm, MyDevices, StaffList } from './door-staff.tsx';
import { GuestListSection } from './guest-list.tsx';

/** The gig as the organiser's card (or the band's show card) knows it. */
export type DoorPanelGig = { id: string; cancelledAt: string | null; tab: 'pending' | 'approved' | 'past' };

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Checked in / sold / door sales / capacity, in big figures, under the words every screen uses; announced politely as they change. */
function LiveCounts({ report }: { report: DoorReport }) {
  const tiles = [
    { label: TICKET_COUNT_LABELS.checkedIn, value: String(report.ticketCounts.checkedIn) },
    { label: TICKET_COUNT_LABELS.sold, value: String(report.ticketCounts.sold) },
    { label: TICKET_COUNT_LABELS.doorSales, value: String(report.ticketCounts.doorSales) },
    { label: 'Capacity', value: report.capacity === null ? 'No limit' : String(report.capacity) },
  ];
  return (
    <div role="status" aria-live="polite" aria-label="Door counts">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {tiles.map((tile) => (
          <div key={tile.label} className="rounded-lg bg-zinc-900 px-1 py-2 text-center sm:px-3">
            <dt className="whitespace-nowrap text-xs text-zinc-400">{tile.label}</dt>
            <dd className="text-2xl font-bold tabular-nums">{tile.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function ReportFigures({ report, gigId }: { report: DoorReport; gigId: string }) {
  // Issue 34 item 8: the counts under the words the gig card, the sales report and the API use ('No-shows' only after the show).
  const rows: [string, string][] = [
    ...listTicketCounts(report.ticketCounts).map(({ label, value }): [string, string] => [label, String(value)]),
    ['Door takings, cash', formatCents(report.doorTakingsCents.cash)],
    ['Door takings, card', formatCents(report.doorTakingsCents.card)],
    ['Capacity', report.capacity === null ? 'No limit' : String(report.capacity)],
  ];
  return (
    <section className="space-y-3" aria-labelledby={`door-report-${gigId}`}>
      <h4 id={`door-report-${gigId}`} className="font-semibold">
        Door report
      </h4>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-2 border-b border-zinc-800 py-1 sm:block sm:border-0">
            <dt className="text-zinc-400">{label}</dt>
            <dd className="font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {report.conflicts.length > 0 && (
        <div role="note" className="space-y-1 rounded-lg border border-amber-500/50 bg-amber-950/50 px-3 py-2 text-sm text-amber-100">
          <p className="font-semibold">
            {DOOR_MESSAGES.conflict}: {report.conflicts.length}
          </p>
          <ul className="space-y-1">
            {report.conflicts.map((c) => (
              <li key={`${c.ticketRef}-${c.otherAt}`} className="[overflow-wrap:anywhere]">
                {c.holderLabel}: {c.deviceLabel} at {when(c.admittedAt)}, and {c.otherDeviceLabel} at {when(c.otherAt)}
              </li>
            ))}
          </ul>
        </div>
      )}
      {/* Issue 34: door sales undone at the door, and those refused at sync (money to give back), stay in the report. */}
      {[...(report.voidedSales ?? []), ...(report.refusedSales ?? [])].length > 0 && (
        <div className="space-y-1 text-sm">
          <p className="font-semibold">Door sales that do not count</p>
          <ul className="space-y-1">
            {[...(report.voidedSales ?? []), ...(report.refusedSales ?? [])].map((sale) => (
              <li key={sale.id} className="[overflow-wrap:anywhere]">
                {DOOR_SALE_STATUS_TEXT[sale.status]}: {sale.quantity} for {formatCents(sale.amountCents)} by {sale.method}, {sale.deviceLabel} at {when(sale.soldAt)}
                {sale.voidedAt ? ` (undone at ${when(sale.voidedAt)})` : ''}
              </li>
            ))}
          </ul>
        </div>
      )}
      <a href={doorReportCsvUrl(gigId)} download className={`btn-secondary inline-flex ${DOOR_BUTTON}`}>
        Download the door report (CSV)
      </a>
    </section>
  );
}

/**
 * Refreshes the counts when the door syncs. Mounted only while the panel is open: every stream is
 * a connection, and a browser keeps six to a host, so a dashboard of closed cards opens none.
 */
function LiveDoorRefresh({ gigId }: { gigId: string }) {
  const client = useQueryClient();
  useLiveEvents('door', (changed) => {
    if (!changed || changed === gigId) void client.invalidateQueries({ queryKey: doorKeys.report(gigId) });
  });
  return null;
}

/**
 * Decision 51, on the organiser's gig card: the door. Live counts (refreshed when the door syncs,
 * over the live events), the door staff and their devices, the guest list, the report and its CSV,
 * and the way to the scanner. Its data loads only when it is opened (decision 44).
 */
export function GigDoorPanel({ gig }: { gig: DoorPanelGig }) {
  const [isOpen, setIsOpen] = useState(false);
  const report = useDoorReport(gig.id, isOpen);
  const staff = useDoorStaff(gig.id, isOpen);
  const isComing = gig.tab !== 'past' && !gig.cancelledAt;
  return (
    <details className="rounded-lg border border-zinc-800 px-3 py-2" onToggle={(e) => setIsOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer py-1 font-medium">Door</summary>
      {isOpen && <LiveDoorRefresh gigId={gig.id} />}
      <div className="space-y-6 pb-1 pt-2">
        <div className="space-y-3">
          {/* Issue 34: the way to the scanner is the gig card's one 'Door scanner' link, not a second one here. */}
          {report.data ? <LiveCounts report={report.data} /> : report.isError ? <Alert>The door counts could not be loaded. Please try again.</Alert> : <p className="text-sm text-zinc-400">Loading…</p>}
        </div>
        <section className="space-y-3" aria-labelledby={`door-staff-${gig.id}`}>
          <h4 id={`door-staff-${gig.id}`} className="font-semibold">
            Door staff
          </h4>
          {isComing && <InviteStaffForm gigId={gig.id} />}
          {staff.isError && <Alert>The door staff could not be loaded. Please try again.</Alert>}
          {staff.data && <StaffList staff={staff.data.staff} gigId={gig.id} />}
          {staff.data && <MyDevices devices={staff.data.myDevices} gigId={gig.id} />}
        </section>
        <GuestListSection gigId={gig.id} isOpen={isOpen} canAdd={isComing} />
        {report.data && <ReportFigures report={report.data} gigId={gig.id} />}
      </div>
    </details>
  );
}
