import { eq } from 'drizzle-orm';
import { bandFollowers, emailOptOuts, unsubscribeTokens } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { Services } from '../../services.ts';
import { describeNoticeOptOut } from '../booking/notify-bands.ts';
import { unsubscribeFollower } from '../followers/follow-band.ts';
import { findVenueByOptOutToken, optOutVenue } from '../outreach/answer-outreach.ts';

/**
 * Every unsubscribe link of Marquee's marketing mail (D19), by its token, without signing in: a
 * follow's (its band's notices), the weekly digest's (D30), a booking notice's (one organiser's or
 * all, issue 20), or an outreach e-mail's opt-out (D26).
 * Using a link again changes nothing. Returns what the address will no longer get.
 */
export async function unsubscribeByToken(services: Pick<Services, 'db'>, token: string): Promise<{ what: string; bandName?: string }> {
  const { db } = services;
  const [follow] = await db.select({ id: bandFollowers.id }).from(bandFollowers).where(eq(bandFollowers.unsubscribeToken, token));
  if (follow) {
    const { bandName } = await unsubscribeFollower(services as Services, token);
    return { what: `e-mails about ${bandName}`, bandName };
  }
  const [digest] = await db.select().from(unsubscribeTokens).where(eq(unsubscribeTokens.token, token));
  if (digest) {
    await db.insert(emailOptOuts).values({ email: digest.email, kind: digest.kind }).onConflictDoNothing();
    return { what: (await describeNoticeOptOut(db, digest.kind)) ?? 'weekly digests' };
  }
  if (await findVenueByOptOutToken(db, token)) {
    const { venueName } = await optOutVenue(db, token);
    return { what: `booking requests for ${venueName}` };
  }
  throw new AppError('NOT_FOUND', 'This unsubscribe link is not valid.');
}
