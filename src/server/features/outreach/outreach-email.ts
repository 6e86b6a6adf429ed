import { and, asc, count, desc, eq, gte, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { siteUrl } from '../../../core/site-urls.ts';
import type { DbOrTx } from '../../db/client.ts';
import { bandFollowers, bandMembers, bandProfiles, gigs, user, venueProfiles } from '../../db/schema.ts';
import type { BandPitch } from '../../mail/emails/venue-outreach.ts';

/** The band's profile, members and followers, its last 5 gigs (with tickets sold) and next 3 (spec 3 §3, §9). */
export async function loadBandPitch(db: DbOrTx, bandId: string, publicUrl: string): Promise<BandPitch | null> {
  const [band] = await db
    .select({
      name: bandProfiles.name,
      slug: bandProfiles.slug,
      genres: bandProfiles.genres,
      phone: bandProfiles.phone,
      website: bandProfiles.website,
      yearsActive: bandProfiles.yearsActive,
      performanceStyle: bandProfiles.performanceStyle,
      email: user.email,
    })
    .from(bandProfiles)
    .innerJoin(user, eq(user.id, bandProfiles.userId))
    .where(eq(bandProfiles.userId, bandId));
  if (!band) return null;
  const gigColumns = { venueName: venueProfiles.name, localDate: gigs.localDate, ticketsSold: gigs.ticketsSold };
  const booked = and(eq(gigs.bandId, bandId), eq(gigs.isApproved, true));
  const [pastGigs, upcomingGigs, members, [followers]] = await Promise.all([
    db.select(gigColumns).from(gigs).innerJoin(venueProfiles, eq(venueProfiles.userId, gigs.venueId)).where(and(booked, lt(gigs.startsAt, sql`now()`))).orderBy(desc(gigs.startsAt)).limit(5),
    db.select(gigColumns).from(gigs).innerJoin(venueProfiles, eq(venueProfiles.userId, gigs.venueId)).where(and(booked, gte(gigs.startsAt, sql`now()`))).orderBy(asc(gigs.startsAt)).limit(3),
    db.select({ name: bandMembers.name, instrument: bandMembers.instrument }).from(bandMembers).where(eq(bandMembers.bandId, bandId)).orderBy(asc(bandMembers.position)),
    db
      .select({ n: count() })
      .from(bandFollowers)
      .where(and(eq(bandFollowers.bandId, bandId), isNotNull(bandFollowers.confirmedAt), isNull(bandFollowers.unsubscribedAt))),
  ]);
  return { ...band, siteUrl: siteUrl(publicUrl, band.slug), pastGigs, upcomingGigs, members, followers: followers?.n ?? 0 };
}

/**
 * A venue's links in a campaign e-mail, filled in only on delivery: 'I'm interested' (the row's
 * response token), the opt-out page, and the same opt-out as the one-click List-Unsubscribe.
 */
export function venueLinkSecrets(publicUrl: string, responseToken: string, optOutToken: string) {
  return {
    secrets: {
      respond: `${publicUrl}/outreach/respond/${responseToken}`,
      optout: `${publicUrl}/outreach/opt-out/${optOutToken}`,
      oneClick: `${publicUrl}/api/unsubscribe/${optOutToken}`,
    },
    unsubscribeSecret: 'oneClick',
  };
}
