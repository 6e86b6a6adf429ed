import { z } from 'zod';
import { emailField } from './fields.ts';

/** The follow-by-e-mail form (spec 1 §5: required, e-mail type). */
export const followSchema = z.object({
  bandId: z.string().min(1, { error: 'Band not found' }),
  email: emailField('Please enter a valid email address.'),
});
