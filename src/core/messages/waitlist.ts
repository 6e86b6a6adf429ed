// What fans are told about the waitlist, without zod, so /tickets stays within the public pages'
// JavaScript budget (issue 34); src/core/schemas/waitlist.ts re-exports it.

/** Decision 50: how long a waitlist offer is held for its person before it passes to the next. */
export const WAITLIST_OFFER_HOURS = 2;

/** What fans are told about the waitlist (decision 50); each refusal changes nothing. */
export const WAITLIST_MESSAGES = {
  soldOutJoin: 'Sold out — join the waitlist',
  waitlistFirst: 'Sold out: tickets that come back go to the waitlist first. Join it below.',
  stillOnSale: 'Tickets for this show are still on sale: buy one above.',
  checkInbox: 'Almost there: check your inbox and confirm your place on the waitlist.',
  alreadyWaiting: "You're already on the waitlist for this show.",
  alreadyAsked: "You've already asked to join: confirm from the e-mail we sent you. (No e-mail? Check your spam folder, or try again tomorrow.)",
  tooManyRequests: 'Too many waitlist requests from here. Please try again in an hour.',
  tooManyForAddress: 'This address has several waitlist confirmations waiting: please confirm those first, or try again tomorrow.',
  invalidLink: 'This waitlist link is not valid.',
  leftAlready: 'You already left this waitlist. To get back in line, join again from the show’s ticket page.',
  invalidOffer: 'This offer link is not valid.',
  offerBought: 'You bought this ticket: it is in your inbox.',
  offerExpired: 'This offer has run out, so the ticket went to the next person on the waitlist.',
  offerDeclined: 'You passed this ticket on to the next person on the waitlist.',
  offerWithdrawn: 'Sorry, this ticket is no longer available: its holder kept it or used it. You keep your place on the waitlist.',
  ticketNotFound: 'That ticket was not found.',
  alreadyReturned: 'You already returned this ticket: it is offered to the waitlist. It stays valid until someone buys it.',
  returnUsed: 'This ticket was already used at the door, so it cannot be returned.',
  returnRefunded: 'This ticket was refunded, so it cannot be returned.',
  returnTransferred: 'This ticket was passed on to someone else: only its new holder can return it.',
  returnPast: 'This show has already happened, so the ticket cannot be returned.',
  returnCancelled: 'This show was cancelled: every ticket is being refunded, so there is nothing to return.',
  returnSold: 'Someone on the waitlist already bought this ticket: its face value is being refunded to you.',
  notReturned: 'This ticket is not offered to the waitlist.',
  notYourTicket: 'That ticket is not one of yours.',
  returnRateLimited: 'Too many ticket returns from here. Please try again in a few minutes.',
} as const;
