import { isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bandProfiles, promoterProfiles, regions, venueProfiles } from '../../db/schema.ts';
import { siteUrl as siteUrlOf } from '../../../core/site-urls.ts';
import { isPublicAccount } from '../discovery/public-gigs.ts';

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** sitemap.xml of the public pages (D17): home, regions, directories, every band, venue and promoter not banned. */
export async function buildSitemap(db: Db, publicUrl: string): Promise<string> {
  const siteUrl = (slug: string) => siteUrlOf(publicUrl, slug);
  const [regionRows, bands, venues, promoters] = await Promise.all([
    db.select({ path: regions.path }).from(regions).where(isNotNull(regions.path)),
    db.select({ slug: bandProfiles.slug, updatedAt: bandProfiles.updatedAt }).from(bandProfiles).where(isPublicAccount(bandProfiles.userId)),
    db.select({ slug: venueProfiles.slug, updatedAt: venueProfiles.updatedAt }).from(venueProfiles).where(isPublicAccount(venueProfiles.userId)),
    db.select({ slug: promoterProfiles.slug, updatedAt: promoterProfiles.updatedAt }).from(promoterProfiles).where(isPublicAccount(promoterProfiles.userId)),
  ]);
  const entries: { loc: string; lastmod?: Date }[] = [
    { loc: `${publicUrl}/` },
    ...regionRows.map((r) => ({ loc: `${publicUrl}${r.path}` })),
    ...['/gigs', '/bands', '/venues', '/rehearsal-space', '/open-jam', '/gear-swap'].map((p) => ({ loc: `${publicUrl}${p}` })),
    ...bands.map((b) => ({ loc: siteUrl(b.slug), lastmod: b.updatedAt })),
    ...venues.map((v) => ({ loc: `${publicUrl}/venue/${encodeURIComponent(v.slug)}`, lastmod: v.updatedAt })),
    ...promoters.map((p) => ({ loc: siteUrl(p.slug), lastmod: p.updatedAt })),
  ];
  const urls = entries.map(
    (e) => `  <url><loc>${escapeXml(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod.toISOString().slice(0, 10)}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
