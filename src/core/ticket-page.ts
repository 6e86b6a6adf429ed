/** What the ticket page says and how often it acts (issue 23, decision 46); shared by server and client. */

/** 'Send the ticket e-mail again': per ticket, and per client address, per hour. */
export const TICKET_EMAILS_PER_TICKET_PER_HOUR = 3;
export const TICKET_EMAILS_PER_ADDRESS_PER_HOUR = 10;
export const TICKET_EMAIL_LIMITED_FOR_TICKET =
  'This ticket was e-mailed again 3 times in the last hour. Please check your inbox and spam folder, or try again in an hour.';
export const TICKET_EMAIL_NOT_VALID_TICKET = 'This ticket no longer admits anyone (it was checked in or refunded), so there is no ticket e-mail to send.';
export const TICKET_EMAIL_LIMITED_FOR_ADDRESS = 'Too many ticket e-mails were asked for from here. Please try again in an hour.';

/** Refund requests: a new one per ticket (one open at a time), and per client address, per day. */
export const REFUND_REQUESTS_PER_TICKET_PER_DAY = 3;
export const REFUND_REQUESTS_PER_ADDRESS_PER_DAY = 10;
export const REFUND_REQUEST_LIMITED = 'Too many refund requests. Please try again tomorrow.';
/** An organiser's (or admin's) decisions on refund requests, per hour. */
export const REFUND_DECISIONS_PER_HOUR = 100;

export const REFUND_REQUEST_ALREADY_OPEN = 'You already asked for a refund of this ticket. The organiser will answer by e-mail.';
export const REFUND_REQUEST_ALREADY_ANSWERED = 'This refund request was already answered.';
/** Issue 33: a ticket passed on since the request has nothing to refund to this holder. */
export const REFUND_REQUEST_TRANSFERRED_TICKET = 'This ticket was passed on to someone else since the request, so there is nothing to refund to this holder. Please decline the request.';
/** Approving a request whose ticket was checked in since: decline it instead (an admin can still refund a used ticket). */
export const REFUND_REQUEST_USED_TICKET = 'This ticket was checked in at the door after the request was made, so it cannot be refunded here. Please decline the request, or ask an admin.';
export const REFUND_REQUEST_NOT_VALID_TICKET = 'Only a ticket that is still valid can be refunded: this one was checked in or refunded.';
export const TICKET_LINK_NOT_FOUND = 'This ticket link is not valid. Please use the link in your ticket e-mail.';

/** A ticket's state as its page names it. A ticket that is no longer valid says so plainly and shows no QR code. */
export const TICKET_STATUS_TEXT = {
  valid: 'Valid',
  used: 'Checked in',
  refunded: 'Refunded',
  transferred: 'Passed on',
} as const;

export type TicketStatus = keyof typeof TICKET_STATUS_TEXT;

/** A search for the venue on a map, in whichever maps app the phone opens for Google Maps links. */
export function mapUrl(venueName: string, address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent([venueName, address].filter(Boolean).join(', '))}`;
}
