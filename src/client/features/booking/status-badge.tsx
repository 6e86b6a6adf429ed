import type { ApplicationStatus } from './api.ts';

const STYLES: Record<ApplicationStatus, string> = {
  pending: 'bg-yellow-400 text-yellow-950',
  accepted: 'bg-emerald-500 text-emerald-950',
  rejected: 'bg-red-600 text-white',
};
const LABELS: Record<ApplicationStatus, string> = { pending: 'Applied', accepted: 'Accepted', rejected: 'Rejected' };

/** An application's state: 'Applied' while pending, else the status, green, red or yellow (spec 2 §2). */
export function StatusBadge({ status }: { status: ApplicationStatus }) {
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-bold ${STYLES[status]}`}>{LABELS[status]}</span>;
}
