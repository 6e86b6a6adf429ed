import { AppError } from '../../http/app-error.ts';
import type { Services } from '../../services.ts';
import { applyPaymentEvent, type EventOutcome } from './apply-payment-event.ts';

/**
 * The one path every provider event takes, the sandbox's included: the signature is checked on
 * the raw body, then the event is applied once.
 */
export async function receivePaymentEvent(services: Pick<Services, 'db' | 'mailer' | 'payments'>, providerName: string, rawBody: string, signature: string | undefined): Promise<EventOutcome> {
  if (providerName !== services.payments.name) throw new AppError('NOT_FOUND', 'Unknown payment provider.');
  const event = services.payments.readEvent(rawBody, signature);
  return applyPaymentEvent(services, services.payments.name, event);
}
