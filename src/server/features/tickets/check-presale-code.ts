import { and, eq, sql } from 'drizzle-orm';
import { ORDER_MESSAGES, presaleCodeCheckSchema, type OfferedTicketType } from '../../../core/schemas/tickets.ts';
import { presaleCodes, ticketTypes } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { limitHits } from '../../http/rate-limit.ts';
import { parseInput } from '../../http/validate.ts';
import type { Services } from '../../services.ts';

/** Tries of presale codes from one client address in ten minutes: enough for typos, too few to guess codes. */
const CODE_TRIES_PER_10_MINUTES = 20;
export const PRESALE_TRIES_MESSAGE = 'Too many presale codes tried from here. Please try again in a few minutes.';

/**
 * Issue 23: what a presale code unlocks, so /tickets can show its type and price before checkout.
 * Nothing is held or used here (checkout takes the code's uses atomically); an unknown, expired or
 * used-up code gets the message checkout would give. Limited per client address.
 */
export async function checkPresaleCode({ db, isRateLimitEnabled }: Pick<Services, 'db' | 'isRateLimitEnabled'>, rawInput: unknown, ipAddress: string | null, now = new Date()): Promise<{ type: OfferedTicketType }> {
  const { gigId, presaleCode } = parseInput(presaleCodeCheckSchema, rawInput);
  await limitHits({ db, isRateLimitEnabled }, `presale:${ipAddress ?? 'unknown'}`, { windowMs: 10 * 60_000, max: CODE_TRIES_PER_10_MINUTES, message: PRESALE_TRIES_MESSAGE });
  const [row] = await db
    .select({
      maxUses: presaleCodes.maxUses,
      uses: presaleCodes.uses,
      expiresAt: presaleCodes.expiresAt,
      id: ticketTypes.id,
      name: ticketTypes.name,
      priceCents: ticketTypes.priceCents,
      left: sql<number>`greatest(${ticketTypes.quantity} - ${ticketTypes.sold} - ${ticketTypes.held}, 0)::int`,
      salesStartAt: ticketTypes.salesStartAt,
      salesEndAt: ticketTypes.salesEndAt,
    })
    .from(presaleCodes)
    .innerJoin(ticketTypes, eq(ticketTypes.id, presaleCodes.ticketTypeId))
    .where(and(eq(presaleCodes.gigId, gigId), eq(presaleCodes.code, presaleCode)));
  const refuse = (message: string) => new AppError('VALIDATION', message, { presaleCode: message });
  if (!row) throw refuse(ORDER_MESSAGES.unknownCode);
  if (row.expiresAt && row.expiresAt <= now) throw refuse(ORDER_MESSAGES.expiredCode);
  if (row.uses >= row.maxUses) throw refuse(ORDER_MESSAGES.usedUpCode);
  const { maxUses, uses, salesStartAt, salesEndAt, id, name, priceCents, left } = row;
  const type = { id, name, priceCents, left };
  const status = salesStartAt && salesStartAt > now ? 'not_yet' : salesEndAt && salesEndAt <= now ? 'ended' : type.left === 0 ? 'sold_out' : 'on_sale';
  // Never more than the code's uses left: a buyer is offered what the code still allows.
  return { type: { ...type, left: Math.min(type.left, maxUses - uses), salesStartAt: salesStartAt?.toISOString() ?? null, salesEndAt: salesEndAt?.toISOString() ?? null, status } };
}
