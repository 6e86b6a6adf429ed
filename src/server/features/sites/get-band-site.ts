import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bandProfiles } from '../../db/schema.ts';
import { isPublicAccount, listUpcomingPublicGigs } from '../discovery/public-gigs.ts';
import { findIdByName } from './find-by-name.ts';
import type { BandSite } from '../../../core/public-pages.ts';

export const SITE_GIG_LIMIT = 50;

/** Resolves a band: by id (navigation state), else its slug, else by name (spec 1 §2); a banned band is not found (issue 33). */
export async function resolveBandId(db: Db, { id, slugOrName }: { id?: string; slugOrName?: string }): Promise<string | undefined> {
  if (id) {
    const [found] = await db.select({ id: bandProfiles.userId }).from(bandProfiles).where(and(eq(bandProfiles.userId, id), isPublicAccount(bandProfiles.userId)));
    if (found) return found.id;
  }
  if (!slugOrName) return undefined;
  const [bySlug] = await db.select({ id: bandProfiles.userId }).from(bandProfiles).where(and(eq(bandProfiles.slug, slugOrName.toLowerCase()), isPublicAccount(bandProfiles.userId)));
  if (bySlug) return bySlug.id;
  return findIdByName(db, bandProfiles, { id: bandProfiles.userId, name: bandProfiles.name, slug: bandProfiles.slug }, slugOrName);
}

/** A row of the profile query below: band_profiles' columns (`b.*`) and the aggregated lists as JSON. */
type BandProfileRow = {
  user_id: string;
  name: string;
  slug: string;
  description: string;
  bio: string | null;
  performer_type: string;
  genres: string[] | null;
  image_url: string | null;
  content_image_url: string | null;
  logo_url: string | null;
  instagram_url: string | null;
  facebook_url: string | null;
  youtube_url: string | null;
  youtube_channel_url: string | null;
  youtube_highlight_url: string | null;
  youtube_embed_url: string | null;
  spotify_url: string | null;
  spotify_embed_url: string | null;
  website: string | null;
  phone: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  members: unknown;
  gallery: unknown;
  custom_links: unknown;
  extra_gigs: unknown;
};

/** Everything the band's public site shows: one query for the profile, one for its gigs. */
export async function getBandSite(db: Db, bandId: string): Promise<BandSite | null> {
  const [profileRows, upcoming] = await Promise.all([
    db.execute<BandProfileRow>(sql`
      select b.*,
        coalesce((select json_agg(json_build_object('name', m.name, 'instrument', m.instrument, 'instagramHandle', m.instagram_handle) order by m.position)
                  from band_members m where m.band_id = b.user_id), '[]') as members,
        coalesce((select json_agg(g.url order by g.position) from band_gallery_images g where g.band_id = b.user_id), '[]') as gallery,
        coalesce((select json_agg(json_build_object('label', l.label, 'url', l.url) order by l.position) from band_links l where l.band_id = b.user_id), '[]') as custom_links,
        coalesce((select json_agg(json_build_object('localDate', e.local_date, 'venueName', e.venue_name, 'ticketUrl', e.ticket_url) order by e.local_date)
                  from band_extra_gigs e where e.band_id = b.user_id and e.local_date >= (now() at time zone r.time_zone)::date), '[]') as extra_gigs
      from band_profiles b
      join "user" u on u.id = b.user_id
      join regions r on r.slug = u.location
      where b.user_id = ${bandId} and ${isPublicAccount(sql`b.user_id`)}`),
    listUpcomingPublicGigs(db, 'band', bandId, SITE_GIG_LIMIT),
  ]);
  const p = profileRows.rows[0];
  if (!p) return null;
  const parse = <T,>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
  return {
    id: p.user_id,
    name: p.name,
    slug: p.slug,
    description: p.description,
    bio: p.bio,
    performerType: p.performer_type || 'BAND',
    genres: p.genres ?? [],
    imageUrl: p.image_url,
    heroImageUrl: p.content_image_url ?? p.image_url,
    logoUrl: p.logo_url,
    links: { instagram: p.instagram_url, facebook: p.facebook_url, youtube: p.youtube_url ?? p.youtube_channel_url, spotify: p.spotify_url, website: p.website },
    youtubeEmbedUrl: p.youtube_embed_url ?? p.youtube_highlight_url,
    spotifyEmbedUrl: p.spotify_embed_url,
    contactEmail: p.contact_email,
    contactPhone: p.contact_phone ?? p.phone,
    members: parse<BandSite['members']>(p.members),
    gallery: parse<BandSite['gallery']>(p.gallery),
    customLinks: parse<BandSite['customLinks']>(p.custom_links),
    extraGigs: parse<{ localDate: string; venueName: string; ticketUrl: string | null }[]>(p.extra_gigs).map((e) => ({ ...e, localDate: String(e.localDate).slice(0, 10) })),
    gigs: upcoming,
  };
}

/** The band's site from navigation state or a name, or null when no band matches. */
export async function findBandSite(db: Db, ref: { id?: string; slugOrName?: string }): Promise<BandSite | null> {
  const id = await resolveBandId(db, ref);
  return id ? getBandSite(db, id) : null;
}
