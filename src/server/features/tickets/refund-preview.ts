import { formatCents } from '../../../core/money.ts';
import { refundAmountCents, refundDestinationForOrganiser, refundGoesTo, type RefundGoesTo } from '../../../core/refund-recipient.ts';

export type RefundPreview = {
  amountCents: number;
  goesTo: RefundGoesTo;
  /** The original buyer, whose card gets the money, when that is not the holder who asked (a ticket passed on). */
  buyerEmail: string | null;
  /** For the organiser's confirmation: "$20.70 back to the card of the original buyer". */
  text: string;
};

/**
 * What approving a refund request gives back and to whom (issue 34, items 2 and 3): the organiser's
 * confirmation shows it before any money moves, and the holder's e-mail says the same. The amount
 * is `refundAmountCents`, the one `refundTicket` records.
 */
export function refundPreview(ticket: { faceCents: number; feeCents: number; transferredFromId: string | null; holderEmail: string; buyerEmail: string }): RefundPreview {
  const amountCents = refundAmountCents(ticket);
  const goesTo = refundGoesTo(ticket, ticket);
  return { amountCents, goesTo, buyerEmail: goesTo === 'original_buyer' ? ticket.buyerEmail : null, text: refundDestinationForOrganiser(formatCents(amountCents), goesTo) };
}
