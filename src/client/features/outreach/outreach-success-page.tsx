import { Link, useSearchParams } from 'react-router';
import { formatCents } from '../../../core/money.ts';
import { OUTREACH_MESSAGES } from '../../../core/outreach.ts';
import { Alert } from '../../components/ui/field.tsx';
import { LoadingImage } from '../../components/ui/states.tsx';
import { useSession } from '../../lib/session.ts';
import { useTitle } from '../../lib/use-title.ts';
import { useCampaignBySession, type Campaign } from './api.ts';
import { CampaignStatusBadge, LogInNotice, venues } from './outreach-parts.tsx';

/** Where the standard and beta checkouts return (spec 3 §4): what was bought and where the campaign stands. */
export function OutreachSuccessPage() {
  useTitle('Outreach campaign');
  const [params] = useSearchParams();
  const sessionId = params.get('session_id') ?? '';
  const { data: me, isPending } = useSession();
  const campaign = useCampaignBySession(me ? sessionId : '');
  if (isPending) return <LoadingImage />;
  if (!me) return <LogInNotice message={OUTREACH_MESSAGES.logIn} />;
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <div className="card space-y-5">
        <h1 className="text-3xl font-bold">Your outreach campaign</h1>
        {!sessionId && <Alert>This page needs the reference of your checkout. Your campaigns are listed on your dashboard.</Alert>}
        {sessionId && campaign.isPending && <LoadingImage label="Looking up your campaign…" />}
        {campaign.isError && <Alert>We could not find the campaign of this checkout. Your campaigns are listed on your dashboard.</Alert>}
        {campaign.data && <CampaignSummary campaign={campaign.data} />}
        <div className="flex flex-wrap gap-3">
          <Link to="/dashboard" className="btn-primary">
            Go to Dashboard
          </Link>
          <Link to={campaign.data?.kind === 'beta' ? '/beta-venue-outreach' : '/band-outreach'} className="btn-secondary">
            {campaign.data?.kind === 'beta' ? 'Back to Beta Venue Outreach' : 'Back to Venue Outreach'}
          </Link>
        </div>
      </div>
    </div>
  );
}

function progress(c: Campaign): string {
  switch (c.status) {
    case 'completed':
    case 'completed_test':
      return `Campaign completed: ${venues(c.venuesReached)} reached. Venues usually answer within 24-48 hours: their replies come to your e-mail, and your dashboard counts the responses.`;
    case 'processing':
      return `Your campaign is being sent: ${c.venuesReached} of ${venues(c.venuesTargeted)} e-mailed so far…`;
    default:
      return 'Payment received, your campaign is on its way…';
  }
}

function CampaignSummary({ campaign: c }: { campaign: Campaign }) {
  const isDone = c.status === 'completed' || c.status === 'completed_test';
  return (
    <>
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-zinc-400">Package</dt>
          <dd className="font-semibold">{c.packageName}</dd>
        </div>
        <div>
          <dt className="text-sm text-zinc-400">Location</dt>
          <dd className="font-semibold">{c.location}</dd>
        </div>
        <div>
          <dt className="text-sm text-zinc-400">Price</dt>
          <dd className="font-semibold">{formatCents(c.priceCents)}</dd>
        </div>
        <div>
          <dt className="text-sm text-zinc-400">Status</dt>
          <dd>
            <CampaignStatusBadge status={c.status} otherTone="grey" />
          </dd>
        </div>
      </dl>
      <div role="status" className={`rounded-lg border px-4 py-3 ${isDone ? 'border-emerald-500/50 bg-emerald-950/60 text-emerald-100' : 'border-sky-500/50 bg-sky-950/60 text-sky-100'}`}>
        {progress(c)}
      </div>
    </>
  );
}
