/**
 * Who gets the money when a ticket is refunded (issue 34, item 3). The provider returns a refund to
 * the card that paid: the order's. A ticket passed on (decision 48) is held by someone who paid
 * nothing, so its holder is never told "back to your card": the money goes to the original buyer,
 * and the holder's ticket stops admitting. Shared by the server (the organiser's preview, the
 * e-mails) and the screens (the ticket page), so all of them say the same.
 */

/** 'holder': the holder bought it (their card); 'original_buyer': it was passed on, the buyer's card gets it. */
export type RefundGoesTo = 'holder' | 'original_buyer';

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * A ticket's refund goes to its holder's card when the holder bought it; a ticket passed on (and
 * not back to its buyer) refunds the original buyer. A refund of a whole order (no ticket) goes to
 * its buyer.
 */
export function refundGoesTo(ticket: { transferredFromId: string | null; holderEmail: string }, order: { buyerEmail: string }): RefundGoesTo {
  return !ticket.transferredFromId || sameAddress(ticket.holderEmail, order.buyerEmail) ? 'holder' : 'original_buyer';
}

/** What a refund gives back: the face price and the fee (the default), or the face price alone (a waitlist return, decision 45). */
export function refundAmountCents(ticket: { faceCents: number; feeCents: number }, amount: 'ticket' | 'face' = 'ticket'): number {
  return amount === 'face' ? ticket.faceCents : ticket.faceCents + ticket.feeCents;
}

/**
 * The organiser's view, before approving: "$20.70 back to the card of the original buyer". The
 * buyer of a ticket never passed on is the holder who asked.
 */
export const refundDestinationForOrganiser = (amount: string, goesTo: RefundGoesTo) =>
  goesTo === 'holder' ? `${amount} back to the card of the buyer, who asked` : `${amount} back to the card of the original buyer`;

/** The holder's view, in e-mails and on the ticket page: where the money goes, in one sentence. */
export const refundDestinationForHolder = (amount: string, goesTo: RefundGoesTo) =>
  goesTo === 'holder'
    ? `${amount} goes back to the card you paid with.`
    : `${amount} goes back to the card of the original buyer, who paid for this ticket. It was passed on to you, so nothing is paid to you.`;

/**
 * The 'Can't go?' panel's short form, inside a line: "$18.00 back to your card", or for a ticket
 * passed on "$18.00 back to the card of the original buyer, not to you".
 */
export const refundBackTo = (amount: string, goesTo: RefundGoesTo) =>
  goesTo === 'holder' ? `${amount} back to your card` : `${amount} back to the card of the original buyer, not to you`;

/** Every refunded ticket: what its holder is told about the ticket itself. */
export const REFUNDED_TICKET_STOPS_ADMITTING = 'Your ticket no longer admits anyone: its QR code is refused at the door.';

/** The reason a refund made by approving a request is recorded with: the refund job knows by it that the approval's e-mail was that refund's one e-mail. */
export const REFUND_ON_REQUEST_PREFIX = 'Refund requested by the ticket holder: ';
