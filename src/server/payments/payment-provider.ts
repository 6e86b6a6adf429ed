/**
 * One interface for every card provider (D13): the built-in sandbox by default, Stripe when its
 * keys are set. Fulfilment is driven only by the provider's signed events, never by the browser.
 */
export type CheckoutRequest = {
  orderId: string;
  totalCents: number;
  description: string;
  buyerEmail: string;
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
};

/** What Marquee acts on, whatever the provider calls it. */
export type PaymentEvent = {
  id: string;
  type: 'checkout.paid' | 'checkout.expired';
  orderId: string;
  sessionId: string;
  paymentId: string | null;
};

export type PaymentProvider = {
  readonly name: string;
  createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  /** Verifies the signature on the raw body (refusing forged or stale events) and reads the event. */
  readEvent(rawBody: string, signature: string | undefined, now?: Date): PaymentEvent;
};
