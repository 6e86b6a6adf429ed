import { and, asc, count, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { declineVenueSchema, type VenueVerificationStatus } from '../../../core/schemas/venue-verification.ts';
import type { Db } from '../../db/client.ts';
import { auditLog, regions, user, venueProfiles } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { countHit } from '../../http/rate-limit.ts';
import type { CurrentSession } from '../../http/session.ts';
import { parseInput } from '../../http/validate.ts';
import { venueVerificationEmail } from '../../mail/emails/venue-verification.ts';
import type { Services } from '../../services.ts';
import { ADMIN_PAGE_SIZE } from './admin-search.ts';

/** Approvals and declines one admin may make in an hour: far above a day's honest queue. */
export const VENUE_DECISIONS_PER_HOUR = 200;

const STATUS_FILTER: Record<VenueVerificationStatus, SQL> = {
  awaiting: and(isNull(venueProfiles.verifiedAt), isNull(venueProfiles.verificationDeclinedAt))!,
  verified: isNotNull(venueProfiles.verifiedAt),
  declined: and(isNull(venueProfiles.verifiedAt), isNotNull(venueProfiles.verificationDeclinedAt))!,
};

/** Decision 33: the admins' queue of venues, oldest registration first while awaiting, latest decision first after. */
export async function listVenueVerifications(db: Db, { status, page }: { status: VenueVerificationStatus; page: number }) {
  const where = STATUS_FILTER[status];
  const order =
    status === 'awaiting'
      ? [asc(user.createdAt), asc(user.id)]
      : [desc(status === 'verified' ? venueProfiles.verifiedAt : venueProfiles.verificationDeclinedAt), asc(user.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: venueProfiles.userId,
        name: venueProfiles.name,
        slug: venueProfiles.slug,
        address: venueProfiles.address,
        regionName: regions.name,
        email: user.email,
        isEmailVerified: user.emailVerified,
        registeredAt: user.createdAt,
        verifiedAt: venueProfiles.verifiedAt,
        declinedAt: venueProfiles.verificationDeclinedAt,
        declineReason: venueProfiles.verificationDeclineReason,
      })
      .from(venueProfiles)
      .innerJoin(user, eq(user.id, venueProfiles.userId))
      .leftJoin(regions, eq(regions.slug, user.location))
      .where(where)
      .orderBy(...order)
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE),
    db.select({ n: count() }).from(venueProfiles).where(where),
  ]);
  return { venues: rows, status, page, pageSize: ADMIN_PAGE_SIZE, total: total?.n ?? 0 };
}

async function assertAdminMayDecide({ db, isRateLimitEnabled }: Services, session: CurrentSession): Promise<string> {
  if (session.user.role !== 'admin' || session.impersonatedBy) throw new AppError('FORBIDDEN', 'You do not have access to this.');
  if (isRateLimitEnabled && (await countHit(db, `venue-verification:${session.user.id}`, 60 * 60 * 1000)) > VENUE_DECISIONS_PER_HOUR) {
    throw new AppError('RATE_LIMITED', 'Too many venue decisions in an hour. Please try again later.');
  }
  return session.user.id;
}

async function findVenue(db: Db, venueId: string) {
  const [venue] = await db
    .select({ id: venueProfiles.userId, name: venueProfiles.name, email: user.email, verifiedAt: venueProfiles.verifiedAt })
    .from(venueProfiles)
    .innerJoin(user, eq(user.id, venueProfiles.userId))
    .where(eq(venueProfiles.userId, venueId.slice(0, 200)));
  if (!venue) throw new AppError('NOT_FOUND', 'That venue was not found.');
  return venue;
}

/** An admin approves a venue: with its e-mail verified, it may sell tickets and book bands directly. Audited. */
export async function approveVenue(services: Services, session: CurrentSession, venueId: string): Promise<void> {
  const adminId = await assertAdminMayDecide(services, session);
  const { db, env } = services;
  const venue = await findVenue(db, venueId);
  await db.transaction(async (tx) => {
    const [approved] = await tx
      .update(venueProfiles)
      .set({ verifiedAt: new Date(), verifiedBy: adminId, verificationDeclinedAt: null, verificationDeclineReason: null })
      .where(and(eq(venueProfiles.userId, venue.id), isNull(venueProfiles.verifiedAt)))
      .returning({ id: venueProfiles.userId });
    if (!approved) throw new AppError('CONFLICT', `${venue.name} is already verified.`);
    await tx.insert(auditLog).values({ actorId: adminId, action: 'venue.verification.approve', targetId: venue.id, details: { venueName: venue.name } });
    await services.mailer.send(
      { to: venue.email, kind: 'venue_verification', ...(await venueVerificationEmail({ venueName: venue.name, isApproved: true, dashboardUrl: `${env.PUBLIC_URL}/dashboard` })) },
      tx,
    );
  });
}

/** An admin declines a waiting venue, or revokes a verified one, with a reason the venue reads. Audited. */
export async function declineVenue(services: Services, session: CurrentSession, venueId: string, rawInput: unknown): Promise<{ wasVerified: boolean }> {
  const adminId = await assertAdminMayDecide(services, session);
  const { reason } = parseInput(declineVenueSchema, rawInput);
  const { db, env } = services;
  const venue = await findVenue(db, venueId);
  const wasVerified = venue.verifiedAt !== null;
  await db.transaction(async (tx) => {
    await tx
      .update(venueProfiles)
      .set({ verifiedAt: null, verifiedBy: null, verificationDeclinedAt: new Date(), verificationDeclineReason: reason })
      .where(eq(venueProfiles.userId, venue.id));
    await tx.insert(auditLog).values({
      actorId: adminId,
      action: wasVerified ? 'venue.verification.revoke' : 'venue.verification.decline',
      targetId: venue.id,
      details: { venueName: venue.name, reason },
    });
    await services.mailer.send(
      { to: venue.email, kind: 'venue_verification', ...(await venueVerificationEmail({ venueName: venue.name, isApproved: false, reason, dashboardUrl: `${env.PUBLIC_URL}/dashboard` })) },
      tx,
    );
  });
  return { wasVerified };
}
