import { eq, sql } from 'drizzle-orm';
import { checkoutSchema, ORDER_MESSAGES, PROOF_MESSAGES } from '../../../core/schemas/tickets.ts';
import { proofSchema, verifyProof } from './proof-of-work.ts';
import { formatCents } from '../../../core/money.ts';
import { formatLocalDate, formatTimeRange } from '../../../core/time.ts';
import { orders } from '../../db/schema.ts';
import { oncePerDatabase } from '../../db/once-per-database.ts';
import type { SessionUser } from '../../http/session.ts';
import { parseInput } from '../../http/validate.ts';
import type { Services } from '../../services.ts';
import { placeTicketOrder } from './place-ticket-order.ts';
import { assertPresaleOpen, countPresaleMiss } from './check-presale-code.ts';
import { releaseExpiredOrders } from './release-expired-orders.ts';
import { CHECKOUT_RATE_LIMITED_MESSAGE } from './ticket-sales.ts';
import { AppError } from '../../http/app-error.ts';
import { countHit } from '../../http/rate-limit.ts';
import { TICKET_SALES_OFF_MESSAGE } from '../../../core/payments-mode.ts';

const CHECKOUT_RATE_WINDOW_MS = 10 * 60_000;

/** The provider's checkout id on the order: the checkout's last statement, prepared once per database. */
const recordSessionId = oncePerDatabase((db) =>
  db
    .update(orders)
    .set({ providerSessionId: sql`${sql.placeholder('sessionId')}::text` })
    .where(eq(orders.id, sql`${sql.placeholder('orderId')}::uuid`))
    .prepare('marquee_order_session_id'),
);

/**
 * Guest checkout (D9, D14, issue 23: one order of 1 to 8 tickets): holds the seats, then opens
 * the provider's hosted checkout for the total the server computed. If the provider cannot be reached, the seat is
 * given back at once.
 */
export async function startCheckout(
  { db, env, payments, isRateLimitEnabled, proofOfWorkKey }: Pick<Services, 'db' | 'env' | 'payments' | 'isRateLimitEnabled' | 'proofOfWorkKey'>,
  buyer: SessionUser | null,
  rawInput: unknown,
  { ipAddress = null }: { ipAddress?: string | null } = {},
): Promise<{ url: string; orderId: string; sessionId: string }> {
  const input = parseInput(checkoutSchema, rawInput);
  // Decision 35: no ticket sales without a provider, never free tickets.
  if (env.PAYMENTS === 'off') throw new AppError('UNAVAILABLE', TICKET_SALES_OFF_MESSAGE);
  if (isRateLimitEnabled && ipAddress && (await countHit(db, `checkout:${ipAddress}`, CHECKOUT_RATE_WINDOW_MS)) > env.CHECKOUT_RATE_LIMIT_PER_10_MINUTES) {
    throw new AppError('RATE_LIMITED', CHECKOUT_RATE_LIMITED_MESSAGE);
  }
  // Issue 23: a proof of work counts only once it is verified (signed here, unexpired, solved, unused).
  let proof: 'checked' | 'none' = 'none';
  if (input.proof !== undefined) {
    const parsed = proofSchema.safeParse(input.proof);
    if (!parsed.success) throw new AppError('VALIDATION', PROOF_MESSAGES.invalid, { proof: 'needed' });
    await verifyProof({ db, proofOfWorkKey }, parsed.data);
    proof = 'checked';
  }
  // Issue 33: a gig's presale codes pause after too many wrong guesses from anywhere.
  if (input.presaleCode) await assertPresaleOpen({ db, isRateLimitEnabled }, input.gigId);
  const order = await placeTicketOrder(db, {
    gigId: input.gigId,
    buyerEmail: input.email,
    buyerUserId: buyer?.id ?? null,
    buyerIpAddress: ipAddress,
    provider: payments.name,
    limits: { perEmail: env.CHECKOUT_HOLDS_PER_EMAIL, perAddress: env.CHECKOUT_HOLDS_PER_ADDRESS },
    quantity: input.quantity,
    ticketTypeId: input.ticketTypeId ?? null,
    lines: input.lines ?? null,
    presaleCode: input.presaleCode,
    proof,
  }).catch(async (error: unknown) => {
    if (error instanceof AppError && error.message === ORDER_MESSAGES.unknownCode) await countPresaleMiss({ db, isRateLimitEnabled }, input.gigId);
    throw error;
  });
  try {
    const { show } = order;
    const several = order.quantity > 1;
    // Issue 34: a line for each type's tickets, and one service fee for the whole order.
    const ticketLines = show.lines.map((line) => {
      const typeName = line.ticketTypeName ? `${line.ticketTypeName} ` : '';
      const label = line.quantity > 1 ? `${line.quantity} × ${typeName}ticket (${formatCents(line.unitCents)} each)` : `${typeName}ticket`.replace(/^(\w)/, (c) => c.toUpperCase());
      const product = `${typeName}ticket`.replace(/^(\w)/, (c) => c.toUpperCase());
      return { label, product, amountCents: line.quantity * line.unitCents, quantity: line.quantity, unitCents: line.unitCents };
    });
    const session = await payments.createCheckout({
      orderId: order.id,
      totalCents: order.totalCents,
      description: `${several ? `${order.quantity} tickets` : 'Ticket'}: ${show.showName} at ${show.venueName}`,
      title: several ? `Pay for your ${order.quantity} tickets` : 'Pay for your ticket',
      summary: [
        `${show.showName} at ${show.venueName}`,
        `${formatLocalDate(show.localDate)}, ${formatTimeRange(show.localDate, show.startTime, show.endTime, show.timeZone)}`,
        several ? `The ${order.quantity} tickets are e-mailed to ${show.email}.` : `The ticket is e-mailed to ${show.email}.`,
      ],
      lineItems: [...ticketLines, { label: 'Service fee', product: 'Service fee', amountCents: show.feeCents, quantity: 1, unitCents: show.feeCents }],
      buyerEmail: order.buyerEmail,
      buyerAccount: buyer?.emailVerified && buyer.email.toLowerCase() === order.buyerEmail.toLowerCase() ? { userId: buyer.id, name: buyer.name } : undefined,
      successUrl: `${env.PUBLIC_URL}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${env.PUBLIC_URL}/cancel?session_id={CHECKOUT_SESSION_ID}`,
      expiresAt: order.expiresAt,
      transferGroup: `order_${order.id}`,
    });
    await recordSessionId(db).execute({ sessionId: session.sessionId, orderId: order.id });
    // The session id is what /success reads; the widget's checkout overlay waits on it (decision 61).
    return { url: session.url, orderId: order.id, sessionId: session.sessionId };
  } catch (error) {
    await releaseExpiredOrders(db, { orderId: order.id });
    throw error;
  }
}
