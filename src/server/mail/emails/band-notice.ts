import { createElement as h } from 'react';
import { secretPlaceholder } from '../secrets.ts';
import { BulletList, EmailLayout, FinePrint, Paragraph, TextLink } from './layout.ts';
import { renderEmail } from './render-email.ts';

// Issue 20: a band can stop this organiser's notices, or every organiser's.
const STOP_ONE = secretPlaceholder('unsubscribe');
const STOP_ALL = secretPlaceholder('unsubscribeAll');
const NO_DATES = 'New dates are being added: check your dashboard.';

type Props = { bandName: string; venueName: string; venueAddress: string; senderName: string; dates: string[]; dashboardUrl: string };

function BandNotice({ subject, bandName, where, senderName, dates, dashboardUrl }: Omit<Props, 'venueName' | 'venueAddress'> & { subject: string; where: string }) {
  const footer = h(
    FinePrint,
    null,
    `You get this because ${senderName} chose your band on Marquee. `,
    h(TextLink, { href: STOP_ONE, isQuiet: true }, `Stop notices from ${senderName}`),
    ' · ',
    h(TextLink, { href: STOP_ALL, isQuiet: true }, 'Stop notices from every venue and promoter'),
  );
  return h(
    EmailLayout,
    { subject, footer },
    h(Paragraph, null, `Hi ${bandName},`),
    h(Paragraph, null, `${where} is looking for bands and asked us to let you know. Open gig opportunities:`),
    h(BulletList, { items: dates.length ? dates : [NO_DATES] }),
    h(Paragraph, null, h(TextLink, { href: dashboardUrl }, 'Apply from your dashboard'), '.'),
    h(Paragraph, null, 'See you at a show!'),
  );
}

/** A venue's or promoter's notice of its open gigs to the bands it chose (marketing: with stop links). */
export function bandNoticeEmail({ bandName, venueName, venueAddress, senderName, dates, dashboardUrl }: Props) {
  const where = venueAddress ? `${venueName} (${venueAddress})` : venueName;
  const list = dates.length ? dates.map((d) => `- ${d}`).join('\n') : `- ${NO_DATES}`;
  const subject = `${venueName} is booking: open gigs on Marquee`;
  return renderEmail({
    subject,
    text: `Hi ${bandName},\n\n${where} is looking for bands and asked us to let you know. Open gig opportunities:\n${list}\n\nApply from your dashboard: ${dashboardUrl}\n\nSee you at a show!\n\nYou get this because ${senderName} chose your band on Marquee.\nStop notices from ${senderName}: ${STOP_ONE}\nStop notices from every venue and promoter: ${STOP_ALL}`,
    body: h(BandNotice, { subject, bandName, where, senderName, dates, dashboardUrl }),
  });
}
