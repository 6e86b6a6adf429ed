export type PublicGig = {
  id: string;
  localDate: string;
  startTime: string;
  endTime: string;
  timeZone: string;
  coverCharge: string | null;
  ticketPriceCents: number | null;
  isSoldOut: boolean;
  venue: { id: string; name: string; slug: string; address: string };
  band: { id: string; name: string; slug: string; performerType: string; genres: string[]; imageUrl: string | null } | null;
};
