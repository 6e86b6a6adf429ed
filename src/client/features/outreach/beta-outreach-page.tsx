import { useState } from 'react';
import { Link } from 'react-router';
import { formatCents } from '../../../core/money.ts';
import { BAND_DRAW_MAX, OUTREACH_MESSAGES } from '../../../core/outreach.ts';
import { Alert, TextField } from '../../components/ui/field.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { LoadingImage } from '../../components/ui/states.tsx';
import { useSession } from '../../lib/session.ts';
import { useTitle } from '../../lib/use-title.ts';
import { reachOf, useBandCampaigns, useEmailPreview, useOutreachCheckout, useOutreachOptions, type OutreachOptions, type OutreachPackage } from './api.ts';
import { TestModeNotice } from '../../components/test-mode-notice.tsx';
import { CampaignStatusBadge, CampaignTable, Cell, FollowUpNote, LocationSelect, LogInNotice, PackageCard, campaignDate, venues } from './outreach-parts.tsx';

/** The beta outreach tool (spec 3 §2): for bands with beta access (D25), its elements in the spec's order. */
export function BetaOutreachPage() {
  useTitle('Beta Venue Outreach');
  const { data: me, isPending } = useSession();
  const options = useOutreachOptions(Boolean(me));
  if (isPending) return <LoadingImage />;
  if (!me) return <LogInNotice message={OUTREACH_MESSAGES.betaLogIn} />;
  if (options.isPending) return <LoadingImage />;
  if (options.isError) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <Alert>The outreach packages could not be loaded. Please try again.</Alert>
      </div>
    );
  }
  if (!options.data.band?.hasBetaOutreach) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <div className="card space-y-4 text-center">
          <p className="text-lg font-semibold">{OUTREACH_MESSAGES.betaOnly}</p>
          <Link to="/band-outreach" className="link inline-block">
            See the venue outreach packages
          </Link>
        </div>
      </div>
    );
  }
  return <BetaTool options={options.data} />;
}

function BetaTool({ options }: { options: OutreachOptions }) {
  const [regionSlug, setRegionSlug] = useState('');
  const [bandDraw, setBandDraw] = useState('');
  const [packageId, setPackageId] = useState('');
  const [isPreviewOpen, setPreviewOpen] = useState(false);
  const checkout = useOutreachCheckout();
  const location = options.locations.find((l) => l.slug === regionSlug);
  const packages = options.packages.filter((p) => p.kind === 'beta');
  const pkg = packages.find((p) => p.id === packageId);
  const isDrawEmpty = bandDraw.trim() === '';

  const launch = () => {
    if (!pkg || !location) return;
    checkout.mutate(
      { packageId: pkg.id, regionSlug: location.slug, bandDraw: bandDraw.trim() },
      { onSuccess: ({ url }) => window.location.assign(url), onError: (error) => console.error('Failed to create checkout session', error) },
    );
  };

  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-10">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="font-display text-3xl sm:text-5xl">Beta Venue Outreach System</h1>
        <span className="rounded-full bg-brand-400 px-3 py-1 text-xs font-black tracking-wide text-zinc-950">SUPERBAND BETA</span>
      </header>

      <section className="card grid gap-5 md:grid-cols-2" aria-label="Campaign setup">
        <LocationSelect
          locations={options.locations}
          value={regionSlug}
          onChange={(slug) => {
            setRegionSlug(slug);
            checkout.reset();
          }}
          count={(l) => `${l.activeVenues} active ${l.activeVenues === 1 ? 'venue' : 'venues'}`}
        />
        <TextField
          label="Band Draw Information"
          placeholder="50-75 people, 100+ fans"
          hint="Help venues understand your typical audience size."
          maxLength={BAND_DRAW_MAX}
          value={bandDraw}
          onChange={(e) => setBandDraw(e.target.value)}
        />
      </section>

      {location && (
        <section aria-labelledby="beta-packages-heading" className="space-y-4">
          <h2 id="beta-packages-heading" className="text-xl font-semibold">
            Packages for {location.name}
          </h2>
          <ul className="grid gap-5 md:grid-cols-3">
            {packages.map((p) => (
              <PackageCard key={p.id} pkg={p} packages={packages} location={location} isSelected={p.id === packageId} onSelect={() => setPackageId(p.id)} />
            ))}
          </ul>
        </section>
      )}

      {location && pkg && (
        <>
          <section className="card space-y-3" aria-labelledby="email-preview-heading">
            <h2 id="email-preview-heading" className="text-xl font-semibold">
              Email Preview
            </h2>
            <p className="text-zinc-300">See the {pkg.outreachType === 'headline' ? 'headline show' : 'opener'} e-mail the venues of {location.name} will get, with your band's details.</p>
            <button type="button" className="btn-secondary" onClick={() => setPreviewOpen(true)}>
              Preview Email
            </button>
          </section>
          {isPreviewOpen && <EmailPreviewModal regionSlug={location.slug} pkg={pkg} bandDraw={bandDraw} onClose={() => setPreviewOpen(false)} />}

          <section className="card space-y-4 border-brand-400/40" aria-labelledby="launch-heading">
            <h2 id="launch-heading" className="text-xl font-semibold">
              Ready to Launch Campaign?
            </h2>
            <p className="text-zinc-200">
              {pkg.name} in {location.name}: {venues(reachOf(location, pkg))} will get your {pkg.outreachType === 'headline' ? 'headline' : 'opener'} pitch.
            </p>
            {checkout.isError && <Alert>{OUTREACH_MESSAGES.checkoutFailed}</Alert>}
            <TestModeNotice />
            <button type="button" className="btn-primary w-full sm:w-auto" disabled={checkout.isPending || checkout.isSuccess || isDrawEmpty} onClick={launch}>
              {checkout.isPending || checkout.isSuccess ? 'Processing...' : `Launch Campaign ${formatCents(pkg.priceCents)}`}
            </button>
          </section>
          {isDrawEmpty && (
            <p role="status" className="rounded-lg border border-amber-500/50 bg-amber-950/60 px-4 py-3 text-sm text-amber-100">
              {OUTREACH_MESSAGES.drawRequired}
            </p>
          )}
        </>
      )}

      <BetaCampaigns />
    </div>
  );
}

function EmailPreviewModal({ regionSlug, pkg, bandDraw, onClose }: { regionSlug: string; pkg: OutreachPackage; bandDraw: string; onClose: () => void }) {
  const outreachType = pkg.outreachType === 'headline' ? 'headline' : 'opener';
  const preview = useEmailPreview({ regionSlug, outreachType, bandDraw }, true);
  return (
    <Modal title={outreachType === 'headline' ? 'Headline Show Email Preview' : 'Opener Opportunity'} onClose={onClose}>
      {preview.isPending && <p className="text-zinc-400">Loading…</p>}
      {preview.isError && <Alert>The preview could not be loaded. Please try again.</Alert>}
      {preview.data && (
        <div className="space-y-3">
          <p className="text-sm">
            <span className="text-zinc-400">Subject: </span>
            <span className="font-semibold">{preview.data.subject}</span>
          </p>
          <pre className="max-h-[55vh] overflow-y-auto whitespace-pre-wrap break-words rounded-lg bg-zinc-950 p-4 font-sans text-sm text-zinc-100" tabIndex={0} aria-label="Email text">
            {preview.data.text}
          </pre>
        </div>
      )}
      <div className="mt-4 flex justify-end">
        <button type="button" className="btn-secondary" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}

const TYPE_LABELS = { opener: 'Opener', headline: 'Headline' } as const;

function BetaCampaigns() {
  const campaigns = useBandCampaigns('beta', true);
  return (
    <section className="card space-y-3" aria-labelledby="beta-campaigns-heading">
      <h2 id="beta-campaigns-heading" className="text-xl font-semibold">
        Your Beta Campaigns
      </h2>
      {campaigns.isPending && <p className="text-zinc-400">Loading…</p>}
      {campaigns.isError && <Alert>Your campaigns could not be loaded. Please try again.</Alert>}
      {campaigns.data?.length === 0 && <p className="text-zinc-300">No beta campaigns yet. Launch one above.</p>}
      {campaigns.data && campaigns.data.length > 0 && (
        <CampaignTable label="Your Beta Campaigns" head={['Date', 'Type', 'Location', 'Venues Reached', 'Status', 'Responses']}>
          {campaigns.data.map((c) => (
            <tr key={c.id}>
              <Cell>{campaignDate(c.createdAt)}</Cell>
              <Cell>{c.outreachType ? TYPE_LABELS[c.outreachType] : c.packageName}</Cell>
              <Cell>{c.location}</Cell>
              <Cell isNumeric>
                {c.venuesReached}
                <FollowUpNote campaign={c} />
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
