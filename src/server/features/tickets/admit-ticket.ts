import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { oncePerDatabase } from '../../db/once-per-database.ts';
import { gigs, tickets, venueProfiles } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/session.ts';
import { readDoorCode } from '../door/read-door-code.ts';
import { emitWebhookEvent, isHeardSql } from '../webhooks/emit-webhook-event.ts';

const SCANNER_ROLES = ['venue', 'promoter', 'band', 'admin'] as const;

export type Admission =
  | { isValid: true; ticketId: string; holderEmail: string; admittedAt: string; gig: { id: string; localDate: string; startTime: string; venueName: string } }
  | { isValid: false; reason: 'unknown' | 'already_used' | 'other_gig' | 'refunded' | 'transferred'; usedAt?: string };

/**
 * The door (D15): venue, promoter and band accounts admit tickets for gigs they are party to,
 * admins any. Admission is one conditional update (valid → used), so of any number of
 * simultaneous scans of a ticket exactly one succeeds; the rest learn it was used, and when.
 */
export async function admitTicket(db: Db, scanner: SessionUser, code: string, now = new Date()): Promise<Admission> {
  if (!(SCANNER_ROLES as readonly string[]).includes(scanner.role)) throw new AppError('FORBIDDEN', 'Only venues, promoters, bands and admins scan tickets.');
  // Decision 51: a signed code (what QR codes carry now) is checked first; a forged one names no ticket.
  const read = await readDoorCode(db, code);
  if (!read.isReadable) return { isValid: false, reason: 'unknown' };
  const { ticketId } = read;
  const [admitted] = await statementsFor(db).admit.execute({ ticketId, now: now.toISOString(), scannerId: scanner.id, role: scanner.role });
  if (!admitted) {
    // Refused: say why, from the ticket as it is now.
    const [ticket] = await statementsFor(db).describe.execute({ ticketId, scannerId: scanner.id, role: scanner.role });
    if (!ticket) return { isValid: false, reason: 'unknown' };
    if (!ticket.isParty) return { isValid: false, reason: 'other_gig' };
    if (ticket.status === 'refunded') return { isValid: false, reason: 'refunded' };
    if (ticket.status === 'transferred') return { isValid: false, reason: 'transferred' };
    return { isValid: false, reason: 'already_used', usedAt: ticket.usedAt?.toISOString() };
  }
  const gig = { id: admitted.gigId, localDate: admitted.localDate, startTime: admitted.startTime, venueName: admitted.venueName };
  // Issue 34: the event's statement (heavy to plan) runs only when an endpoint listens for it.
  if (admitted.isHeard) await emitWebhookEvent(db, 'ticket.checked_in', { gigId: gig.id, ticketId, data: { checkedInAt: now.toISOString() } });
  return { isValid: true, ticketId, holderEmail: admitted.holderEmail, admittedAt: now.toISOString(), gig };
}

/** Whether the scanner (placeholders scannerId, role) is party to the gig: admins to every gig. */
const isParty = sql`case ${sql.placeholder('role')}::text
  when 'admin' then true
  when 'venue' then ${gigs.venueId} = ${sql.placeholder('scannerId')}
  when 'promoter' then ${gigs.promoterId} = ${sql.placeholder('scannerId')}
  when 'band' then ${gigs.bandId} = ${sql.placeholder('scannerId')}
  else false end`;

/**
 * The door's two statements, prepared once per database (the door is the busiest writer on a show
 * night). A valid scan is one statement: the ticket turns from valid to used only if the scanner
 * is party to its gig, and the gig's door details come back with it, and whether any webhook
 * endpoint of the gig's organiser hears ticket.checked_in (issue 34: recording the event on every
 * scan, listened for or not, cost 3 ms of PostgreSQL planning a scan and cut admissions from
 * about 2,000 a second to 400).
 */
function prepareStatements(db: Db) {
  return {
    // eslint-disable-next-line drizzle/enforce-update-with-where -- the where comes after the from and join, where the rule does not look
    admit: db
      .update(tickets)
      .set({ status: 'used', usedAt: sql`${sql.placeholder('now')}::timestamptz`, usedBy: sql`${sql.placeholder('scannerId')}` })
      .from(gigs)
      .innerJoin(venueProfiles, eq(venueProfiles.userId, gigs.venueId))
      .where(and(eq(tickets.id, sql.placeholder('ticketId')), eq(tickets.status, 'valid'), eq(gigs.id, tickets.gigId), sql`${isParty}`))
      .returning({
        holderEmail: tickets.holderEmail,
        gigId: gigs.id,
        localDate: gigs.localDate,
        startTime: gigs.startTime,
        venueName: venueProfiles.name,
        isHeard: sql<boolean>`${isHeardSql(sql`coalesce(${gigs.promoterId}, ${gigs.venueId})`, 'ticket.checked_in')}`,
      })
      .prepare('marquee_admit_ticket'),
    describe: db
      .select({ status: tickets.status, usedAt: tickets.usedAt, isParty: sql<boolean>`${isParty}` })
      .from(tickets)
      .innerJoin(gigs, eq(gigs.id, tickets.gigId))
      .where(eq(tickets.id, sql.placeholder('ticketId')))
      .prepare('marquee_describe_ticket'),
  };
}
const statementsFor = oncePerDatabase(prepareStatements);
