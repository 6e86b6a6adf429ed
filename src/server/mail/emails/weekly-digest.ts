import { createElement as h } from 'react';
import { formatGigPrice, type PublicGig } from '../../../core/public-pages.ts';
import { formatLocalDate, formatTimeRange } from '../../../core/time.ts';
import { secretPlaceholder } from '../secrets.ts';
import { ButtonLink, EmailLayout, FinePrint, Paragraph, Subheading, TextLink, Title } from './layout.ts';
import { renderEmail } from './render-email.ts';

export type DigestGig = { localDate: string; startTime: string; endTime: string; timeZone: string; showName: string; venueName: string; venueAddress: string; ticketPriceCents: number | null; priceRange: PublicGig['priceRange']; url: string };

const UNSUBSCRIBE = secretPlaceholder('unsubscribe');
const MUTED = { color: '#52525b' };

type Props = { regionName: string; gigs: DigestGig[]; regionUrl: string };

const shows = (n: number) => `${n} ${n === 1 ? 'show' : 'shows'}`;
const timeOf = (g: DigestGig) => formatTimeRange(g.localDate, g.startTime, g.endTime, g.timeZone);

function WeeklyDigest({ subject, regionName, gigs, regionUrl }: Props & { subject: string }) {
  const days = [...new Set(gigs.map((g) => g.localDate))];
  const footer = h(FinePrint, null, `You get this weekly because you have a Marquee account in ${regionName}. `, h(TextLink, { href: UNSUBSCRIBE, isQuiet: true }, 'Unsubscribe'), '.');
  return h(
    EmailLayout,
    { subject, footer },
    h(Title, null, `This week in ${regionName}`),
    h(Paragraph, { style: MUTED }, `${shows(gigs.length)} in the next seven days.`),
    ...days.flatMap((day) => [
      h(Subheading, null, formatLocalDate(day)),
      ...gigs
        .filter((g) => g.localDate === day)
        .map((g) =>
          h(
            Paragraph,
            { style: { margin: '0 0 12px' } },
            h(TextLink, { href: g.url }, h('strong', null, g.showName)),
            h('br'),
            `${g.venueName}${g.venueAddress ? `, ${g.venueAddress}` : ''}`,
            h('br'),
            h('span', { style: MUTED }, `${timeOf(g)}${g.ticketPriceCents !== null ? ` · tickets ${formatGigPrice(g)}` : ''}`),
          ),
        ),
    ]),
    h(ButtonLink, { href: regionUrl }, `Every show in ${regionName}`),
  );
}

/** The weekly digest (D30): the region's shows of the coming seven days, by day, with links. */
export function weeklyDigestEmail({ regionName, gigs, regionUrl }: Props) {
  const line = (g: DigestGig) => `${g.showName} at ${g.venueName}, ${timeOf(g)}${g.ticketPriceCents !== null ? `, tickets ${formatGigPrice(g)}` : ''}`;
  const days = [...new Set(gigs.map((g) => g.localDate))];
  const text = [
    `This week's live music in ${regionName}: ${shows(gigs.length)}.`,
    '',
    ...days.flatMap((day) => [formatLocalDate(day), ...gigs.filter((g) => g.localDate === day).map((g) => `- ${line(g)}\n  ${g.url}`), '']),
    `Every show: ${regionUrl}`,
    '',
    `You get this weekly because you have a Marquee account in ${regionName}. Unsubscribe: ${UNSUBSCRIBE}`,
  ].join('\n');
  const subject = `This week's live music in ${regionName}`;
  return renderEmail({ subject, text, body: h(WeeklyDigest, { subject, regionName, gigs, regionUrl }) });
}
