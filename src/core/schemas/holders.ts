import { z } from 'zod';
import { requiredText } from './fields.ts';

/** Decision 49: messages to a gig's ticket holders, shared by the form and the server. */
export const HOLDER_MESSAGE_SUBJECT_MAX = 120;
export const HOLDER_MESSAGE_BODY_MAX = 3000;
/** How many messages one gig's holders may get a day, whoever writes them (organiser or admin). */
export const HOLDER_MESSAGES_PER_GIG_PER_DAY = 3;
export const HOLDER_MESSAGE_LIMIT_MESSAGE = `This gig's ticket holders can get ${HOLDER_MESSAGES_PER_GIG_PER_DAY} messages a day. Please try again tomorrow, or put everything in one message.`;
export const NO_HOLDERS_MESSAGE = 'Nobody holds a ticket for this gig yet.';

export const holderMessageSchema = z.object({
  subject: requiredText('Please write a subject.', HOLDER_MESSAGE_SUBJECT_MAX),
  message: requiredText('Please write your message.', HOLDER_MESSAGE_BODY_MAX, { isMultiline: true }),
  /** The form's own id for this message, so a double click or a retry sends it once. */
  requestId: z.uuid({ error: 'Please try again.' }),
});
export type HolderMessageInput = z.input<typeof holderMessageSchema>;

export const CANCEL_REASON_MAX = 500;
export const CANCEL_CONFIRM_MESSAGE = 'Please confirm that every ticket is refunded and the gig comes off Marquee.';

/** Cancelling a booked gig: the holders read the reason in their e-mail; the request confirms what happens. */
export const cancelGigSchema = z.object({
  reason: requiredText('Please say why the gig is cancelled: the ticket holders read it.', CANCEL_REASON_MAX, { isMultiline: true }),
  isConfirmed: z.literal(true, { error: CANCEL_CONFIRM_MESSAGE }),
});
export type CancelGigInput = z.input<typeof cancelGigSchema>;

/** What a link to a cancelled gig's tickets shows (/tickets), and what a late checkout is told. */
export const GIG_CANCELLED_NOTICE = 'Cancelled: this show will not go ahead. Every ticket has been refunded.';
export const GIG_CANCELLED_REFUSAL = 'This show was cancelled: tickets are no longer sold.';

/** A cancelled gig as a link to it shows it (no reason: that is for its holders). */
export type CancelledGig = { id: string; showName: string; venueName: string; localDate: string; startTime: string; endTime: string; timeZone: string };

/** What the organiser's and admin's screens show about a gig's holders and messages. */
export type HolderMessageSummary = {
  id: string;
  subject: string;
  body: string;
  isFromAdmin: boolean;
  authorName: string | null;
  createdAt: string;
  sentAt: string | null;
  recipientCount: number | null;
};
export type GigHolderOverview = {
  holderCount: number;
  ticketCount: number;
  messagesLeftToday: number;
  messages: HolderMessageSummary[];
  cancellation: { reason: string; createdAt: string; settledAt: string | null; refundsPending: number } | null;
  /** Why the gig can no longer be cancelled or messaged (past, completed), or null. */
  closedReason: string | null;
};
