import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { oncePerDatabase } from '../../db/once-per-database.ts';
import { prepareStatement } from '../../db/prepared-statement.ts';
import { gigs, tickets, user, venueProfiles } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { CurrentSession, SessionUser } from '../../http/session.ts';
import type { Role } from '../../../core/roles.ts';
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
  return admitted ? admission(db, ticketId, admitted, now) : refusal(db, ticketId, scanner);
}

type Admitted = { holderEmail: string; gigId: string; localDate: string; startTime: string; venueName: string; isHeard: boolean };

/** A scan that turned the ticket from valid to used: the door's answer, and ticket.checked_in if anyone listens. */
async function admission(db: Db, ticketId: string, admitted: Admitted, now: Date): Promise<Admission> {
  const gig = { id: admitted.gigId, localDate: admitted.localDate, startTime: admitted.startTime, venueName: admitted.venueName };
  // Issue 34: the event's statement (heavy to plan) runs only when an endpoint listens for it.
  if (admitted.isHeard) await emitWebhookEvent(db, 'ticket.checked_in', { gigId: gig.id, ticketId, data: { checkedInAt: now.toISOString() } });
  return { isValid: true, ticketId, holderEmail: admitted.holderEmail, admittedAt: now.toISOString(), gig };
}

/** Refused: say why, from the ticket as it is now. */
async function refusal(db: Db, ticketId: string, scanner: { id: string; role: Role }): Promise<Admission> {
  const [ticket] = await statementsFor(db).describe.execute({ ticketId, scannerId: scanner.id, role: scanner.role });
  if (!ticket) return { isValid: false, reason: 'unknown' };
  if (!ticket.isParty) return { isValid: false, reason: 'other_gig' };
  if (ticket.status === 'refunded') return { isValid: false, reason: 'refunded' };
  if (ticket.status === 'transferred') return { isValid: false, reason: 'transferred' };
  return { isValid: false, reason: 'already_used', usedAt: ticket.usedAt?.toISOString() };
}

/**
 * The door's scan as the route makes it (issue 34, item 14): who is scanning and the admission in
 * one statement. `sessionToken` is the token of a correctly signed session cookie (the signature
 * checked by the session reader); the statement finds its session, refused once expired exactly
 * as the session reader refuses it, and admits the ticket only for that session's account, under
 * the same rules as `admitTicket` (a scanning role, party to the gig, valid to used in one
 * conditional update, so one of many simultaneous scans wins). `session` is null when the token
 * names no live session (the route answers 401); `admission` is null when the account may not
 * scan (403): nothing is admitted or read then.
 */
export async function admitTicketAs(db: Db, sessionToken: string, code: string, now = new Date()): Promise<{ session: CurrentSession | null; admission: Admission | null }> {
  const read = await readDoorCode(db, code);
  // An unreadable code names no ticket: the statement then only reads the session.
  const ticketId = read.isReadable ? read.ticketId : '';
  const [row] = await statementsFor(db).admitAs.execute(db, { token: sessionToken, ticketId, now: now.toISOString() });
  if (!row) return { session: null, admission: null };
  const session: CurrentSession = {
    user: { id: row.id, email: row.email, emailVerified: row.email_verified, name: row.name, role: row.role, location: row.location, createdAt: user.createdAt.mapFromDriverValue(row.created_at) as Date },
    impersonatedBy: row.impersonated_by,
  };
  if (!(SCANNER_ROLES as readonly string[]).includes(row.role)) return { session, admission: null };
  if (!read.isReadable) return { session, admission: { isValid: false, reason: 'unknown' } };
  if (row.gig_id === null) return { session, admission: await refusal(db, ticketId, session.user) };
  const admitted = { holderEmail: row.holder_email!, gigId: row.gig_id, localDate: row.local_date!, startTime: row.start_time!, venueName: row.venue_name!, isHeard: row.is_heard! };
  return { session, admission: await admission(db, ticketId, admitted, now) };
}

type AdmitAsRow = {
  id: string;
  email: string;
  email_verified: boolean;
  name: string;
  role: Role;
  location: string;
  created_at: string;
  impersonated_by: string | null;
  holder_email: string | null;
  gig_id: string | null;
  local_date: string | null;
  start_time: string | null;
  venue_name: string | null;
  is_heard: boolean | null;
};

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
    // The route's scan (admitTicketAs): the session read as the session reader reads it (the token,
    // not expired), then the admit above with the session's account as the scanner, in one
    // statement. The outer select returns the session's row whether or not a ticket was admitted.
    admitAs: prepareStatement<AdmitAsRow>(
      db,
      'marquee_admit_ticket_as',
      sql`with scanner as (
          select u.id, u.email, u.email_verified, u.name, u.role, u.location, u.created_at, s.impersonated_by
          from session s join "user" u on u.id = s.user_id
          where s.token = ${sql.placeholder('token')}::text and s.expires_at > now()
        ), admitted as (
          update tickets t set status = 'used', used_at = ${sql.placeholder('now')}::timestamptz, used_by = sc.id
          from scanner sc, gigs g join venue_profiles v on v.user_id = g.venue_id
          where t.id = ${sql.placeholder('ticketId')}::text and t.status = 'valid' and g.id = t.gig_id
            and case sc.role::text
              when 'admin' then true
              when 'venue' then g.venue_id = sc.id
              when 'promoter' then g.promoter_id = sc.id
              when 'band' then g.band_id = sc.id
              else false end
          returning t.holder_email, g.id as gig_id, g.local_date, g.start_time, v.name as venue_name,
            ${isHeardSql(sql`coalesce(g.promoter_id, g.venue_id)`, 'ticket.checked_in')} as is_heard
        )
        select sc.id, sc.email, sc.email_verified, sc.name, sc.role, sc.location, sc.created_at, sc.impersonated_by,
          a.holder_email, a.gig_id, a.local_date, a.start_time, a.venue_name, a.is_heard
        from scanner sc left join admitted a on true`,
    ),
  };
}
const statementsFor = oncePerDatabase(prepareStatements);
