import { createElement as h } from 'react';
import { EmailLayout, Paragraph } from './layout.ts';
import { renderEmail } from './render-email.ts';

type Props = { venueName: string; city: string | null; bandName: string; contact: string };

function OutreachResponse({ subject, venueName, city, bandName, contact }: Props & { subject: string }) {
  return h(
    EmailLayout,
    { subject },
    h(Paragraph, null, 'Good news: ', h('strong', null, venueName), `${city ? ` (${city})` : ''} answered your Marquee outreach campaign and is interested in booking ${bandName}.`),
    h(Paragraph, null, `Contact: ${contact}`),
    h(Paragraph, null, 'Reply to this e-mail to write to them directly.'),
  );
}

/** Spec 3: to the band when a venue of its campaign clicks 'I'm interested'; the reply goes to the venue. */
export function outreachResponseEmail({ venueName, city, bandName, contact }: Props) {
  const subject = `${venueName} is interested in booking ${bandName}`;
  return renderEmail({
    subject,
    text: `Good news: ${venueName}${city ? ` (${city})` : ''} answered your Marquee outreach campaign and is interested in booking ${bandName}.\n\nContact: ${contact}\n\nReply to this e-mail to write to them directly.`,
    body: h(OutreachResponse, { subject, venueName, city, bandName, contact }),
  });
}
