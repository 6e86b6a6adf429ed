import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { GearFilters, GearPage } from '../../../core/gear-rules.ts';
import { apiFetch, postJson } from '../../lib/api.ts';

export const gearQueryKey = ['gear'] as const;

/** One page of unsold listings, newest first, filtered on the server; with contact details only when signed in (D21). */
export function useGearPage({ page, location, search }: Required<GearFilters>, viewerId: string | null) {
  return useQuery({
    // Who is asking changes the answer (contact details, own listings).
    queryKey: [...gearQueryKey, viewerId, page, location, search],
    queryFn: () => {
      const query = new URLSearchParams({ page: String(page) });
      if (location) query.set('location', location);
      if (search) query.set('search', search);
      return apiFetch<GearPage>(`/api/gear?${query.toString()}`);
    },
    placeholderData: keepPreviousData,
  });
}

export const markGearSold = (id: string) => postJson<{ ok: true }>(`/api/gear/${encodeURIComponent(id)}/sold`, {});
export const deleteGearListing = (id: string) => apiFetch<{ ok: true }>(`/api/gear/${encodeURIComponent(id)}`, { method: 'DELETE' });
export const createGearListing = (input: unknown) => postJson<{ id: string }>('/api/gear', input);

/** Stores one cropped photo and returns its address, which the listing then names. */
export async function uploadGearImage(file: Blob): Promise<string> {
  const form = new FormData();
  form.set('image', file, 'gear.jpg');
  return (await apiFetch<{ url: string }>('/api/gear/images', { method: 'POST', body: form })).url;
}
