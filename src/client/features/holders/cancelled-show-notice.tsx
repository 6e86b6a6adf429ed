import { Link } from 'react-router';
import { GIG_CANCELLED_NOTICE, type CancelledGig } from '../../../core/schemas/holders.ts';
import { formatLocalDate, formatTimeRange } from '../../../core/time.ts';

/** Decision 49: where a cancelled show was linked (/tickets), which show it was and that it will not go ahead. */
export function CancelledShowNotice({ gig }: { gig: CancelledGig }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <section className="card space-y-3" aria-labelledby="cancelled-heading">
        <h1 id="cancelled-heading" className="text-2xl font-bold">
          {gig.showName}
        </h1>
        <p className="text-zinc-300">
          {gig.venueName} · {formatLocalDate(gig.localDate)}, {formatTimeRange(gig.localDate, gig.startTime, gig.endTime, gig.timeZone)}
        </p>
        <p role="status" className="rounded-lg border border-red-500/50 bg-red-950/60 px-4 py-3 font-semibold text-red-100">
          {GIG_CANCELLED_NOTICE}
        </p>
        <p className="text-sm text-zinc-400">Ticket holders were told by e-mail, and each refund goes back to the card the ticket was bought with.</p>
        <Link to="/gigs" className="btn-secondary inline-flex">
          See other upcoming shows
        </Link>
      </section>
    </div>
  );
}
