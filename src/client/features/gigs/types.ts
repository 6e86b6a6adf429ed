/** A public gig as the server's discovery endpoints return it (server: features/discovery/public-gigs.ts). */
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
