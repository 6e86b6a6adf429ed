import { useState } from 'react';
import { formatCents } from '../../../core/money.ts';
import { CUSTOM_MESSAGE_MAX, OUTREACH_MESSAGES, SINGLE_CAMPAIGN_PACKAGE_ID, describePackageDifference } from '../../../core/outreach.ts';
import { Alert, TextAreaField } from '../../components/ui/field.tsx';
import { LoadingImage, PageHeading } from '../../components/ui/states.tsx';
import { ApiError } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import { useTitle } from '../../lib/use-title.ts';
import { reachOf, useBandCampaigns, useOfferToSponsor, useOutreachCheckout, useOutreachOptions, type OutreachLocation, type OutreachOptions, type OutreachPackage, type SponsorBand } from './api.ts';
import { SponsorBandPicker, SponsoredCampaigns } from './sponsor-outreach.tsx';
import { TestModeNotice } from '../../components/test-mode-notice.tsx';
import { CampaignStatusBadge, CampaignTable, Cell, LocationSelect, LogInNotice, PackageCard, campaignDate, venues } from './outreach-parts.tsx';

/** The standard outreach page (spec 3 §2): location, then a package, then purchase; the band's past campaigns. */
export function BandOutreachPage() {
  useTitle('Venue Outreach');
  const { data: me, isPending } = useSession();
  const options = useOutreachOptions(Boolean(me));
  if (isPending) return <LoadingImage />;
  if (!me) return <LogInNotice message={OUTREACH_MESSAGES.logIn} />;
  const isBand = me.user.role === 'band';
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <PageHeading
        title="Venue Outreach"
        subtitle={
          isBand
            ? "Marquee e-mails the venues of the location you choose on your band's behalf. Venues usually answer within 24-48 hours."
            : "Pay for a campaign in a band's name: Marquee e-mails the venues of the location you choose, once the band agrees. Nothing is charged until it does."
        }
      />
      {options.isPending && <LoadingImage />}
      {options.isError && <Alert>The outreach packages could not be loaded. Please try again.</Alert>}
      {options.data && <StandardOutreach options={options.data} isBand={isBand} />}
      {isBand ? (
        <PreviousCampaigns />
      ) : (
        <div className="card mt-10">
          <SponsoredCampaigns />
        </div>
      )}
    </div>
  );
}

function StandardOutreach({ options, isBand }: { options: OutreachOptions; isBand: boolean }) {
  const [regionSlug, setRegionSlug] = useState('');
  const [packageId, setPackageId] = useState('');
  const [customMessage, setCustomMessage] = useState('');
  const [band, setBand] = useState<SponsorBand | null>(null);
  const checkout = useOutreachCheckout();
  const offer = useOfferToSponsor();
  const step = (n: number) => (isBand ? n : n + 1);
  const location = options.locations.find((l) => l.slug === regionSlug);
  const packages = options.packages.filter((p) => p.kind === 'standard');
  const single = options.packages.find((p) => p.id === SINGLE_CAMPAIGN_PACKAGE_ID);
  const pkg = packages.find((p) => p.id === packageId);
  const reach = pkg ? reachOf(location, pkg) : 0;
  const failure = checkout.error ?? offer.error;
  const messageError = failure instanceof ApiError ? failure.fields.customMessage : undefined;
  const bandError = offer.error instanceof ApiError ? offer.error.fields.bandSlug : undefined;
  const ask = () => {
    if (!pkg || !location || !band) return;
    offer.mutate({ bandSlug: band.slug, packageId: pkg.id, regionSlug: location.slug, customMessage: pkg.allowsCustomMessage ? customMessage : undefined });
  };

  const buy = () => {
    if (!pkg || !location) return;
    checkout.mutate(
      { packageId: pkg.id, regionSlug: location.slug, customMessage: pkg.allowsCustomMessage ? customMessage : undefined },
      { onSuccess: ({ url }) => window.location.assign(url), onError: (error) => console.error('Failed to create checkout session', error) },
    );
  };

  return (
    <div className="space-y-8">
      {!isBand && (
        <section className="card max-w-xl space-y-2" aria-labelledby="band-heading">
          <h2 id="band-heading" className="text-xl font-semibold">
            1. Choose the band
          </h2>
          <p className="text-sm text-zinc-300">The e-mails speak in the band's name, so the band is asked first and agrees or declines.</p>
          <SponsorBandPicker
            band={band}
            onChange={(b) => {
              setBand(b);
              offer.reset();
            }}
            error={bandError}
          />
        </section>
      )}
      <section className="card max-w-xl space-y-2" aria-labelledby="location-heading">
        <h2 id="location-heading" className="text-xl font-semibold">
          {step(1)}. Choose a location
        </h2>
        <LocationSelect
          locations={options.locations}
          value={regionSlug}
          onChange={(slug) => {
            setRegionSlug(slug);
            checkout.reset();
            offer.reset();
          }}
          count={(l) => `${l.venuesWithEmail} with e-mail`}
        />
      </section>

      {location && (
        <section aria-labelledby="packages-heading" className="space-y-4">
          <h2 id="packages-heading" className="text-xl font-semibold">
            {step(2)}. Choose a package
          </h2>
          <ul className="grid gap-5 md:grid-cols-3">
            {packages.map((p) => (
              <PackageCard key={p.id} pkg={p} packages={packages} location={location} isSelected={p.id === packageId} onSelect={() => setPackageId(p.id)} />
            ))}
          </ul>
          {single && isBand && <SingleCampaignNote single={single} packages={options.packages} location={location} />}
        </section>
      )}

      {location && pkg && (
        <section className="card max-w-xl space-y-4" aria-labelledby="purchase-heading">
          <h2 id="purchase-heading" className="text-xl font-semibold">
            {isBand ? '3. Purchase' : '4. Ask the band'}
          </h2>
          <p className="text-zinc-200">
            {isBand
              ? `${pkg.name} in ${location.name}: ${venues(reach)} will be e-mailed on your behalf, for a one-time ${formatCents(pkg.priceCents)}.`
              : `${pkg.name} in ${location.name}: ${venues(reach)} will be e-mailed in ${band ? band.name : 'the band'}'s name, for a one-time ${formatCents(pkg.priceCents)} that you pay once the band agrees.`}
          </p>
          {pkg.allowsCustomMessage && (
            <TextAreaField
              label="Custom message"
              hint="A Pro feature: your own words, added to every e-mail of the campaign."
              maxLength={CUSTOM_MESSAGE_MAX}
              value={customMessage}
              onChange={(e) => setCustomMessage(e.target.value)}
              error={messageError}
            />
          )}
          {reach === 0 && <Alert tone="info">{OUTREACH_MESSAGES.noVenues}</Alert>}
          {checkout.isError && !messageError && <Alert>{OUTREACH_MESSAGES.checkoutFailed}</Alert>}
          {offer.isError && !messageError && !bandError && <Alert>{offer.error instanceof ApiError ? offer.error.message : 'Your offer could not be sent. Please try again.'}</Alert>}
          {isBand ? (
            <>
              <TestModeNotice />
              <button type="button" className="btn-primary w-full sm:w-auto" disabled={checkout.isPending || checkout.isSuccess || reach === 0} onClick={buy}>
                {checkout.isPending || checkout.isSuccess ? 'Processing...' : `Buy Now ${formatCents(pkg.priceCents)}`}
              </button>
            </>
          ) : offer.isSuccess ? (
            <Alert tone="success">
              We have asked {offer.data.bandName}. You will get an e-mail when it answers; once it agrees, pay below to send the campaign.
            </Alert>
          ) : (
            <>
              {!band && <p className="text-sm text-zinc-400">{OUTREACH_MESSAGES.sponsorChooseBand}</p>}
              <button type="button" className="btn-primary w-full sm:w-auto" disabled={!band || offer.isPending || reach === 0} onClick={ask}>
                {offer.isPending ? 'Sending...' : band ? `Ask ${band.name} to agree` : 'Ask the band to agree'}
              </button>
            </>
          )}
        </section>
      )}
    </div>
  );
}

/** The band dashboard's single-price campaign, next to these packages: what its price buys here (issue 21). */
function SingleCampaignNote({ single, packages, location }: { single: OutreachPackage; packages: OutreachPackage[]; location: OutreachLocation }) {
  const difference = describePackageDifference(single, packages, location);
  return (
    <p className="max-w-3xl text-sm text-zinc-300">
      The {single.name} on your band dashboard ({formatCents(single.priceCents)}, a one-time fee per location) e-mails every venue with an e-mail address, with an optional custom message.{' '}
      {difference ?? `In ${location.name} it reaches ${venues(reachOf(location, single))}.`}
    </p>
  );
}

function PreviousCampaigns() {
  const campaigns = useBandCampaigns('standard', true);
  return (
    <section className="card mt-10 space-y-3" aria-labelledby="previous-heading">
      <h2 id="previous-heading" className="text-xl font-semibold">
        Previous campaigns
      </h2>
      {campaigns.isPending && <p className="text-zinc-400">Loading…</p>}
      {campaigns.isError && <Alert>Your campaigns could not be loaded. Please try again.</Alert>}
      {campaigns.data?.length === 0 && <p className="text-zinc-300">No campaigns yet. Your campaigns will be listed here once you buy one.</p>}
      {campaigns.data && campaigns.data.length > 0 && (
        <CampaignTable label="Previous campaigns" head={['Date', 'Package', 'Location', 'Venues Reached', 'Status', 'Responses']}>
          {campaigns.data.map((c) => (
            <tr key={c.id}>
              <Cell>{campaignDate(c.createdAt)}</Cell>
              <Cell>{c.packageName}</Cell>
              <Cell>{c.location}</Cell>
              <Cell isNumeric>
                {c.venuesReached} of {c.venuesTargeted}
              </Cell>
              <Cell>
                <CampaignStatusBadge status={c.status} otherTone="grey" />
              </Cell>
              <Cell isNumeric>{c.responses}</Cell>
            </tr>
          ))}
        </CampaignTable>
      )}
    </section>
  );
}
