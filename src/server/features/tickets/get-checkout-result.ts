import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { ticketDisplayRefOf } from '../../../core/door-codes.ts';
import type { Services } from '../../services.ts';
import { gigs, orders, tickets, ticketTypes } from '../../db/schema.ts';
import { findOrderShow } from './find-order-show.ts';
import { AppError } from '../../http/app-error.ts';
import { ticketApiPath, ticketPagePath } from './ticket-links.ts';
import { ticketQrSvg } from './ticket-qr.ts';
import { isWalletConfigured } from './wallet-settings.ts';

/**
 * What /success answers for a session whose order is gone: a gig deleted while its buyer was at
 * the provider deletes its unpaid orders, after closing their checkouts (issue 33, finding 12).
 */
export const CHECKOUT_ORDER_GONE_MESSAGE =
  'We could not find this order. If the show was taken off sale while you were paying, your checkout was closed and nothing was charged.';

/**
 * What /success shows (D14, issue 23): the order, and its tickets with their QR codes once the
 * payment event has issued them (they may land a moment after the browser returns). The checkout
 * session id is the key: only the buyer's browser was sent it by the provider. Each ticket's own
 * page and the show's calendar entry are linked from there (decision 46). `ticket` is the first
 * ticket, for pages written before orders held several. What was paid is the order's own figures
 * (tickets + the one service fee = total), as the order e-mail gives them (issue 34).
 */
export async function getCheckoutResult(services: Pick<Services, 'db' | 'ticketLinkKey' | 'doorKeySecret'> & { wallets?: Services['wallets'] }, sessionId: string) {
  const { db, ticketLinkKey } = services;
  if (!/^[A-Za-z0-9_-]{10,200}$/.test(sessionId)) throw new AppError('NOT_FOUND', 'That order was not found.');
  const row = await findOrderShow(db, eq(orders.providerSessionId, sessionId));
  if (!row) throw new AppError('NOT_FOUND', CHECKOUT_ORDER_GONE_MESSAGE);
  const { showName, status, email, faceCents, feeCents, totalCents, localDate, startTime, venueName, quantity, orderId, gigId } = row;
  const current = row.ticketId
    ? await db
        .select({ id: tickets.id, position: tickets.position, status: tickets.status, typeName: ticketTypes.name, isBuyers: sql<boolean>`lower(${tickets.holderEmail}) = lower(${email})` })
        .from(tickets)
        // Issue 34: each ticket's type is part of it.
        .leftJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
        .where(and(eq(tickets.orderId, orderId), ne(tickets.status, 'transferred')))
        .orderBy(asc(tickets.position))
    : [];
  // Decision 48: a ticket the buyer passed on is the new holder's, and its code theirs alone.
  const issued = current.filter((ticket) => ticket.isBuyers).map((ticket) => ({ id: ticket.id, position: ticket.position, status: ticket.status, typeName: ticket.typeName }));
  const withCodes = await Promise.all(
    issued.map(async (ticket) => ({
      ...ticket,
      reference: await ticketDisplayRefOf(ticket.id),
      qrSvg: await ticketQrSvg(services, ticket.id, gigId),
      pagePath: ticketPagePath({ ticketLinkKey }, ticket.id),
      calendarPath: `${ticketApiPath({ ticketLinkKey }, ticket.id)}/calendar.ics`,
    })),
  );
  // An unpaid checkout of a cancelled gig was closed with it (issue 33, finding 12): nothing was charged.
  const isClosedOffSale = status === 'expired' && (await db.select({ cancelledAt: gigs.cancelledAt }).from(gigs).where(eq(gigs.id, gigId)))[0]?.cancelledAt != null;
  return {
    order: { status, email, faceCents, feeCents, totalCents, localDate, startTime, venueName, bandName: showName, quantity, hasWallet: services.wallets ? isWalletConfigured(services.wallets) : false },
    ticket: withCodes[0] ?? null,
    tickets: withCodes,
    passedOnCount: current.length - issued.length,
    closedReason: isClosedOffSale ? ('show_off_sale' as const) : null,
  };
}
