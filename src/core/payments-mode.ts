/** Which card provider this Marquee uses (decision 35): Stripe, the built-in sandbox, or none. */
export type PaymentsMode = 'stripe' | 'sandbox' | 'off';

/** Shown on every checkout, ticket e-mail and payout screen while the sandbox is the provider (issue 20). */
export const TEST_MODE_NOTICE = 'Test mode: no real money';

/** What organisers and buyers are told when this Marquee sells no tickets (no provider set up). */
export const TICKET_SALES_OFF_MESSAGE =
  'Ticket sales are off on this Marquee: no payment provider is set up. Gigs can be posted without tickets; ask the site operator to set up payments.';
