import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { gigs, tickets, venueProfiles } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/session.ts';
import { readTicketCode } from '../../../core/ticket-codes.ts';

const SCANNER_ROLES = ['venue', 'promoter', 'band', 'admin'] as const;

export type Admission =
  | { isValid: true; ticketId: string; holderEmail: string; admittedAt: string; gig: { id: string; localDate: string; startTime: string; venueName: string } }
  | { isValid: false; reason: 'unknown' | 'already_used' | 'other_gig' | 'refunded'; usedAt?: string };

/**
 * The door (D15): venue, promoter and band accounts admit tickets for gigs they are party to,
 * admins any. Admission is one conditional update (valid → used), so of any number of
 * simultaneous scans of a ticket exactly one succeeds; the rest learn it was used, and when.
 */
export async function admitTicket(db: Db, scanner: SessionUser, code: string, now = new Date()): Promise<Admission> {
  if (!(SCANNER_ROLES as readonly string[]).includes(scanner.role)) throw new AppError('FORBIDDEN', 'Only venues, promoters, bands and admins scan tickets.');
  const ticketId = readTicketCode(code);
  if (!ticketId) return { isValid: false, reason: 'unknown' };
  // A valid scan is one statement: the ticket turns from valid to used only if the scanner is
  // party to its gig, and the gig's door details come back with it.
  const isParty =
    scanner.role === 'admin'
      ? sql`true`
      : scanner.role === 'venue'
        ? eq(gigs.venueId, scanner.id)
        : scanner.role === 'promoter'
          ? eq(gigs.promoterId, scanner.id)
          : eq(gigs.bandId, scanner.id);
  // eslint-disable-next-line drizzle/enforce-update-with-where -- the where comes after the from and join, where the rule does not look
  const [admitted] = await db
    .update(tickets)
    .set({ status: 'used', usedAt: now, usedBy: scanner.id })
    .from(gigs)
    .innerJoin(venueProfiles, eq(venueProfiles.userId, gigs.venueId))
    .where(and(eq(tickets.id, ticketId), eq(tickets.status, 'valid'), eq(gigs.id, tickets.gigId), isParty))
    .returning({ holderEmail: tickets.holderEmail, gigId: gigs.id, localDate: gigs.localDate, startTime: gigs.startTime, venueName: venueProfiles.name });
  if (!admitted) {
    // Refused: say why, from the ticket as it is now.
    const [ticket] = await db
      .select({ status: tickets.status, usedAt: tickets.usedAt, isParty: sql<boolean>`${isParty}` })
      .from(tickets)
      .innerJoin(gigs, eq(gigs.id, tickets.gigId))
      .where(eq(tickets.id, ticketId));
    if (!ticket) return { isValid: false, reason: 'unknown' };
    if (!ticket.isParty) return { isValid: false, reason: 'other_gig' };
    if (ticket.status === 'refunded') return { isValid: false, reason: 'refunded' };
    return { isValid: false, reason: 'already_used', usedAt: ticket.usedAt?.toISOString() };
  }
  const gig = { id: admitted.gigId, localDate: admitted.localDate, startTime: admitted.startTime, venueName: admitted.venueName };
  return { isValid: true, ticketId, holderEmail: admitted.holderEmail, admittedAt: now.toISOString(), gig };
}
