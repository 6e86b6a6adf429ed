import { useState } from 'react';
import { formatCents } from '../../../core/money.ts';
import { bandPayoutLine, type BandPayout } from '../../../core/band-payouts.ts';
import { Alert } from '../../components/ui/field.tsx';
import { LoadingImage } from '../../components/ui/states.tsx';
import { DeclineBooking } from '../booking-consent/decline-booking.tsx';
import { GigDoorPanel } from '../door/gig-door-panel.tsx';
import { useBandShows, type BandShow } from './api.ts';
import { TicketCounts } from '../../components/ticket-counts.tsx';

/** The next few shows; the rest on request, so applications and open gigs stay near the top. */
const FIRST_SHOWS = 4;

function ticketLine(show: BandShow): string {
  if (!show.isTicketed || show.ticketPriceCents === null) return 'No tickets through Marquee';
  const sold = `${show.ticketsSold} of ${show.ticketQuantity ?? 0} tickets sold`;
  return `${formatCents(show.ticketPriceCents)} · ${sold} · your share ${show.bandPercent}%`;
}

/** Issue 34: the show's payout in one line; a held share stands out and leads to payment setup. */
function PayoutLine({ payout }: { payout: BandPayout }) {
  const line = bandPayoutLine(payout);
  if (!line) return null;
  if (payout.state === 'held')
    return (
      <p className="rounded-lg border border-amber-400/60 bg-amber-950/60 px-3 py-2 text-sm font-medium text-amber-100">
        {line}{' '}
        <a href="#payment-setup-heading" className="underline underline-offset-2">
          Set up payouts
        </a>
      </p>
    );
  return <p className={`text-sm ${payout.state === 'forfeited' || payout.state === 'failed' ? 'text-red-300' : 'text-zinc-300'}`}>{line}</p>;
}

/**
 * The band's own upcoming shows first on its dashboard (issue 21 item 18): the gigs it applied
 * to and won and those an organiser booked it for directly, with their ticket sales and where the
 * band's share is (issue 34: paid out, held until setup with its deadline, forfeited; a past show
 * stays while its share is held); a direct booking can be declined here while no tickets are sold (D34).
 */
export function BandShows() {
  const { data, isPending, isError } = useBandShows();
  const [declined, setDeclined] = useState<string | null>(null);
  const [isShowingAll, setIsShowingAll] = useState(false);
  const shows = data?.shows ?? [];
  const listed = isShowingAll ? shows : shows.slice(0, FIRST_SHOWS);
  return (
    <section aria-labelledby="band-shows-heading" className="space-y-3">
      <h2 id="band-shows-heading" className="text-2xl font-semibold">
        Your shows
      </h2>
      {declined && <Alert tone="success">{declined}</Alert>}
      {isPending ? (
        <LoadingImage label="Loading your shows…" />
      ) : isError ? (
        <Alert>Your shows could not be loaded. Please try again.</Alert>
      ) : shows.length === 0 ? (
        <p className="text-zinc-300">No upcoming performances scheduled. Apply to the open gigs below.</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {listed.map((show) => (
            <li key={show.gigId} className="card space-y-2">
              <h3 className="font-semibold">
                {show.venueName} · {show.when}
              </h3>
              <p className="text-sm text-zinc-400">
                {show.regionName}
                {show.venueAddress && ` · ${show.venueAddress}`}
                {show.organiserName !== show.venueName && ` · promoted by ${show.organiserName}`}
              </p>
              <p className="text-sm font-medium text-zinc-200">{ticketLine(show)}</p>
              {/* Issue 34 item 8: the counts the organiser's card, the door and the API show, under the same words. */}
              {show.ticketCounts && <TicketCounts counts={show.ticketCounts} label={`Tickets for ${show.venueName} · ${show.when}`} />}
              {show.isTicketed && <PayoutLine payout={show.payout} />}
              {show.isTicketed && (
                <a href={`/qr-scanner/?gig=${show.gigId}`} className="btn-secondary min-h-11 px-3 py-1.5 text-sm sm:min-h-0">
                  Door scanner<span className="sr-only"> for {show.venueName} · {show.when}</span>
                </a>
              )}
              {show.isBookedForYou && <DeclineBooking booking={show} onDeclined={setDeclined} />}
              {/* Decision 51: the band runs a door at its own show too (its staff, guest list and report). */}
              <GigDoorPanel gig={{ id: show.gigId, cancelledAt: null, tab: 'approved' }} />
            </li>
          ))}
        </ul>
      )}
      {shows.length > FIRST_SHOWS && (
        <button type="button" className="btn-secondary min-h-11" aria-expanded={isShowingAll} onClick={() => setIsShowingAll(!isShowingAll)}>
          {isShowingAll ? 'Show fewer shows' : `Show all ${shows.length} shows`}
        </button>
      )}
    </section>
  );
}
