import { useState } from 'react';
import { formatCents } from '../../../core/money.ts';
import { formatLocalDate, formatTimeRange } from '../../../core/time.ts';
import { Pagination, usePageParam } from '../../components/pagination.tsx';
import { LoadingImage } from '../../components/ui/states.tsx';
import { useApply, useMyApplications, useOpenGigs, type ManagedArtist, type OpenGig } from './api.ts';
import { GigTerms } from './gig-terms.tsx';
import { StatusBadge } from './status-badge.tsx';

function GigFacts({ gig }: { gig: OpenGig }) {
  return (
    <>
      <h3 className="text-lg font-semibold">
        {gig.venueName} · {formatLocalDate(gig.localDate)}
      </h3>
      <p className="text-sm text-zinc-400">
        {formatTimeRange(gig.localDate, gig.startTime, gig.endTime, gig.timeZone)} · {gig.regionName}
        {gig.venueAddress && ` · ${gig.venueAddress}`}
      </p>
      <p className="mt-2 whitespace-pre-line text-zinc-200">{gig.description}</p>
      <dl className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
        <GigTerms gig={gig} tickets={gig.isTicketed && gig.ticketPriceCents !== null ? `${formatCents(gig.ticketPriceCents)}, band share ${gig.bandPercent}%` : null} />
      </dl>
    </>
  );
}

/** Apply as the band itself, or as one of a manager's artists (spec 2 §2). */
function ApplyControls({ gig, artists }: { gig: OpenGig; artists: ManagedArtist[] | null }) {
  const apply = useApply();
  const notApplied = artists?.filter((a) => !gig.applications.some((x) => x.artistId === a.id)) ?? [];
  const [artistId, setArtistId] = useState('');
  const submit = async () => {
    try {
      await apply.mutateAsync({ gigId: gig.id, managedArtistId: artists ? artistId : undefined });
      setArtistId('');
    } catch (error) {
      // The spec logs application errors without a message (spec 2 §8).
      console.error('Applying to the gig failed', error);
    }
  };
  if (!artists) {
    const mine = gig.applications[0];
    if (mine) return <StatusBadge status={mine.status} />;
    return (
      <button type="button" className="btn-primary" disabled={apply.isPending} onClick={() => void submit()}>
        Apply<span className="sr-only"> to {gig.venueName} on {formatLocalDate(gig.localDate)}</span>
      </button>
    );
  }
  return (
    <div className="space-y-2">
      {gig.applications.length > 0 && (
        <ul className="space-y-1 text-sm">
          {gig.applications.map((a) => (
            <li key={a.artistId} className="flex items-center gap-2">
              {a.artistName} <StatusBadge status={a.status} />
            </li>
          ))}
        </ul>
      )}
      {artists.length === 0 ? (
        <p className="text-sm text-zinc-400">Add an artist to apply on their behalf.</p>
      ) : (
        notApplied.length > 0 && (
          <div className="flex flex-wrap items-center gap-2">
            <label className="sr-only" htmlFor={`artist-${gig.id}`}>
              Artist applying to {gig.venueName} on {formatLocalDate(gig.localDate)}
            </label>
            <select id={`artist-${gig.id}`} className="field-input w-auto" value={artistId} onChange={(e) => setArtistId(e.target.value)}>
              <option value="">Choose an artist</option>
              {notApplied.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </select>
            <button type="button" className="btn-primary" disabled={!artistId || apply.isPending} onClick={() => void submit()}>
              Apply<span className="sr-only"> to {gig.venueName} on {formatLocalDate(gig.localDate)}</span>
            </button>
          </div>
        )
      )}
    </div>
  );
}

/** Open gig opportunities with Apply and the applicant's own states; a manager also sees its artists. */
export function OpenGigs({ isManager }: { isManager: boolean }) {
  const page = usePageParam();
  const { data, isPending, isError } = useOpenGigs(page);
  return (
    <section aria-labelledby="open-gigs-heading" className="space-y-4">
      <h2 id="open-gigs-heading" className="text-2xl font-semibold">
        Open gig opportunities
      </h2>
      {isPending ? (
        <LoadingImage label="Loading gigs…" />
      ) : isError || data.gigs.length === 0 ? (
        <p className="text-zinc-300">No gigs available at this time.</p>
      ) : (
        <>
          <ul className="space-y-4">
            {data.gigs.map((gig) => (
              <li key={gig.id} className="card flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
                <div className="min-w-0">
                  <GigFacts gig={gig} />
                </div>
                <div className="shrink-0">
                  <ApplyControls gig={gig} artists={isManager ? data.artists : null} />
                </div>
              </li>
            ))}
          </ul>
          <Pagination page={data.page} pageSize={data.pageSize} total={data.total} />
        </>
      )}
    </section>
  );
}

/** What became of the applicant's applications, including gigs that went to someone else. */
export function MyApplications() {
  const { data } = useMyApplications();
  if (!data?.applications.length) return null;
  return (
    <section aria-labelledby="my-applications-heading" className="card space-y-3">
      <h2 id="my-applications-heading" className="text-xl font-semibold">
        Your applications
      </h2>
      <ul className="divide-y divide-zinc-800">
        {data.applications.map((a) => (
          <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span>
              {a.artistName && <span className="font-semibold">{a.artistName} · </span>}
              {a.venueName}, {formatLocalDate(a.localDate)} ({formatTimeRange(a.localDate, a.startTime, a.endTime, a.timeZone)})
            </span>
            <StatusBadge status={a.status} />
          </li>
        ))}
      </ul>
    </section>
  );
}
