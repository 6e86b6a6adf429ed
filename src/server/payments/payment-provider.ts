/**
 * One interface for every card provider (D13): the built-in sandbox by default, Stripe when its
 * keys are set. Fulfilment is driven only by the provider's signed events, never by the browser.
 *
 * Every write takes an idempotency key that Marquee derives from its own records (an order id, a
 * transfer id, a refund id), so a retried job asks the provider for the same thing twice and the
 * provider does it once.
 */
export type CheckoutRequest = {
  /** Marquee's record the payment is for: a ticket order or an outreach campaign (a uuid). */
  orderId: string;
  totalCents: number;
  /** One line naming what is bought (the provider's product name). */
  description: string;
  buyerEmail: string;
  /**
   * The signed-in account buying for its own verified address (decision 46): the provider may
   * know it again and fill in its e-mail and name. Absent for guests and other addresses.
   */
  buyerAccount?: { userId: string; name: string };
  /** Where the buyer goes after paying; {CHECKOUT_SESSION_ID} is replaced by the session id. */
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
  /** Ties the charge to the transfers paid out of it (Stripe's transfer_group). */
  transferGroup: string;
  /** What a hosted checkout page shows: its heading, lines about the purchase, and the price's parts. */
  title?: string;
  summary?: string[];
  /** Issue 34: a line per ticket type (quantity × unit price) and one for the service fee; they sum to totalCents. */
  lineItems?: { label: string; amountCents: number; product?: string; quantity?: number; unitCents?: number }[];
};

/** What Marquee acts on, whatever the provider calls it. */
export type PaymentEvent =
  | {
      id: string;
      type: 'checkout.paid' | 'checkout.expired';
      orderId: string;
      sessionId: string;
      /** The charge transfers are paid from (Stripe: the charge id), null for an expiry. */
      paymentId: string | null;
    }
  | {
      id: string;
      type: 'account.updated';
      accountId: string;
    };

/** A checkout as the provider sees it: paid (and the charge transfers come from), or not (yet). */
export type CheckoutState = { isPaid: true; paymentId: string | null } | { isPaid: false; paymentId: null };

export type PaymentAccountStatus = 'complete' | 'pending';

export type PaymentAccountState = {
  status: PaymentAccountStatus;
  /** What the provider still needs before the account can receive money (Stripe: requirements.currently_due). */
  requirementsDue: string[];
};

export type TransferRequest = {
  amountCents: number;
  destinationAccountId: string;
  transferGroup: string;
  /** The charge the money comes from, so the transfer waits for its funds (Stripe: source_transaction). */
  sourcePaymentId: string | null;
  description: string;
  idempotencyKey: string;
};

export type PaymentProvider = {
  readonly name: string;
  createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  /**
   * Asks the provider whether a checkout was paid (decision 35's reconciliation: an order still
   * pending after its time, whose event never came). Stripe: the Checkout Session.
   */
  retrieveCheckout(sessionId: string): Promise<CheckoutState>;
  /**
   * Closes a checkout before its time, so it can no longer be paid (a gig deleted or cancelled while
   * a buyer may be paying). 'complete' when the buyer had already paid: its payment event makes it a
   * sale. Stripe: expire the Checkout Session.
   */
  expireCheckout(sessionId: string): Promise<'expired' | 'complete'>;
  /** Verifies the signature on the raw body (refusing forged or stale events) and reads the event; null for event types Marquee does not act on. */
  readEvent(rawBody: string, signature: string | undefined, now?: Date): PaymentEvent | null;

  /** A payout account for a band, venue or promoter (Stripe: a Connect Express account). */
  createAccount(request: { userId: string; email: string; name: string; idempotencyKey: string }): Promise<{ accountId: string }>;
  /** Where the account holder finishes (or resumes) onboarding; the provider sends them back to returnUrl, or to refreshUrl when the link has expired. */
  createOnboardingLink(request: { accountId: string; returnUrl: string; refreshUrl: string }): Promise<{ url: string }>;
  readAccount(accountId: string): Promise<PaymentAccountState>;

  /** Moves money from the platform to a payout account. */
  transfer(request: TransferRequest): Promise<{ transferId: string }>;
  /** Takes back part or all of a transfer (a refunded ticket's band share). */
  reverseTransfer(request: { transferId: string; amountCents: number; idempotencyKey: string }): Promise<{ reversalId: string }>;
  /** Gives the buyer their money back. */
  refund(request: { paymentId: string; amountCents: number; idempotencyKey: string }): Promise<{ refundId: string }>;
};
