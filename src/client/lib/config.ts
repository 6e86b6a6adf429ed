import { useQuery } from '@tanstack/react-query';
import type { PublicConfig, Region } from '../../core/public-config.ts';
import { apiFetch } from './api.ts';

export type { PublicConfig, Region } from '../../core/public-config.ts';

/** The config the server inlined into the page (see get-public-config.ts), read once. */
const inlined: PublicConfig | undefined = (() => {
  const text = typeof document === 'undefined' ? null : document.getElementById('marquee-config')?.textContent;
  try {
    return text ? (JSON.parse(text) as PublicConfig) : undefined;
  } catch {
    return undefined;
  }
})();

/** Settings the browser may see, and the regions (D6). Loaded once. */
export function usePublicConfig() {
  return useQuery({
    queryKey: ['config'],
    queryFn: () => apiFetch<PublicConfig>('/api/config'),
    staleTime: Infinity,
    initialData: inlined,
  });
}

/** Regions with a public page, for the location selector. */
export function pageRegions(config: PublicConfig | undefined): (Region & { path: string })[] {
  return (config?.regions ?? []).filter((r): r is Region & { path: string } => Boolean(r.path));
}
