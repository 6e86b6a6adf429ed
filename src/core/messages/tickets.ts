// What the public ticket screens say and show (issue 23, 34), without zod, so /tickets, /success and
// a ticket's page stay within the public pages' JavaScript budget; src/core/schemas/tickets.ts
// re-exports them beside the schemas that use them.

/** Issue 23: the most tickets any order may hold; a gig may set a lower limit. */
export const MAX_TICKETS_PER_ORDER = 8;

/** What a buyer is told when an order is refused (issue 23): each changes nothing. */
export const ORDER_MESSAGES = {
  quantity: `Choose between 1 and ${MAX_TICKETS_PER_ORDER} tickets.`,
  perOrderLimit: (max: number) => (max === 1 ? 'You can buy 1 ticket per order for this show.' : `You can buy up to ${max} tickets per order for this show.`),
  onlyLeft: (left: number, typeName: string | null) => `Only ${left} ${typeName ? `${typeName} ` : ''}${left === 1 ? 'ticket is' : 'tickets are'} left.`,
  /** Issue 34, item 5: every seat left is held by a checkout; beingPaidForUntil says when the earliest hold ends. */
  beingPaidFor: 'All remaining tickets are being paid for right now.',
  beingPaidForUntil: (time: string) => `All remaining tickets are being paid for right now. Seats may free up by ${time}.`,
  chooseType: 'Please choose a ticket type.',
  unknownType: 'That ticket type is not on sale for this show.',
  notOnSaleYet: (name: string) => `${name} tickets are not on sale yet.`,
  saleEnded: (name: string) => `${name} tickets are no longer on sale.`,
  codeNeeded: 'These tickets need a presale code.',
  codeForOtherType: 'That presale code is for other tickets.',
  unknownCode: 'That presale code is not valid for this show.',
  expiredCode: 'That presale code has expired.',
  usedUpCode: 'That presale code has been used up.',
  codeUsesLeft: (left: number) => `That presale code has only ${left} ${left === 1 ? 'use' : 'uses'} left.`,
} as const;

/** A ticket type as /tickets offers it (issue 23). */
export type OfferedTicketType = {
  id: string;
  name: string;
  priceCents: number;
  left: number;
  salesStartAt: string | null;
  salesEndAt: string | null;
  status: 'on_sale' | 'not_yet' | 'ended' | 'sold_out';
};

/** What /tickets needs beyond the gig card (issue 23). */
export type TicketOffer = {
  maxPerOrder: number;
  left: number;
  /** No seat is free, but open checkouts hold some: 'try again in a minute', not 'Sold out'. */
  isBeingPaidFor: boolean;
  /** Decision 50: confirmed fans are waiting for this sold-out show; tickets that come back are theirs first, so /tickets offers the waitlist. */
  hasWaitlist: boolean;
  /** Whether a presale code could unlock more. */
  hasHiddenTypes: boolean;
  /** The public types, in order; empty for a gig sold at one simple price. */
  types: OfferedTicketType[];
};

/** Issue 23: the on-sale check (a proof of work the browser does before a hold while demand is high). */
export const PROOF_MESSAGES = {
  needed: 'Lots of people are buying tickets for this show right now. Your browser needs a moment to confirm you are a person, then we hold your tickets.',
  invalid: 'The check could not be confirmed. Please try again.',
  expired: 'The check took too long. Please try again.',
  used: 'That check was already used. Please try again.',
} as const;
