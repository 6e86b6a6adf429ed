/**
 * The 'Can't go?' panel (issue 34, item 4): the one place a ticket is given up, on its own page and
 * on the fan dashboard. The server decides which ways out exist for a ticket now, with what each
 * means for the money, and why the others do not; the screens only show it. Shared by both.
 */

import type { RefundGoesTo } from './refund-recipient.ts';

export type CantGoKind = 'pass' | 'return' | 'refund';

/** A way out that exists now: its name and, after the colon, what it means for the money. */
export type CantGoOption = { kind: CantGoKind; title: string; outcome: string };

/** A way out that does not apply now, and why. */
export type CantGoUnavailable = { kind: CantGoKind; title: string; reason: string };

export type CantGo = {
  /** Who gets the money back: the holder, or the original buyer (a ticket passed on, whose holder paid nothing). */
  moneyGoesTo: RefundGoesTo;
  /** Null while the ticket can still be given up; otherwise why nothing is offered (used, refunded, passed on, show over). */
  closedReason: string | null;
  options: CantGoOption[];
  unavailable: CantGoUnavailable[];
  /** A way out already under way: the ticket offered to the waitlist (it can be kept), or a refund asked for. */
  pending: { kind: 'return_listed'; outcome: string } | { kind: 'refund_requested'; since: string } | null;
};

export const CANT_GO_TITLES = {
  pass: 'Pass it to a friend',
  return: 'Sell it back at face value to the waitlist',
  refund: 'Ask the organiser for a refund',
} as const satisfies Record<CantGoKind, string>;

export const CANT_GO_REASONS = {
  transfersOff: 'Transfers are off for this show.',
  refundAsked: 'You asked the organiser for a refund: wait for their answer first.',
  returnListed: "It is offered to the waitlist: choose 'Keep my ticket' first.",
  notSoldOut: 'Tickets for this show are still on sale, so nobody is waiting to buy yours.',
  nobodyWaiting: 'Nobody is on the waitlist for this show right now.',
  used: 'This ticket was checked in at the door.',
  refunded: 'This ticket was refunded.',
  transferred: 'This ticket was passed on: its new holder decides what happens to it.',
  past: 'This show has already happened.',
  cancelled: 'This show was cancelled: every ticket is refunded to the card that paid for it.',
} as const;
