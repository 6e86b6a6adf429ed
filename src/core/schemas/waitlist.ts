import { z } from 'zod';
import { emailField } from './fields.ts';
import { INVALID_EVENT } from '../public-pages.ts';
import { WAITLIST_MESSAGES } from '../messages/waitlist.ts';

// Zod-free, for the public ticket screens (issue 34); exported here too, for the server and tests.
export { WAITLIST_MESSAGES, WAITLIST_OFFER_HOURS } from '../messages/waitlist.ts';

/** The 'Join the waitlist' form on /tickets: the gig and an e-mail (double opt-in). */
export const joinWaitlistSchema = z.object({
  gigId: z.uuid({ error: INVALID_EVENT }),
  email: emailField('Please enter a valid email address.'),
});

/** The secret of a waitlist e-mail's link (confirm, leave, or an offer). */
export const waitlistTokenSchema = z.object({ token: z.string({ error: WAITLIST_MESSAGES.invalidLink }).min(20).max(200) });

/** Returning a ticket, or keeping one returned: the ticket id is the proof of holding it (D14: 128 random bits). */
export const ticketReturnSchema = z.object({
  ticketId: z.string({ error: WAITLIST_MESSAGES.ticketNotFound }).trim().regex(/^[A-Za-z0-9_-]{16,64}$/, { error: WAITLIST_MESSAGES.ticketNotFound }),
});

/** A waitlist offer as its page shows it. */
export type WaitlistOfferView = {
  status: 'open' | 'bought' | 'expired' | 'declined' | 'withdrawn';
  /** A returned ticket (bought from its holder) or a seat that came free. */
  kind: 'return' | 'seat';
  email: string;
  expiresAt: string;
  showName: string;
  venueName: string;
  localDate: string;
  startTime: string;
  endTime: string;
  timeZone: string;
  ticketTypeName: string | null;
  faceCents: number;
  feeCents: number;
  totalCents: number;
  isTestMode: boolean;
};

/** A waitlist entry as its confirm and leave pages show it. */
export type WaitlistEntryView = {
  showName: string;
  venueName: string;
  localDate: string;
  status: 'waiting' | 'offered' | 'bought' | 'left';
  /** Place in line among confirmed entries still waiting (1 = next); null when not waiting. */
  position: number | null;
};
