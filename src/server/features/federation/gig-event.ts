import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { escapeHtml } from '../../mail/secrets.ts';
import { gigTimesIso, postalAddressFields } from '../seo/json-ld.ts';
import { gigs } from '../../db/schema.ts';
import { formatGigPrice } from '../../../core/public-pages.ts';
import { gigTicketsPath, sellsTickets, siteUrl } from '../../../core/site-urls.ts';
import { queryPublicGigs, type PublicGig } from '../discovery/public-gigs.ts';
import { actorIdentifier } from './federation-actors.ts';

/** A gig as federation tells it: its public card, its state, and the act's name (a band or a manager's artist). */
export type FederatedGig = PublicGig & { isApproved: boolean; cancelledAt: Date | null; createdAt: Date; updatedAt: Date; act: string | null; generation: number };

/** The Event's id in its address: the gig's id, with its publication's number after a dot from the second on. */
export const eventIdOf = (gigId: string, generation: number) => (generation === 0 ? gigId : `${gigId}.${generation}`);

export function parseEventId(id: string): { gigId: string; generation: number } | null {
  const match = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\.([1-9]\d{0,8}))?$/.exec(id);
  return match ? { gigId: match[1]!, generation: match[2] ? Number(match[2]) : 0 } : null;
}

export async function loadFederatedGig(db: DbOrTx, gigId: string): Promise<FederatedGig | null> {
  const [card] = await queryPublicGigs(db, eq(gigs.id, gigId), { limit: 1 });
  if (!card) return null;
  const { rows } = await db.execute<{ is_approved: boolean; cancelled_at: string | null; created_at: string; updated_at: string; act: string | null; generation: number }>(sql`
    select g.is_approved, g.cancelled_at, g.created_at, g.updated_at, coalesce(b.name, m.name) as act, coalesce(f.generation, 0) as generation
    from gigs g left join band_profiles b on b.user_id = g.band_id left join managed_artists m on m.id = g.managed_artist_id
    left join federated_gigs f on f.gig_id = g.id
    where g.id = ${gigId}`);
  const row = rows[0]!;
  return {
    ...card,
    isApproved: row.is_approved,
    cancelledAt: row.cancelled_at ? new Date(row.cancelled_at) : null,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    act: row.act,
    generation: row.generation,
  };
}

/** The actors whose followers hear of a gig: its venue (the author), its band, its region. */
export function gigActors(gig: PublicGig): string[] {
  return [actorIdentifier('venue', gig.venue.slug), ...(gig.band ? [actorIdentifier('band', gig.band.slug)] : []), actorIdentifier('region', gig.regionSlug)];
}

/** A link the gig gives for tickets elsewhere, kept only when it is an http(s) address (an imported one may be anything). */
function httpUrlOrNull(text: string | null): string | null {
  if (!text) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}


/** The JSON-LD context: ActivityStreams, and the terms Mobilizon and Gancio exchange for events (FEP-8a8e). */
export const EVENT_CONTEXT = [
  'https://www.w3.org/ns/activitystreams',
  {
    sc: 'http://schema.org#',
    mz: 'https://joinmobilizon.org/ns#',
    ical: 'http://www.w3.org/2002/12/cal/ical#',
    timezone: { '@id': 'mz:timezone', '@type': 'sc:Text' },
    joinMode: { '@id': 'mz:joinMode', '@type': 'mz:joinModeType' },
    externalParticipationUrl: { '@id': 'mz:externalParticipationUrl', '@type': 'sc:URL' },
    anonymousParticipationEnabled: { '@id': 'mz:anonymousParticipationEnabled', '@type': 'sc:Boolean' },
    isOnline: { '@id': 'mz:isOnline', '@type': 'sc:Boolean' },
    category: 'sc:category',
    PostalAddress: 'sc:PostalAddress',
    address: { '@id': 'sc:address', '@type': 'sc:PostalAddress' },
    streetAddress: 'sc:streetAddress',
    addressLocality: 'sc:addressLocality',
    addressRegion: 'sc:addressRegion',
    postalCode: 'sc:postalCode',
    addressCountry: 'sc:addressCountry',
    Hashtag: 'https://www.w3.org/ns/activitystreams#Hashtag',
  },
] as const;

/**
 * Decision 56: a gig as an ActivityStreams Event with the fields FEP-8a8e describes (name, start
 * and end with their offset, the IANA time zone, a Place with its address, the page, the ticket
 * link as external participation, its status, genres as hashtags), attributed to its venue.
 */
export function gigEventJsonLd(gig: FederatedGig, { publicUrl, eventUri, actorUri }: { publicUrl: string; eventUri: URL; actorUri: (identifier: string) => URL }) {
  const venueUrl = `${publicUrl}/venue/${gig.venue.slug}`;
  const pageUrl = gig.band ? siteUrl(publicUrl, gig.band.slug) : venueUrl;
  const ticketUrl = sellsTickets(gig) ? `${publicUrl}${gigTicketsPath(gig)}` : httpUrlOrNull(gig.advanceTicketUrl);
  const times = gigTimesIso(gig);
  const title = `${gig.act ?? 'Live music'} at ${gig.venue.name}`;
  const price = gig.ticketPriceCents !== null ? `Tickets ${formatGigPrice(gig)}` : gig.coverCharge ? `Cover: ${gig.coverCharge}` : null;
  const paragraphs = [gig.description || null, price].filter((p): p is string => Boolean(p));
  const venueActor = actorUri(actorIdentifier('venue', gig.venue.slug));
  return {
    '@context': EVENT_CONTEXT,
    id: eventUri.href,
    type: 'Event',
    name: title,
    content: paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('') + (ticketUrl ? `<p><a href="${escapeHtml(ticketUrl)}">Buy tickets</a></p>` : ''),
    mediaType: 'text/html',
    startTime: times.start,
    endTime: times.end,
    timezone: gig.timeZone,
    location: {
      type: 'Place',
      name: gig.venue.name,
      url: venueUrl,
      // Issue 35: the address's fields, as Mobilizon and Gancio read them.
      address: { type: 'PostalAddress', ...postalAddressFields(gig.venue) },
    },
    url: pageUrl,
    attributedTo: venueActor.href,
    to: ['https://www.w3.org/ns/activitystreams#Public'],
    cc: [new URL(`${venueActor.href}/followers`).href],
    published: gig.createdAt.toISOString(),
    updated: gig.updatedAt.toISOString(),
    // A cancelled gig is deleted from the fediverse (decision 56), so a sent Event is always confirmed.
    'ical:status': 'CONFIRMED',
    category: 'MUSIC',
    joinMode: ticketUrl ? 'external' : 'free',
    ...(ticketUrl ? { externalParticipationUrl: ticketUrl } : {}),
    anonymousParticipationEnabled: false,
    isOnline: false,
    ...(gig.band?.imageUrl ? { image: { type: 'Image', url: new URL(gig.band.imageUrl, publicUrl).href } } : {}),
    tag: (gig.band?.genres ?? []).map((genre) => ({ type: 'Hashtag', name: `#${genre.replace(/[^\p{L}\p{N}_]/gu, '')}` })).filter((t) => t.name.length > 1),
  };
}
