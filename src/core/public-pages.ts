import { formatCents } from './money.ts';
import type { StoredPostalAddress } from './postal-address.ts';

/** What a ticket page or checkout says for a gig that sells no tickets (spec 1 §2 /tickets). */
export const INVALID_EVENT = 'Invalid event details.';

/** What the public discovery endpoints return: one definition for the server and the client. */

export type PublicGig = {
  id: string;
  localDate: string;
  startTime: string;
  endTime: string;
  startsAt: string;
  timeZone: string;
  regionSlug: string;
  description: string;
  coverCharge: string | null;
  /** Set only when the gig sells tickets through Marquee. */
  ticketPriceCents: number | null;
  /**
   * Issue 34: set when the gig's public ticket types sell at more than one price, from the
   * cheapest to the dearest. Hidden types, sold only with a presale code, are
   * left out, so a presale price is never shown; a type whose sale has not started or has ended
   * still counts, as /tickets lists it with its price.
   */
  priceRange: { minCents: number; maxCents: number } | null;
  /** Issue 35: when its tickets went or go on sale (ISO, UTC), for a gig selling through Marquee. */
  onSaleAt: string | null;
  isSoldOut: boolean;
  advanceTicketUrl: string | null;
  venue: { id: string; name: string; slug: string; address: string; postalAddress: StoredPostalAddress };
  band: { id: string; name: string; slug: string; performerType: string; genres: string[]; imageUrl: string | null } | null;
  promoter: { id: string; name: string; slug: string } | null;
};

/** A public gig's ticket price as every card, the widget and the feeds write it: "$20.00" or "$20.00–$45.00". */
export function formatGigPrice({ ticketPriceCents, priceRange }: Pick<PublicGig, 'ticketPriceCents' | 'priceRange'>): string | null {
  if (priceRange) return `${formatCents(priceRange.minCents)}–${formatCents(priceRange.maxCents)}`;
  return ticketPriceCents === null ? null : formatCents(ticketPriceCents);
}

export type BandSite = {
  id: string;
  name: string;
  slug: string;
  description: string;
  bio: string | null;
  performerType: string;
  genres: string[];
  imageUrl: string | null;
  heroImageUrl: string | null;
  logoUrl: string | null;
  links: { instagram: string | null; facebook: string | null; youtube: string | null; spotify: string | null; website: string | null };
  youtubeEmbedUrl: string | null;
  spotifyEmbedUrl: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  members: { name: string; instrument: string; instagramHandle: string | null }[];
  gallery: string[];
  customLinks: { label: string; url: string }[];
  extraGigs: { localDate: string; venueName: string; ticketUrl: string | null }[];
  gigs: PublicGig[];
};

export type PromoterSite = {
  id: string;
  name: string;
  slug: string;
  description: string;
  email: string | null;
  phone: string | null;
  imageUrl: string | null;
  links: { website: string | null; facebook: string | null; instagram: string | null; youtube: string | null };
  gallery: string[];
  videoUrl: string | null;
  gigs: PublicGig[];
};

export type BandCard = {
  id: string;
  name: string;
  slug: string;
  genres: string[];
  description: string;
  imageUrl: string | null;
  upcoming: { id: string; localDate: string; startTime: string; timeZone: string; venueName: string }[];
  upcomingCount: number;
};
