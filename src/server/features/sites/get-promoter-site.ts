import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { promoterGalleryImages, promoterProfiles } from '../../db/schema.ts';
import { isPublicAccount, listUpcomingPublicGigs } from '../discovery/public-gigs.ts';
import { SITE_GIG_LIMIT } from './get-band-site.ts';
import type { PromoterSite } from '../../../core/public-pages.ts';

/** The promoter's mini-site (spec 1 §2): name is promoterName, else companyName; a banned promoter has none (issue 33). */
export async function getPromoterSite(db: Db, slug: string): Promise<PromoterSite | null> {
  const [p] = await db.select().from(promoterProfiles).where(and(eq(promoterProfiles.slug, slug.toLowerCase()), isPublicAccount(promoterProfiles.userId)));
  if (!p) return null;
  const [gallery, upcoming] = await Promise.all([
    db.select({ url: promoterGalleryImages.url }).from(promoterGalleryImages).where(eq(promoterGalleryImages.promoterId, p.userId)).orderBy(asc(promoterGalleryImages.position)),
    listUpcomingPublicGigs(db, 'promoter', p.userId, SITE_GIG_LIMIT),
  ]);
  return {
    id: p.userId,
    name: p.name || p.companyName || '',
    slug: p.slug,
    description: p.description,
    email: p.email,
    phone: p.phone,
    imageUrl: p.imageUrl,
    links: { website: p.website, facebook: p.facebookUrl, instagram: p.instagramUrl, youtube: p.youtubeUrl },
    gallery: gallery.map((g) => g.url),
    videoUrl: p.videoUrl,
    gigs: upcoming,
  };
}
