import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../http/app-error.ts';
import { signEventBody, verifyEventSignature } from './event-signature.ts';
import type { PaymentEvent, PaymentProvider } from './payment-provider.ts';

/** The sandbox's test cards: one that pays, one that is declined (as the real provider's are). */
export const SANDBOX_CARD_PAYS = '4242 4242 4242 4242';
export const SANDBOX_CARD_DECLINED = '4000 0000 0000 0002';

const eventSchema = z.object({
  id: z.string().regex(/^sbx_evt_[A-Za-z0-9_-]{16,64}$/),
  type: z.enum(['checkout.paid', 'checkout.expired']),
  orderId: z.uuid(),
  sessionId: z.string().regex(/^sbx_cs_[A-Za-z0-9_-]{16,64}$/),
  paymentId: z.string().max(100).nullable(),
});

const id = (prefix: string) => `${prefix}${randomBytes(16).toString('base64url')}`;

/**
 * The built-in provider (D13): its hosted checkout is a page Marquee serves at
 * /sandbox/checkout/{session}, and its events are signed like the real provider's and arrive at
 * the same endpoint, so every flow works on a machine with no internet.
 */
export function createSandboxProvider({ publicUrl, secret }: { publicUrl: string; secret: string }) {
  const provider: PaymentProvider & { signEvent(event: PaymentEvent, now?: Date): { body: string; signature: string }; newEventId(): string; newPaymentId(): string } = {
    name: 'sandbox',
    async createCheckout() {
      const sessionId = id('sbx_cs_');
      return { sessionId, url: `${publicUrl}/sandbox/checkout/${sessionId}` };
    },
    readEvent(rawBody, signature, now) {
      verifyEventSignature(secret, rawBody, signature, now);
      let parsed: unknown;
      try {
        parsed = JSON.parse(rawBody);
      } catch {
        throw new AppError('BAD_REQUEST', 'The payment event could not be read.');
      }
      const result = eventSchema.safeParse(parsed);
      if (!result.success) throw new AppError('BAD_REQUEST', 'The payment event could not be read.');
      return result.data;
    },
    signEvent(event, now) {
      const body = JSON.stringify(event);
      return { body, signature: signEventBody(secret, body, now) };
    },
    newEventId: () => id('sbx_evt_'),
    newPaymentId: () => id('sbx_pay_'),
  };
  return provider;
}
export type SandboxProvider = ReturnType<typeof createSandboxProvider>;
