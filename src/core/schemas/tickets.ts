import { z } from 'zod';
import { emailField } from './fields.ts';

/** Starting a checkout (D14): the gig and the buyer's e-mail. The price comes from the gig. */
export const checkoutSchema = z.object({
  gigId: z.uuid({ error: 'Invalid event details.' }),
  email: emailField(),
});
