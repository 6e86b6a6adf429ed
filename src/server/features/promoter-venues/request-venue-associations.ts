import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { promoterProfiles, promoterVenues, user, venueProfiles } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { countHit } from '../../http/rate-limit.ts';
import { promoterVenueRequestEmail } from '../../mail/emails/promoter-venue-request.ts';
import type { Services } from '../../services.ts';

/** New venue requests a promoter may make in a day: each one e-mails a venue. */
const REQUESTS_PER_DAY = 20;

/**
 * Before the editor saves: asking venues again and again (add, remove, add) would e-mail them each
 * time, so the venues this save newly asks count against a daily limit.
 */
export async function assertUnderRequestLimit(services: Pick<Services, 'db' | 'isRateLimitEnabled'>, promoterId: string, venueIds: string[]): Promise<void> {
  if (!services.isRateLimitEnabled || venueIds.length === 0) return;
  const known = await services.db.select({ venueId: promoterVenues.venueId }).from(promoterVenues).where(eq(promoterVenues.promoterId, promoterId));
  const added = new Set(venueIds.filter((id) => !known.some((k) => k.venueId === id))).size;
  let count = 0;
  for (let i = 0; i < added; i++) count = await countHit(services.db, `promoter-venue-requests:${promoterId}`, 24 * 60 * 60 * 1000);
  if (count > REQUESTS_PER_DAY) throw new AppError('RATE_LIMITED', 'You have asked many venues today. Please try again tomorrow.', { venueIds: 'You have asked many venues today. Please try again tomorrow.' });
}

/**
 * D34: the venues a promoter lists (at registration or in its editor) become requests the venue
 * decides on. A newly listed venue gets a pending request and an e-mail; a venue taken off the
 * list loses its pending or accepted row (the promoter withdraws or leaves); a venue's 'no'
 * (declined, ended) stays on record, so listing it again asks nothing.
 */
export async function requestVenueAssociations({ mailer, env }: Pick<Services, 'mailer' | 'env'>, tx: DbOrTx, promoterId: string, venueIds: string[]): Promise<void> {
  const chosen = [...new Set(venueIds)];
  await tx
    .delete(promoterVenues)
    .where(
      and(
        eq(promoterVenues.promoterId, promoterId),
        inArray(promoterVenues.status, ['pending', 'accepted']),
        chosen.length ? notInArray(promoterVenues.venueId, chosen) : undefined,
      ),
    );
  if (chosen.length === 0) return;
  const asked = await tx
    .insert(promoterVenues)
    .values(chosen.map((venueId) => ({ promoterId, venueId })))
    .onConflictDoNothing()
    .returning({ venueId: promoterVenues.venueId });
  if (asked.length === 0) return;
  const [promoter] = await tx.select({ name: promoterProfiles.name, companyName: promoterProfiles.companyName }).from(promoterProfiles).where(eq(promoterProfiles.userId, promoterId));
  const venues = await tx
    .select({ email: user.email, name: venueProfiles.name })
    .from(venueProfiles)
    .innerJoin(user, eq(user.id, venueProfiles.userId))
    .where(
      inArray(
        venueProfiles.userId,
        asked.map((a) => a.venueId),
      ),
    );
  const promoterName = promoter?.companyName ? `${promoter.name} (${promoter.companyName})` : (promoter?.name ?? 'A promoter');
  const dashboardUrl = `${env.PUBLIC_URL}/dashboard`;
  for (const venue of venues) {
    const mail = await promoterVenueRequestEmail({ promoterName, venueName: venue.name, dashboardUrl });
    await mailer.send({ to: venue.email, kind: 'promoter_venue_request', ...mail }, tx);
  }
}
