import type { Db } from '../../db/client.ts';
import type { BandSite, PromoterSite } from '../../../core/public-pages.ts';
import { findBandSite } from './get-band-site.ts';
import { getPromoterSite } from './get-promoter-site.ts';

export type Site = { kind: 'band'; band: BandSite } | { kind: 'promoter'; promoter: PromoterSite };

/** A subdomain's slug: a band first, then a promoter (spec 1 §2 Subdomain routing). */
export async function resolveSite(db: Db, slug: string): Promise<Site | null> {
  const band = await findBandSite(db, { slugOrName: slug });
  if (band) return { kind: 'band', band };
  const promoter = await getPromoterSite(db, slug);
  return promoter ? { kind: 'promoter', promoter } : null;
}

/** The subdomain label of a request's host, when it is a subdomain of the public host (D16). */
export function siteSlugFromHost(host: string | undefined, publicUrl: string): string | null {
  if (!host) return null;
  const base = new URL(publicUrl).host.toLowerCase();
  const h = host.toLowerCase();
  if (h === base || !h.endsWith(`.${base}`)) return null;
  const label = h.slice(0, -(base.length + 1));
  return /^[a-z0-9-]+$/.test(label) && label !== 'www' ? label : null;
}
