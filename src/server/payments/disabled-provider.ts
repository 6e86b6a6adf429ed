import { TICKET_SALES_OFF_MESSAGE } from '../../core/payments-mode.ts';
import { AppError } from '../http/app-error.ts';
import type { PaymentProvider } from './payment-provider.ts';

/**
 * The provider when PAYMENTS is off (decision 35): every call that would move money is refused
 * with the message organisers see, so a start without a configured provider never sells free
 * tickets. Its events endpoint knows no events.
 */
export function createDisabledProvider(): PaymentProvider {
  const refuse = (): never => {
    throw new AppError('UNAVAILABLE', TICKET_SALES_OFF_MESSAGE);
  };
  return {
    name: 'off',
    createCheckout: async () => refuse(),
    retrieveCheckout: async () => refuse(),
    // No provider, no checkout to close.
    expireCheckout: async () => 'expired',
    readEvent: () => {
      throw new AppError('NOT_FOUND', 'Unknown payment provider.');
    },
    createAccount: async () => refuse(),
    createOnboardingLink: async () => refuse(),
    readAccount: async () => refuse(),
    transfer: async () => refuse(),
    reverseTransfer: async () => refuse(),
    refund: async () => refuse(),
  };
}
