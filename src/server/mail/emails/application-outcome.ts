import { createElement as h } from 'react';
import { EmailLayout, Paragraph, TextLink } from './layout.ts';
import { renderEmail } from './render-email.ts';

type Props = { isBooked: boolean; greetingName: string; actName: string; where: string; venueName: string; organiserName: string; when: string; dashboardUrl: string };

function ApplicationOutcome({ subject, isBooked, greetingName, actName, where, organiserName, when, dashboardUrl }: Omit<Props, 'venueName'> & { subject: string }) {
  if (isBooked) {
    return h(
      EmailLayout,
      { subject },
      h(Paragraph, null, `Hi ${greetingName},`),
      h(Paragraph, null, `${organiserName} approved your application: `, h('strong', null, actName), ` is booked to play ${where} on ${when}.`),
      h(Paragraph, null, h(TextLink, { href: dashboardUrl }, 'The gig is on your dashboard'), '.'),
      h(Paragraph, null, 'Have a great show!'),
    );
  }
  return h(
    EmailLayout,
    { subject },
    h(Paragraph, null, `Hi ${greetingName},`),
    h(Paragraph, null, `Thank you for applying for ${actName} to play ${where} on ${when}. ${organiserName} booked another act for this date, so this application was not accepted.`),
    h(Paragraph, null, h(TextLink, { href: dashboardUrl }, 'More open gigs are on your dashboard'), '.'),
  );
}

/**
 * Decision 37: an applicant's outcome once the gig is booked. Transactional (about the account's
 * own application), so it carries no unsubscribe link.
 */
export function applicationOutcomeEmail(props: Props) {
  const { isBooked, greetingName, actName, where, venueName, organiserName, when, dashboardUrl } = props;
  const subject = isBooked ? `You're booked: ${actName} at ${venueName}, ${when}` : `${venueName}, ${when}: another act was booked`;
  return renderEmail({
    subject,
    text: isBooked
      ? `Hi ${greetingName},\n\n${organiserName} approved your application: ${actName} is booked to play ${where} on ${when}.\n\nThe gig is on your dashboard: ${dashboardUrl}\n\nHave a great show!`
      : `Hi ${greetingName},\n\nThank you for applying for ${actName} to play ${where} on ${when}. ${organiserName} booked another act for this date, so this application was not accepted.\n\nMore open gigs are on your dashboard: ${dashboardUrl}`,
    body: h(ApplicationOutcome, { subject, ...props }),
  });
}
