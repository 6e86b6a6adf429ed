import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Pagination, usePageParam } from '../../components/pagination.tsx';
import { Alert } from '../../components/ui/field.tsx';
import { EmptyState, LoadingImage, PageHeading } from '../../components/ui/states.tsx';
import { useLiveEvents } from '../../lib/live.ts';
import { useSession } from '../../lib/session.ts';
import { useTitle } from '../../lib/use-title.ts';
import { gearQueryKey, useGearPage } from './api.ts';
import { GearCard } from './gear-card.tsx';
import { JoinPrompt } from '../../components/ui/join-prompt.tsx';

// The form brings zod and the crop modal: only a signed-in user who opens it downloads them.
const GearForm = lazy(async () => ({ default: (await import('./gear-form.tsx')).GearForm }));

const FORM_ID = 'list-your-gear';
const TOGGLE_ID = 'list-your-gear-toggle';

/** /gear-swap (spec 1 §2): unsold gear, newest first, live; signed-in users list their own. */
export function GearSwapPage() {
  useTitle('Gear Swap');
  const { data: me } = useSession();
  const page = usePageParam();
  const queryClient = useQueryClient();
  const { data, isPending, error, refetch } = useGearPage(page, me?.user.id ?? null);
  const [isFormOpen, setFormOpen] = useState(false);
  const [notice, setNotice] = useState('');
  useLiveEvents('gear', () => void queryClient.invalidateQueries({ queryKey: gearQueryKey }));

  const listings = data?.listings ?? [];
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <PageHeading title="Gear Swap" subtitle="Buy and sell instruments, amps and pedals with musicians near you." />

      {me ? (
        <div className="mb-8">
          <h2 className="mb-4">
            <button
              id={TOGGLE_ID}
              type="button"
              aria-expanded={isFormOpen}
              aria-controls={isFormOpen ? FORM_ID : undefined}
              onClick={() => {
                setFormOpen(!isFormOpen);
                setNotice('');
              }}
              className="group inline-flex items-center gap-3 rounded-full pr-2 text-lg font-semibold text-zinc-100"
            >
              <span
                aria-hidden="true"
                className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-400 text-3xl font-bold leading-none text-zinc-950 shadow-lg shadow-brand-400/20 transition group-hover:bg-brand-500"
              >
                {isFormOpen ? '−' : '+'}
              </span>
              List Your Gear
            </button>
          </h2>
          <div role="status">{notice && <Alert tone="success">{notice}</Alert>}</div>
          {isFormOpen && (
            <Suspense fallback={<LoadingImage label="Loading the form…" />}>
              <GearForm
                id={FORM_ID}
                labelledBy={TOGGLE_ID}
                onListed={() => {
                  setFormOpen(false);
                  setNotice('Your gear is listed.');
                  void queryClient.invalidateQueries({ queryKey: gearQueryKey });
                }}
              />
            </Suspense>
          )}
        </div>
      ) : (
        <div className="mb-10"><JoinPrompt title="Got gear to sell?" text="Register or log in to list your gear and to see sellers' contact details." /></div>
      )}

      {isPending ? (
        <LoadingImage label="Loading gear…" />
      ) : error ? (
        <div role="alert" className="rounded-lg border border-red-500/50 bg-red-950/60 p-4 text-red-100">
          Failed to load gear listings: {error.message}{' '}
          <button type="button" className="link ml-2 font-semibold" onClick={() => void refetch()}>
            Retry
          </button>
        </div>
      ) : listings.length === 0 ? (
        <EmptyState>
          <p className="text-lg font-semibold text-zinc-100">No gear listed yet.</p>
          {me && <p className="mt-1">Be the first to list something!</p>}
        </EmptyState>
      ) : (
        <>
          <h2 className="sr-only">Gear for sale</h2>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {listings.map((listing) => (
              <li key={listing.id}>
                <GearCard listing={listing} isAdmin={me?.user.role === 'admin'} />
              </li>
            ))}
          </ul>
          <Pagination page={data.page} pageSize={data.pageSize} total={data.total} />
        </>
      )}
    </div>
  );
}

