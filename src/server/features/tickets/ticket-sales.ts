import { and, eq, gt, sql } from 'drizzle-orm';
import { TICKET_SALES_OFF_MESSAGE } from '../../../core/payments-mode.ts';
import type { DbOrTx } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { releaseExpiredOrders } from './release-expired-orders.ts';

/** What a client that starts too many checkouts is told (CHECKOUT_RATE_LIMIT_PER_10_MINUTES). */
export const CHECKOUT_RATE_LIMITED_MESSAGE = 'Too many checkouts from here. Please try again in a few minutes.';

/** Gives back the seats of a gig's checkouts whose time is up (the organiser's delete, before it counts what is left). */
export const releaseExpiredHolds = (db: DbOrTx, gigId: string) => releaseExpiredOrders(db, { gigId });

/** Decision 35: with no payment provider (PAYMENTS=off) a gig cannot be made ticketed; the organiser is told why. */
export function refuseTicketingWhenSalesOff(isSalesOn: boolean, isTicketingTurnedOn: boolean): void {
  if (!isSalesOn && isTicketingTurnedOn) throw new AppError('VALIDATION', TICKET_SALES_OFF_MESSAGE, { ticketing: TICKET_SALES_OFF_MESSAGE });
}

/** Seats held by a gig's checkouts still open (pending and their time not up): seats buyers may be paying for now. */
export async function countOpenCheckouts(db: DbOrTx, gigId: string, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${orders.quantity}), 0)::int` })
    .from(orders)
    .where(and(eq(orders.gigId, gigId), eq(orders.status, 'pending'), gt(orders.expiresAt, now)));
  return row?.n ?? 0;
}
