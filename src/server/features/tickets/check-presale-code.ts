import { and, eq, sql } from 'drizzle-orm';
import { ORDER_MESSAGES, presaleCodeCheckSchema, type OfferedTicketType } from '../../../core/schemas/tickets.ts';
import { presaleCodes, ticketTypes } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { countHit, limitHits, readHits } from '../../http/rate-limit.ts';
import { parseInput } from '../../http/validate.ts';
import type { Services } from '../../services.ts';

/** Tries of presale codes from one client address in ten minutes: enough for typos, too few to guess codes. */
const CODE_TRIES_PER_10_MINUTES = 20;
export const PRESALE_TRIES_MESSAGE = 'Too many presale codes tried from here. Please try again in a few minutes.';
/**
 * Wrong presale codes tried for one gig in an hour, from every address together (issue 33): guesses
 * spread over many addresses stop here. Past it, no code of the gig is checked until the hour ends,
 * right or wrong, so a lucky guess is worth nothing; fans with the code wait, and are told so.
 */
export const PRESALE_MISSES_PER_GIG_PER_HOUR = 200;
const HOUR_MS = 60 * 60_000;
export const PRESALE_PAUSED_MESSAGE = "Too many wrong presale codes were tried for this show, so its codes are paused for up to an hour. Please try again later.";
const missesKey = (gigId: string) => `presale-misses:${gigId}`;

/** Refuses every presale code of a gig while its wrong guesses are over the hour's limit. */
export async function assertPresaleOpen({ db, isRateLimitEnabled }: Pick<Services, 'db' | 'isRateLimitEnabled'>, gigId: string): Promise<void> {
  if (isRateLimitEnabled && (await readHits(db, missesKey(gigId), HOUR_MS)) >= PRESALE_MISSES_PER_GIG_PER_HOUR) throw new AppError('RATE_LIMITED', PRESALE_PAUSED_MESSAGE);
}

/** Counts a wrong presale code against its gig (an unknown code; an expired or used-up one is a real code). */
export async function countPresaleMiss({ db, isRateLimitEnabled }: Pick<Services, 'db' | 'isRateLimitEnabled'>, gigId: string): Promise<void> {
  if (isRateLimitEnabled) await countHit(db, missesKey(gigId), HOUR_MS);
}

/**
 * Issue 23: what a presale code unlocks, so /tickets can show its type and price before checkout.
 * Nothing is held or used here (checkout takes the code's uses atomically); an unknown, expired or
 * used-up code gets the message checkout would give. Limited per client address.
 */
export async function checkPresaleCode({ db, isRateLimitEnabled }: Pick<Services, 'db' | 'isRateLimitEnabled'>, rawInput: unknown, ipAddress: string | null, now = new Date()): Promise<{ type: OfferedTicketType }> {
  const { gigId, presaleCode } = parseInput(presaleCodeCheckSchema, rawInput);
  await limitHits({ db, isRateLimitEnabled }, `presale:${ipAddress ?? 'unknown'}`, { windowMs: 10 * 60_000, max: CODE_TRIES_PER_10_MINUTES, message: PRESALE_TRIES_MESSAGE });
  await assertPresaleOpen({ db, isRateLimitEnabled }, gigId);
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
  if (!row) {
    await countPresaleMiss({ db, isRateLimitEnabled }, gigId);
    throw refuse(ORDER_MESSAGES.unknownCode);
  }
  if (row.expiresAt && row.expiresAt <= now) throw refuse(ORDER_MESSAGES.expiredCode);
  if (row.uses >= row.maxUses) throw refuse(ORDER_MESSAGES.usedUpCode);
  const { maxUses, uses, salesStartAt, salesEndAt, id, name, priceCents, left } = row;
  const type = { id, name, priceCents, left };
  const status = salesStartAt && salesStartAt > now ? 'not_yet' : salesEndAt && salesEndAt <= now ? 'ended' : type.left === 0 ? 'sold_out' : 'on_sale';
  // Never more than the code's uses left: a buyer is offered what the code still allows.
  return { type: { ...type, left: Math.min(type.left, maxUses - uses), salesStartAt: salesStartAt?.toISOString() ?? null, salesEndAt: salesEndAt?.toISOString() ?? null, status } };
}
