import type { PromoterVenueStatus } from './api.ts';

const STYLES: Record<PromoterVenueStatus, string> = {
  pending: 'bg-yellow-400 text-yellow-950',
  accepted: 'bg-emerald-500 text-emerald-950',
  declined: 'bg-red-600 text-white',
  ended: 'bg-zinc-600 text-white',
};
const LABELS: Record<PromoterVenueStatus, string> = { pending: 'Waiting for the venue', accepted: 'Accepted', declined: 'Declined', ended: 'Ended by the venue' };

/** A promoter–venue association's state (D34), for the venue's list and the promoter's editor. */
export function PromoterVenueBadge({ status, pendingLabel }: { status: PromoterVenueStatus; pendingLabel?: string }) {
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-bold ${STYLES[status]}`}>{status === 'pending' && pendingLabel ? pendingLabel : LABELS[status]}</span>;
}
