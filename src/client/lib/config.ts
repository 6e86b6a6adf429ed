import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './api.ts';

export type Region = { slug: string; name: string; path: string | null; timeZone: string; isDefault: boolean };

export type PublicConfig = {
  publicUrl: string;
  smsNumber: string;
  merchUrl: string;
  instagramUrl: string;
  supportEmail: string;
  regions: Region[];
};

/** Settings the browser may see, and the regions (D6). Loaded once. */
export function usePublicConfig() {
  return useQuery({
    queryKey: ['config'],
    queryFn: () => apiFetch<PublicConfig>('/api/config'),
    staleTime: Infinity,
  });
}

/** Regions with a public page, for the location selector. */
export function pageRegions(config: PublicConfig | undefined): (Region & { path: string })[] {
  return (config?.regions ?? []).filter((r): r is Region & { path: string } => Boolean(r.path));
}
