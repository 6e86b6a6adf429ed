import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { SERVICE_FEE_PERCENT, splitOrderPayment, type OrderSplit } from '../../../core/money.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { oncePerDatabase } from '../../db/once-per-database.ts';
import { prepareStatement, readRow } from '../../db/prepared-statement.ts';
import { gigs, orders, presaleCodes, regions, ticketTypes, waitlistEntries } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { releaseExpiredOrders } from './release-expired-orders.ts';
import { isUuid } from '../../../core/ids.ts';
import { INVALID_EVENT } from '../../../core/public-pages.ts';
import { ORDER_MESSAGES, PROOF_MESSAGES } from '../../../core/schemas/tickets.ts';
import { WAITLIST_MESSAGES } from '../../../core/schemas/waitlist.ts';
import { GIG_CANCELLED_REFUSAL } from '../../../core/schemas/holders.ts';
import { formatClock } from '../../../core/time.ts';

/** Spec 1 §8, BAND_NOT_FOUND: only a gig with a registered band sells tickets. */
export const BAND_NOT_REGISTERED = 'This band is not registered with Marquee. Bands must be registered to sell tickets.';

/** Spec 1 §8: what a buyer is told when no seat is free. */
const SOLD_OUT = 'Sold out';

/** How long an open checkout keeps its seat (D12). */
export const CHECKOUT_HOLD_MINUTES = 30;

export type PlacedOrder = typeof orders.$inferSelect;

/** What the provider's checkout page says about a placed order (issue 23: read with the hold, not after it). */
export type OrderShow = {
  email: string;
  faceCents: number;
  feeCents: number;
  showName: string;
  venueName: string;
  localDate: string;
  startTime: string;
  endTime: string;
  timeZone: string;
  /** The type's name when every ticket is of one type (null for a gig's simple price or a mixed order). */
  ticketTypeName: string | null;
  /** Issue 34: the order's lines, one per type, in the order the buyer chose them. */
  lines: OrderLine[];
};

/** Issue 34: one line of an order: its type (null: the gig's simple price), how many, at what price. */
export type OrderLine = { ticketTypeId: string | null; ticketTypeName: string | null; quantity: number; unitCents: number };

/** Decision 35: how many tickets one buyer may hold in open checkouts for one gig, by e-mail and by client address. */
export type HoldLimits = { perEmail: number; perAddress: number };

export const TOO_MANY_HOLDS_MESSAGE = `You already have open checkouts for this gig. Please finish or cancel one, or try again when it expires (within ${CHECKOUT_HOLD_MINUTES} minutes).`;

export type OrderInput = {
  gigId: string;
  buyerEmail: string;
  buyerUserId?: string | null;
  buyerIpAddress?: string | null;
  provider: string;
  limits?: HoldLimits | null;
  now?: Date;
  /** Issue 23: how many tickets (1 to the gig's per-order limit). */
  quantity?: number;
  /** Issue 23: the ticket type, for a gig that has types. */
  ticketTypeId?: string | null;
  /**
   * Issue 34: a mixed order, how many of each type (2 General + 1 VIP); instead of quantity and
   * ticketTypeId. The per-order limit applies to the total.
   */
  lines?: { ticketTypeId: string | null; quantity: number }[] | null;
  /** Issue 23: a presale code, which unlocks a hidden type. */
  presaleCode?: string | null;
  /** Decision 50: the waitlist offer this order is for; it is not held back for the waitlist, and holds its seat as long as the offer lasts. */
  waitlistOffer?: { id: string; expiresAt: Date } | null;
  /**
   * Issue 23 (on-sale day): while more seats are held by open checkouts than are free, a hold
   * needs the buyer's proof of work. 'checked' when the checkout carried a valid one; 'none' when
   * it did not (refused then); null where no proof applies (the platform's own orders, tests).
   */
  proof?: 'checked' | 'none' | null;
};

type OrderRequest = Required<Omit<OrderInput, 'ticketTypeId' | 'presaleCode' | 'waitlistOffer' | 'proof' | 'lines'>> & {
  ticketTypeId: string | null;
  /** The lines asked for, one per type (merged), in the buyer's order; quantity is their total. */
  lines: { ticketTypeId: string | null; quantity: number }[];
  presaleCode: string | null;
  waitlistOffer: { id: string; expiresAt: Date } | null;
  proof: 'checked' | 'none' | null;
};


/**
 * Starts a checkout (D9, D12, D14, issue 23): holds `quantity` seats and records the order with the
 * price and split taken from the gig or its ticket type, never from the buyer. Seats are held by
 * conditional updates (sold + held + quantity within the quantity, of the type and of the gig),
 * and a presale code's uses likewise, so a burst of buyers can never hold more than exists.
 * Anything refused rolls the whole hold back.
 */
export async function placeTicketOrder(db: DbOrTx, input: OrderInput): Promise<PlacedOrder & { show: OrderShow }> {
  const asked = input.lines?.length ? input.lines : [{ ticketTypeId: input.ticketTypeId ?? null, quantity: input.quantity ?? 1 }];
  const lines: OrderRequest['lines'] = [];
  for (const line of asked) {
    if (!Number.isInteger(line.quantity) || line.quantity < 0) throw new AppError('VALIDATION', ORDER_MESSAGES.quantity);
    if (line.quantity === 0) continue;
    const same = lines.find((l) => l.ticketTypeId === (line.ticketTypeId ?? null));
    if (same) same.quantity += line.quantity;
    else lines.push({ ticketTypeId: line.ticketTypeId ?? null, quantity: line.quantity });
  }
  if (lines.length === 0) throw new AppError('VALIDATION', ORDER_MESSAGES.quantity);
  if (lines.length > 1 && lines.some((l) => l.ticketTypeId === null)) throw new AppError('VALIDATION', ORDER_MESSAGES.chooseType, { ticketTypeId: ORDER_MESSAGES.chooseType });
  const request: OrderRequest = {
    gigId: input.gigId,
    buyerEmail: input.buyerEmail,
    buyerUserId: input.buyerUserId ?? null,
    buyerIpAddress: input.buyerIpAddress ?? null,
    provider: input.provider,
    limits: input.limits ?? null,
    now: input.now ?? new Date(),
    quantity: lines.reduce((sum, l) => sum + l.quantity, 0),
    ticketTypeId: lines.length === 1 ? lines[0]!.ticketTypeId : null,
    lines,
    presaleCode: input.presaleCode?.trim().toUpperCase() || null,
    waitlistOffer: input.waitlistOffer ?? null,
    proof: input.proof ?? null,
  };
  if (!isUuid(request.gigId)) throw new AppError('NOT_FOUND', INVALID_EVENT);
  if (lines.some((l) => l.ticketTypeId !== null && !isUuid(l.ticketTypeId))) throw new AppError('NOT_FOUND', ORDER_MESSAGES.unknownType);
  if (!Number.isInteger(request.quantity) || request.quantity < 1) throw new AppError('VALIDATION', ORDER_MESSAGES.quantity);
  // Seats of checkouts that ran out are given back by the sweep every minute, and here when no
  // seat is free: most checkouts find one at once, and skip that sweep's write.
  try {
    return await holdSeatsAndRecordOrder(db, request);
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
    const released = await releaseExpiredOrders(db, { gigId: request.gigId, now: request.now });
    if (released === 0) throw error;
    return holdSeatsAndRecordOrder(db, request);
  }
}

/**
 * Decision 35: the tickets one buyer holds in open checkouts for a gig, by e-mail and by client
 * address, are capped, so no one can hold a gig's seats without paying. A burst from one buyer is
 * counted one checkout at a time: this statement takes the transaction locks on the gig's e-mail
 * key, then its address key (always in that order, left to right in one select), and the count
 * runs in the checkout's next statement (`hold`), whose snapshot is taken once the locks are
 * held, so it sees every checkout that held them before (a statement's own snapshot is taken
 * before its locks: lock and count cannot be one statement).
 */
async function lockBuyerHolds(db: Db, tx: Tx, { gigId, buyerEmail, buyerIpAddress, limits }: OrderRequest) {
  if (!limits) return;
  const emailKey = `checkout-holds:${gigId}:email:${buyerEmail.toLowerCase()}`;
  // Without an address the e-mail's key is taken twice (a no-op), so the statement is always the same.
  const addressKey = buyerIpAddress ? `checkout-holds:${gigId}:address:${buyerIpAddress}` : emailKey;
  await checkoutStatements(db).lockHolds.execute(tx, { emailKey, addressKey });
}

const isOnSale = (now: Date) =>
  sql`(${ticketTypes.salesStartAt} is null or ${ticketTypes.salesStartAt} <= ${now}) and (${ticketTypes.salesEndAt} is null or ${ticketTypes.salesEndAt} > ${now})`;

/**
 * Takes a presale code's uses, atomically: one per ticket of the type it unlocks (issue 34: in a
 * mixed order, that type's line; an order without that type uses it once per ticket, as before);
 * refuses an unknown, expired or used-up code.
 */
async function usePresaleCode(tx: Tx, { gigId, presaleCode, quantity, lines, now }: OrderRequest): Promise<{ id: string; ticketTypeId: string }> {
  const uses = sql`coalesce(nullif((select coalesce(sum(l.quantity), 0)::int from unnest(${sql.param(lines.map((l) => l.ticketTypeId))}::uuid[], ${sql.param(lines.map((l) => l.quantity))}::int[]) as l(type_id, quantity) where l.type_id = ${presaleCodes.ticketTypeId}), 0), ${quantity}::int)`;
  const [used] = await tx
    .update(presaleCodes)
    .set({ uses: sql`${presaleCodes.uses} + ${uses}` })
    .where(
      and(
        eq(presaleCodes.gigId, gigId),
        eq(presaleCodes.code, presaleCode!),
        sql`${presaleCodes.uses} + ${uses} <= ${presaleCodes.maxUses}`,
        sql`(${presaleCodes.expiresAt} is null or ${presaleCodes.expiresAt} > ${now})`,
      ),
    )
    .returning({ id: presaleCodes.id, ticketTypeId: presaleCodes.ticketTypeId });
  if (used) return used;
  const [code] = await tx.select().from(presaleCodes).where(and(eq(presaleCodes.gigId, gigId), eq(presaleCodes.code, presaleCode!)));
  if (!code) throw new AppError('VALIDATION', ORDER_MESSAGES.unknownCode, { presaleCode: ORDER_MESSAGES.unknownCode });
  if (code.expiresAt && code.expiresAt <= now) throw new AppError('VALIDATION', ORDER_MESSAGES.expiredCode, { presaleCode: ORDER_MESSAGES.expiredCode });
  const left = code.maxUses - code.uses;
  const message = left <= 0 ? ORDER_MESSAGES.usedUpCode : ORDER_MESSAGES.codeUsesLeft(left);
  throw new AppError('VALIDATION', message, { presaleCode: message });
}

/** Holds `quantity` seats of a ticket type; refuses one not on sale, hidden without its code, or without enough left. */
async function holdTypeSeats(tx: Tx, { gigId, now }: OrderRequest, quantity: number, typeId: string, unlockedTypeId: string | null) {
  const [held] = await tx
    .update(ticketTypes)
    .set({ held: sql`${ticketTypes.held} + ${quantity}::int` })
    .where(
      and(
        eq(ticketTypes.id, typeId),
        eq(ticketTypes.gigId, gigId),
        sql`${ticketTypes.sold} + ${ticketTypes.held} + ${quantity}::int <= ${ticketTypes.quantity}`,
        isOnSale(now),
        unlockedTypeId ? sql`(not ${ticketTypes.isHidden} or ${ticketTypes.id} = ${unlockedTypeId})` : eq(ticketTypes.isHidden, false),
      ),
    )
    .returning({ priceCents: ticketTypes.priceCents, name: ticketTypes.name });
  if (held) return held;
  const [type] = await tx.select().from(ticketTypes).where(and(eq(ticketTypes.id, typeId), eq(ticketTypes.gigId, gigId)));
  if (!type || (type.isHidden && type.id !== unlockedTypeId && !unlockedTypeId)) {
    if (type?.isHidden) throw new AppError('VALIDATION', ORDER_MESSAGES.codeNeeded, { presaleCode: ORDER_MESSAGES.codeNeeded });
    throw new AppError('NOT_FOUND', ORDER_MESSAGES.unknownType);
  }
  if (type.isHidden && type.id !== unlockedTypeId) throw new AppError('VALIDATION', ORDER_MESSAGES.codeForOtherType, { presaleCode: ORDER_MESSAGES.codeForOtherType });
  if (type.salesStartAt && type.salesStartAt > now) throw new AppError('VALIDATION', ORDER_MESSAGES.notOnSaleYet(type.name));
  if (type.salesEndAt && type.salesEndAt <= now) throw new AppError('VALIDATION', ORDER_MESSAGES.saleEnded(type.name));
  const left = type.quantity - type.sold - type.held;
  throw seatsLeftRefusal(left, type.held > 0, type.name, left <= 0 && type.held > 0 ? await earliestHoldEnd(tx, gigId, now, typeId) : null);
}

/**
 * 'Sold out', or how many are left; while checkouts hold every seat left, when the earliest of
 * them ends (issue 34, item 5: 'Seats may free up by 8:42 PM', in the gig's region's zone).
 */
function seatsLeftRefusal(left: number, hasOpenHolds: boolean, typeName: string | null, freeBy: string | null): AppError {
  if (left > 0) return new AppError('CONFLICT', ORDER_MESSAGES.onlyLeft(left, typeName), { quantity: ORDER_MESSAGES.onlyLeft(left, typeName) });
  if (hasOpenHolds) return new AppError('CONFLICT', freeBy ? ORDER_MESSAGES.beingPaidForUntil(freeBy) : ORDER_MESSAGES.beingPaidFor);
  return new AppError('CONFLICT', SOLD_OUT);
}

/**
 * Issue 34, item 5: when the earliest open checkout of the gig (or of one of its types, through the
 * orders' lines) ends, as '8:42 PM' in the gig's region's zone; null when none is open.
 */
async function earliestHoldEnd(tx: Tx, gigId: string, now: Date, typeId: string | null): Promise<string | null> {
  const ofType = typeId ? sql`and exists (select 1 from order_lines l where l.order_id = o.id and l.ticket_type_id = ${typeId})` : sql``;
  const { rows } = await tx.execute<{ clock: string | null }>(sql`
    select to_char(min(o.expires_at) at time zone r.time_zone, 'HH24:MI') as clock
    from orders o join gigs g on g.id = o.gig_id join regions r on r.slug = g.region_slug
    where o.gig_id = ${gigId} and o.status = 'pending' and o.expires_at > ${now.toISOString()}::timestamptz and o.returned_ticket_id is null ${ofType}
    group by r.time_zone`);
  return rows[0]?.clock ? formatClock(rows[0].clock) : null;
}

/** Decision 50: while confirmed fans wait for a sold-out gig, a seat that comes free is theirs first. */
const hasWaitlist = sql`exists (select 1 from ${waitlistEntries} where ${waitlistEntries.gigId} = ${gigs.id} and ${waitlistEntries.status} = 'waiting' and ${waitlistEntries.confirmedAt} is not null)`;

async function holdSeatsAndRecordOrder(db: DbOrTx, request: OrderRequest): Promise<PlacedOrder & { show: OrderShow }> {
  const { gigId, buyerEmail, buyerUserId, buyerIpAddress, provider, now, quantity, limits, waitlistOffer } = request;
  return db.transaction(async (tx) => {
    // Inside a caller's transaction (a waitlist offer's order) the statements are built for it.
    await lockBuyerHolds(db, tx, request);
    const code = request.presaleCode ? await usePresaleCode(tx, request) : null;
    // A code alone (no type chosen) buys the type it unlocks.
    const asked = request.lines.length === 1 && request.lines[0]!.ticketTypeId === null && code ? [{ ...request.lines[0]!, ticketTypeId: code.ticketTypeId }] : request.lines;
    // Issue 34: each line's type seats held, all or none (a refusal rolls back the others), in
    // the types' id order, so two mixed orders never wait on each other's rows.
    const typed = new Map<string, { priceCents: number; name: string }>();
    for (const line of [...asked].filter((l) => l.ticketTypeId !== null).sort((a, b) => a.ticketTypeId!.localeCompare(b.ticketTypeId!))) {
      typed.set(line.ticketTypeId!, await holdTypeSeats(tx, request, line.quantity, line.ticketTypeId!, code?.ticketTypeId ?? null));
    }
    const typeId = asked.length === 1 ? asked[0]!.ticketTypeId : null;
    const anyTypeId = asked.find((l) => l.ticketTypeId !== null)?.ticketTypeId ?? null;
    // One statement: the buyer's open holds counted, the gig's seats held (if the limits allow),
    // the order recorded with its split, and what the provider's page says about the show.
    const expiresAt = waitlistOffer?.expiresAt ?? new Date(now.getTime() + CHECKOUT_HOLD_MINUTES * 60_000);
    const [row] = await checkoutStatements(db).hold.execute(tx, {
      orderId: randomUUID(),
      gigId,
      buyerEmail,
      emailLower: buyerEmail.toLowerCase(),
      buyerUserId,
      address: buyerIpAddress,
      quantity,
      ticketTypeId: anyTypeId,
      orderTypeId: typeId,
      lineQuantities: asked.map((l) => l.quantity),
      lineUnits: asked.map((l) => (l.ticketTypeId ? typed.get(l.ticketTypeId)!.priceCents : null)),
      lineTypes: asked.map((l) => l.ticketTypeId),
      lineFees: lineFees(asked, typed),
      presaleCodeId: code?.id ?? null,
      provider,
      now: now.toISOString(),
      expiresAt: expiresAt.toISOString(),
      isLimited: limits !== null,
      perEmail: limits?.perEmail ?? 0,
      perAddress: limits?.perAddress ?? 0,
      proofMissing: request.proof === 'none',
      waitlistOfferId: waitlistOffer?.id ?? null,
    });
    if (limits && (row!.byEmail + quantity > limits.perEmail || (buyerIpAddress && row!.byAddress + quantity > limits.perAddress))) {
      throw new AppError('RATE_LIMITED', TOO_MANY_HOLDS_MESSAGE);
    }
    if (!row?.id) throw await explainRefusedGig(tx, request, anyTypeId);
    const order = readRow(orders, row);
    // The split is computed in SQL from the order's lines; splitOrderPayment is the rule (decision
    // 47). They cannot differ (a test compares them); if they ever did, nothing is held.
    const lines: OrderLine[] = asked.map((l) => {
      const type = l.ticketTypeId ? typed.get(l.ticketTypeId)! : null;
      return { ticketTypeId: l.ticketTypeId, ticketTypeName: type?.name ?? null, quantity: l.quantity, unitCents: type?.priceCents ?? row.gigPriceCents ?? 0 };
    });
    const split = splitOrderPayment(
      lines.flatMap((l) => Array.from({ length: l.quantity }, () => l.unitCents)),
      row.bandPercent,
      row.organiserPercent,
    );
    const recorded = [order.faceCents, order.feeCents, order.totalCents, order.bandShareCents, order.organiserShareCents, order.platformShareCents];
    const expected = [split.faceCents, split.serviceFeeCents, split.totalCents, split.bandShareCents, split.organiserShareCents, split.platformShareCents];
    if (recorded.some((cents, i) => cents !== expected[i])) throw new Error(`The order's split in SQL (${recorded.join(', ')}) is not splitOrderPayment's (${expected.join(', ')}).`);
    // Each line's part of the split (recorded by the same statement) is the sum of its tickets' parts.
    let first = 0;
    for (const [i, line] of lines.entries()) {
      const own = split.tickets.slice(first, (first += line.quantity));
      const parts = [line.quantity * line.unitCents, ...(['serviceFeeCents', 'bandShareCents', 'organiserShareCents', 'platformShareCents'] as const).map((key) => own.reduce((total, t) => total + t[key], 0))];
      const line_ = row.lines[i];
      if (!line_ || parts.some((cents, j) => cents !== [line_.face, line_.fee, line_.band, line_.organiser, line_.platform][j])) {
        throw new Error(`Line ${i + 1} of the order's split in SQL is not splitOrderPayment's (${parts.join(', ')}).`);
      }
    }
    const show: OrderShow = {
      email: order.buyerEmail,
      faceCents: order.faceCents,
      feeCents: order.feeCents,
      showName: row.showName,
      venueName: row.venueName,
      localDate: row.localDate,
      startTime: row.startTime,
      endTime: row.endTime,
      timeZone: row.timeZone,
      ticketTypeName: lines.length === 1 ? lines[0]!.ticketTypeName : null,
      lines,
    };
    return { ...order, show };
  });
}

/**
 * Each line's part of the order's one fee (decision 47: 15% of each ticket's face rounded down,
 * the cents left over one each to the first tickets), for a mixed order, whose lines are all of a
 * type; null for an order of one line, whose fee is the order's.
 */
function lineFees(lines: { ticketTypeId: string | null; quantity: number }[], typed: Map<string, { priceCents: number }>): (number | null)[] {
  if (lines.length === 1) return [null];
  const { tickets } = splitOrderPayment(
    lines.flatMap((l) => Array.from({ length: l.quantity }, () => typed.get(l.ticketTypeId!)!.priceCents)),
    // (The fee's parts do not depend on the percentages.)
    50,
    25,
  );
  let first = 0;
  return lines.map((l) => tickets.slice(first, (first += l.quantity)).reduce((sum, t) => sum + t.serviceFeeCents, 0));
}

type HoldRow = Record<string, unknown> & {
  byEmail: number;
  byAddress: number;
  /** The order's columns (null when no seat was held). */
  id: string | null;
  gigPriceCents: number | null;
  bandPercent: number;
  organiserPercent: number;
  showName: string;
  venueName: string;
  localDate: string;
  startTime: string;
  endTime: string;
  timeZone: string;
  /** The order's lines as recorded, in order. */
  lines: { face: number; fee: number; band: number; organiser: number; platform: number }[];
};

const ph = sql.placeholder;

/**
 * The split of `quantity` tickets of one price `unit` (decision 47), in SQL, as splitOrderPayment
 * computes it: the fee is 15% of the whole face value, rounded half-up once; band and organiser get
 * `quantity` times their percentage of one ticket's face, rounded down; the platform the rest.
 * Columns face, fee, band, organiser, platform (bigint). The checkout compares its result with
 * splitOrderPayment; a test runs both on thousands of random orders.
 */
export const equalPricedSplit = (quantity: SQL, unit: SQL, bandPercent: SQL, organiserPercent: SQL) => sql`
  select face, fee, band, organiser, face + fee - band - organiser as platform
  from (select (${quantity})::bigint * (${unit}) as face,
    ((${quantity})::bigint * (${unit}) * ${sql.raw(String(SERVICE_FEE_PERCENT))} + 50) / 100 as fee,
    (${quantity})::bigint * ((${unit})::bigint * (${bandPercent}) / 100) as band,
    (${quantity})::bigint * ((${unit})::bigint * (${organiserPercent}) / 100) as organiser) split`;

/**
 * Issue 34: the split of an order of lines (quantities[i] tickets of price units[i], or of the
 * gig's price where null), as splitOrderPayment computes it: one fee of 15% of the whole face
 * value, rounded half-up once; band and organiser get each ticket's percentage of its face,
 * rounded down; the platform the rest. For one line it is equalPricedSplit.
 */
const linesSplit = (quantities: SQL, units: SQL, gigPrice: SQL, bandPercent: SQL, organiserPercent: SQL) => sql`
  select face, fee, band, organiser, face + fee - band - organiser as platform
  from (select sum(l.q * l.u)::bigint as face,
    ((sum(l.q * l.u)::bigint * ${sql.raw(String(SERVICE_FEE_PERCENT))} + 50) / 100)::bigint as fee,
    sum(l.q * (l.u * (${bandPercent}) / 100))::bigint as band,
    sum(l.q * (l.u * (${organiserPercent}) / 100))::bigint as organiser
    from (select q::bigint as q, coalesce(u, ${gigPrice}, 0)::bigint as u from unnest(${quantities}, ${units}) as line(q, u)) l) split`;

/** The checkout's two hot statements, built and prepared once per database. */
const checkoutStatements = oncePerDatabase((db) => {
  const gigId = sql`${ph('gigId')}::uuid`;
  const quantity = sql`${ph('quantity')}::int`;
  const typeId = sql`${ph('ticketTypeId')}::uuid`;
  const emailLower = sql`${ph('emailLower')}::text`;
  const address = sql`${ph('address')}::text`;
  const isLimited = sql`${ph('isLimited')}::boolean`;
  // The conditions under which the gig's seats are held (D12, issue 23).
  const gigCanHold = and(
    eq(gigs.id, gigId),
    eq(gigs.isApproved, true),
    eq(gigs.isTicketed, true),
    isNull(gigs.cancelledAt),
    sql`(${gigs.bandId} is not null or ${gigs.managedArtistId} is not null)`,
    // Decision 51: seats taken at the door (comps, walk-ins) are taken from online sales too.
    sql`${gigs.ticketsSold} + ${gigs.ticketsHeld} + ${gigs.doorSeats} + ${quantity} <= ${gigs.ticketQuantity}`,
    sql`${quantity} <= ${gigs.maxTicketsPerOrder}`,
    // On-sale day: with more seats held than free, only a buyer with a proof of work holds.
    sql`(not ${ph('proofMissing')}::boolean or ${gigs.ticketsHeld} <= ${gigs.ticketQuantity} - ${gigs.ticketsSold} - ${gigs.ticketsHeld} - ${gigs.doorSeats})`,
    // A gig with ticket types sells only by type; one without sells at its simple price.
    sql`(${typeId} is not null or not exists (select 1 from ${ticketTypes} where ${ticketTypes.gigId} = ${gigs.id}))`,
    // Decision 50: while confirmed fans wait, a free seat goes to the waitlist's offer only.
    sql`(${ph('waitlistOfferId')}::uuid is not null or not ${hasWaitlist})`,
    sql`${gigs.localDate} >= (select (now() at time zone ${regions.timeZone})::date from ${regions} where ${regions.slug} = ${gigs.regionSlug})`,
  );
  return {
    lockHolds: prepareStatement(
      db,
      'marquee_checkout_lock_holds',
      sql`select pg_advisory_xact_lock(hashtextextended(${ph('emailKey')}::text, 0)), pg_advisory_xact_lock(hashtextextended(${ph('addressKey')}::text, 0))`,
    ),
    hold: prepareStatement<HoldRow>(
      db,
      'marquee_checkout_hold',
      sql`
      with holds as (
        select coalesce(sum(quantity) filter (where lower(buyer_email) = ${emailLower}), 0)::int as by_email,
               coalesce(sum(quantity) filter (where buyer_ip_address = ${address}), 0)::int as by_address
        from orders
        where ${isLimited} and gig_id = ${gigId} and status = 'pending' and expires_at > ${ph('now')}::timestamptz
          and (lower(buyer_email) = ${emailLower} or buyer_ip_address = ${address})
      ), held as (
        update gigs set tickets_held = tickets_held + ${quantity}, updated_at = now()
        where ${gigCanHold}
          and (not ${isLimited} or ((select by_email from holds) + ${quantity} <= ${ph('perEmail')}::int
            and (${address} is null or (select by_address from holds) + ${quantity} <= ${ph('perAddress')}::int)))
        returning id, ticket_price_cents, band_percent, organiser_percent, venue_id, band_id, managed_artist_id, region_slug, local_date, start_time, end_time
      ), placed as (
        insert into orders (id, gig_id, buyer_email, buyer_user_id, buyer_ip_address, quantity, ticket_type_id, presale_code_id,
          face_cents, fee_cents, total_cents, band_share_cents, organiser_share_cents, platform_share_cents, provider, expires_at, waitlist_offer_id)
        select ${ph('orderId')}::uuid, held.id, ${ph('buyerEmail')}::text, ${ph('buyerUserId')}::text, ${address}, ${quantity}, ${ph('orderTypeId')}::uuid, ${ph('presaleCodeId')}::uuid,
          s.face, s.fee, s.face + s.fee, s.band, s.organiser, s.platform, ${ph('provider')}::text, ${ph('expiresAt')}::timestamptz, ${ph('waitlistOfferId')}::uuid
        from held cross join lateral (${linesSplit(sql`${ph('lineQuantities')}::int[]`, sql`${ph('lineUnits')}::int[]`, sql`held.ticket_price_cents`, sql`held.band_percent`, sql`held.organiser_percent`)}) s
        returning *
      ), placed_lines as (
        insert into order_lines (order_id, position, ticket_type_id, quantity, unit_cents, face_cents, fee_cents, band_share_cents, organiser_share_cents, platform_share_cents)
        select placed.id, l.position, l.type_id, l.q, l.u, l.q * l.u, l.fee, l.band, l.organiser, l.q * l.u + l.fee - l.band - l.organiser
        from placed cross join held cross join lateral (
          select x.position, x.type_id, x.q, x.u, coalesce(x.fee, placed.fee_cents) as fee,
            x.q * (x.u * held.band_percent / 100) as band, x.q * (x.u * held.organiser_percent / 100) as organiser
          from (select position::int, type_id, q, coalesce(u, held.ticket_price_cents, 0) as u, fee
            from unnest(${ph('lineTypes')}::uuid[], ${ph('lineQuantities')}::int[], ${ph('lineUnits')}::int[], ${ph('lineFees')}::int[])
              with ordinality as line(type_id, q, u, fee, position)) x
        ) l
        returning position, face_cents, fee_cents, band_share_cents, organiser_share_cents, platform_share_cents
      )
      select h.by_email as "byEmail", h.by_address as "byAddress", placed.*,
        held.ticket_price_cents as "gigPriceCents", held.band_percent as "bandPercent", held.organiser_percent as "organiserPercent",
        coalesce(b.name, m.name, 'Live music') as "showName", v.name as "venueName", held.local_date as "localDate",
        held.start_time as "startTime", held.end_time as "endTime", r.time_zone as "timeZone",
        (select coalesce(json_agg(json_build_object('face', face_cents, 'fee', fee_cents, 'band', band_share_cents, 'organiser', organiser_share_cents, 'platform', platform_share_cents) order by position), '[]') from placed_lines) as "lines"
      from holds h
      left join placed on true
      left join held on true
      left join regions r on r.slug = held.region_slug
      left join venue_profiles v on v.user_id = held.venue_id
      left join band_profiles b on b.user_id = held.band_id
      left join managed_artists m on m.id = held.managed_artist_id`,
    ),
  };
});

/** An order's money columns: what the buyer pays and its split (D10), as computed once. */
export const orderMoney = (split: OrderSplit) => ({
  faceCents: split.faceCents,
  feeCents: split.serviceFeeCents,
  totalCents: split.totalCents,
  bandShareCents: split.bandShareCents,
  organiserShareCents: split.organiserShareCents,
  platformShareCents: split.platformShareCents,
});

/** Why the gig's seats could not be held, from the gig as it is now. */
async function explainRefusedGig(tx: Tx, request: OrderRequest, typeId: string | null): Promise<AppError> {
  const { gigId, quantity, proof, waitlistOffer } = request;
  const [gig] = await tx
    .select({
      isTicketed: gigs.isTicketed,
      isApproved: gigs.isApproved,
      isCancelled: sql<boolean>`${gigs.cancelledAt} is not null`,
      hasBand: sql<boolean>`${gigs.bandId} is not null or ${gigs.managedArtistId} is not null`,
      isPast: sql<boolean>`${gigs.localDate} < (now() at time zone ${regions.timeZone})::date`,
      left: sql<number>`greatest(${gigs.ticketQuantity} - ${gigs.ticketsSold} - ${gigs.ticketsHeld} - ${gigs.doorSeats}, 0)::int`,
      held: gigs.ticketsHeld,
      maxPerOrder: gigs.maxTicketsPerOrder,
      hasTypes: sql<boolean>`exists (select 1 from ${ticketTypes} where ${ticketTypes.gigId} = ${gigs.id})`,
      hasWaitlist: sql<boolean>`${hasWaitlist}`,
    })
    .from(gigs)
    .innerJoin(regions, eq(regions.slug, gigs.regionSlug))
    .where(eq(gigs.id, gigId));
  if (!gig?.isApproved || !gig.isTicketed || gig.isPast) return new AppError('NOT_FOUND', INVALID_EVENT);
  if (gig.isCancelled) return new AppError('CONFLICT', GIG_CANCELLED_REFUSAL);
  if (!gig.hasBand) return new AppError('NOT_FOUND', BAND_NOT_REGISTERED);
  if (quantity > gig.maxPerOrder) return new AppError('VALIDATION', ORDER_MESSAGES.perOrderLimit(gig.maxPerOrder), { quantity: ORDER_MESSAGES.perOrderLimit(gig.maxPerOrder) });
  if (!typeId && gig.hasTypes) return new AppError('VALIDATION', ORDER_MESSAGES.chooseType, { ticketTypeId: ORDER_MESSAGES.chooseType });
  if (gig.hasWaitlist && !waitlistOffer) return new AppError('CONFLICT', WAITLIST_MESSAGES.waitlistFirst);
  if (proof === 'none' && gig.left >= quantity && gig.held > gig.left) return new AppError('VALIDATION', PROOF_MESSAGES.needed, { proof: 'needed' });
  return seatsLeftRefusal(gig.left, gig.held > 0, null, gig.left <= 0 && gig.held > 0 ? await earliestHoldEnd(tx, gigId, request.now, null) : null);
}
