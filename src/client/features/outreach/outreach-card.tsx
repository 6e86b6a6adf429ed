import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatCents } from '../../../core/money.ts';
import { CUSTOM_MESSAGE_MAX, OUTREACH_MESSAGES, SINGLE_CAMPAIGN_PACKAGE_ID, describePackageDifference } from '../../../core/outreach.ts';
import { Alert, TextAreaField } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import { useAdminBypass, useDashboardCampaigns, useOutreachCheckout, useOutreachOptions, useTestOutreachEmail, useVenuePreview, type TestEmailResult } from './api.ts';
import { OutreachOffers, SponsoredCampaigns } from './sponsor-outreach.tsx';
import { CampaignStatusBadge, CampaignTable, Cell, FollowUpNote, LocationSelect, campaignDate, venues } from './outreach-parts.tsx';

/** A test e-mail the server refused for a reason the band can act on (issue 20: unverified address, hourly limit). */
const isRefusal = (error: unknown): error is ApiError => error instanceof ApiError && (error.code === 'FORBIDDEN' || error.code === 'RATE_LIMITED');

/**
 * The band dashboard's outreach card (spec 3 §2, §8): the single-price campaign for one location,
 * its venue preview, the 5 latest campaigns, a test e-mail to the band itself, and, for an admin
 * impersonating the band, 'Admin Bypass (Test)' (D27). The checkout returns to
 * /dashboard?outreach_success=true (or outreach_cancelled=true): a banner says so and the query
 * string is cleared, as the payment setup card does.
 */
export function OutreachCard() {
  const { data: me } = useSession();
  const options = useOutreachOptions(true);
  const campaigns = useDashboardCampaigns();
  const [params, setParams] = useSearchParams();
  const [banner] = useState(() => (params.get('outreach_success') === 'true' ? 'success' : params.get('outreach_cancelled') === 'true' ? 'cancelled' : null));
  const [chosenSlug, setChosenSlug] = useState<string | null>(null);
  const [customMessage, setCustomMessage] = useState('');
  const [isPreviewShown, setPreviewShown] = useState(false);
  const checkout = useOutreachCheckout();
  const testEmail = useTestOutreachEmail();
  const bypass = useAdminBypass();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (params.has('outreach_success') || params.has('outreach_cancelled')) setParams({}, { replace: true });
  }, [params, setParams]);

  const locations = options.data?.locations ?? [];
  const regionSlug = chosenSlug ?? (locations.some((l) => l.slug === me?.user.location) ? me!.user.location : '');
  const location = locations.find((l) => l.slug === regionSlug);
  const withEmail = location?.venuesWithEmail ?? 0;
  const pkg = options.data?.packages.find((p) => p.id === SINGLE_CAMPAIGN_PACKAGE_ID);
  const price = formatCents(pkg?.priceCents ?? 19900);
  const difference = pkg && location ? describePackageDifference(pkg, options.data?.packages ?? [], location) : null;
  const isIdle = !checkout.isPending && !checkout.isSuccess && !testEmail.isPending && !bypass.isPending;
  const canRun = Boolean(location) && withEmail > 0 && isIdle;
  const preview = useVenuePreview(regionSlug, isPreviewShown);
  const message = customMessage.trim() || undefined;

  const resetResults = () => {
    checkout.reset();
    testEmail.reset();
    bypass.reset();
  };
  const startCampaign = () => {
    resetResults();
    checkout.mutate(
      { packageId: SINGLE_CAMPAIGN_PACKAGE_ID, regionSlug, customMessage: message },
      { onSuccess: ({ url }) => window.location.assign(url), onError: (error) => console.error(error.message === 'No checkout URL received' ? error.message : 'Checkout failed', error) },
    );
  };
  const sendTest = () => {
    resetResults();
    testEmail.mutate({ regionSlug, customMessage: message }, { onError: (error) => console.error('Test email failed', error) });
  };
  const runBypass = () => {
    if (!location || !window.confirm(`Run a test campaign for ${location.name} without payment? Every e-mail goes to your admin address.`)) return;
    resetResults();
    bypass.mutate(
      { regionSlug },
      {
        onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['outreach', 'dashboard'] }),
        onError: (error) => console.error('Admin bypass failed', error),
      },
    );
  };

  return (
    <section className="card space-y-5" aria-labelledby="outreach-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="outreach-heading" className="text-xl font-semibold">
          Venue Outreach Campaign
        </h2>
        <p className="text-sm text-zinc-300">
          <span className="text-lg font-bold text-brand-400">{price}</span> one-time fee per location
        </p>
      </div>
      {banner === 'success' && <Alert tone="success">Payment received! Your outreach campaign is on its way. Venues typically respond within 24-48 hours.</Alert>}
      {banner === 'cancelled' && <Alert tone="info">Checkout cancelled: no payment was taken and no venue was e-mailed.</Alert>}
      <OutreachOffers />
      <p className="text-zinc-300">
        Marquee e-mails every venue with an e-mail address in the location you choose, on your band's behalf. Venues typically respond within 24-48 hours.{' '}
        <Link to="/band-outreach" className="link">
          More packages
        </Link>
      </p>

      {options.isError && <Alert>The outreach locations could not be loaded. Please try again.</Alert>}
      <div className="grid gap-4 md:grid-cols-2">
        <div className="space-y-2">
          <LocationSelect
            locations={locations}
            value={regionSlug}
            onChange={(slug) => {
              setChosenSlug(slug);
              resetResults();
            }}
            count={(l) => `${l.venuesWithEmail} with e-mail`}
          />
          {location && (
            <p className="text-sm" role="status">
              <strong className="text-base">{venues(withEmail)}</strong> with an e-mail in {location.name}
            </p>
          )}
          {location && withEmail === 0 && <p className="text-sm text-zinc-400">{OUTREACH_MESSAGES.noVenues}</p>}
          {difference && (
            <p className="rounded-lg border border-sky-800 bg-sky-950/50 px-3 py-2 text-sm text-sky-100">
              {difference}{' '}
              <Link to="/band-outreach" className="link">
                Compare packages
              </Link>
            </p>
          )}
        </div>
        <TextAreaField label="Custom message (optional)" maxLength={CUSTOM_MESSAGE_MAX} value={customMessage} onChange={(e) => setCustomMessage(e.target.value)} hint="Added to every e-mail of your campaign." />
      </div>

      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn-primary max-sm:w-full" disabled={!canRun} onClick={startCampaign}>
          {checkout.isPending || checkout.isSuccess ? 'Processing...' : `Start Campaign ${price}`}
        </button>
        <button type="button" className="btn-secondary max-sm:w-full" disabled={!canRun} onClick={sendTest}>
          {testEmail.isPending ? 'Sending...' : 'Send Test Email'}
        </button>
        {me?.impersonation && (
          <button type="button" className="btn-secondary border-amber-500 text-amber-200 max-sm:w-full" disabled={!canRun} onClick={runBypass}>
            {bypass.isPending ? 'Running test...' : 'Admin Bypass (Test)'}
          </button>
        )}
      </div>
      {checkout.isError && <Alert>{OUTREACH_MESSAGES.dashboardCheckoutFailed}</Alert>}
      {testEmail.isSuccess && !testEmail.data.preview && <Alert tone="success">{testEmail.data.message}</Alert>}
      {testEmail.data?.preview && <SimulatedPreview message={testEmail.data.message} preview={testEmail.data.preview} />}
      {testEmail.isError && <Alert>{isRefusal(testEmail.error) ? testEmail.error.message : OUTREACH_MESSAGES.testEmailFailed}</Alert>}
      {bypass.isSuccess && <Alert tone="success">{bypass.data.message}</Alert>}
      {bypass.isError && <Alert>{OUTREACH_MESSAGES.bypassIssues}</Alert>}

      {location && (
        <div className="space-y-3">
          <button type="button" className="link text-sm" aria-expanded={isPreviewShown} onClick={() => setPreviewShown((shown) => !shown)}>
            {isPreviewShown ? 'Hide venue preview' : 'Preview venues'}
          </button>
          {isPreviewShown && preview.isPending && <p className="text-sm text-zinc-400">Loading venues…</p>}
          {isPreviewShown && preview.isError && <Alert>{OUTREACH_MESSAGES.previewFailed}</Alert>}
          {isPreviewShown && preview.data && (
            <ul className="grid gap-2 sm:grid-cols-2" aria-label={`First venues in ${location.name}`}>
              {preview.data.length === 0 && <li className="text-sm text-zinc-400">{OUTREACH_MESSAGES.noVenues}</li>}
              {preview.data.map((v) => (
                <li key={v.id} className="rounded-lg border border-zinc-800 bg-zinc-950/60 px-3 py-2">
                  <span className="block font-medium">{v.name}</span>
                  <span className="block text-sm text-zinc-400">{[v.venueType, [v.city, v.state].filter(Boolean).join(', ')].filter(Boolean).join(' · ')}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}

      <div className="space-y-2">
        <h3 className="font-semibold">Recent campaigns</h3>
        {campaigns.isError && <Alert>Your campaigns could not be loaded. Please try again.</Alert>}
        {campaigns.data?.length === 0 && <p className="text-sm text-zinc-400">No campaigns yet.</p>}
        {campaigns.data && campaigns.data.length > 0 && (
          <CampaignTable label="Recent campaigns" head={['Date', 'Campaign', 'Location', 'Venues Reached', 'Responses', 'Status']}>
            {campaigns.data.map((c) => (
              <tr key={c.id}>
                <Cell>{campaignDate(c.createdAt)}</Cell>
                <Cell>{c.packageName}</Cell>
                <Cell>{c.location}</Cell>
                <Cell isNumeric>
                  {c.venuesReached}
                  <FollowUpNote campaign={c} />
                </Cell>
                <Cell isNumeric>{c.responses}</Cell>
                <Cell>
                  <CampaignStatusBadge status={c.status} otherTone="red" />
                </Cell>
              </tr>
            ))}
          </CampaignTable>
        )}
      </div>
    </section>
  );
}

/** Spec 3 §7: the test e-mail could not reach the mail server, so the band sees what it would have said. */
function SimulatedPreview({ message, preview }: { message: string; preview: NonNullable<TestEmailResult['preview']> }) {
  return (
    <section className="space-y-3 rounded-xl border border-amber-700 bg-amber-950/40 p-4" aria-labelledby="simulated-preview-heading">
      <h3 id="simulated-preview-heading" className="font-semibold text-amber-100">
        Simulated preview
      </h3>
      <p className="text-sm text-amber-100" role="status">
        {message}
      </p>
      <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-3">
        <dt className="text-zinc-400">To</dt>
        <dd className="break-all">{preview.to}</dd>
        <dt className="text-zinc-400">Subject</dt>
        <dd>{preview.subject}</dd>
      </dl>
      <pre className="max-h-96 overflow-auto whitespace-pre-wrap break-words rounded-lg bg-zinc-950 p-3 font-sans text-sm text-zinc-200">{preview.text}</pre>
    </section>
  );
}

/** The venue dashboard's outreach card (spec 2): a venue sponsors a band's campaign, and follows the ones it paid for. */
export function VenueOutreachCard() {
  return (
    <section className="card space-y-4" aria-labelledby="venue-outreach-heading">
      <h2 id="venue-outreach-heading" className="text-xl font-semibold">
        Venue Outreach Campaign
      </h2>
      <p className="text-zinc-300">
        Help a band you book reach more venues: pay for an outreach campaign in its name, and Marquee e-mails the venues of the location you choose. The band agrees first; nothing is charged until it does.{' '}
        <Link to="/band-outreach" className="link">
          Sponsor a band's outreach
        </Link>
      </p>
      <SponsoredCampaigns limit={5} heading="Recent sponsored campaigns" level="h3" />
    </section>
  );
}
