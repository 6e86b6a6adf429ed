/**
 * Issue 34 item 8: a gig's ticket counts, as every screen shows them. The server computes them in
 * one place (countGigTickets); the organiser's gig card, the door app, the door report, the sales
 * report, the band's 'Your shows' and the public API show these numbers under these words.
 */
export type GigTicketCounts = {
  /** Tickets sold online that still stand. */
  sold: number;
  /** People let in: tickets scanned, guests, walk-ins and anyone let in twice by offline doors. */
  checkedIn: number;
  /** Guest-list places (each entry and its plus-ones). */
  guests: number;
  /** Tickets sold at the door. */
  doorSales: number;
  /** Tickets refunded. */
  refunded: number;
  /** After the show only (null before it ends): tickets and guest places nobody came in on. */
  noShows: number | null;
};

export const EMPTY_GIG_TICKET_COUNTS: GigTicketCounts = { sold: 0, checkedIn: 0, guests: 0, doorSales: 0, refunded: 0, noShows: null };

export const TICKET_COUNT_LABELS = {
  sold: 'Sold',
  checkedIn: 'Checked in',
  guests: 'Guests',
  doorSales: 'Door sales',
  refunded: 'Refunded',
  noShows: 'No-shows',
} as const satisfies Record<keyof GigTicketCounts, string>;

/** The counts to show, in order, with their words; 'No-shows' only once the show is over. */
export function listTicketCounts(counts: GigTicketCounts): { key: keyof GigTicketCounts; label: string; value: number }[] {
  return (Object.keys(TICKET_COUNT_LABELS) as (keyof GigTicketCounts)[]).flatMap((key) => {
    const value = counts[key];
    return value === null ? [] : [{ key, label: TICKET_COUNT_LABELS[key], value }];
  });
}
