import { ticketDisplayRefOf } from '../../../core/door-codes.ts';
import { LRUCache } from 'lru-cache';
import { formatClock, formatLocalDate, formatTimeRange } from '../../../core/time.ts';
import type { DbOrTx } from '../../db/client.ts';
import { textAttachment, type MailAttachment } from '../../mail/attachments.ts';
import type { RenderedEmail } from '../../mail/emails/render-email.ts';
import type { Services } from '../../services.ts';
import { eq, inArray, sql } from 'drizzle-orm';
import { formatCents } from '../../../core/money.ts';
import { orders, tickets, ticketTypes } from '../../db/schema.ts';
import { isWalletConfigured, type WalletSettings } from './wallet-settings.ts';
import { type TicketOrderDetails, ticketEmail, ticketPageSecretKey, ticketQrContentId, ticketQrSecretKey, ticketSecretKey } from '../../mail/emails/ticket.ts';
import { signTicketCode } from '../door/door-keys.ts';
import { findTicketShow, type ShowOfTickets } from './find-ticket-show.ts';
import { showInvite } from './show-invite.ts';
import { ticketCalendarUrl, ticketPageUrl } from './ticket-links.ts';

/**
 * E-mails tickets of one show to their holder (issue 9; issue 23: an order's tickets in one
 * e-mail): each ticket id and its QR code (the signed code, decision 51) as an inline image, and the links to each ticket's own
 * page and the show's calendar entry (decision 46), all drawn from the message's secrets at
 * delivery, so the outbox never shows them; the show as an .ics attachment. Sent in the
 * transaction that issues the tickets, and again from a ticket's page on request. `show`: the
 * show, when the caller has read it already (the paid event reads it with the order); else it is
 * read from the first ticket.
 */
export async function sendTicketEmail(
  tx: DbOrTx,
  services: Pick<Services, 'db' | 'mailer' | 'env' | 'ticketLinkKey' | 'doorKeySecret'> & { wallets?: WalletSettings },
  ticketIds: readonly string[],
  known?: ShowOfTickets & { venueAddress?: string | null },
  knownOrder?: OrderOfTickets,
) {
  const show = known ?? (await findTicketShow(tx, ticketIds[0]!))!;
  const order = knownOrder ?? (await findOrderOfTickets(tx, ticketIds));
  const several = ticketIds.length > 1;
  const secrets: Record<string, string> = { calendar: ticketCalendarUrl(services, ticketIds[0]!) };
  for (const [i, id] of ticketIds.entries()) {
    // Printed under the QR code: the ticket's reference, not its id (issue 33).
    secrets[ticketSecretKey(i + 1)] = await ticketDisplayRefOf(id);
    secrets[ticketQrSecretKey(i + 1)] = await signTicketCode(services, id, show.gigId, tx);
    secrets[ticketPageSecretKey(i + 1)] = ticketPageUrl(services, id);
  }
  const details = orderDetails(show, order);
  const { email, invite } = await ticketMessageOf(show, ticketIds.length, details, services.wallets ? isWalletConfigured(services.wallets) : false);
  return services.mailer.send(
    {
      to: show.holderEmail,
      kind: 'ticket',
      ...email,
      secrets,
      attachments: [
        ...ticketIds.map((_, i) => ({
          filename: several ? `ticket-${i + 1}-qr.png` : 'ticket-qr.png',
          contentType: 'image/png',
          contentId: ticketQrContentId(i + 1),
          qrOfSecret: ticketQrSecretKey(i + 1),
        })),
        { ...invite },
      ],
    },
    tx,
  );
}

/**
 * The ticket e-mail's body and its calendar entry are the same for every order of a show with as
 * many tickets (the tickets themselves are secrets, filled in at delivery): rendered once and kept
 * a few minutes, so a show's sale renders a handful of e-mails rather than one per order (the
 * rendering took more CPU than the rest of the paid event).
 */
const rendered = new LRUCache<string, Promise<{ email: RenderedEmail; invite: MailAttachment }>>({ max: 500, ttl: 10 * 60_000 });

function ticketMessageOf(show: ShowOfTickets, ticketCount: number, details: TicketOrderDetails | null, hasWallet: boolean) {
  const isTestMode = show.provider === 'sandbox';
  const key = JSON.stringify([show.gigId, show.showName, show.venueName, show.location, show.localDate, show.startTime, show.endTime, show.timeZone, show.startsAt.getTime(), ticketCount, isTestMode, details, hasWallet]);
  let message = rendered.get(key);
  if (!message) {
    message = renderTicketMessage(show, ticketCount, isTestMode, details, hasWallet);
    rendered.set(key, message);
    message.catch(() => rendered.delete(key));
  }
  return message;
}

async function renderTicketMessage(show: ShowOfTickets, ticketCount: number, isTestMode: boolean, order: TicketOrderDetails | null, hasWallet: boolean) {
  const when = `${formatLocalDate(show.localDate)}, ${formatTimeRange(show.localDate, show.startTime, show.endTime, show.timeZone)}`;
  const email = await ticketEmail({ bandName: show.showName, venueName: show.venueName, when, ticketCount, isTestMode, order, hasWallet });
  const invite = textAttachment(
    'show.ics',
    'text/calendar; charset=utf-8; method=PUBLISH',
    showInvite(show, ticketCount > 1 ? 'Your tickets are in the e-mail this came with: show their QR codes at the door.' : 'Your ticket is in the e-mail this came with: show its QR code at the door.'),
  );
  return { email, invite };
}

/**
 * Issue 34 (item 9): what the order e-mail says of its order: its number (as the door and the
 * public API show it: the last 8 characters of the provider's checkout id), what was paid, and
 * each ticket's type, in the order of the tickets e-mailed.
 */
export type OrderOfTickets = { orderNumber: string | null; faceCents: number; feeCents: number; totalCents: number; ticketTypes: (string | null)[] };

/** Order number as the door shows it (get-admission-list's ORDER_REF). */
export const orderNumberOf = (providerSessionId: string | null) => (providerSessionId ? providerSessionId.slice(-8).toUpperCase() : null);

async function findOrderOfTickets(db: DbOrTx, ticketIds: readonly string[]): Promise<OrderOfTickets | undefined> {
  const rows = await db
    .select({ id: tickets.id, type: ticketTypes.name, session: orders.providerSessionId, face: orders.faceCents, fee: orders.feeCents, total: orders.totalCents, ticketFace: tickets.faceCents, ticketFee: tickets.feeCents })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .leftJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
    .where(inArray(tickets.id, [...ticketIds]))
    .orderBy(sql`array_position(${sql.param([...ticketIds])}::text[], ${tickets.id})`);
  const first = rows[0];
  if (!first) return undefined;
  // A resend of some of an order's tickets names what those tickets cost.
  const whole = rows.length === ticketIds.length && ticketIds.length > 0;
  const sum = (key: 'ticketFace' | 'ticketFee') => rows.reduce((total, r) => total + r[key], 0);
  const [face, fee] = whole && rows.length === ticketIds.length ? [sum('ticketFace'), sum('ticketFee')] : [first.face, first.fee];
  return { orderNumber: orderNumberOf(first.session), faceCents: face, feeCents: fee, totalCents: face + fee, ticketTypes: rows.map((r) => r.type) };
}

function orderDetails(show: ShowOfTickets & { venueAddress?: string | null }, order: OrderOfTickets | undefined): TicketOrderDetails | null {
  if (!order) return null;
  const address = show.venueAddress ?? (show.location.startsWith(`${show.venueName}, `) ? show.location.slice(show.venueName.length + 2) : null);
  return {
    orderNumber: order.orderNumber,
    face: formatCents(order.faceCents),
    fee: formatCents(order.feeCents),
    total: formatCents(order.totalCents),
    venueAddress: address || null,
    mapUrl: `https://www.openstreetmap.org/search?query=${encodeURIComponent(show.location)}`,
    doors: formatClock(show.startTime),
    ticketTypes: order.ticketTypes,
  };
}
