import { and, eq } from 'drizzle-orm';
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
  // The gig's door details come with the ticket (every gig has its venue), so a valid scan is two statements.
  const [ticket] = await db
    .select({
      venueId: gigs.venueId,
      promoterId: gigs.promoterId,
      bandId: gigs.bandId,
      gig: { id: gigs.id, localDate: gigs.localDate, startTime: gigs.startTime, venueName: venueProfiles.name },
    })
    .from(tickets)
    .innerJoin(gigs, eq(gigs.id, tickets.gigId))
    .innerJoin(venueProfiles, eq(venueProfiles.userId, gigs.venueId))
    .where(eq(tickets.id, ticketId));
  if (!ticket) return { isValid: false, reason: 'unknown' };
  const isParty =
    scanner.role === 'admin' ||
    (scanner.role === 'venue' && ticket.venueId === scanner.id) ||
    (scanner.role === 'promoter' && ticket.promoterId === scanner.id) ||
    (scanner.role === 'band' && ticket.bandId === scanner.id);
  if (!isParty) return { isValid: false, reason: 'other_gig' };

  const [admitted] = await db
    .update(tickets)
    .set({ status: 'used', usedAt: now, usedBy: scanner.id })
    .where(and(eq(tickets.id, ticketId), eq(tickets.status, 'valid')))
    .returning({ holderEmail: tickets.holderEmail });
  if (!admitted) {
    const [after] = await db.select({ status: tickets.status, usedAt: tickets.usedAt }).from(tickets).where(eq(tickets.id, ticketId));
    if (after?.status === 'refunded') return { isValid: false, reason: 'refunded' };
    return { isValid: false, reason: 'already_used', usedAt: after?.usedAt?.toISOString() };
  }
  return { isValid: true, ticketId, holderEmail: admitted.holderEmail, admittedAt: now.toISOString(), gig: ticket.gig };
}
