import { desc, eq } from 'drizzle-orm';
import { mapUrl, TICKET_LINK_NOT_FOUND } from '../../../core/ticket-page.ts';
import { todayIn } from '../../../core/time.ts';
import { ticketDisplayRefOf } from '../../../core/door-codes.ts';
import { refundRequests } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { Services } from '../../services.ts';
import { findTicketShow, type TicketShow } from './find-ticket-show.ts';
import { ticketApiPath, ticketIdOfLink } from './ticket-links.ts';
import { ticketQrSvg } from './ticket-qr.ts';
import { findTicketReturn } from '../waitlist/return-ticket.ts';
import { listCantGoOptions } from './list-cant-go-options.ts';

type PageServices = Pick<Services, 'db' | 'ticketLinkKey' | 'wallets' | 'doorKeySecret'>;

/** The ticket a page token names, with its show; a token this server did not sign is 'not found', like a ticket that is gone. */
export async function ticketFromToken({ db, ticketLinkKey }: Pick<Services, 'db' | 'ticketLinkKey'>, token: string): Promise<TicketShow> {
  const show = await findTicketShow(db, ticketIdOfLink({ ticketLinkKey }, token));
  if (!show) throw new AppError('NOT_FOUND', TICKET_LINK_NOT_FOUND);
  return show;
}

/** The holder's latest refund request, if any: open, or how the organiser answered. */
async function latestRefundRequest(db: PageServices['db'], ticketId: string) {
  const [request] = await db
    .select({ status: refundRequests.status, createdAt: refundRequests.createdAt, decidedAt: refundRequests.decidedAt, declineReason: refundRequests.declineReason })
    .from(refundRequests)
    .where(eq(refundRequests.ticketId, ticketId))
    .orderBy(desc(refundRequests.createdAt))
    .limit(1);
  return request ?? null;
}

/**
 * What a ticket's own page shows (issue 23, decision 46), to whoever holds its signed link, no
 * account needed: the show, the holder, the ticket's state and, only while it admits, its QR
 * code; the calendar entry, the wallet passes this server is set up for, and the refund request.
 */
export async function getTicketPage(services: PageServices, token: string) {
  const show = await ticketFromToken(services, token);
  const isValid = show.status === 'valid';
  const api = ticketApiPath(services, show.ticketId);
  const refundRequest = await latestRefundRequest(services.db, show.ticketId);
  // Decision 50: 'Return this ticket' to the show's waitlist, from its own link.
  const waitlistReturn = await findTicketReturn(services.db, show.ticketId);
  const { typeName, cantGo } = (await listCantGoOptions(services.db, [show.ticketId])).get(show.ticketId)!;
  return {
    ticket: {
      status: show.status,
      usedAt: show.usedAt,
      holderEmail: show.holderEmail,
      /** Issue 34: the ticket type bought ('VIP', 'Early bird'); null for a gig with one simple price. */
      typeName,
      // A ticket that no longer admits shows no code at all. `reference` is what is printed under the
      // QR code and what door staff type when it will not scan (issue 33): not the id, which admits
      // online; the QR code carries the signed code, which checks offline too.
      reference: isValid ? await ticketDisplayRefOf(show.ticketId) : null,
      qrSvg: isValid ? await ticketQrSvg(services, show.ticketId, show.gigId) : null,
    },
    show: {
      bandName: show.showName,
      venueName: show.venueName,
      venueAddress: show.venueAddress,
      mapUrl: mapUrl(show.venueName, show.venueAddress),
      localDate: show.localDate,
      startTime: show.startTime,
      endTime: show.endTime,
      timeZone: show.timeZone,
    },
    isTestMode: show.provider === 'sandbox',
    // Issue 34: a ticket refunded or passed on is no show to go to, so it offers no calendar entry.
    calendarPath: show.status === 'refunded' || show.status === 'transferred' ? null : `${api}/calendar.ics`,
    wallets: {
      applePath: isValid && services.wallets.apple ? `${api}/apple-wallet.pkpass` : null,
      googlePath: isValid && services.wallets.google ? `${api}/google-wallet` : null,
    },
    refundRequest,
    canRequestRefund: isValid && refundRequest?.status !== 'open',
    waitlistReturn,
    /** Issue 34: the one 'Can't go?' panel: the ways out that exist now, with their money outcome, and why not the others. */
    cantGo,
    // Decision 48: whether 'Pass it to a friend' applies now (the transfer itself decides again).
    transfer: !isValid
      ? null
      : !show.isTransferAllowed
        ? ('switched_off' as const)
        : show.localDate < todayIn(show.timeZone)
          ? ('past' as const)
          : refundRequest?.status === 'open'
            ? ('refund_requested' as const)
            : waitlistReturn.returnStatus === 'listed'
              ? ('return_listed' as const)
              : ('allowed' as const),
  };
}

export type TicketPage = Awaited<ReturnType<typeof getTicketPage>>;
