import { and, eq, sql, type SQL } from 'drizzle-orm';
import { TRANSFER_MESSAGES, ticketPassOnSchema, ticketTransferSchema, transferDoneMessage, type TicketTransferResult } from '../../../core/schemas/ticket-transfers.ts';
import { formatLocalDate, formatTimeRange } from '../../../core/time.ts';
import { ticketDisplayRefOf } from '../../../core/door-codes.ts';
import type { Tx } from '../../db/client.ts';
import { auditLog, gigs, orders, refundRequests, regions, tickets, waitlistReturns } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { limitHits } from '../../http/rate-limit.ts';
import type { SessionUser } from '../../http/session.ts';
import { parseInput } from '../../http/validate.ts';
import { textAttachment } from '../../mail/attachments.ts';
import { TICKET_QR_CONTENT_ID, ticketPageSecretKey, ticketQrSecretKey, ticketSecretKey } from '../../mail/emails/ticket.ts';
import { signTicketCode } from '../door/door-keys.ts';
import { ticketPassedOnEmail } from '../../mail/emails/ticket-passed-on.ts';
import { ticketReceivedEmail } from '../../mail/emails/ticket-received.ts';
import type { Services } from '../../services.ts';
import { findTicketShow } from './find-ticket-show.ts';
import { newTicketId } from './fulfil-paid-order.ts';
import { showInvite } from './show-invite.ts';
import { refreshWalletPasses } from './wallet-pass-updates.ts';
import { ticketCalendarUrl, ticketIdOfLink, ticketPageUrl } from './ticket-links.ts';

/**
 * Who passes the ticket on (decision 48): a signed-in account whose dashboard lists the ticket
 * (its own address, confirmed, or a ticket it bought itself while signed in: D32), or whoever
 * has the ticket's own page, by the signed token of its link (decision 46). Never the bare
 * ticket id (issue 33): it is in the QR code and door staff see it.
 */
export type TransferActor = { kind: 'account'; user: SessionUser } | { kind: 'link'; token: string };

/** A ticket is passed on at most this often a day (its seat: order and place, whoever holds it). */
export const TRANSFERS_PER_TICKET_PER_DAY = 5;
/** One account, or one client address, passes on at most this many tickets an hour. */
export const TRANSFERS_PER_CLIENT_PER_HOUR = 20;

type TransferServices = Pick<Services, 'db' | 'mailer' | 'env' | 'ticketLinkKey' | 'doorKeySecret' | 'isRateLimitEnabled'>;

/**
 * Passes a ticket to another e-mail address (issue 23, decision 48). In one transaction: one
 * conditional update turns the ticket from valid to transferred, only while the gig allows
 * transfers and has not passed and only to another address (and, for an account, only a ticket
 * it holds); a new ticket takes its place (a fresh code, same order, place, type and money);
 * the audit log records it; the new holder gets the ticket by e-mail and the previous holder is
 * told. The door's admission is the same kind of update on the same row, so of a transfer and a
 * scan racing exactly one takes effect, and of any number of transfers of one ticket one wins.
 * The answer never holds the new code: on the public route, the caller is the old code's holder.
 */
export async function transferTicket(services: TransferServices, actor: TransferActor, rawInput: unknown, { ipAddress = null, now = new Date() }: { ipAddress?: string | null; now?: Date } = {}): Promise<TicketTransferResult> {
  const { ticketId, toEmail } = actor.kind === 'account' ? parseInput(ticketTransferSchema, rawInput) : { ...parseInput(ticketPassOnSchema, rawInput), ticketId: ticketIdOfLink(services, actor.token) };
  const { db } = services;
  await limitTransfers(services, actor, ticketId, ipAddress);

  const isHeldByActor = actor.kind === 'account' ? heldBy(actor.user) : sql`true`;
  const isToday = sql`${gigs.localDate} >= (${now.toISOString()}::timestamptz at time zone ${regions.timeZone})::date`;
  // A refund the holder asked for is answered first (decision 46): the organiser would otherwise decide on a ticket that is gone.
  const hasOpenRefundRequest = sql`exists (select 1 from ${refundRequests} where ${refundRequests.ticketId} = ${tickets.id} and ${refundRequests.status} = 'open')`;
  // A ticket offered to the waitlist (decision 50) is kept first (issue 33): someone there may be paying for it now.
  const isListedForWaitlist = sql`exists (select 1 from ${waitlistReturns} where ${waitlistReturns.ticketId} = ${tickets.id} and ${waitlistReturns.status} = 'listed')`;
  return db.transaction(async (tx) => {
    // The row is locked first, and the conditions below are read after (issue 33): a refund request
    // made at this moment either commits before (and this transfer sees it) or waits for this one.
    await tx.select({ id: tickets.id }).from(tickets).where(eq(tickets.id, ticketId)).for('update');
    // eslint-disable-next-line drizzle/enforce-update-with-where -- the where comes after the from and join, where the rule does not look
    const [old] = await tx
      .update(tickets)
      .set({ status: 'transferred' })
      .from(gigs)
      .innerJoin(regions, eq(regions.slug, gigs.regionSlug))
      .where(
        and(
          eq(tickets.id, ticketId),
          eq(tickets.status, 'valid'),
          eq(gigs.id, tickets.gigId),
          eq(gigs.isTransferAllowed, true),
          isToday,
          sql`lower(${tickets.holderEmail}) <> ${toEmail}`,
          isHeldByActor,
          sql`not ${hasOpenRefundRequest}`,
          sql`not ${isListedForWaitlist}`,
        ),
      )
      .returning({
        id: tickets.id,
        orderId: tickets.orderId,
        gigId: tickets.gigId,
        ticketTypeId: tickets.ticketTypeId,
        holderEmail: tickets.holderEmail,
        position: tickets.position,
        faceCents: tickets.faceCents,
        feeCents: tickets.feeCents,
        bandShareCents: tickets.bandShareCents,
        organiserShareCents: tickets.organiserShareCents,
        platformShareCents: tickets.platformShareCents,
      });
    if (!old) throw await whyRefused(tx, ticketId, toEmail, { isHeldByActor, isToday, hasOpenRefundRequest, isListedForWaitlist });

    // The new ticket takes the old one's place in the order, with its type and its part of the money.
    const newId = newTicketId();
    await tx.insert(tickets).values({ ...old, id: newId, holderEmail: toEmail, transferredFromId: old.id, createdAt: now });
    // Admins read the audit log: it names the order and the place, never a ticket's code.
    await tx.insert(auditLog).values({
      actorId: actor.kind === 'account' ? actor.user.id : null,
      action: 'ticket.transferred',
      targetId: old.orderId,
      details: { position: old.position, fromEmail: old.holderEmail, toEmail, via: actor.kind === 'account' ? 'dashboard' : 'ticket_page' },
    });
    await refreshWalletPasses(tx, old.id); // issue 34: the old holder's saved wallet passes show it void
    await sendTransferEmails(tx, services, { newTicketId: newId, fromEmail: old.holderEmail });
    return { toEmail, message: transferDoneMessage(toEmail) };
  });
}

/** The tickets an account holds as its dashboard lists them (listMyTickets): its own address, confirmed, or bought by it signed in. */
function heldBy(user: SessionUser) {
  const isOwnAddress = sql`lower(${tickets.holderEmail}) = ${user.email.toLowerCase()}`;
  if (user.emailVerified) return isOwnAddress;
  return sql`${isOwnAddress} and exists (select 1 from ${orders} where ${orders.id} = ${tickets.orderId} and ${orders.buyerUserId} = ${user.id})`;
}

/**
 * Counted before anything is read or changed, refused or not: per ticket (its order and place,
 * so passing it back and forth counts too) and per account or client address.
 */
async function limitTransfers(services: TransferServices, actor: TransferActor, ticketId: string, ipAddress: string | null) {
  if (!services.isRateLimitEnabled) return;
  const client = actor.kind === 'account' ? `user:${actor.user.id}` : `ip:${ipAddress ?? 'unknown'}`;
  await limitHits(services, `ticket-transfer:${client}`, { windowMs: 60 * 60_000, max: TRANSFERS_PER_CLIENT_PER_HOUR, message: TRANSFER_MESSAGES.tooManyFromHere });
  const [seat] = await services.db.select({ orderId: tickets.orderId, position: tickets.position }).from(tickets).where(eq(tickets.id, ticketId));
  if (seat) {
    await limitHits(services, `ticket-transfer:seat:${seat.orderId}:${seat.position}`, { windowMs: 24 * 60 * 60_000, max: TRANSFERS_PER_TICKET_PER_DAY, message: TRANSFER_MESSAGES.tooManyForTicket });
  }
}

/** Why the conditional update changed nothing, read from the ticket as it is now. */
async function whyRefused(tx: Tx, ticketId: string, toEmail: string, { isHeldByActor, isToday, hasOpenRefundRequest, isListedForWaitlist }: Record<'isHeldByActor' | 'isToday' | 'hasOpenRefundRequest' | 'isListedForWaitlist', SQL>): Promise<AppError> {
  const [ticket] = await tx
    .select({
      status: tickets.status,
      isOwnAddress: sql<boolean>`lower(${tickets.holderEmail}) = ${toEmail}`,
      isHeld: sql<boolean>`${isHeldByActor}`,
      isToday: sql<boolean>`${isToday}`,
      hasOpenRefundRequest: sql<boolean>`${hasOpenRefundRequest}`,
      isListedForWaitlist: sql<boolean>`${isListedForWaitlist}`,
      isTransferAllowed: gigs.isTransferAllowed,
    })
    .from(tickets)
    .innerJoin(gigs, eq(gigs.id, tickets.gigId))
    .innerJoin(regions, eq(regions.slug, gigs.regionSlug))
    .where(eq(tickets.id, ticketId));
  // Another account's ticket is "not found", like a ticket that does not exist: ids reveal nothing.
  if (!ticket || !ticket.isHeld) return new AppError('NOT_FOUND', TRANSFER_MESSAGES.notFound);
  if (ticket.status === 'used') return new AppError('CONFLICT', TRANSFER_MESSAGES.checkedIn);
  if (ticket.status === 'refunded') return new AppError('CONFLICT', TRANSFER_MESSAGES.refunded);
  if (ticket.status === 'transferred') return new AppError('CONFLICT', TRANSFER_MESSAGES.alreadyTransferred);
  if (!ticket.isToday) return new AppError('CONFLICT', TRANSFER_MESSAGES.pastGig);
  if (!ticket.isTransferAllowed) return new AppError('CONFLICT', TRANSFER_MESSAGES.switchedOff);
  if (ticket.hasOpenRefundRequest) return new AppError('CONFLICT', TRANSFER_MESSAGES.refundRequested);
  if (ticket.isListedForWaitlist) return new AppError('CONFLICT', TRANSFER_MESSAGES.returnListed);
  if (ticket.isOwnAddress) return new AppError('VALIDATION', TRANSFER_MESSAGES.ownAddress, { toEmail: TRANSFER_MESSAGES.ownAddress });
  return new AppError('CONFLICT', 'This ticket changed while you were passing it on. Please try again.');
}

/** The new holder's ticket (its code, page and calendar links secrets of the message, its QR code drawn at delivery) and the previous holder's notice, in the transfer's transaction. */
async function sendTransferEmails(tx: Tx, services: TransferServices, { newTicketId, fromEmail }: { newTicketId: string; fromEmail: string }) {
  const show = (await findTicketShow(tx, newTicketId))!;
  const when = `${formatLocalDate(show.localDate)}, ${formatTimeRange(show.localDate, show.startTime, show.endTime, show.timeZone)}`;
  const about = { bandName: show.showName, venueName: show.venueName, when };
  await services.mailer.send(
    {
      to: show.holderEmail,
      kind: 'ticket',
      ...(await ticketReceivedEmail({ ...about, fromEmail, typeName: show.typeName, isTestMode: show.provider === 'sandbox' })),
      secrets: {
        [ticketSecretKey(1)]: await ticketDisplayRefOf(newTicketId),
        [ticketQrSecretKey(1)]: await signTicketCode(services, newTicketId, show.gigId, tx),
        [ticketPageSecretKey(1)]: ticketPageUrl(services, newTicketId),
        calendar: ticketCalendarUrl(services, newTicketId),
      },
      attachments: [
        { filename: 'ticket-qr.png', contentType: 'image/png', contentId: TICKET_QR_CONTENT_ID, qrOfSecret: ticketQrSecretKey(1) },
        textAttachment('show.ics', 'text/calendar; charset=utf-8; method=PUBLISH', showInvite(show, 'Your ticket is in the e-mail this came with: show its QR code at the door.')),
      ],
    },
    tx,
  );
  await services.mailer.send({ to: fromEmail, kind: 'ticket_passed_on', ...(await ticketPassedOnEmail({ ...about, toEmail: show.holderEmail, supportEmail: services.env.SUPPORT_EMAIL })) }, tx);
}
