import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatLocalDate, formatTimeRange } from '../../../core/time.ts';
import { Alert } from '../../components/ui/field.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { LoadingImage } from '../../components/ui/states.tsx';
import { useOrganiserDashboard, type OrganiserDashboard, type OrganiserGig } from './api.ts';
import { AddGigForm, type PostedGigs } from './add-gig-form.tsx';
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

const tabLabel = (key: TabKey) => TABS.find((t) => t.key === key)!.label;

/** Issue 21 (item 6): the promoters' upcoming gigs at a venue, for the venue to see, not to run (decision 17). */
function PromoterGigsAtVenue({ promoterGigs }: { promoterGigs: OrganiserDashboard['promoterGigs'] }) {
  if (promoterGigs.gigs.length === 0) return null;
  return (
    <section aria-labelledby="promoter-gigs-heading" className="space-y-3">
      <h2 id="promoter-gigs-heading" className="text-2xl font-semibold">
        Promoters' gigs at your venue
      </h2>
      <p className="text-sm text-zinc-400">
        Each promoter runs its own gigs here: it edits them and chooses the band. They are shown so that you know what is on.
      </p>
      <ul className="space-y-3">
        {promoterGigs.gigs.map((gig) => (
          <li key={gig.id} className="card space-y-1">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <h3 className="text-lg font-semibold">
                {formatLocalDate(gig.localDate)}, {formatTimeRange(gig.localDate, gig.startTime, gig.endTime, gig.timeZone)}
              </h3>
              <span className="rounded-full bg-violet-500/20 px-3 py-1 text-sm font-semibold text-violet-100">Run by {gig.promoterName}</span>
            </div>
            <p className="text-sm text-zinc-300">
              {gig.bookedName ? (
                <>
                  Booked: <span className="font-semibold text-zinc-100">{gig.bookedName}</span>
                </>
              ) : (
                `Open: ${gig.applicantCount} applicant${gig.applicantCount === 1 ? '' : 's'} waiting for the promoter`
              )}
              {gig.isTicketed && ` · ${gig.ticketsSold} of ${gig.ticketQuantity ?? 0} tickets sold`}
            </p>
            <p className="line-clamp-2 text-sm text-zinc-400">{gig.description}</p>
          </li>
        ))}
      </ul>
      {promoterGigs.total > promoterGigs.gigs.length && (
        <p className="text-sm text-zinc-400">
          The next {promoterGigs.gigs.length} of {promoterGigs.total} are shown.
        </p>
      )}
    </section>
  );
}

/**
 * The gig side of a venue's or promoter's dashboard (spec 2 §2): 'Post a gig' (the add-gig form
 * in a dialog) and Notify Bands at the top, then the three tabs (each shown only when it has
 * gigs; pending first if any, else approved), and for a venue the promoters' gigs at it. After
 * posting, a link (?gig=) opens the new gig in its tab and page.
 */
export function OrganiserGigs() {
  const [chosenTab, setChosenTab] = useState<TabKey | null>(null);
  const [page, setPage] = useState(1);
  const [searchParams, setSearchParams] = useSearchParams();
  const focusParam = searchParams.get('gig');
  const { data, isPending, isError } = useOrganiserDashboard(chosenTab, page, focusParam);
  const [isNotifying, setIsNotifying] = useState(false);
  const [isPosting, setIsPosting] = useState(false);
  const [posted, setPosted] = useState<PostedGigs | null>(null);
  /** What a delete or an approval did; an approval links to the gig in its new tab. */
  const [done, setDone] = useState<{ text: string; bookedGigId?: string } | null>(null);
  const focused = useRef<string | null>(null);

  // The gig the link named: scrolled to and focused once it is on screen.
  const focusGigId = data?.focusGigId ?? null;
  useEffect(() => {
    if (!focusGigId || focused.current === focusGigId) return;
    const card = document.getElementById(`gig-card-${focusGigId}`);
    if (!card) return;
    focused.current = focusGigId;
    card.scrollIntoView({ block: 'start' });
    card.focus({ preventScroll: true });
  }, [focusGigId]);

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
  /** Choosing a tab or page leaves the gig the link named. */
  const show = (key: TabKey, nextPage: number) => {
    if (focusParam) {
      focused.current = null;
      setSearchParams((params) => (params.delete('gig'), params), { replace: true });
    }
    setChosenTab(key);
    setPage(nextPage);
  };
  const choose = (key: TabKey) => show(key, 1);
  const firstPosted = posted?.gigIds[0];

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
        <button type="button" className="btn-primary" onClick={() => (setPosted(null), setIsPosting(true))}>
          Post a gig
        </button>
        <button type="button" className="btn-secondary" onClick={() => setIsNotifying(true)}>
          Notify Bands
        </button>
      </div>
      {posted && firstPosted && (
        <Alert tone="success">
          {posted.message}{' '}
          <Link to={{ search: `?gig=${firstPosted}` }} className="font-semibold underline underline-offset-4" onClick={() => (focused.current = null)}>
            See {posted.gigIds.length > 1 ? 'the first' : 'it'} in '{tabLabel(posted.tab)}'
          </Link>
        </Alert>
      )}
      {isNotifying && <NotifyBandsModal dashboard={data} onClose={() => setIsNotifying(false)} />}
      {isPosting && (
        <Modal title="Add New Gig Opportunity" onClose={() => setIsPosting(false)} isWide>
          <AddGigForm
            dashboard={data}
            onCreated={(result) => {
              setIsPosting(false);
              setPosted(result);
            }}
          />
        </Modal>
      )}

      <section aria-labelledby="gigs-heading" className="space-y-4">
        <h2 id="gigs-heading" className="text-2xl font-semibold">
          Your gigs
        </h2>
        {done && (
          <Alert tone="success">
            {done.text}
            {done.bookedGigId && (
              <>
                {' '}
                <Link to={{ search: `?gig=${done.bookedGigId}` }} className="font-semibold underline underline-offset-4" onClick={() => (focused.current = null)}>
                  See it in '{tabLabel('approved')}'
                </Link>
              </>
            )}
          </Alert>
        )}
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
                  isFocused={gig.id === focusGigId}
                  isPromoter={isPromoter}
                  isPayoutReady={data.isPayoutReady}
                  sellingClosedReason={sellingClosedReason(data, gig.venueId)}
                  onDeleted={(text) => setDone({ text })}
                  onApproved={(text, gigId) => setDone({ text, bookedGigId: gigId })}
                />
              ))}
            </div>
            {pageCount > 1 && (
              <nav aria-label="Gig pages" className="flex items-center justify-between gap-4 text-sm">
                <p className="text-zinc-400">
                  Page {data.page} of {pageCount}
                </p>
                <div className="flex gap-2">
                  <button type="button" className="btn-secondary px-3 py-1.5" disabled={data.page <= 1} onClick={() => show(tab, data.page - 1)}>
                    Previous
                  </button>
                  <button type="button" className="btn-secondary px-3 py-1.5" disabled={data.page >= pageCount} onClick={() => show(tab, data.page + 1)}>
                    Next
                  </button>
                </div>
              </nav>
            )}
          </>
        )}
      </section>
      <PromoterGigsAtVenue promoterGigs={data.promoterGigs} />
    </>
  );
}
