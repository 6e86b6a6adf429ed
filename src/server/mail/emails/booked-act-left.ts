import { createElement as h } from 'react';
import { EmailLayout, Paragraph, TextLink } from './layout.ts';
import { renderEmail } from './render-email.ts';

type Props = { actName: string; venueName: string; date: string; dashboardUrl: string };

function BookedActLeft({ subject, actName, venueName, date, dashboardUrl }: Props & { subject: string }) {
  return h(
    EmailLayout,
    { subject },
    h(Paragraph, null, `${actName} deleted its Marquee account, so it is no longer booked for your gig at ${venueName} on ${date}.`),
    h(Paragraph, null, 'The gig is open for applications again: ', h(TextLink, { href: dashboardUrl }, 'your dashboard'), '.'),
  );
}

/** Decision 40, to a gig's organiser when the booked act's account is deleted: the gig is open again. */
export function bookedActLeftEmail({ actName, venueName, date, dashboardUrl }: Props) {
  const subject = `${actName} is no longer booked for ${date}`;
  return renderEmail({
    subject,
    text: `${actName} deleted its Marquee account, so it is no longer booked for your gig at ${venueName} on ${date}. The gig is open for applications again: ${dashboardUrl}`,
    body: h(BookedActLeft, { subject, actName, venueName, date, dashboardUrl }),
  });
}
