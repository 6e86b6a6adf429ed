import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { GearListingView } from '../../../core/gear-rules.ts';
import { ApiError } from '../../lib/api.ts';
import { deleteGearListing, gearQueryKey, markGearSold } from './api.ts';

type Pending = 'sold' | 'delete' | null;

/** Mark as Sold and Delete for the seller (spec 1 §2, §4); Remove for an admin (spam). */
export function GearActions({ listing }: { listing: GearListingView }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState<Pending>(null);
  const [error, setError] = useState('');
  const removeLabel = listing.isOwn ? 'Delete' : 'Remove';
  const run = async (kind: Exclude<Pending, null>, action: () => Promise<unknown>) => {
    setPending(kind);
    setError('');
    try {
      await action();
      await queryClient.invalidateQueries({ queryKey: gearQueryKey });
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Something went wrong. Please try again.');
      setPending(null);
    }
  };
  const forListing = <span className="sr-only"> {listing.title}</span>;
  return (
    <div className="mt-auto border-t border-zinc-800 pt-3">
      {confirming ? (
        <div role="group" aria-label={`${removeLabel} ${listing.title}?`} className="flex flex-wrap items-center gap-2">
          <p className="w-full text-sm text-zinc-200">{listing.isOwn ? 'Delete this listing for good?' : 'Remove this listing as spam?'}</p>
          <button type="button" className="btn-danger" disabled={pending !== null} onClick={() => void run('delete', () => deleteGearListing(listing.id))}>
            {pending === 'delete' ? 'Removing…' : `Yes, ${removeLabel.toLowerCase()}`}
          </button>
          <button type="button" className="btn-secondary" disabled={pending !== null} onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          {listing.isOwn && (
            <button type="button" className="btn-primary" disabled={pending !== null} onClick={() => void run('sold', () => markGearSold(listing.id))}>
              {pending === 'sold' ? 'Marking…' : 'Mark as Sold'}
              {forListing}
            </button>
          )}
          <button type="button" className="btn-secondary" disabled={pending !== null} onClick={() => setConfirming(true)}>
            {removeLabel}
            {forListing}
          </button>
        </div>
      )}
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
