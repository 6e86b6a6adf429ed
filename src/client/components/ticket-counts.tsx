import { listTicketCounts, type GigTicketCounts } from '../../core/ticket-counts.ts';

/**
 * Issue 34 item 8: a gig's ticket counts under the same words on every signed-in screen (the
 * organiser's gig card, the band's 'Your shows', the door panel). The numbers come from the server's
 * one count of each thing; this only lays them out.
 */
export function TicketCounts({ counts, label }: { counts: GigTicketCounts; label: string }) {
  return (
    <dl aria-label={label} className="flex flex-wrap gap-x-4 gap-y-1 text-sm" data-testid="ticket-counts">
      {listTicketCounts(counts).map(({ key, label: word, value }) => (
        <div key={key} className="flex gap-1" data-count={key}>
          <dt className="text-zinc-400">{word}</dt>
          <dd className="font-semibold tabular-nums text-zinc-100">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
