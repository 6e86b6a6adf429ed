import { useId, useState } from 'react';
import { formatCents } from '../../../core/money.ts';
import { Alert } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api.ts';
import { useAnswerOffer, useBandsToSponsor, useOutreachOffers, useSponsoredCampaigns, useSponsoredCheckout, type SponsorBand } from './api.ts';
import { CampaignStatusBadge, CampaignTable, Cell, campaignDate, venues } from './outreach-parts.tsx';

// Issue 34 (spec 3 §2): anyone signed in pays for a campaign in a band's name, once the band agrees.

/** Step 1 for a sponsor: which band on Marquee the campaign speaks for. */
export function SponsorBandPicker({ band, onChange, error }: { band: SponsorBand | null; onChange: (band: SponsorBand | null) => void; error?: string }) {
  const id = useId();
  const [query, setQuery] = useState('');
  const found = useBandsToSponsor(query);
  if (band)
    return (
      <p className="flex flex-wrap items-center gap-3">
        <span>
          For <strong>{band.name}</strong>
        </span>
        <button type="button" className="btn-secondary" onClick={() => onChange(null)}>
          Change band
        </button>
      </p>
    );
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="field-label">
        Band name
      </label>
      <input id={id} className="field-input" type="search" autoComplete="off" value={query} onChange={(e) => setQuery(e.target.value)} aria-describedby={`${id}-hint`} aria-invalid={error ? true : undefined} />
      <p id={`${id}-hint`} className="text-sm text-zinc-400">
        Type at least 2 letters of a band on Marquee.
      </p>
      {error && <p className="text-sm text-red-300">{error}</p>}
      {found.isError && <Alert>The bands could not be loaded. Please try again.</Alert>}
      {found.data?.length === 0 && <p className="text-sm text-zinc-300">No band on Marquee matches “{query.trim()}”.</p>}
      {found.data && found.data.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Matching bands">
          {found.data.map((b) => (
            <li key={b.slug}>
              <button type="button" className="btn-secondary" onClick={() => onChange(b)}>
                {b.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The campaigns this account offered or paid for, with 'Pay' once the band agreed; `limit` for a dashboard card. */
export function SponsoredCampaigns({ limit, heading = 'Campaigns you sponsor', level = 'h2' }: { limit?: number; heading?: string; level?: 'h2' | 'h3' }) {
  const Heading = level;
  const campaigns = useSponsoredCampaigns();
  const checkout = useSponsoredCheckout();
  const shown = limit ? campaigns.data?.slice(0, limit) : campaigns.data;
  const pay = (campaignId: string) => checkout.mutate(campaignId, { onSuccess: (url) => window.location.assign(url) });
  return (
    <section id="sponsored-campaigns" className="space-y-3" aria-labelledby="sponsored-heading">
      <Heading id="sponsored-heading" className={level === 'h2' ? 'text-xl font-semibold' : 'font-semibold'}>
        {heading}
      </Heading>
      {campaigns.isPending && <p className="text-zinc-400">Loading…</p>}
      {campaigns.isError && <Alert>Your campaigns could not be loaded. Please try again.</Alert>}
      {shown?.length === 0 && <p className="text-zinc-300">No sponsored campaigns yet. Ask a band above: it agrees before anything is charged.</p>}
      {checkout.isError && <Alert>{checkout.error instanceof ApiError ? checkout.error.message : 'Error processing payment. Please try again.'}</Alert>}
      {shown && shown.length > 0 && (
        <CampaignTable label={heading} head={['Date', 'Band', 'Package', 'Location', 'Venues', 'Status', 'Payment']}>
          {shown.map((c) => (
            <tr key={c.id}>
              <Cell>{campaignDate(c.createdAt)}</Cell>
              <Cell>{c.bandName}</Cell>
              <Cell>{c.packageName}</Cell>
              <Cell>{c.location}</Cell>
              <Cell isNumeric>{c.status === 'processing' || c.status === 'completed' ? `${c.venuesReached} of ${c.venuesTargeted}` : c.venuesTargeted}</Cell>
              <Cell>{c.status === 'awaiting_band' && !c.isOpen ? <span className="text-sm text-zinc-400">No answer: nothing was charged</span> : c.status === 'pending' ? <span className="inline-block whitespace-nowrap rounded-full bg-sky-300 px-2.5 py-0.5 text-xs font-bold text-sky-950">Agreed: ready to pay</span> : <CampaignStatusBadge status={c.status} otherTone="grey" />}</Cell>
              <Cell>
                {c.status === 'pending' && (
                  <button type="button" className="btn-primary whitespace-nowrap" disabled={checkout.isPending || checkout.isSuccess} onClick={() => pay(c.id)}>
                    {checkout.isPending && checkout.variables === c.id ? 'Processing...' : `Pay ${formatCents(c.priceCents)}`}
                    <span className="sr-only"> for {c.bandName}'s campaign in {c.location}</span>
                  </button>
                )}
              </Cell>
            </tr>
          ))}
        </CampaignTable>
      )}
    </section>
  );
}

/** On the band's dashboard: offers to pay for a campaign in the band's name, each to agree to or decline. */
export function OutreachOffers() {
  const offers = useOutreachOffers();
  const answer = useAnswerOffer();
  if (!offers.data?.length) return offers.isError ? <Alert>The outreach offers could not be loaded. Please try again.</Alert> : null;
  return (
    <div className="space-y-3 rounded-xl border border-sky-700 bg-sky-950/40 p-4" role="region" aria-labelledby="offers-heading">
      <h3 id="offers-heading" className="font-semibold text-sky-100">
        Offers to pay for your outreach ({offers.data.length})
      </h3>
      {answer.isError && <Alert>{answer.error instanceof ApiError ? answer.error.message : 'Your answer could not be saved. Please try again.'}</Alert>}
      <ul className="space-y-3">
        {offers.data.map((o) => (
          <li key={o.id} id={`outreach-offer-${o.id}`} className="scroll-mt-24 space-y-2 rounded-lg border border-zinc-800 bg-zinc-950/60 p-3">
            <p>
              <strong>{o.sponsor}</strong> offers to pay {formatCents(o.priceCents)} for {o.packageName} in {o.location}: {venues(o.venuesTargeted)} would be e-mailed in your band's name.
            </p>
            {o.customMessage && <blockquote className="border-l-2 border-zinc-600 pl-3 text-sm text-zinc-300">{o.customMessage}</blockquote>}
            <p className="text-sm text-zinc-400">Nothing is sent, and nobody is charged, unless you agree.</p>
            <div className="flex flex-wrap gap-2">
              <button type="button" className="btn-primary max-sm:w-full" disabled={answer.isPending} onClick={() => answer.mutate({ campaignId: o.id, agree: true })}>
                Agree<span className="sr-only"> to {o.sponsor}'s offer</span>
              </button>
              <button type="button" className="btn-secondary max-sm:w-full" disabled={answer.isPending} onClick={() => answer.mutate({ campaignId: o.id, agree: false })}>
                Decline<span className="sr-only"> {o.sponsor}'s offer</span>
              </button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
