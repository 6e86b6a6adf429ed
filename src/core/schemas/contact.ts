import { z } from 'zod';
import { emailField, requiredText } from './fields.ts';

export const CONTACT_MESSAGE_MAX = 5000;

export const contactSchema = z.object({
  name: requiredText('Please provide your name.', 120),
  email: emailField('Please provide a valid email address.'),
  message: requiredText('Please provide your message.', CONTACT_MESSAGE_MAX, { isMultiline: true }),
  /** Hidden field: people leave it empty, bots fill it (D20). */
  honeypot: z.string().max(500).optional().default(''),
});
export type ContactInput = z.input<typeof contactSchema>;
