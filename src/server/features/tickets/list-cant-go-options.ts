import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { CANT_GO_REASONS, CANT_GO_TITLES, type CantGo, type CantGoKind } from '../../../core/cant-go.ts';
import { refundAmountCents, refundBackTo, refundGoesTo, type RefundGoesTo } from '../../../core/refund-recipient.ts';
import { formatCents } from '../../../core/money.ts';
import type { DbOrTx } from '../../db/client.ts';
import { gigs, orders, regions, tickets, ticketTypes } from '../../db/schema.ts';

/** What decides a ticket's ways out, read in one statement for any number of tickets. */
export type CantGoFacts = {
  status: 'valid' | 'used' | 'refunded' | 'transferred';
  faceCents: number;
  feeCents: number;
  /** Whose card a refund goes to: the holder's, or the original buyer's (a ticket passed on, whose holder paid nothing). */
  moneyGoesTo: RefundGoesTo;
  isTransferAllowed: boolean;
  isPast: boolean;
  isCancelled: boolean;
  /** No seat left to buy, of the gig or of every public type (what the waitlist's join says too). */
  isSoldOut: boolean;
  /** Someone confirmed on the waitlist, other than the holder, would be offered it. */
  hasWaitlist: boolean;
  returnStatus: 'listed' | 'sold' | 'withdrawn' | null;
  refundRequestedAt: string | null;
};

/**
 * The 'Can't go?' panel of each ticket (issue 34, item 4), with its ticket type: which ways out
 * exist now, each with its money outcome in one line computed from the ticket's own amounts, and
 * why the others do not. The actions decide again when used; this says what they will allow.
 */
export async function listCantGoOptions(db: DbOrTx, ticketIds: string[], { now = new Date() }: { now?: Date } = {}): Promise<Map<string, { typeName: string | null; cantGo: CantGo }>> {
  if (ticketIds.length === 0) return new Map();
  const at = now.toISOString();
  // Seats held by open checkouts (a returned ticket's order holds none), as /tickets counts them.
  const holds = (where: SQL) => sql`(select coalesce(sum(o.quantity), 0) from orders o where o.status = 'pending' and o.expires_at > ${at}::timestamptz and o.returned_ticket_id is null and ${where})`;
  const rows = await db
    .select({
      ticketId: tickets.id,
      typeName: ticketTypes.name,
      status: tickets.status,
      faceCents: tickets.faceCents,
      feeCents: tickets.feeCents,
      holderEmail: tickets.holderEmail,
      transferredFromId: tickets.transferredFromId,
      buyerEmail: orders.buyerEmail,
      isTransferAllowed: gigs.isTransferAllowed,
      isPast: sql<boolean>`${gigs.localDate} < (${at}::timestamptz at time zone ${regions.timeZone})::date`,
      isCancelled: sql<boolean>`${gigs.cancelledAt} is not null`,
      isSoldOut: sql<boolean>`(${gigs.ticketQuantity} is not null and ${gigs.ticketQuantity} - ${gigs.ticketsSold} - ${gigs.doorSeats} - ${holds(sql`o.gig_id = ${gigs.id}`)} <= 0)
        or (exists (select 1 from ticket_types t where t.gig_id = ${gigs.id} and not t.is_hidden)
          and not exists (select 1 from ticket_types t where t.gig_id = ${gigs.id} and not t.is_hidden and t.quantity - t.sold - ${holds(sql`o.ticket_type_id = t.id`)} > 0))`,
      hasWaitlist: sql<boolean>`exists (select 1 from waitlist_entries w where w.gig_id = ${gigs.id} and w.status = 'waiting' and w.confirmed_at is not null and lower(w.email) <> lower(${tickets.holderEmail}))`,
      returnStatus: sql<CantGoFacts['returnStatus']>`(select r.status from waitlist_returns r where r.ticket_id = ${tickets.id})`,
      refundRequestedAt: sql<string | null>`(select r.created_at from refund_requests r where r.ticket_id = ${tickets.id} and r.status = 'open')`,
    })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .innerJoin(gigs, eq(gigs.id, tickets.gigId))
    .innerJoin(regions, eq(regions.slug, gigs.regionSlug))
    .leftJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
    .where(inArray(tickets.id, ticketIds));
  return new Map(
    rows.map(({ ticketId, typeName, holderEmail, transferredFromId, buyerEmail, ...facts }) => [
      ticketId,
      {
        typeName,
        cantGo: cantGoOptions({
          ...facts,
          // Who gets the money: the one rule of refund-recipient.ts, as the refund itself and its e-mails decide it.
          moneyGoesTo: refundGoesTo({ transferredFromId, holderEmail }, { buyerEmail }),
          refundRequestedAt: facts.refundRequestedAt && new Date(facts.refundRequestedAt).toISOString(),
        }),
      },
    ]),
  );
}

/** The panel from its facts: the ways out in a fixed order (pass, sell back, refund), each offered or with its reason. */
export function cantGoOptions(facts: CantGoFacts): CantGo {
  const { moneyGoesTo } = facts;
  const closedReason =
    facts.status !== 'valid'
      ? CANT_GO_REASONS[facts.status]
      : facts.isCancelled
        ? CANT_GO_REASONS.cancelled
        : facts.isPast
          ? CANT_GO_REASONS.past
          : null;
  const isListed = facts.returnStatus === 'listed';
  const isRefundAsked = facts.refundRequestedAt !== null;
  const face = formatCents(facts.faceCents);
  const stopsAdmitting = moneyGoesTo === 'holder' ? 'your code stops working' : 'your ticket stops admitting';
  const pending: CantGo['pending'] = closedReason
    ? null
    : isListed
      ? { kind: 'return_listed', outcome: `Offered to the waitlist: ${refundBackTo(face, moneyGoesTo)} when someone buys it, and then ${stopsAdmitting}. Until then it still works.` }
      : isRefundAsked
        ? { kind: 'refund_requested', since: facts.refundRequestedAt! }
        : null;
  if (closedReason) return { moneyGoesTo, closedReason, options: [], unavailable: [], pending };

  const whyNot: Record<CantGoKind, string | null> = {
    pass: !facts.isTransferAllowed ? CANT_GO_REASONS.transfersOff : isRefundAsked ? CANT_GO_REASONS.refundAsked : isListed ? CANT_GO_REASONS.returnListed : null,
    return: isListed ? 'listed' : isRefundAsked ? CANT_GO_REASONS.refundAsked : !facts.isSoldOut ? CANT_GO_REASONS.notSoldOut : !facts.hasWaitlist ? CANT_GO_REASONS.nobodyWaiting : null,
    refund: isRefundAsked ? 'asked' : isListed ? CANT_GO_REASONS.returnListed : null,
  };
  const outcomes: Record<CantGoKind, string> = {
    pass: moneyGoesTo === 'holder' ? 'free; your code stops working' : 'free; your ticket stops admitting',
    return:
      moneyGoesTo === 'holder'
        ? `you get ${face} when someone buys it`
        : `the original buyer gets ${face} back when someone buys it, not you; then your ticket stops admitting`,
    refund: `if they approve, ${refundBackTo(formatCents(refundAmountCents(facts)), moneyGoesTo)}, and ${stopsAdmitting}`,
  };
  const kinds: CantGoKind[] = ['pass', 'return', 'refund'];
  return {
    moneyGoesTo,
    closedReason,
    pending,
    options: kinds.filter((kind) => whyNot[kind] === null).map((kind) => ({ kind, title: CANT_GO_TITLES[kind], outcome: outcomes[kind] })),
    // What is under way is shown as such ('pending'), not as a way out refused.
    unavailable: kinds.flatMap((kind) => {
      const reason = whyNot[kind];
      return reason === null || reason === 'listed' || reason === 'asked' ? [] : [{ kind, title: CANT_GO_TITLES[kind], reason }];
    }),
  };
}
