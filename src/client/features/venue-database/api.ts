import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { VenueEntryFields } from '../../../core/schemas/venue-directory.ts';
import type { VenueDatabasePage, VenueEntryView, VenueImportReport } from '../../../core/venue-directory.ts';
import { apiFetch, postJson } from '../../lib/api.ts';

export const venueDatabaseKey = ['venue-database'] as const;
const BASE = '/api/admin/venue-database';

/** The filters as the list's and the export's query string (empty ones left out). */
export type VenueFilterParams = { location: string; venueType: string; active: string; q: string };
export const filterQuery = (filters: VenueFilterParams, page?: number) => {
  const query = new URLSearchParams(Object.entries(filters).filter(([, v]) => v !== '' && v !== 'all'));
  if (page && page > 1) query.set('page', String(page));
  return query.toString();
};

export function useVenueDatabase(filters: VenueFilterParams, page: number, isEnabled: boolean) {
  return useQuery({
    queryKey: [...venueDatabaseKey, filters, page],
    queryFn: () => apiFetch<VenueDatabasePage>(`${BASE}?${filterQuery(filters, page)}`),
    placeholderData: keepPreviousData,
    enabled: isEnabled,
  });
}

export const exportUrl = (filters: VenueFilterParams) => `${BASE}/export?${filterQuery(filters)}`;

export const saveVenue = (id: string | null, input: VenueEntryFields) =>
  id
    ? apiFetch<{ venue: VenueEntryView }>(`${BASE}/${encodeURIComponent(id)}`, { method: 'PUT', body: JSON.stringify(input) })
    : postJson<{ venue: VenueEntryView }>(BASE, input);

export const deleteVenue = (id: string) => apiFetch<{ ok: true }>(`${BASE}/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** Sends the chosen file: a preview with `isDryRun`, else the import itself. */
export function importVenues(file: File, isDryRun: boolean) {
  const form = new FormData();
  form.set('file', file, file.name);
  return apiFetch<VenueImportReport>(`${BASE}/import?dryRun=${isDryRun}`, { method: 'POST', body: form });
}
