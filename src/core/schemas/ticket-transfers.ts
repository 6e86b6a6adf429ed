import { z } from 'zod';
import { emailField } from './fields.ts';

/** What a holder is told when a transfer is refused (decision 48): each changes nothing. */
export const TRANSFER_MESSAGES = {
  notFound: 'That ticket was not found.',
  ownAddress: "This ticket is already yours: enter your friend's e-mail address.",
  checkedIn: 'This ticket was checked in at the door, so it cannot be passed on.',
  refunded: 'This ticket was refunded, so it cannot be passed on.',
  alreadyTransferred: 'This ticket was already passed on to someone else: its code no longer admits anyone.',
  switchedOff: 'The organiser of this show does not allow tickets to be passed on.',
  pastGig: 'This show has already happened.',
  refundRequested: 'You asked for a refund of this ticket: it can be passed on once the organiser has answered.',
  returnListed: "This ticket is offered to the show's waitlist. To pass it on instead, keep it first ('Keep my ticket').",
  tooManyForTicket: 'This ticket has been passed on too often today. Please try again tomorrow.',
  tooManyFromHere: 'Too many tickets passed on from here. Please try again in an hour.',
} as const;

/** The friend's address: all the ticket's own page sends (its signed link says which ticket, issue 33). */
export const ticketPassOnSchema = z.object({
  toEmail: emailField("Please enter your friend's e-mail address, like name@example.com."),
});

/**
 * Passing a ticket on from the fan dashboard (issue 23, decision 48): the signed-in holder names
 * one of its own tickets by id. The id alone proves nothing (issue 33): it is printed in the QR
 * code, and the door sees it.
 */
export const ticketTransferSchema = ticketPassOnSchema.extend({
  ticketId: z.string({ error: TRANSFER_MESSAGES.notFound }).trim().regex(/^[A-Za-z0-9_-]{16,64}$/, { error: TRANSFER_MESSAGES.notFound }),
});
export type TicketTransferInput = z.input<typeof ticketTransferSchema>;

/** What a transfer answers: the ticket's new holder and the message the screen shows. */
export type TicketTransferResult = { toEmail: string; message: string };

export const transferDoneMessage = (toEmail: string) => `Ticket sent to ${toEmail}. Your old QR code no longer admits anyone; theirs arrives by e-mail.`;

/** One ticket as its gig's organiser sees it (decision 48): who holds it, never its code. */
export type TicketHolderRow = {
  orderId: string;
  /** The Order ID its buyer was shown after paying. */
  orderRef: string | null;
  position: number;
  quantity: number;
  typeName: string | null;
  holderEmail: string;
  buyerEmail: string;
  status: 'valid' | 'used' | 'refunded';
  usedAt: string | null;
  /** The previous holder's address and when it was passed on, for a ticket that was. */
  transferredFromEmail: string | null;
  transferredAt: string | null;
};

export type TicketHolders = { tickets: TicketHolderRow[]; total: number; page: number; pageSize: number };

export const ticketHoldersQuerySchema = z.object({
  q: z.string().trim().max(254).optional().default(''),
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
});
