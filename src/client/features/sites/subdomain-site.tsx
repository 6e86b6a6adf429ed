import { useQuery } from '@tanstack/react-query';
import { lazy } from 'react';
import { LoadingImage } from '../../components/ui/states.tsx';
import { ApiError, apiFetch } from '../../lib/api.ts';
import { usePublicConfig } from '../../lib/config.ts';
import { BandSiteView, type BandSite } from './band-site.tsx';
import type { PromoterSite } from './promoter-site.tsx';
import { NotFoundNotice } from './site-parts.tsx';

// Most subdomains are bands: a promoter's page loads its code when one is shown.
const PromoterSiteView = lazy(async () => ({ default: (await import('./promoter-site.tsx')).PromoterSiteView }));

type Site = { kind: 'band'; band: BandSite } | { kind: 'promoter'; promoter: PromoterSite };

/** The site shown on {slug}.{public host}: a band first, then a promoter (spec 1 §2, D16). */
export function SubdomainSite({ slug }: { slug: string }) {
  const { data: config } = usePublicConfig();
  const { data, isPending, error } = useQuery({
    queryKey: ['site', slug],
    queryFn: () => apiFetch<Site>(`/api/sites/${encodeURIComponent(slug)}`),
    retry: (count, err) => !(err instanceof ApiError && err.status === 404) && count < 1,
  });
  if (isPending || !config) return <LoadingImage />;
  if (error || !data) return <NotFoundNotice title="Page not found" text="Sorry, that page doesn't exist here." />;
  return data.kind === 'band' ? <BandSiteView band={data.band} /> : <PromoterSiteView promoter={data.promoter} publicUrl={config.publicUrl} />;
}
