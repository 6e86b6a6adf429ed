import { createElement as h } from 'react';
import { formatLocalDate } from '../../../core/time.ts';
import { secretPlaceholder } from '../secrets.ts';
import { BulletList, ButtonLink, EmailLayout, FinePrint, Paragraph, Quote, TextLink } from './layout.ts';
import { renderEmail } from './render-email.ts';

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

const RESPOND = secretPlaceholder('respond');
const OPT_OUT = secretPlaceholder('optout');
const FOLLOW_UP_LINE = `We wrote to you a week ago and have not heard back yet, so here is our note again in case it got buried.`;

type Props = {
  kind: OutreachKind;
  band: BandPitch;
  venueName: string;
  contactPerson?: string | null;
  locationName: string;
  customMessage?: string | null;
  bandDraw?: string | null;
  isFollowUp?: boolean;
};

/** The words of the e-mail, shared by its HTML and its plain text. */
function outreachWords({ kind, band, venueName, contactPerson, customMessage, bandDraw }: Props) {
  const genres = band.genres.length ? band.genres.join(', ') : kind === 'headline' ? 'Rock/Alternative' : 'live music';
  const draw = bandDraw || (kind === 'headline' ? 'Strong local following' : null);
  const ask =
    kind === 'opener'
      ? `We would love to open for one of the touring or local acts you book at ${venueName}: a tight 30-45 minute set that warms up the room.`
      : kind === 'headline'
        ? `We would love to headline a night at ${venueName}: a full set of 45-90 minutes, and we bring our crowd.`
        : `We are looking for dates at ${venueName} and would love to play for your audience.`;
  // Only what the band has told us: a line with nothing real to say is left out (issue 21).
  const facts = [
    `Genres: ${genres}`,
    band.members.length ? `Members: ${band.members.map((m) => (m.instrument ? `${m.name} (${m.instrument})` : m.name)).join(', ')}` : null,
    band.yearsActive ? `Years active: ${band.yearsActive}` : null,
    band.performanceStyle ? `Performance style: ${band.performanceStyle}` : null,
    draw ? `Typical draw: ${draw}` : null,
    // Spec 3 §9: a headline inquiry's follower line defaults to 'Active' (issue 34 item 17); the others say nothing without followers.
    band.followers ? `Followers: ${band.followers} on Marquee` : kind === 'headline' ? 'Followers: Active' : null,
    band.pastGigs.length ? `Recent shows: ${band.pastGigs.map((g) => `${g.venueName} (${formatLocalDate(g.localDate)}${g.ticketsSold ? `, ${g.ticketsSold} tickets sold` : ''})`).join('; ')}` : null,
    band.upcomingGigs.length ? `Coming up: ${band.upcomingGigs.map((g) => `${g.venueName} (${formatLocalDate(g.localDate)})`).join('; ')}` : null,
  ].filter((line): line is string => line !== null);
  const greeting = contactPerson ? `Hi ${contactPerson},` : `Hello ${venueName} team,`;
  const contact = [band.email, band.phone, band.website].filter(Boolean).join(' · ');
  return { genres, ask, facts, greeting, contact, customMessage };
}

function VenueOutreach({ subject, props }: { subject: string; props: Props }) {
  const { band, locationName, isFollowUp } = props;
  const { genres, ask, facts, greeting, contact, customMessage } = outreachWords(props);
  const footer = h(
    FinePrint,
    null,
    `Sent by Marquee on behalf of ${band.name}. Venues usually answer within 24-48 hours.`,
    h('br'),
    "Don't want booking requests from Marquee? ",
    h(TextLink, { href: OPT_OUT, isQuiet: true }, 'Opt out'),
    '.',
  );
  return h(
    EmailLayout,
    { subject, footer },
    h(Paragraph, null, greeting),
    isFollowUp ? h(Paragraph, null, FOLLOW_UP_LINE) : null,
    h(Paragraph, null, h('strong', null, band.name), ` is a ${genres} act from the ${locationName} area. ${ask}`),
    h(BulletList, { items: facts }),
    customMessage ? h(Paragraph, null, h('strong', null, `A note from ${band.name}:`)) : null,
    customMessage ? h(Quote, null, customMessage) : null,
    h(Paragraph, null, 'Hear us and see our shows: ', h(TextLink, { href: band.siteUrl }, band.siteUrl)),
    h(Paragraph, null, `Reply to this e-mail to reach ${band.name} directly (${contact}).`),
    h(ButtonLink, { href: RESPOND }, "I'm interested"),
  );
}

/**
 * One campaign e-mail (spec 3 §9, D26): an opener or headline inquiry (beta), or a booking
 * inquiry (standard and single-price), with the band's real data, the custom message of a Pro
 * campaign, an 'I'm interested' link and an opt-out link. The two links are per-venue secrets,
 * hidden from outbox readers like every link that acts for its recipient. A follow-up (a package
 * that advertises one) is the same e-mail with a line saying so, and the same links.
 */
export function venueOutreachEmail(props: Props) {
  const { kind, band, venueName, locationName, isFollowUp = false } = props;
  const { genres, ask, facts, greeting, contact, customMessage } = outreachWords(props);
  const inquiry =
    kind === 'opener' ? `Opener inquiry: ${band.name} at ${venueName}` : kind === 'headline' ? `Headline show inquiry: ${band.name} at ${venueName}` : `Booking inquiry: ${band.name} at ${venueName}`;
  const subject = isFollowUp ? `Following up: ${inquiry}` : inquiry;
  const text = [
    greeting,
    '',
    ...(isFollowUp ? [FOLLOW_UP_LINE, ''] : []),
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
  return renderEmail({ subject, text, body: h(VenueOutreach, { subject, props }) });
}
