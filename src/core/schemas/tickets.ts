import { z } from 'zod';
import { emailField } from './fields.ts';
import { INVALID_EVENT } from '../public-pages.ts';

/** Starting a checkout (D14): the gig and the buyer's e-mail. The price comes from the gig. */
export const checkoutSchema = z.object({
  gigId: z.uuid({ error: INVALID_EVENT }),
  email: emailField(),
});
