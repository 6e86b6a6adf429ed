import { randomBytes } from 'node:crypto';
import { refuseWhileImpersonating } from '../../http/session.ts';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog, doorStaff, venueProfiles } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { limitHits } from '../../http/rate-limit.ts';
import type { CurrentSession, SessionUser } from '../../http/session.ts';
import { parseInput } from '../../http/validate.ts';
import type { Services } from '../../services.ts';
import { DOOR_MESSAGES, inviteDoorStaffSchema, type DoorStaffMember } from '../../../core/schemas/door.ts';
import { formatLocalDate, formatTimeRange } from '../../../core/time.ts';
import { showEndsAt } from '../calendar/build-calendar-feed.ts';
import { DOOR_JOIN_SECRET, doorStaffInviteEmail } from '../../mail/emails/door-emails.ts';
import { hashDoorToken } from './door-devices.ts';
import { assertConfirmedOrganiser, findDoorGig } from './find-door-gig.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const INVITES_PER_HOUR = 20;
/** Issue 33: door staff invitations one account sends in a day (on top of INVITES_PER_HOUR). */
export const DOOR_INVITES_PER_DAY = 50;
/** A venue-wide link is for the season's door team: it may be opened for 90 days. */
const VENUE_WIDE_DAYS = 90;

/** The e-mailed link: the door app reads the token from the fragment, so it never reaches a server log. */
export const doorJoinUrl = (publicUrl: string, token: string) => `${publicUrl}/qr-scanner/join#${token}`;

/** A gig's link ends with the show (its time in the gig's zone); a venue-wide one on a day. */
const expiresOnText = (at: Date, timeZone: string, isVenueWide: boolean) =>
  isVenueWide ? at.toLocaleDateString('en-US', { timeZone, dateStyle: 'long' }) : at.toLocaleString('en-US', { timeZone, dateStyle: 'medium', timeStyle: 'short' });

/**
 * Decision 51: an organiser invites door staff by e-mail, for one gig (its venue, promoter or band;
 * an admin for any gig) or, a venue only, for every gig at the venue. The link's token is stored
 * only as its hash; it may register up to three devices until it expires (the gig's end, or 90
 * days for a venue-wide link) or is revoked. Recorded in the audit log with the e-mail, in one transaction.
 * Not by an admin acting as the organiser: the link would keep working after the impersonation ends.
 * Issue 33: the e-mail carries the organiser's name and Reply-To, so only a confirmed organiser
 * (assertConfirmedOrganiser) sends it, for a booked gig, at most DOOR_INVITES_PER_DAY a day.
 */
export async function inviteDoorStaff(services: Pick<Services, 'db' | 'mailer' | 'env' | 'isRateLimitEnabled'>, { user, impersonatedBy }: CurrentSession, rawInput: unknown): Promise<{ message: string; staff: DoorStaffMember }> {
  const { db, mailer, env } = services;
  refuseWhileImpersonating({ impersonatedBy }, 'invite door staff');
  const input = parseInput(inviteDoorStaffSchema, rawInput);
  const scope = input.gigId ? await gigScope(db, user, input.gigId) : await venueScope(db, user);
  await limitHits(services, `door-invites:${user.id}`, { windowMs: HOUR_MS, max: INVITES_PER_HOUR, message: DOOR_MESSAGES.tooManyInvites });
  await limitHits(services, `door-invites-day:${user.id}`, { windowMs: DAY_MS, max: DOOR_INVITES_PER_DAY, message: DOOR_MESSAGES.tooManyInvitesToday });
  const token = randomBytes(32).toString('base64url');
  const inviterName = user.name.trim() || scope.venueName;
  const email = await doorStaffInviteEmail({ inviterName, venueName: scope.venueName, show: scope.show, expiresOn: expiresOnText(scope.expiresAt, scope.timeZone, !scope.show) });
  const row = await db.transaction(async (tx) => {
    const [staff] = await tx
      .insert(doorStaff)
      .values({ invitedBy: user.id, gigId: scope.gigId, venueId: scope.venueId, email: input.email, name: input.name ?? '', tokenHash: hashDoorToken(token), expiresAt: scope.expiresAt })
      .returning();
    await tx.insert(auditLog).values({
      actorId: user.id,
      action: 'door.staff_invited',
      targetId: staff!.id,
      details: { email: input.email, gigId: scope.gigId, venueId: scope.venueId, expiresAt: scope.expiresAt.toISOString() },
    });
    await mailer.send({ to: input.email, kind: 'door_staff_invite', replyTo: user.email, ...email, secrets: { [DOOR_JOIN_SECRET]: doorJoinUrl(env.PUBLIC_URL, token) } }, tx);
    return staff!;
  });
  return {
    message: DOOR_MESSAGES.staffInvited(input.email),
    staff: { id: row.id, email: row.email, name: row.name, scope: row.venueId ? 'venue' : 'gig', devicesRegistered: 0, expiresAt: row.expiresAt.toISOString(), revokedAt: null, devices: [], canRevoke: true },
  };
}

const STAFF_REFUSALS = { unconfirmed: DOOR_MESSAGES.staffInviteUnconfirmed, venueUnverified: DOOR_MESSAGES.staffInviteVenueUnverified };

type Scope = { gigId: string | null; venueId: string | null; venueName: string; timeZone: string; expiresAt: Date; show?: { name: string; when: string } };

async function gigScope(db: DbOrTx, user: SessionUser, gigId: string): Promise<Scope> {
  const gig = await findDoorGig(db, user, gigId);
  assertConfirmedOrganiser(user, gig.venueVerifiedAt !== null, STAFF_REFUSALS);
  const endsAt = showEndsAt(gig);
  if (gig.cancelledAt || endsAt <= new Date()) throw new AppError('CONFLICT', gig.cancelledAt ? 'This gig was cancelled.' : DOOR_MESSAGES.gigOver);
  // The door lists only booked gigs: a link for an open one would open nothing.
  if (!gig.isApproved) throw new AppError('CONFLICT', DOOR_MESSAGES.staffInviteNotBooked);
  return {
    gigId: gig.id,
    venueId: null,
    venueName: gig.venueName,
    timeZone: gig.timeZone,
    expiresAt: endsAt,
    show: { name: gig.title, when: `${formatLocalDate(gig.localDate)}, ${formatTimeRange(gig.localDate, gig.startTime, gig.endTime, gig.timeZone)}` },
  };
}

async function venueScope(db: DbOrTx, user: SessionUser): Promise<Scope> {
  if (user.role !== 'venue') throw new AppError('FORBIDDEN', DOOR_MESSAGES.venueWideOnly);
  const [venue] = await db.select({ name: venueProfiles.name, verifiedAt: venueProfiles.verifiedAt }).from(venueProfiles).where(eq(venueProfiles.userId, user.id));
  if (!venue) throw new AppError('FORBIDDEN', DOOR_MESSAGES.venueWideOnly);
  assertConfirmedOrganiser(user, venue.verifiedAt !== null, STAFF_REFUSALS);
  return { gigId: null, venueId: user.id, venueName: venue.name, timeZone: 'UTC', expiresAt: new Date(Date.now() + VENUE_WIDE_DAYS * 24 * HOUR_MS) };
}
