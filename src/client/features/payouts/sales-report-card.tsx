import { Fragment, useId, useState } from 'react';
import { formatCents } from '../../../core/money.ts';
import { PAYOUT_RULES } from '../../../core/payout-rules.ts';
import { formatMonth, hasTypeBreakdown, typeRowLabel, type SalesFigures, type SalesReport, type SalesReportGig, type SalesReportTypeRow } from '../../../core/sales-report.ts';
import { formatLocalDate } from '../../../core/time.ts';
import { Alert } from '../../components/ui/field.tsx';
import { LoadingImage } from '../../components/ui/states.tsx';
import { useSalesReport } from './api.ts';

type Column = { key: keyof SalesFigures | 'forfeitedCents'; label: string; isCount?: boolean };

/** The report's columns, in the order money moves: sold, given back, split, then where each share is. */
function columnsFor(report: SalesReport): Column[] {
  const yours = (party: SalesReport['party']) => (report.party === party ? ' (yours)' : '');
  const forfeited = report.totals.bandForfeitedCents + report.totals.organiserForfeitedCents > 0;
  return [
    { key: 'ticketsSold', label: 'Sold', isCount: true },
    { key: 'grossCents', label: 'Gross' },
    { key: 'feeCents', label: 'Fees' },
    { key: 'refundedCents', label: 'Refunded' },
    { key: 'bandShareCents', label: `Band share${yours('band')}` },
    { key: 'organiserShareCents', label: `Organiser share${yours('organiser')}` },
    { key: 'platformShareCents', label: 'Platform' },
    { key: 'bandTransferredCents', label: 'Transferred to band' },
    // Issue 34: the band's share held until it sets up payouts, shown while there is any.
    ...(report.totals.bandHeldCents > 0 ? [{ key: 'bandHeldCents', label: 'Held for band' } as const] : []),
    { key: 'organiserHeldCents', label: 'Held' },
    { key: 'organiserReleasedCents', label: 'Released' },
    // One column on screen for both parties' forfeited shares; the CSV keeps them apart.
    ...(forfeited ? [{ key: 'forfeitedCents', label: 'Forfeited' } as const] : []),
  ];
}

function show(column: Column, figures: SalesFigures): string {
  if (column.key === 'forfeitedCents') return formatCents(figures.bandForfeitedCents + figures.organiserForfeitedCents);
  return column.isCount ? String(figures[column.key]) : formatCents(figures[column.key]);
}

const hasSales = (figures: SalesFigures) => figures.ticketsSold + figures.ticketsRefunded > 0;

/** Issue 34: a type's row in words: its name and what its tickets were sold at ("VIP · $45.00"). */
const typeTitle = (row: SalesReportTypeRow) => (row.priceCents === null ? typeRowLabel(row) : `${typeRowLabel(row)} · ${formatCents(row.priceCents)}`);

/** Who the gig was with, from the reader's side: a band reads the venue, an organiser the band. */
function gigTitle(report: SalesReport, gig: SalesReportGig) {
  const other = report.party === 'band' ? (gig.organiserName === gig.venueName ? gig.venueName : `${gig.venueName} (${gig.organiserName})`) : `${gig.bandName ?? 'No band yet'} at ${gig.venueName}`;
  return { date: formatLocalDate(gig.localDate), other };
}

function MonthTable({ report, month, columns }: { report: SalesReport; month: SalesReport['months'][number]; columns: Column[] }) {
  const gigs = report.gigs.filter((gig) => gig.localDate.startsWith(month.month));
  const cell = 'px-2 py-2 text-right tabular-nums whitespace-nowrap';
  // Fixed layout, so every month's columns line up; a scroll of its own if amounts grow wide.
  return (
    <div className="hidden overflow-x-auto lg:block">
      <table className="w-full table-fixed border-collapse text-sm">
        <caption className="sr-only">{formatMonth(month.month)}, by gig</caption>
        <thead>
          <tr className="border-b border-zinc-700 text-xs text-zinc-400">
            <th scope="col" className="w-40 py-2 pr-2 text-left font-medium">
              Gig
            </th>
            {columns.map((column) => (
              <th key={column.key} scope="col" className="px-2 py-2 text-right align-bottom font-medium">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {gigs.map((gig) => {
            const { date, other } = gigTitle(report, gig);
            const types = hasTypeBreakdown(gig) ? gig.byType : [];
            return (
              <Fragment key={gig.gigId}>
                <tr className={types.length > 0 ? '' : 'border-b border-zinc-800'}>
                  <th scope="row" className="py-2 pr-2 text-left font-normal">
                    <span className="block font-medium">{date}</span>
                    <span className="block text-zinc-400">{other}</span>
                  </th>
                  {columns.map((column) => (
                    <td key={column.key} className={cell}>
                      {show(column, gig)}
                    </td>
                  ))}
                </tr>
                {/* Issue 34: the gig's sales by ticket type, a breakdown of the row above. */}
                {types.map((row, i) => (
                  <tr key={`${row.typeName}-${row.priceCents}`} className={`text-xs text-zinc-300 ${i === types.length - 1 ? 'border-b border-zinc-800' : ''}`}>
                    <th scope="row" className="py-1 pl-3 pr-2 text-left font-normal">
                      <span className="sr-only">{date}, </span>
                      {typeTitle(row)}
                    </th>
                    {columns.map((column) => (
                      <td key={column.key} className="px-2 py-1 text-right tabular-nums whitespace-nowrap">
                        {show(column, row)}
                      </td>
                    ))}
                  </tr>
                ))}
              </Fragment>
            );
          })}
        </tbody>
        {gigs.length > 1 && (
          <tfoot>
            <tr className="font-semibold">
              <th scope="row" className="py-2 pr-2 text-left">
                {formatMonth(month.month)} total
              </th>
              {columns.map((column) => (
                <td key={column.key} className={cell}>
                  {show(column, month)}
                </td>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}

/** Below laptop width each gig is a card of label and amount pairs. */
function MonthCards({ report, month, columns }: { report: SalesReport; month: SalesReport['months'][number]; columns: Column[] }) {
  const gigs = report.gigs.filter((gig) => gig.localDate.startsWith(month.month));
  const figures = (values: SalesFigures) => (
    <dl className="mt-2 grid gap-x-6 text-sm sm:grid-cols-2">
      {columns.map((column) => (
        <div key={column.key} className="flex justify-between gap-2 border-b border-zinc-800/70 py-1">
          <dt className="text-zinc-400">{column.label}</dt>
          <dd className="tabular-nums">{show(column, values)}</dd>
        </div>
      ))}
    </dl>
  );
  return (
    <ul className="space-y-3 lg:hidden">
      {gigs.map((gig) => {
        const { date, other } = gigTitle(report, gig);
        return (
          <li key={gig.gigId} className="rounded-xl border border-zinc-800 p-3">
            <p className="font-medium">{date}</p>
            <p className="text-sm text-zinc-400">{other}</p>
            {hasSales(gig) ? figures(gig) : <p className="mt-2 text-sm text-zinc-300">No tickets sold yet.</p>}
            {hasTypeBreakdown(gig) && <TypeList rows={gig.byType} />}
          </li>
        );
      })}
      {gigs.length > 1 && (
        <li className="rounded-xl border border-zinc-700 bg-zinc-800/40 p-3">
          <p className="font-semibold">{formatMonth(month.month)} total</p>
          {figures(month)}
        </li>
      )}
    </ul>
  );
}

/** Issue 34: on a phone, each type at its price, then its sales and takings: the card above has the rest. */
function TypeList({ rows }: { rows: SalesReportTypeRow[] }) {
  return (
    <div className="mt-3">
      <p className="text-xs font-medium text-zinc-400">By ticket type</p>
      <dl className="text-sm">
        {rows.map((row) => (
          <div key={`${row.typeName}-${row.priceCents}`} className="border-b border-zinc-800/70 py-1">
            <dt className="font-medium">{typeTitle(row)}</dt>
            <dd className="tabular-nums text-zinc-300">
              {row.ticketsSold} sold{row.ticketsRefunded > 0 ? `, ${row.ticketsRefunded} refunded` : ''}
              {/* The old system's money never reached Marquee: a count only. */}
              {row.priceCents !== null && ` · ${formatCents(row.grossCents)} gross`}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/**
 * Decision 41: a band's, manager's or organiser's ticket money for a year of gigs, per gig and per
 * month: sales, refunds, each party's share, and where it is (transferred, held, released), with
 * the year's CSV. A table on a laptop, cards on a phone.
 */
export function SalesReportCard() {
  const [year, setYear] = useState<number | null>(null);
  const { data: report, isPending, isError, error } = useSalesReport(year);
  const yearId = useId();
  return (
    <section aria-labelledby="sales-report-heading" className="card space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="sales-report-heading" className="text-xl font-semibold">
          Sales and payouts
        </h2>
        {report && (
          <div className="flex flex-wrap items-end gap-3">
            <div>
              <label htmlFor={yearId} className="field-label">
                Year
              </label>
              <select id={yearId} className="field-input min-h-11 w-auto" value={report.year} onChange={(e) => setYear(Number(e.target.value))}>
                {report.years.map((y) => (
                  <option key={y} value={y}>
                    {y}
                  </option>
                ))}
              </select>
            </div>
            <a href={`/api/payments/report/csv?year=${report.year}`} download className="btn-secondary min-h-11">
              Download CSV<span className="sr-only"> of {report.year}</span>
            </a>
          </div>
        )}
      </div>
      <p className="text-sm text-zinc-300">{PAYOUT_RULES.timing} Months are the months of the gigs; refunded tickets count in Refunded, not in the shares.</p>
      {isPending ? (
        <LoadingImage label="Loading the report…" />
      ) : isError ? (
        <Alert>{error.message}</Alert>
      ) : report.gigs.length === 0 ? (
        <p className="text-zinc-300">No ticketed gigs in {report.year}.</p>
      ) : (
        <ReportBody report={report} />
      )}
    </section>
  );
}

function ReportBody({ report }: { report: SalesReport }) {
  const columns = columnsFor(report);
  const { totals } = report;
  const failed = totals.bandFailedCents + totals.organiserFailedCents;
  return (
    <>
      <div aria-labelledby="sales-year-heading" role="group">
        <h3 id="sales-year-heading" className="text-lg font-semibold">
          {report.year} total
        </h3>
        <dl className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6">
          {columns.map((column) => (
            <div key={column.key} className="rounded-xl bg-zinc-950/60 p-3">
              <dt className="text-xs text-zinc-400">{column.label}</dt>
              <dd className="text-lg font-semibold tabular-nums">{show(column, totals)}</dd>
            </div>
          ))}
        </dl>
      </div>
      {failed > 0 && <Alert>{formatCents(failed)} could not be sent to a payout account after several tries. Marquee support is looking into it; the Contact page reaches them.</Alert>}
      {report.months.map((month) => (
        <div key={month.month} className="space-y-2">
          <h3 className="text-lg font-semibold">{formatMonth(month.month)}</h3>
          <MonthTable report={report} month={month} columns={columns} />
          <MonthCards report={report} month={month} columns={columns} />
        </div>
      ))}
    </>
  );
}
