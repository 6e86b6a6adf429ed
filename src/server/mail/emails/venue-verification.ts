import { createElement as h } from 'react';
import { EmailLayout, Paragraph, Quote, TextLink } from './layout.ts';
import { renderEmail } from './render-email.ts';

const NEXT = 'Once your e-mail address is verified too, you can sell tickets and book a band directly from your dashboard';
const AFTER = 'You can still post open gig opportunities. If this is a mistake, reply through the contact page on Marquee.';

type Props = { venueName: string; isApproved: boolean; reason?: string; dashboardUrl: string };

function VenueVerification({ subject, venueName, isApproved, reason, dashboardUrl }: Props & { subject: string }) {
  if (isApproved) {
    return h(
      EmailLayout,
      { subject },
      h(Paragraph, null, `Hi ${venueName},`),
      h(Paragraph, null, `An admin checked and approved your venue. ${NEXT}: `, h(TextLink, { href: dashboardUrl }, 'open your dashboard'), '.'),
      h(Paragraph, null, 'See you at a show!'),
    );
  }
  return h(
    EmailLayout,
    { subject },
    h(Paragraph, null, `Hi ${venueName},`),
    h(Paragraph, null, 'An admin did not verify your venue, so ticket sales and booking a band directly stay closed. The reason:'),
    h(Quote, null, reason ?? ''),
    h(Paragraph, null, AFTER),
  );
}

/** Decision 33: an admin approved the venue, or declined or revoked its verification. */
export function venueVerificationEmail(props: Props) {
  const { venueName, isApproved, reason, dashboardUrl } = props;
  const subject = isApproved ? `${venueName} is verified on Marquee` : `${venueName} is not verified on Marquee`;
  return renderEmail({
    subject,
    text: isApproved
      ? `Hi ${venueName},\n\nAn admin checked and approved your venue. ${NEXT}: ${dashboardUrl}\n\nSee you at a show!`
      : `Hi ${venueName},\n\nAn admin did not verify your venue, so ticket sales and booking a band directly stay closed. The reason:\n\n${reason ?? ''}\n\n${AFTER}`,
    body: h(VenueVerification, { subject, ...props }),
  });
}
