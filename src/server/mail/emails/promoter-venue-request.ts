import { createElement as h } from 'react';
import { EmailLayout, Paragraph, TextLink } from './layout.ts';
import { renderEmail } from './render-email.ts';

type Props = { promoterName: string; venueName: string; dashboardUrl: string };

function PromoterVenueRequest({ subject, promoterName, venueName, dashboardUrl }: Props & { subject: string }) {
  return h(
    EmailLayout,
    { subject },
    h(Paragraph, null, `${promoterName} asked on Marquee to promote gigs at ${venueName}.`),
    h(Paragraph, null, 'Until you accept, they cannot post gigs at your venue. ', h(TextLink, { href: dashboardUrl }, 'Accept or decline on your dashboard'), '.'),
    h(Paragraph, null, 'If you do not know them, decline: nothing else happens.'),
  );
}

/** D34: to a venue a promoter asked to work with (at sign-up or later). */
export function promoterVenueRequestEmail({ promoterName, venueName, dashboardUrl }: Props) {
  const subject = `${promoterName} asks to put on gigs at ${venueName}`;
  return renderEmail({
    subject,
    text: `${promoterName} asked on Marquee to promote gigs at ${venueName}.\n\nUntil you accept, they cannot post gigs at your venue. Accept or decline on your dashboard: ${dashboardUrl}\n\nIf you do not know them, decline: nothing else happens.`,
    body: h(PromoterVenueRequest, { subject, promoterName, venueName, dashboardUrl }),
  });
}
