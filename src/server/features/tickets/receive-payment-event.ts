import { AppError } from '../../http/app-error.ts';
import { QUEUES } from '../../jobs/job-queue.ts';
import type { Services } from '../../services.ts';
import type { PaymentEvent } from '../../payments/payment-provider.ts';
import type { SandboxProvider } from '../../payments/sandbox-provider.ts';
import { refreshPaymentAccount } from '../payouts/payment-accounts.ts';
import { applyCheckoutEvent, type EventOutcome } from './apply-payment-event.ts';
import { applyOutreachPaymentEvent, type OutreachEventOutcome } from '../outreach/apply-outreach-payment.ts';
import { wakeOutreach } from '../outreach/wake-outreach.ts';

/**
 * The one path every provider event takes, the sandbox's included: the signature is checked on
 * the raw body, then the event is applied once. Money it owes someone (a band's share, a refund)
 * is recorded with it and sent by the jobs woken here, after the transaction has committed.
 */
export async function receivePaymentEvent(
  services: Pick<Services, 'db' | 'mailer' | 'payments' | 'jobs' | 'env' | 'logger' | 'ticketLinkKey' | 'doorKeySecret'>,
  providerName: string,
  rawBody: string,
  signature: string | undefined,
): Promise<EventOutcome | OutreachEventOutcome | 'ignored' | 'account_updated'> {
  if (providerName !== services.payments.name) throw new AppError('NOT_FOUND', 'Unknown payment provider.');
  const event = services.payments.readEvent(rawBody, signature);
  if (!event) return 'ignored';
  return applyProviderEvent(services, event);
}

type EventServices = Pick<Services, 'db' | 'mailer' | 'payments' | 'jobs' | 'env' | 'logger' | 'ticketLinkKey' | 'doorKeySecret'>;

/** A provider's event, once its signature has held (or the provider itself was asked): applied once, then the jobs it owes woken. */
export async function applyProviderEvent(services: EventServices, event: PaymentEvent): Promise<EventOutcome | OutreachEventOutcome | 'account_updated'> {
  if (event.type === 'account.updated') {
    await refreshPaymentAccount(services, event.accountId);
    return 'account_updated';
  }
  // A checkout pays for a ticket order or for an outreach campaign (spec 3, D26): the ticket
  // path's first statement tells (and then records nothing).
  const outcome = await applyCheckoutEvent(services, services.payments.name, event);
  if (outcome === 'outreach_campaign') {
    const outreach = await applyOutreachPaymentEvent(services.db, services.payments.name, event);
    if (outreach === 'campaign_paid') await wakeOutreach(services, event.orderId);
    return outreach;
  }
  if (outcome === 'issued' || outcome === 'issued_from_return') await services.jobs?.send(QUEUES.sendTransfers);
  // A returned ticket that changed hands (decision 50) refunds its holder.
  if (outcome === 'sold_out_after_expiry' || outcome === 'issued_from_return') await services.jobs?.send(QUEUES.processRefunds);
  return outcome;
}

/** The sandbox raising one of its events: signed as the real provider signs, through the same path. */
export async function deliverSandboxEvent(services: EventServices, sandbox: SandboxProvider, event: PaymentEvent) {
  const { body, signature } = sandbox.signEvent(event);
  return receivePaymentEvent(services, sandbox.name, body, signature);
}
