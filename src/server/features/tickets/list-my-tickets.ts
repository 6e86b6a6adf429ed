import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { ticketDisplayRefOf } from '../../../core/door-codes.ts';
import type { Services } from '../../services.ts';
import { showName } from '../../db/gig-show.ts';
import { bandProfiles, gigs, managedArtists, orders, regions, tickets, venueProfiles, waitlistReturns } from '../../db/schema.ts';
import type { SessionUser } from '../../http/session.ts';
import { CONFIRM_TO_SEE_TICKETS } from '../accounts/email-verification.ts';
import { ticketPagePath } from './ticket-links.ts';
import { listCantGoOptions } from './list-cant-go-options.ts';
import { ticketQrSvg } from './ticket-qr.ts';

/**
 * Every ticket bought with the signed-in account's e-mail (spec 1, issue 9), newest show first,
 * each with its QR code. Guest purchases count: the e-mail is the link (D14), once the account
 * has proved the address is its own (D32); until then only what it bought signed in is listed,
 * and `notice` says why the rest is not. Each links to its own page (decision 46).
 */
export async function listMyTickets(services: Pick<Services, 'db' | 'ticketLinkKey' | 'doorKeySecret'>, user: SessionUser) {
  const { db, ticketLinkKey } = services;
  const isHolder = eq(sql`lower(${tickets.holderEmail})`, user.email.toLowerCase());
  const rows = await db
    .select({
      id: tickets.id,
      gigId: tickets.gigId,
      status: tickets.status,
      orderId: tickets.orderId,
      position: tickets.position,
      quantity: orders.quantity,
      usedAt: tickets.usedAt,
      faceCents: tickets.faceCents,
      localDate: gigs.localDate,
      startTime: gigs.startTime,
      endTime: gigs.endTime,
      timeZone: regions.timeZone,
      venueName: venueProfiles.name,
      bandName: showName,
      /** Decision 50: offered back through the waitlist (listed), bought from it (sold), or taken back. */
      returnStatus: waitlistReturns.status,
      /** Still ahead, and not cancelled (decision 49): a ticket that may be returned to the waitlist. */
      isUpcoming: sql<boolean>`${gigs.localDate} >= (now() at time zone ${regions.timeZone})::date and ${gigs.cancelledAt} is null`,
      // Decision 48: whether 'Pass to a friend' applies (the transfer itself decides again).
      isTransferAllowed: gigs.isTransferAllowed,
      isPast: sql<boolean>`${gigs.localDate} < (now() at time zone ${regions.timeZone})::date`,
    })
    .from(tickets)
    .innerJoin(gigs, eq(gigs.id, tickets.gigId))
    .innerJoin(regions, eq(regions.slug, gigs.regionSlug))
    .innerJoin(venueProfiles, eq(venueProfiles.userId, gigs.venueId))
    .leftJoin(bandProfiles, eq(bandProfiles.userId, gigs.bandId))
    .leftJoin(managedArtists, eq(managedArtists.id, gigs.managedArtistId))
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .leftJoin(waitlistReturns, eq(waitlistReturns.ticketId, tickets.id))
    .where(and(ne(tickets.status, 'transferred'), user.emailVerified ? isHolder : and(isHolder, eq(orders.buyerUserId, user.id))))
    .orderBy(desc(gigs.localDate), desc(tickets.createdAt), asc(tickets.position))
    .limit(100);
  const exits = await listCantGoOptions(db, rows.map((row) => row.id));
  return {
    // Issue 34: each with its ticket type and its one 'Can't go?' panel.
    tickets: await Promise.all(rows.map(async (row) => ({ ...row, ...exits.get(row.id)!, reference: await ticketDisplayRefOf(row.id), pagePath: ticketPagePath({ ticketLinkKey }, row.id), qrSvg: await ticketQrSvg(services, row.id, row.gigId) }))),
    isEmailVerified: user.emailVerified,
    notice: user.emailVerified ? null : CONFIRM_TO_SEE_TICKETS,
  };
}
