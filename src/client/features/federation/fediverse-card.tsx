import { useQuery } from '@tanstack/react-query';
import type { FediversePresence } from '../../../core/schemas/federation.ts';
import { apiFetch } from '../../lib/api.ts';
import { useCopy } from '../../lib/use-copy.ts';

/**
 * Decision 56, on band and venue dashboards: the handle people on Mastodon and other servers of
 * the fediverse follow, and how many do. Each new or changed gig reaches them by itself.
 */
export function FediverseCard() {
  const { data } = useQuery({ queryKey: ['federation', 'me'], queryFn: () => apiFetch<FediversePresence>('/api/federation/me') });
  const { copied, copy } = useCopy();
  if (!data?.isEnabled) return null;
  return (
    <section className="card space-y-3" aria-labelledby="fediverse-heading">
      <h2 id="fediverse-heading" className="text-xl font-semibold">
        Follow on Mastodon
      </h2>
      <p className="text-sm text-zinc-400">
        People on Mastodon and other servers of the fediverse can follow you by searching for this handle. Each new gig, and each change to one, reaches
        them by itself.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <code className="rounded-lg border border-zinc-700 bg-zinc-950 px-3 py-2 text-sm break-all" data-testid="fediverse-handle">
          {data.handle}
        </code>
        <button type="button" className="btn-secondary max-sm:min-h-11" onClick={() => void copy(data.handle)}>
          Copy handle
        </button>
      </div>
      <p className="text-sm text-zinc-400" role="status">
        {copied === 'yes' ? 'Copied.' : copied === 'no' ? 'Your browser did not allow copying: select the handle and copy it.' : ''}
      </p>
      <p className="text-sm">
        {data.followers === 1 ? '1 follower' : `${data.followers} followers`} on the fediverse
      </p>
    </section>
  );
}
