import type { PromoterDecision } from '../../../core/schemas/promoter-venues.ts';
import { Alert } from '../../components/ui/field.tsx';
import { useDecidePromoter, usePromoterRequests, type PromoterRequest } from './api.ts';
import { PromoterVenueBadge } from './promoter-venue-status.tsx';

const ACTIONS: Record<PromoterRequest['status'], { decision: PromoterDecision; label: string; isPrimary: boolean }[]> = {
  pending: [
    { decision: 'accept', label: 'Accept', isPrimary: true },
    { decision: 'decline', label: 'Decline', isPrimary: false },
  ],
  accepted: [{ decision: 'end', label: 'End association', isPrimary: false }],
  declined: [{ decision: 'accept', label: 'Accept', isPrimary: false }],
  ended: [{ decision: 'accept', label: 'Accept again', isPrimary: false }],
};

function RequestRow({ request }: { request: PromoterRequest }) {
  const decide = useDecidePromoter();
  const who = request.companyName ? `${request.name} (${request.companyName})` : request.name;
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-zinc-800 p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-semibold">
          {who} <PromoterVenueBadge status={request.status} pendingLabel="Asks to promote here" />
        </p>
        <p className="text-sm text-zinc-400 [overflow-wrap:anywhere]">{request.email}</p>
        {decide.isError && <Alert>{decide.error.message}</Alert>}
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {ACTIONS[request.status].map((action) => (
          <button
            key={action.decision}
            type="button"
            className={action.isPrimary ? 'btn-primary' : 'btn-secondary'}
            disabled={decide.isPending}
            onClick={() => decide.mutate({ promoterId: request.promoterId, decision: action.decision })}
          >
            {action.label}
            <span className="sr-only"> {request.name}</span>
          </button>
        ))}
      </div>
    </li>
  );
}

/**
 * D34: the promoters who asked to put on gigs at this venue. Only accepted ones can post here; ending
 * an association stops new gigs, and the promoter keeps running the gigs it already has.
 */
export function PromoterRequestsCard() {
  const { data } = usePromoterRequests();
  if (!data || data.requests.length === 0) return null;
  return (
    <section className="card space-y-3" aria-labelledby="promoter-requests-heading">
      <h2 id="promoter-requests-heading" className="text-xl font-semibold">
        Promoters
      </h2>
      <p className="text-sm text-zinc-300">
        Promoters you accept can post gigs at your venue. Ending an association stops new gigs; gigs they already posted stay theirs to run.
      </p>
      <ul className="space-y-2">
        {data.requests.map((request) => (
          <RequestRow key={request.promoterId} request={request} />
        ))}
      </ul>
    </section>
  );
}
