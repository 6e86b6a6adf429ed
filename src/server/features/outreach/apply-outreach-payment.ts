import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outreachCampaigns, paymentEvents } from '../../db/schema.ts';
import type { PaymentEvent } from '../../payments/payment-provider.ts';
import { queueCampaignEmails } from './queue-campaign-emails.ts';

export type OutreachEventOutcome = 'duplicate' | 'unknown_order' | 'expired' | 'campaign_paid';

/** Whether a payment event's reference is an outreach campaign (the rest are ticket orders). */
export async function isOutreachCampaign(db: Db, id: string) {
  const [row] = await db.select({ id: outreachCampaigns.id }).from(outreachCampaigns).where(eq(outreachCampaigns.id, id));
  return Boolean(row);
}

/**
 * A campaign's payment event, applied once (D13, D26): recorded in the same transaction as its
 * effect, so a duplicate or a replay changes nothing. Paid: the campaign moves from pending to
 * processing and its venues are queued; the send job (woken by the caller) e-mails them. An
 * expired or abandoned checkout leaves the campaign pending, unpaid, and nobody is e-mailed.
 */
export async function applyOutreachPaymentEvent(db: Db, provider: string, event: Extract<PaymentEvent, { orderId: string }>): Promise<OutreachEventOutcome> {
  return db.transaction(async (tx) => {
    const [recorded] = await tx
      .insert(paymentEvents)
      .values({ id: `${provider}:${event.id}`, provider, type: event.type, payload: event })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!recorded) return 'duplicate';
    const [campaign] = await tx.select({ sessionId: outreachCampaigns.providerSessionId }).from(outreachCampaigns).where(eq(outreachCampaigns.id, event.orderId));
    if (!campaign || campaign.sessionId !== event.sessionId) return 'unknown_order';
    if (event.type === 'checkout.expired') return 'expired';
    const [paid] = await tx
      .update(outreachCampaigns)
      .set({ status: 'processing', updatedAt: new Date() })
      .where(and(eq(outreachCampaigns.id, event.orderId), eq(outreachCampaigns.status, 'pending')))
      .returning({ id: outreachCampaigns.id });
    if (!paid) return 'duplicate';
    await queueCampaignEmails(tx, event.orderId);
    return 'campaign_paid';
  });
}
