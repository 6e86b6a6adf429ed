import { and, eq } from 'drizzle-orm';
import { isUuid } from '../../../core/ids.ts';
import { declineRefundRequestSchema } from '../../../core/schemas/ticket-page.ts';
import { REFUND_DECISIONS_PER_HOUR, REFUND_REQUEST_ALREADY_ANSWERED, REFUND_REQUEST_TRANSFERRED_TICKET, REFUND_REQUEST_USED_TICKET } from '../../../core/ticket-page.ts';
import { formatLocalDate, formatTimeRange } from '../../../core/time.ts';
import { formatCents } from '../../../core/money.ts';
import { auditLog, gigs, orders, refundRequests, tickets } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { limitHits } from '../../http/rate-limit.ts';
import type { SessionUser } from '../../http/session.ts';
import { parseInput } from '../../http/validate.ts';
import { QUEUES } from '../../jobs/job-queue.ts';
import { refundRequestOutcomeEmail } from '../../mail/emails/refund-request-outcome.ts';
import type { Services } from '../../services.ts';
import { refundTicket } from '../payouts/refund-ticket.ts';
import { findTicketShow } from './find-ticket-show.ts';
import { organisedBy } from './list-refund-requests.ts';
import { REFUND_ON_REQUEST_PREFIX } from '../../../core/refund-recipient.ts';
import { refundPreview } from './refund-preview.ts';
import { ticketPageUrl } from './ticket-links.ts';

const NOT_FOUND = 'That refund request was not found.';

type DecisionServices = Pick<Services, 'db' | 'mailer' | 'jobs' | 'env' | 'ticketLinkKey' | 'isRateLimitEnabled'>;

/**
 * The organiser of the gig (or an admin) answers a refund request (decision 46). Approving runs
 * the admin's refund path (`refundTicket`: the ticket is refunded, the door refuses it, its seat
 * is back on sale, the shares are taken back by the refund job) in the same transaction as the
 * answer; declining needs a short reason. The request row is locked, so of two answers at once one
 * wins and the other hears it was answered. A ticket checked in since the request is not
 * refunded here (an admin can, confirming it). The holder is e-mailed the outcome (an approval's
 * e-mail is the refund's only one, issue 34), and the decision is in the audit log. Someone else's request answers 'not found'.
 */
export async function decideRefundRequest(services: DecisionServices, user: SessionUser, requestId: string, decision: { action: 'approve' } | { action: 'decline'; input: unknown }) {
  if (!isUuid(requestId)) throw new AppError('NOT_FOUND', NOT_FOUND);
  const declineReason = decision.action === 'decline' ? parseInput(declineRefundRequestSchema, decision.input).reason : null;
  await limitHits(services, `refund-decisions:${user.id}`, { windowMs: 60 * 60_000, max: REFUND_DECISIONS_PER_HOUR, message: `You can answer ${REFUND_DECISIONS_PER_HOUR} refund requests an hour. Please try again later.` });
  const outcome = await services.db.transaction(async (tx) => {
    const [request] = await tx
      .select({
        id: refundRequests.id,
        status: refundRequests.status,
        reason: refundRequests.reason,
        ticketId: tickets.id,
        orderId: tickets.orderId,
        ticketStatus: tickets.status,
        faceCents: tickets.faceCents,
        feeCents: tickets.feeCents,
        transferredFromId: tickets.transferredFromId,
        holderEmail: tickets.holderEmail,
        buyerEmail: orders.buyerEmail,
      })
      .from(refundRequests)
      .innerJoin(tickets, eq(tickets.id, refundRequests.ticketId))
      .innerJoin(orders, eq(orders.id, tickets.orderId))
      .innerJoin(gigs, eq(gigs.id, tickets.gigId))
      .where(and(eq(refundRequests.id, requestId), organisedBy(user)))
      .for('update', { of: refundRequests });
    if (!request) throw new AppError('NOT_FOUND', NOT_FOUND);
    if (request.status !== 'open') throw new AppError('CONFLICT', REFUND_REQUEST_ALREADY_ANSWERED);
    const isApproved = decision.action === 'approve';
    if (isApproved && request.ticketStatus === 'used') throw new AppError('CONFLICT', REFUND_REQUEST_USED_TICKET);
    // Approving must refund something (issue 33): a ticket passed on is its new holder's, so its old request can only be declined.
    if (isApproved && request.ticketStatus === 'transferred') throw new AppError('CONFLICT', REFUND_REQUEST_TRANSFERRED_TICKET);
    await tx
      .update(refundRequests)
      .set({ status: isApproved ? 'approved' : 'declined', declineReason, decidedBy: user.id, decidedAt: new Date() })
      .where(and(eq(refundRequests.id, request.id), eq(refundRequests.status, 'open')));
    // Today's refund path, for this ticket alone (issue 23: per ticket). A ticket an admin refunded
    // meanwhile is not refunded twice: the request just closes, and the holder hears it was approved.
    const refund = isApproved && request.ticketStatus === 'valid' ? await refundTicket(tx, { ticketId: request.ticketId, reason: `${REFUND_ON_REQUEST_PREFIX}${request.reason}`, actorId: user.id, action: 'ticket.refunded_on_request' }) : null;
    await tx.insert(auditLog).values({ actorId: user.id, action: isApproved ? 'refund_request.approved' : 'refund_request.declined', targetId: request.id, details: declineReason ? { reason: declineReason } : {} });
    // Issue 34: one refund, one e-mail. An approval that refunds is that e-mail (the refund job sends
    // none for it): the show, the amount and whose card, as the organiser's confirmation showed. A
    // ticket an admin refunded meanwhile already had its e-mail, so closing its request sends none.
    const preview = refundPreview(request);
    if (!isApproved || refund) {
      const show = (await findTicketShow(tx, request.ticketId))!;
      const when = `${formatLocalDate(show.localDate)}, ${formatTimeRange(show.localDate, show.startTime, show.endTime, show.timeZone)}`;
      const outcome = isApproved ? { isApproved: true as const, amount: formatCents(refund!.amountCents), goesTo: preview.goesTo } : { isApproved: false as const, reason: declineReason! };
      await services.mailer.send(
        {
          to: show.holderEmail,
          kind: 'refund_request_outcome',
          ...(await refundRequestOutcomeEmail({ bandName: show.showName, venueName: show.venueName, when, ...outcome })),
          secrets: { ticketPage: ticketPageUrl(services, request.ticketId) },
        },
        tx,
      );
    }
    return { status: isApproved ? ('approved' as const) : ('declined' as const), refund: refund && { ...refund, goesTo: preview.goesTo } };
  });
  if (outcome.refund) await services.jobs?.send(QUEUES.processRefunds);
  return outcome;
}
