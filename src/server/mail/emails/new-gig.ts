import { createElement as h } from 'react';
import { secretPlaceholder } from '../secrets.ts';
import { ButtonLink, EmailLayout, FinePrint, Paragraph, TextLink } from './layout.ts';
import { renderEmail } from './render-email.ts';

const UNSUBSCRIBE = secretPlaceholder('unsubscribe');

type Props = { bandName: string; venueName: string; when: string; gigUrl: string };

function NewGig({ subject, bandName, venueName, when, gigUrl }: Props & { subject: string }) {
  const footer = h(FinePrint, null, `You get this because you follow ${bandName}. `, h(TextLink, { href: UNSUBSCRIBE, isQuiet: true }, 'Unsubscribe'));
  return h(
    EmailLayout,
    { subject, footer },
    h(Paragraph, null, `${bandName} just announced a show on Marquee:`),
    h(Paragraph, null, h('strong', null, venueName), h('br'), when),
    h(ButtonLink, { href: gigUrl }, 'Details and tickets'),
  );
}

/** To a band's confirmed followers when it announces a show (marketing: with an unsubscribe link). */
export function newGigEmail({ bandName, venueName, when, gigUrl }: Props) {
  const subject = `${bandName} has a new show: ${venueName}, ${when}`;
  return renderEmail({
    subject,
    text: `${bandName} just announced a show on Marquee:\n\n${venueName}\n${when}\n\nDetails and tickets: ${gigUrl}\n\nYou get this because you follow ${bandName}. To stop, unsubscribe here:\n${UNSUBSCRIBE}`,
    body: h(NewGig, { subject, bandName, venueName, when, gigUrl }),
  });
}
