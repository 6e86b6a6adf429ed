import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCents } from '../../../core/money.ts';
import { describePackageDifference, type CampaignStatus } from '../../../core/outreach.ts';
import { reachOf, type Campaign, type OutreachLocation, type OutreachPackage } from './api.ts';

/** A signed-out visitor's notice, with the way in. */
export function LogInNotice({ message }: { message: string }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <div className="card space-y-4 text-center">
        <p className="text-lg font-semibold">{message}</p>
        <Link to="/login" className="btn-primary">
          Log In
        </Link>
      </div>
    </div>
  );
}

/** The location choice; `count` says what each option shows beside its name. */
export function LocationSelect({ locations, value, onChange, count }: { locations: OutreachLocation[]; value: string; onChange: (slug: string) => void; count: (l: OutreachLocation) => string }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="field-label">
        Location
      </label>
      <select id={id} className="field-input" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Choose a location...</option>
        {locations.map((l) => (
          <option key={l.slug} value={l.slug}>
            {l.name} ({count(l)})
          </option>
        ))}
      </select>
    </div>
  );
}

export const venues = (n: number) => `${n} ${n === 1 ? 'venue' : 'venues'}`;

/**
 * A package (spec 3 §2): name, badge, price, description, reach, features, and its select button;
 * and what it adds over a cheaper package among `packages` that reaches the same venues (issue 21).
 */
export function PackageCard({ pkg, packages, location, isSelected, onSelect }: { pkg: OutreachPackage; packages: OutreachPackage[]; location: OutreachLocation; isSelected: boolean; onSelect: () => void }) {
  const reach = reachOf(location, pkg);
  const difference = describePackageDifference(pkg, packages, location);
  return (
    <li className={`card flex flex-col gap-3 ${isSelected ? 'border-brand-400 ring-2 ring-brand-400/50' : ''}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="text-lg font-semibold">
          {pkg.name}
        </h3>
        {pkg.outreachType && (
          <span className={`rounded-full px-2.5 py-0.5 text-xs font-black tracking-wide ${pkg.outreachType === 'opener' ? 'bg-sky-300 text-sky-950' : 'bg-fuchsia-300 text-fuchsia-950'}`}>
            {pkg.outreachType === 'opener' ? 'OPENER' : 'HEADLINE'}
          </span>
        )}
      </div>
      <p className="text-3xl font-bold text-brand-400">{formatCents(pkg.priceCents)}</p>
      <p className="text-zinc-300">{pkg.description}</p>
      <p className="font-semibold">Will reach {venues(reach)}</p>
      {difference && <p className="rounded-lg border border-sky-800 bg-sky-950/50 px-3 py-2 text-sm text-sky-100">{difference}</p>}
      <ul className="flex-1 space-y-1 text-sm text-zinc-300">
        {pkg.features.map((f) => (
          <li key={f} className="flex gap-2">
            <span aria-hidden="true" className="text-brand-400">
              ✓
            </span>
            {f}
          </li>
        ))}
      </ul>
      <button type="button" className={isSelected ? 'btn-primary' : 'btn-secondary'} aria-pressed={isSelected} onClick={onSelect}>
        {isSelected ? 'Selected' : 'Select Package'}
        <span className="sr-only"> {pkg.name}</span>
      </button>
    </li>
  );
}

const STATUS_LABELS: Record<CampaignStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  completed: 'Completed',
  completed_test: 'Completed (test)',
  awaiting_band: 'Waiting for the band',
  declined: 'Declined by the band',
};

/**
 * A campaign's status (spec 3 §4): completed green, processing yellow; anything else red on the
 * band dashboard and grey elsewhere. A missing status is pending.
 */
export function CampaignStatusBadge({ status, otherTone }: { status: CampaignStatus | null; otherTone: 'red' | 'grey' }) {
  const shown = status ?? 'pending';
  const tone =
    shown === 'completed' ? 'bg-emerald-500 text-emerald-950' : shown === 'processing' ? 'bg-yellow-400 text-yellow-950' : otherTone === 'red' ? 'bg-red-600 text-white' : 'bg-zinc-600 text-zinc-50';
  return <span className={`inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-bold ${tone}`}>{STATUS_LABELS[shown]}</span>;
}

/** A campaign's follow-up (issue 21), for the packages that advertise one; nothing for others. */
export function FollowUpNote({ campaign }: { campaign: Pick<Campaign, 'followUp' | 'followUpsSent' | 'followUpDueAt'> }) {
  const text =
    campaign.followUp === 'sent'
      ? `Follow-up sent to ${venues(campaign.followUpsSent)}`
      : campaign.followUp === 'scheduled' && campaign.followUpDueAt
        ? `Follow-up due ${campaignDate(campaign.followUpDueAt)}`
        : campaign.followUp === 'going_out'
          ? 'Follow-up going out'
          : campaign.followUp === 'not_needed'
            ? 'No follow-up needed: every venue answered or opted out'
            : null;
  return text ? <span className="block text-xs text-zinc-400">{text}</span> : null;
}

export const campaignDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** A campaigns table that scrolls sideways on a phone rather than squeezing its columns. */
export function CampaignTable({ label, head, children }: { label: string; head: string[]; children: ReactNode }) {
  return (
    <div className="-mx-5 overflow-x-auto px-5" tabIndex={0} role="region" aria-label={label}>
      <table className="w-full min-w-[36rem] text-left text-sm">
        <thead className="text-zinc-400">
          <tr className="border-b border-zinc-800">
            {head.map((h) => (
              <th key={h} scope="col" className="py-2 pr-4 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-800">{children}</tbody>
      </table>
    </div>
  );
}

export function Cell({ children, isNumeric = false }: { children: ReactNode; isNumeric?: boolean }) {
  return <td className={`whitespace-nowrap py-2 pr-4 ${isNumeric ? 'tabular-nums' : ''}`}>{children}</td>;
}
