import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PromoterDecision } from '../../../core/schemas/promoter-venues.ts';
import type { Db } from '../../db/client.ts';
import { promoterProfiles, promoterVenues, user, venueProfiles } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { countHit } from '../../http/rate-limit.ts';
import type { SessionUser } from '../../http/session.ts';
import { promoterVenueDecisionEmail } from '../../mail/emails/promoter-venue-decision.ts';
import type { Services } from '../../services.ts';

type Status = (typeof promoterVenues.$inferSelect)['status'];

/** Which states each decision applies to, and what it makes of them (D34). */
const DECISIONS: Record<PromoterDecision, { from: Status[]; to: Status; refused: string }> = {
  accept: { from: ['pending', 'declined', 'ended'], to: 'accepted', refused: 'This promoter is already accepted.' },
  decline: { from: ['pending'], to: 'declined', refused: 'Only a waiting request can be declined.' },
  end: { from: ['accepted'], to: 'ended', refused: 'Only an accepted promoter can be ended.' },
};

/** A venue's decisions an hour: far more than any venue takes, far fewer than a script. */
const DECISIONS_PER_HOUR = 100;

function asVenue(sessionUser: SessionUser): string {
  if (sessionUser.role !== 'venue') throw new AppError('FORBIDDEN', 'Only venues answer promoter requests.');
  return sessionUser.id;
}

/** The promoters who asked to work with this venue, waiting requests first, with what became of each. */
export async function listPromoterRequests(db: Db, sessionUser: SessionUser) {
  const venueId = asVenue(sessionUser);
  const rows = await db
    .select({
      promoterId: promoterVenues.promoterId,
      name: promoterProfiles.name,
      companyName: promoterProfiles.companyName,
      email: sql<string>`coalesce(${promoterProfiles.email}, ${user.email})`,
      status: promoterVenues.status,
      requestedAt: promoterVenues.requestedAt,
      decidedAt: promoterVenues.decidedAt,
    })
    .from(promoterVenues)
    .innerJoin(promoterProfiles, eq(promoterProfiles.userId, promoterVenues.promoterId))
    .innerJoin(user, eq(user.id, promoterVenues.promoterId))
    .where(eq(promoterVenues.venueId, venueId))
    .orderBy(sql`${promoterVenues.status} <> 'pending'`, asc(promoterProfiles.name))
    .limit(200);
  return { requests: rows };
}

/** Accept, decline or end: one conditional update, so two clicks or two tabs change it once. */
export async function decidePromoterRequest(services: Pick<Services, 'db' | 'mailer' | 'env' | 'isRateLimitEnabled'>, sessionUser: SessionUser, promoterId: string, decision: PromoterDecision) {
  const { db, mailer, env } = services;
  const venueId = asVenue(sessionUser);
  if (services.isRateLimitEnabled && (await countHit(db, `promoter-decision:${venueId}`, 60 * 60 * 1000)) > DECISIONS_PER_HOUR) {
    throw new AppError('RATE_LIMITED', 'Too many changes in an hour. Please try again later.');
  }
  const rule = DECISIONS[decision];
  return db.transaction(async (tx) => {
    const [changed] = await tx
      .update(promoterVenues)
      .set({ status: rule.to, decidedAt: new Date() })
      .where(and(eq(promoterVenues.venueId, venueId), eq(promoterVenues.promoterId, promoterId), inArray(promoterVenues.status, rule.from)))
      .returning({ status: promoterVenues.status });
    if (!changed) {
      const [existing] = await tx
        .select({ status: promoterVenues.status })
        .from(promoterVenues)
        .where(and(eq(promoterVenues.venueId, venueId), eq(promoterVenues.promoterId, promoterId)));
      throw existing ? new AppError('CONFLICT', rule.refused) : new AppError('NOT_FOUND', 'That promoter has not asked to work with your venue.');
    }
    const [venue] = await tx.select({ name: venueProfiles.name }).from(venueProfiles).where(eq(venueProfiles.userId, venueId));
    const [promoter] = await tx.select({ email: user.email }).from(user).where(eq(user.id, promoterId));
    const venueName = venue?.name ?? 'A venue';
    const mail = await promoterVenueDecisionEmail({ venueName, decision, dashboardUrl: `${env.PUBLIC_URL}/dashboard` });
    await mailer.send({ to: promoter!.email, kind: 'promoter_venue_decision', ...mail }, tx);
    return { status: changed.status };
  });
}
