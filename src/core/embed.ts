/**
 * The gig widget's contract (issue 26): what `<marquee-gigs>` may ask for and what the embed
 * endpoint answers. Kept free of zod so the widget (src/embed) can import it and stay small.
 */

/** A band, venue, promoter or region as Marquee names them in addresses: letters, digits, hyphens. */
export const EMBED_SLUG_PATTERN = /^[A-Za-z0-9-]{1,128}$/;

export const EMBED_LIMIT = { min: 1, max: 50, default: 10 } as const;

/** The attributes (and query parameters) that choose whose gigs a widget shows; they combine. */
export const EMBED_FILTERS = ['band', 'venue', 'promoter', 'region'] as const;
export type EmbedFilter = (typeof EMBED_FILTERS)[number];

export const EMBED_THEMES = ['light', 'dark'] as const;
export type EmbedTheme = (typeof EMBED_THEMES)[number];

/** One gig as the widget and the iframe page show it: texts ready to show, links absolute. */
export type EmbedGig = {
  id: string;
  /** "Sat, Dec 5, 2026": the gig's own calendar date. */
  date: string;
  /** "7:00 PM": the gig's local start time. */
  time: string;
  /** The date and time as an ISO instant, for a `<time datetime>`. */
  startsAt: string;
  title: string;
  venue: string;
  city: string;
  /** "$15.00 + fees", a cover charge as the venue wrote it, or null when none is known. */
  price: string | null;
  isSoldOut: boolean;
  /** Marquee's ticket page for the gig, when it sells tickets here and some are left. */
  ticketUrl: string | null;
  /** Where 'Details' leads: the ticket page of a sold-out gig, else the band's or venue's page. */
  detailsUrl: string;
  /** Issue 35: a sold-out gig sold on Marquee: its ticket page, where fans join the waitlist. */
  waitlistUrl: string | null;
};

/**
 * Each gig's one link, the same in the script widget and the iframe page (issue 35): Buy Tickets
 * while some are left, 'Join the waitlist' once sold out, else Details. Opens in a new tab.
 */
export function embedLinkOf(gig: EmbedGig): { href: string; className: string; label: string; hidden: string } {
  const on = `${gig.title} on ${gig.date} (opens in a new tab)`;
  if (gig.ticketUrl) return { href: gig.ticketUrl, className: 'go', label: 'Buy Tickets', hidden: ` for ${on}` };
  if (gig.waitlistUrl) return { href: gig.waitlistUrl, className: 'go', label: 'Join the waitlist', hidden: ` for ${on}` };
  return { href: gig.detailsUrl, className: 'go details', label: 'Details', hidden: ` of ${on}` };
}

export type EmbedGigList = { gigs: EmbedGig[] };

/** The widget's and iframe page's one empty text, also for a filter that names nothing. */
export const EMBED_EMPTY_TEXT = 'No upcoming gigs';

/**
 * Decision 61: the checkout overlay. The widget frames this page (the ticket form, then "finish
 * paying in the new tab", then the confirmation); the page tells its host it is ready (so a page
 * that could not load falls back to the new tab) and asks it to close on Escape.
 */
export const EMBED_CHECKOUT_PATH = '/embed/checkout';
export const EMBED_CHECKOUT_MESSAGE = 'marquee-checkout';
export type EmbedCheckoutMessage = { type: typeof EMBED_CHECKOUT_MESSAGE; action: 'ready' | 'close' };
