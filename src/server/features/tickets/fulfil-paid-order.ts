import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { shareOutOrder } from '../../../core/money.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { oncePerDatabase } from '../../db/once-per-database.ts';
import { prepareStatement } from '../../db/prepared-statement.ts';
import { gigs, orderLines, orders, presaleCodes, tickets, ticketTypes } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { ticketSharesCtes } from '../payouts/record-ticket-shares.ts';
import { emitWebhookEvent } from '../webhooks/emit-webhook-event.ts';
import { presaleUses } from './release-expired-orders.ts';

/** A ticket id: 128 random bits, URL-safe (D14). */
export const newTicketId = () => randomBytes(16).toString('base64url');

export type Fulfilment =
  /** `ticketId` is the order's first ticket; `ticketIds` all of them, in order. */
  | { outcome: 'issued' | 'already_issued'; ticketId: string; ticketIds: string[] }
  /** Paid after its hold ran out, and the seats went to someone else: the payment must be refunded. */
  | { outcome: 'sold_out_after_expiry' };

type WhenIssued = (tx: Tx, ticketIds: string[]) => Promise<void>;

/**
 * Applies a paid checkout (D13, D14, issue 23): the order becomes paid, its held seats become sold
 * ones, and its tickets are issued (one per seat, each with its part of what the order paid), all
 * in one transaction. The order row is locked first, so the same payment applied any number of
 * times at once issues the tickets once; a repeat returns them. Inside a caller's transaction it
 * runs as a savepoint of it. `whenIssued` runs in the same transaction once tickets are issued
 * (a caller's other writes for new tickets), before held seats are turned into sold ones.
 */
export async function fulfilPaidOrder(
  db: DbOrTx,
  { orderId, ...rest }: { orderId: string; providerPaymentId: string; now?: Date; whenIssued?: WhenIssued },
): Promise<Fulfilment> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw new AppError('NOT_FOUND', 'That order was not found.');
    return fulfilLockedOrder(tx, order, rest);
  });
}

type Order = typeof orders.$inferSelect;
/** Issue 34: what issuing needs of an order's line. */
export type OrderLineOf = Pick<typeof orderLines.$inferSelect, 'ticketTypeId' | 'quantity' | 'faceCents' | 'feeCents' | 'bandShareCents' | 'organiserShareCents'>;
type Line = OrderLineOf;

/**
 * Issue 34: the order's lines, one per type, in order. An order recorded without lines (a returned
 * ticket bought from the waitlist) is one line: the whole order, of its type.
 */
export async function orderLinesOf(tx: Tx, order: Order): Promise<Line[]> {
  const lines = await tx
    .select({
      ticketTypeId: orderLines.ticketTypeId,
      quantity: orderLines.quantity,
      faceCents: orderLines.faceCents,
      feeCents: orderLines.feeCents,
      bandShareCents: orderLines.bandShareCents,
      organiserShareCents: orderLines.organiserShareCents,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.position));
  return lines.length > 0 ? lines : [order];
}

/** Each type's seats of the order's lines (one entry per type, in the types' id order, the order seats are locked in). */
const seatsByType = (lines: Line[]) => {
  const seats = new Map<string, number>();
  for (const line of lines) if (line.ticketTypeId) seats.set(line.ticketTypeId, (seats.get(line.ticketTypeId) ?? 0) + line.quantity);
  return [...seats].sort(([a], [b]) => a.localeCompare(b));
};

/**
 * The order's tickets as rows to insert: each line's recorded face, fee and shares shared out over
 * its tickets as decision 47 says (shareOutOrder), each ticket of its line's type (issue 34). The
 * split was fixed when the order was placed; a gig's percentages edited since change nothing.
 * `ids`: the tickets' ids, when chosen beforehand.
 */
function ticketRows(order: Order, lines: Line[], ids: readonly string[] = Array.from({ length: order.quantity }, newTicketId)) {
  return lines
    .flatMap((line) => shareOutOrder(line).map((ticket) => ({ ticket, ticketTypeId: line.ticketTypeId })))
    .map(({ ticket, ticketTypeId }, i) => ({
      id: ids[i]!,
      orderId: order.id,
      gigId: order.gigId,
      ticketTypeId,
      holderEmail: order.buyerEmail,
      position: i + 1,
      faceCents: ticket.faceCents,
      feeCents: ticket.serviceFeeCents,
      bandShareCents: ticket.bandShareCents,
      organiserShareCents: ticket.organiserShareCents,
      platformShareCents: ticket.platformShareCents,
    }));
}

/** fulfilPaidOrder's work, for a caller whose transaction already holds the order row locked (FOR UPDATE). */
export async function fulfilLockedOrder(tx: Tx, order: Order, { providerPaymentId, now = new Date(), whenIssued }: { providerPaymentId: string; now?: Date; whenIssued?: WhenIssued }): Promise<Fulfilment> {
  const quantity = order.quantity;
  if (order.status === 'paid' || order.status === 'refunded') {
    const issued = await tx.select({ id: tickets.id }).from(tickets).where(eq(tickets.orderId, order.id)).orderBy(asc(tickets.position));
    const ticketIds = issued.map((t) => t.id);
    return { outcome: 'already_issued', ticketId: ticketIds[0]!, ticketIds };
  }
  const lines = await orderLinesOf(tx, order);
  const issue = async () => {
    await tx.update(orders).set({ status: 'paid', paidAt: now, providerPaymentId }).where(eq(orders.id, order.id));
    const inserted = await tx.insert(tickets).values(ticketRows(order, lines)).returning({ id: tickets.id, position: tickets.position });
    const ticketIds = inserted.sort((a, b) => a.position - b.position).map((t) => t.id);
    await whenIssued?.(tx, ticketIds);
    await emitWebhookEvent(tx, 'ticket.sold', { gigId: order.gigId, orderId: order.id });
    return { outcome: 'issued', ticketId: ticketIds[0]!, ticketIds } as const;
  };
  // A returned ticket bought from the waitlist (decision 50) held no seat: it takes the one its
  // holder's refund just gave back, in the same transaction, as an expired order takes a free one.
  if (order.status === 'pending' && !order.returnedTicketId) {
    // A pending order turns its held seats into sold ones. The seats are certain (the order row is
    // locked and holds them), so the gig's row, which every checkout and payment of the gig
    // updates, is updated last: the transaction then holds that row's lock only until it commits.
    // (Updated first, it was held through every write after it, and a gig's sales queued on it.)
    const issued = await issue();
    for (const [typeId, seats] of seatsByType(lines)) {
      await tx
        .update(ticketTypes)
        .set({ held: sql`${ticketTypes.held} - ${seats}::int`, sold: sql`${ticketTypes.sold} + ${seats}::int` })
        .where(eq(ticketTypes.id, typeId));
    }
    const [seat] = await tx
      .update(gigs)
      .set({ ticketsHeld: sql`${gigs.ticketsHeld} - ${quantity}::int`, ticketsSold: sql`${gigs.ticketsSold} + ${quantity}::int` })
      .where(eq(gigs.id, order.gigId))
      .returning({ id: gigs.id });
    if (!seat) throw new Error(`The gig of order ${order.id} was not found.`);
    return issued;
  }
  // An expired order needs free seats (of its type, and its presale code's uses, too), all or none.
  const noSeat = new Error('no free seat');
  try {
    // A savepoint: a code's uses or a type's seat taken before the gig is found full are given back.
    await tx.transaction(async (seats) => {
      if (order.presaleCodeId) {
        const uses = presaleUses(sql`${order.id}::uuid`, sql`${quantity}::int`, presaleCodes.ticketTypeId);
        const [code] = await seats
          .update(presaleCodes)
          .set({ uses: sql`${presaleCodes.uses} + ${uses}` })
          .where(and(eq(presaleCodes.id, order.presaleCodeId), sql`${presaleCodes.uses} + ${uses} <= ${presaleCodes.maxUses}`))
          .returning({ id: presaleCodes.id });
        if (!code) throw noSeat;
      }
      for (const [typeId, count] of seatsByType(lines)) {
        const [type] = await seats
          .update(ticketTypes)
          .set({ sold: sql`${ticketTypes.sold} + ${count}::int` })
          .where(and(eq(ticketTypes.id, typeId), sql`${ticketTypes.sold} + ${ticketTypes.held} + ${count}::int <= ${ticketTypes.quantity}`))
          .returning({ id: ticketTypes.id });
        if (!type) throw noSeat;
      }
      const [seat] = await seats
        .update(gigs)
        .set({ ticketsSold: sql`${gigs.ticketsSold} + ${quantity}::int` })
        // Decision 49: a cancelled gig has no seat for anyone, so the payment is refunded whole.
        .where(and(eq(gigs.id, order.gigId), isNull(gigs.cancelledAt), sql`${gigs.ticketsSold} + ${gigs.ticketsHeld} + ${gigs.doorSeats} + ${quantity}::int <= ${gigs.ticketQuantity}`))
        .returning({ id: gigs.id });
      if (!seat) throw noSeat;
    });
  } catch (error) {
    if (error !== noSeat) throw error;
    // The money came in all the same: keep the payment's id, for the refund that returns it.
    await tx.update(orders).set({ paidAt: now, providerPaymentId }).where(eq(orders.id, order.id));
    return { outcome: 'sold_out_after_expiry' };
  }
  return issue();
}

/**
 * The paid event's work for a pending order (the hot path of a sale), in one statement, inside the
 * caller's transaction that holds the order row locked (FOR UPDATE) and has checked it pending:
 * the order becomes paid; its tickets are issued with the ids given (the caller's e-mail already
 * names them) and their parts of the order's split; the band's and organiser's shares are
 * recorded (ticketSharesCtes); then the type's and the gig's held seats become sold ones. The rows
 * every sale of the gig updates (the held payment, the type, the gig) are taken in that order,
 * each after the one before (the later updates wait on the earlier CTE's row), and held only until
 * the caller commits, its next statement. Anything short (no pending order, a missing gig) throws,
 * and the caller's transaction rolls back.
 */
export async function fulfilHeldOrder(
  db: Db,
  tx: Tx,
  order: Order,
  { providerPaymentId, ticketIds, lines: known, now = new Date() }: { providerPaymentId: string; ticketIds: readonly string[]; lines?: Line[]; now?: Date },
): Promise<Fulfilment> {
  if (ticketIds.length !== order.quantity) throw new Error(`Order ${order.id} holds ${order.quantity} tickets, not ${ticketIds.length}.`);
  // The paid event reads the lines with the order (issue 34); read here otherwise.
  const lines = known ?? (await orderLinesOf(tx, order));
  const rows = ticketRows(order, lines, ticketIds);
  const typeSeats = seatsByType(lines);
  // Before the statement that updates the gig's seat rows (an on-sale's hottest rows), so they are
  // held only until the commit (decision 47); the event names the order, which is locked already.
  await emitWebhookEvent(tx, 'ticket.sold', { gigId: order.gigId, orderId: order.id });
  const [done] = await heldOrderStatement(db).execute(tx, {
    orderId: order.id,
    gigId: order.gigId,
    typeIds: typeSeats.map(([id]) => id),
    typeSeats: typeSeats.map(([, seats]) => seats),
    email: order.buyerEmail,
    quantity: order.quantity,
    bandShareCents: order.bandShareCents,
    organiserShareCents: order.organiserShareCents,
    paymentId: providerPaymentId,
    now: now.toISOString(),
    ids: rows.map((r) => r.id),
    types: rows.map((r) => r.ticketTypeId),
    faces: rows.map((r) => r.faceCents),
    fees: rows.map((r) => r.feeCents),
    bands: rows.map((r) => r.bandShareCents),
    organisers: rows.map((r) => r.organiserShareCents),
    platforms: rows.map((r) => r.platformShareCents),
  });
  if (done?.paid !== 1 || done.issued !== order.quantity || done.seats !== 1) {
    throw new Error(`Order ${order.id} could not be fulfilled (paid ${done?.paid}, tickets ${done?.issued}, seats ${done?.seats}).`);
  }
  return { outcome: 'issued', ticketId: ticketIds[0]!, ticketIds: [...ticketIds] };
}

const ph = sql.placeholder;
const heldOrderStatement = oncePerDatabase((db) => {
  const orderId = sql`${ph('orderId')}::uuid`;
  const gigId = sql`${ph('gigId')}::uuid`;
  const typeIds = sql`${ph('typeIds')}::uuid[]`;
  const quantity = sql`${ph('quantity')}::int`;
  const shares = ticketSharesCtes(
    { orderId, gigId, quantity, bandShareCents: sql`${ph('bandShareCents')}::int`, organiserShareCents: sql`${ph('organiserShareCents')}::int` },
    sql`exists (select 1 from paid)`,
  );
  return prepareStatement<{ paid: number; issued: number; seats: number }>(
    db,
    'marquee_fulfil_held_order',
    sql`
    with paid as (
      update orders set status = 'paid', paid_at = ${ph('now')}::timestamptz, provider_payment_id = ${ph('paymentId')}::text
      where id = ${orderId} and status = 'pending'
      returning id
    ), issued as (
      insert into tickets (id, order_id, gig_id, ticket_type_id, holder_email, position, face_cents, fee_cents, band_share_cents, organiser_share_cents, platform_share_cents)
      select t.id, paid.id, ${gigId}, t.type_id, ${ph('email')}::text, t.position, t.face, t.fee, t.band, t.organiser, t.platform
      from paid cross join unnest(${ph('ids')}::text[], ${ph('types')}::uuid[], ${ph('faces')}::int[], ${ph('fees')}::int[], ${ph('bands')}::int[], ${ph('organisers')}::int[], ${ph('platforms')}::int[])
        with ordinality as t(id, type_id, face, fee, band, organiser, platform, position)
      returning id
    ), ${shares}, type_seats as (
      update ticket_types set held = held - n.seats, sold = sold + n.seats
      from unnest(${typeIds}, ${ph('typeSeats')}::int[]) as n(type_id, seats)
      where id = n.type_id and exists (select 1 from held_payment)
      returning id
    ), gig_seats as (
      update gigs set tickets_held = tickets_held - ${quantity}, tickets_sold = tickets_sold + ${quantity}, updated_at = now()
      where id = ${gigId} and exists (select 1 from held_payment) and (select count(*) from type_seats) = cardinality(${typeIds})
      returning id
    )
    select (select count(*) from paid)::int as paid, (select count(*) from issued)::int as issued, (select count(*) from gig_seats)::int as seats`,
  );
});
