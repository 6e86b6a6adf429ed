import { BAND_SHARE_HOLD_DAYS } from './band-payouts.ts';
import { DEFAULT_BAND_PERCENT, DEFAULT_ORGANISER_PERCENT, PLATFORM_PERCENT, SERVICE_FEE_PERCENT } from './money.ts';

/**
 * The explanatory texts of the payment setup card and the admin's held-payment screen, made from
 * the constants that are enforced (D10), not from the spec's example percentages.
 */
export const PAYOUT_RULES = {
  split: `Ticket money is split per gig: by default the band gets ${DEFAULT_BAND_PERCENT}% of the ticket price, the venue or promoter ${DEFAULT_ORGANISER_PERCENT}%, and Marquee ${PLATFORM_PERCENT}%, plus a ${SERVICE_FEE_PERCENT}% service fee paid by the fan.`,
  timing: "The band's share is paid when each ticket is bought; the venue's or promoter's share is held and paid out after the gig is completed.",
  held: "Each ticketed gig's venue or promoter share is held until the gig is completed. 'Complete Gig (With Venue Payout)' sends it to the organiser's own connected payout account; 'Complete Gig (Forfeit Payment)' keeps it with the platform, with your reason. The band's share was transferred when each ticket was bought, and the rest stays with the platform.",
  refunds: "Refunding a ticket returns what the fan paid to their card, takes back the band's share (and the organiser's, if it was already released), puts the seat back on sale, and the door refuses the ticket.",
  forfeit: `If a band has not set up payouts when tickets are sold, its share is held and paid out once it does, until ${BAND_SHARE_HOLD_DAYS} days after the show; after that it is forfeited. A venue's or promoter's share without a payment account is forfeited and the platform acts as promoter.`,
} as const;
