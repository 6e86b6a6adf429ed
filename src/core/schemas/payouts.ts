import { z } from 'zod';

/**
 * Payment-account setup (spec 2 §5): an e-mail and a name are required. The spec's messages
 * name the provider ('Email is required for Stripe Connect setup'); with the built-in sandbox as
 * the default they speak of payment setup instead (decision 19).
 */
export const paymentSetupSchema = (role: 'band' | 'venue' | 'promoter') =>
  z.object({
    email: z
      .string({ error: 'Email is required for payment setup' })
      .trim()
      .min(1, { error: 'Email is required for payment setup' })
      .max(254)
      .pipe(z.email({ error: 'Please enter a valid email address.' })),
    name: z
      .string({ error: role === 'band' ? 'Band name is required for payment setup' : 'Promoter name or company name is required for payment setup' })
      .trim()
      .min(1, { error: role === 'band' ? 'Band name is required for payment setup' : 'Promoter name or company name is required for payment setup' })
      .max(200),
  });

/** Completing a gig (admin): release the held organiser share, or forfeit it with a reason. */
export const completeGigSchema = z.discriminatedUnion('action', [
  z.object({ gigId: z.uuid({ error: 'That gig was not found.' }), action: z.literal('release') }),
  z.object({
    gigId: z.uuid({ error: 'That gig was not found.' }),
    action: z.literal('forfeit'),
    reason: z.string({ error: 'Please give a reason for forfeiting.' }).trim().min(1, { error: 'Please give a reason for forfeiting.' }).max(500),
  }),
]);

export const refundTicketSchema = z.object({
  reason: z.string({ error: 'Please give a reason for the refund.' }).trim().min(1, { error: 'Please give a reason for the refund.' }).max(500),
});
