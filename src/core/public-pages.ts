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
  isSoldOut: boolean;
  advanceTicketUrl: string | null;
  venue: { id: string; name: string; slug: string; address: string };
  band: { id: string; name: string; slug: string; performerType: string; genres: string[]; imageUrl: string | null } | null;
  promoter: { id: string; name: string; slug: string } | null;
};

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
