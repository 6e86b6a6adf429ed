import { useState } from 'react';
import { Alert } from '../../components/ui/field.tsx';
import { LoadingImage } from '../../components/ui/states.tsx';
import { useOrganiserDashboard, type OrganiserGig } from './api.ts';
import { AddGigForm } from './add-gig-form.tsx';
import { NotifyBandsModal } from './notify-bands-modal.tsx';
import { OrganiserGigCard } from './organiser-gig-card.tsx';
import { sellingClosedReason } from './gig-fields.tsx';
import { isVenueVerified, VENUE_UNVERIFIED_LEAD, venueVerificationSteps } from '../../../core/venue-verification.ts';

const TABS = [
  { key: 'pending', label: 'Upcoming Gigs to be Approved' },
  { key: 'approved', label: 'Upcoming Approved Gigs' },
  { key: 'past', label: 'Past Gigs' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

/**
 * The gig side of a venue's or promoter's dashboard (spec 2 §2): Notify Bands, the three tabs
 * (each shown only when it has gigs; pending first if any, else approved), and the add-gig form.
 */
export function OrganiserGigs() {
  const [chosenTab, setChosenTab] = useState<TabKey | null>(null);
  const [page, setPage] = useState(1);
  const { data, isPending, isError } = useOrganiserDashboard(chosenTab, page);
  const [isNotifying, setIsNotifying] = useState(false);
  const [deleted, setDeleted] = useState('');

  if (isPending) return <LoadingImage label="Loading your gigs…" />;
  if (isError) return <Alert>Your gigs could not be loaded. Please reload the page.</Alert>;

  const visibleTabs = TABS.filter((t) => data.counts[t.key] > 0);
  const tab = data.tab;
  const isPromoter = data.role === 'promoter';
  const gigs: OrganiserGig[] = data.gigs;
  const pageCount = Math.max(1, Math.ceil(data.counts[tab] / data.pageSize));
  // A tab emptied by a delete or an approval gives way to the default; a page past the end, to the last.
  if (chosenTab && data.tab === chosenTab && data.counts[chosenTab] === 0) setChosenTab(null);
  if (page > pageCount && data.page === page) setPage(pageCount);
  const choose = (key: TabKey) => {
    setChosenTab(key);
    setPage(1);
  };

  return (
    <>
      {data.verification && !isVenueVerified(data.verification) && (
        <section aria-labelledby="verification-heading" className="rounded-xl border border-sky-500/50 bg-sky-950/50 p-4 text-sky-100">
          <h2 id="verification-heading" className="font-semibold">
            Your venue is not verified yet
          </h2>
          <p className="mt-1 text-sm">
            {VENUE_UNVERIFIED_LEAD} {venueVerificationSteps(data.verification)}
          </p>
        </section>
      )}
      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn-primary" onClick={() => setIsNotifying(true)}>
          Notify Bands
        </button>
      </div>
      {isNotifying && <NotifyBandsModal dashboard={data} onClose={() => setIsNotifying(false)} />}

      <section aria-labelledby="gigs-heading" className="space-y-4">
        <h2 id="gigs-heading" className="text-2xl font-semibold">
          Your gigs
        </h2>
        {deleted && <Alert tone="success">{deleted}</Alert>}
        {visibleTabs.length === 0 ? (
          <p className="text-zinc-300">No gigs available at this time.</p>
        ) : (
          <>
            <div role="tablist" aria-label="Your gigs" className="flex flex-wrap gap-2">
              {visibleTabs.map((t) => (
                <button
                  key={t.key}
                  type="button"
                  role="tab"
                  id={`tab-${t.key}`}
                  aria-selected={tab === t.key}
                  aria-controls="gig-tab-panel"
                  onClick={() => choose(t.key)}
                  className={`rounded-full px-4 py-2 text-sm font-semibold ${tab === t.key ? 'bg-brand-400 text-zinc-950' : 'bg-zinc-800 text-zinc-200 hover:bg-zinc-700'}`}
                >
                  {t.label} ({data.counts[t.key]})
                </button>
              ))}
            </div>
            <div role="tabpanel" id="gig-tab-panel" aria-labelledby={`tab-${tab}`} className="space-y-4">
              {gigs.map((gig) => (
                <OrganiserGigCard
                  key={gig.id}
                  gig={gig}
                  isPromoter={isPromoter}
                  isPayoutReady={data.isPayoutReady}
                  sellingClosedReason={sellingClosedReason(data, gig.venueId)}
                  onDeleted={setDeleted}
                />
              ))}
            </div>
            {pageCount > 1 && (
              <nav aria-label="Gig pages" className="flex items-center justify-between gap-4 text-sm">
                <p className="text-zinc-400">
                  Page {data.page} of {pageCount}
                </p>
                <div className="flex gap-2">
                  <button type="button" className="btn-secondary px-3 py-1.5" disabled={data.page <= 1} onClick={() => setPage(data.page - 1)}>
                    Previous
                  </button>
                  <button type="button" className="btn-secondary px-3 py-1.5" disabled={data.page >= pageCount} onClick={() => setPage(data.page + 1)}>
                    Next
                  </button>
                </div>
              </nav>
            )}
          </>
        )}
      </section>

      <AddGigForm dashboard={data} />
    </>
  );
}
