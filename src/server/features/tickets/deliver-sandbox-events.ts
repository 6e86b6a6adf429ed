import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { sandboxCheckouts } from '../../db/schema.ts';
import type { PaymentEvent } from '../../payments/payment-provider.ts';
import type { SandboxProvider } from '../../payments/sandbox-provider.ts';
import type { Services } from '../../services.ts';
import { deliverSandboxEvent } from './receive-payment-event.ts';

const BATCH = 100;

type DeliveryServices = Pick<Services, 'db' | 'mailer' | 'payments' | 'jobs' | 'env' | 'logger' | 'ticketLinkKey' | 'doorKeySecret'>;

/**
 * The sandbox's webhook, made as dependable as a real provider's (decision 35): the event a paid
 * or cancelled checkout raises is recorded on the checkout in the statement that closes it, and
 * this delivers every event not yet applied, through the same signed path as a real provider's,
 * marking each delivered once Marquee has applied it. Run right after the buyer pays, from the
 * job queue, and every minute, so an event a crash (or a failed apply) left behind is delivered
 * later; delivering one twice changes nothing (payment events are applied once).
 */
export async function deliverSandboxEvents(services: DeliveryServices, sandbox: SandboxProvider, { sessionId }: { sessionId?: string } = {}): Promise<number> {
  const { db, logger } = services;
  const pending = await db
    .select()
    .from(sandboxCheckouts)
    .where(and(isNotNull(sandboxCheckouts.eventId), isNull(sandboxCheckouts.eventDeliveredAt), sessionId ? eq(sandboxCheckouts.id, sessionId) : undefined))
    .orderBy(asc(sandboxCheckouts.createdAt))
    .limit(BATCH);
  let delivered = 0;
  let failure: Error | null = null;
  for (const checkout of pending) {
    const event: PaymentEvent = {
      id: checkout.eventId!,
      type: checkout.status === 'paid' ? 'checkout.paid' : 'checkout.expired',
      orderId: checkout.referenceId,
      sessionId: checkout.id,
      paymentId: checkout.status === 'paid' ? checkout.paymentId : null,
    };
    try {
      await deliverSandboxEvent(services, sandbox, event);
    } catch (error) {
      // Left undelivered, for the next run; the others go on.
      logger.warn({ err: error, eventId: event.id }, 'sandbox event not applied; it is delivered again later');
      failure = error instanceof Error ? error : new Error(String(error));
      continue;
    }
    await db.update(sandboxCheckouts).set({ eventDeliveredAt: new Date() }).where(eq(sandboxCheckouts.id, checkout.id));
    delivered += 1;
  }
  // One event asked for by name that failed: its job fails too, and the queue retries it.
  if (sessionId && failure) throw failure;
  return delivered;
}
