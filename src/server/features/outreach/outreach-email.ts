import { and, asc, count, desc, eq, gte, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { siteUrl } from '../../../core/site-urls.ts';
import { formatLocalDate } from '../../../core/time.ts';
import type { DbOrTx } from '../../db/client.ts';
import { bandFollowers, bandMembers, bandProfiles, gigs, user, venueProfiles } from '../../db/schema.ts';
import { escapeHtml, secretPlaceholder } from '../../mail/secrets.ts';

export type OutreachKind = 'opener' | 'headline' | 'booking';

/** What a campaign e-mail says about the band (spec 3 §3 'Band data used for emails'). */
export type BandPitch = {
  name: string;
  genres: string[];
  email: string;
  phone: string | null;
  website: string | null;
  yearsActive: string | null;
  performanceStyle: string | null;
  members: { name: string; instrument: string }[];
  /** Confirmed followers who have not unsubscribed (D19). */
  followers: number;
  siteUrl: string;
  pastGigs: { venueName: string; localDate: string; ticketsSold: number }[];
  upcomingGigs: { venueName: string; localDate: string }[];
};

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

const RESPOND = secretPlaceholder('respond');
const OPT_OUT = secretPlaceholder('optout');

/**
 * One campaign e-mail (spec 3 §9, D26): an opener or headline inquiry (beta), or a booking
 * inquiry (standard and single-price), with the band's real data, the custom message of a Pro
 * campaign, an 'I'm interested' link and an opt-out link. The two links are per-venue secrets,
 * hidden from outbox readers like every link that acts for its recipient. HTML with a plain-text
 * part, in one narrow column that reads well on a phone. A follow-up (a package that advertises
 * one) is the same e-mail with a line saying so, and the same links.
 */
export function renderOutreachEmail({ kind, band, venueName, contactPerson, locationName, customMessage, bandDraw, isFollowUp = false }: {
  kind: OutreachKind;
  band: BandPitch;
  venueName: string;
  contactPerson?: string | null;
  locationName: string;
  customMessage?: string | null;
  bandDraw?: string | null;
  isFollowUp?: boolean;
}) {
  const genres = band.genres.length ? band.genres.join(', ') : kind === 'headline' ? 'Rock/Alternative' : 'live music';
  const draw = bandDraw || (kind === 'headline' ? 'Strong local following' : null);
  const ask =
    kind === 'opener'
      ? `We would love to open for one of the touring or local acts you book at ${venueName}: a tight 30-45 minute set that warms up the room.`
      : kind === 'headline'
        ? `We would love to headline a night at ${venueName}: a full set of 45-90 minutes, and we bring our crowd.`
        : `We are looking for dates at ${venueName} and would love to play for your audience.`;
  const inquiry =
    kind === 'opener' ? `Opener inquiry: ${band.name} at ${venueName}` : kind === 'headline' ? `Headline show inquiry: ${band.name} at ${venueName}` : `Booking inquiry: ${band.name} at ${venueName}`;
  const subject = isFollowUp ? `Following up: ${inquiry}` : inquiry;
  const followUpLine = `We wrote to you a week ago and have not heard back yet, so here is our note again in case it got buried.`;
  // Only what the band has told us: a line with nothing real to say is left out (issue 21).
  const facts = [
    `Genres: ${genres}`,
    band.members.length ? `Members: ${band.members.map((m) => (m.instrument ? `${m.name} (${m.instrument})` : m.name)).join(', ')}` : null,
    band.yearsActive ? `Years active: ${band.yearsActive}` : null,
    band.performanceStyle ? `Performance style: ${band.performanceStyle}` : null,
    draw ? `Typical draw: ${draw}` : null,
    band.followers ? `Followers: ${band.followers} on Marquee` : null,
    band.pastGigs.length ? `Recent shows: ${band.pastGigs.map((g) => `${g.venueName} (${formatLocalDate(g.localDate)}${g.ticketsSold ? `, ${g.ticketsSold} tickets sold` : ''})`).join('; ')}` : null,
    band.upcomingGigs.length ? `Coming up: ${band.upcomingGigs.map((g) => `${g.venueName} (${formatLocalDate(g.localDate)})`).join('; ')}` : null,
  ].filter((line): line is string => line !== null);
  const greeting = contactPerson ? `Hi ${contactPerson},` : `Hello ${venueName} team,`;
  const contact = [band.email, band.phone, band.website].filter(Boolean).join(' · ');

  const text = [
    greeting,
    '',
    ...(isFollowUp ? [followUpLine, ''] : []),
    `${band.name} is a ${genres} act from the ${locationName} area. ${ask}`,
    '',
    ...facts.map((f) => `- ${f}`),
    ...(customMessage ? ['', `A note from ${band.name}:`, customMessage] : []),
    '',
    `Hear us and see our shows: ${band.siteUrl}`,
    `Reply to this e-mail to reach ${band.name} directly (${contact}).`,
    '',
    `Interested? Tell ${band.name} with one click: ${RESPOND}`,
    '',
    '--',
    `Sent by Marquee on behalf of ${band.name}. Venues usually answer within 24-48 hours.`,
    `Don't want booking requests from Marquee? Opt out: ${OPT_OUT}`,
  ].join('\n');

  const p = (inner: string) => `<p style="margin:0 0 14px">${inner}</p>`;
  const html = `<div style="max-width:560px;margin:0 auto;font:16px/1.5 -apple-system,Segoe UI,Roboto,Arial,sans-serif;color:#18181b">
${p(escapeHtml(greeting))}
${isFollowUp ? p(escapeHtml(followUpLine)) : ''}
${p(`<strong>${escapeHtml(band.name)}</strong> is a ${escapeHtml(genres)} act from the ${escapeHtml(locationName)} area. ${escapeHtml(ask)}`)}
<ul style="margin:0 0 14px;padding-left:20px">${facts.map((f) => `<li>${escapeHtml(f)}</li>`).join('')}</ul>
${customMessage ? `${p(`<strong>A note from ${escapeHtml(band.name)}:</strong>`)}<p style="margin:0 0 14px;white-space:pre-wrap">${escapeHtml(customMessage)}</p>` : ''}
${p(`Hear us and see our shows: <a href="${escapeHtml(band.siteUrl)}">${escapeHtml(band.siteUrl)}</a>`)}
${p(`Reply to this e-mail to reach ${escapeHtml(band.name)} directly (${escapeHtml(contact)}).`)}
<p style="margin:20px 0"><a href="${RESPOND}" style="display:inline-block;background:#fbbf24;color:#18181b;font-weight:700;padding:12px 20px;border-radius:8px;text-decoration:none">I'm interested</a></p>
<p style="margin:24px 0 0;font-size:13px;color:#52525b">Sent by Marquee on behalf of ${escapeHtml(band.name)}. Venues usually answer within 24-48 hours.<br>Don't want booking requests from Marquee? <a href="${OPT_OUT}" style="color:#52525b">Opt out</a>.</p>
</div>`;
  return { subject, text, html };
}
