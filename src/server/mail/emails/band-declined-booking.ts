import { createElement as h } from 'react';
import { EmailLayout, Paragraph, TextLink } from './layout.ts';
import { renderEmail } from './render-email.ts';

type Props = { bandName: string; venueName: string; when: string; dashboardUrl: string };

function BandDeclinedBooking({ subject, bandName, venueName, when, dashboardUrl }: Props & { subject: string }) {
  return h(
    EmailLayout,
    { subject },
    h(Paragraph, null, `${bandName} declined the gig at ${venueName} on ${when}, which you booked them for with 'Band already Chosen'.`),
    h(Paragraph, null, 'The gig is open again: bands can apply to it from their dashboards, and it is not shown to the public until you approve one.'),
    h(Paragraph, null, h(TextLink, { href: dashboardUrl }, 'Open your dashboard')),
  );
}

/** D34: to the organiser when the band it booked directly declines. */
export function bandDeclinedBookingEmail({ bandName, venueName, when, dashboardUrl }: Props) {
  const subject = `${bandName} declined your booking at ${venueName}`;
  return renderEmail({
    subject,
    text: `${bandName} declined the gig at ${venueName} on ${when}, which you booked them for with 'Band already Chosen'.\n\nThe gig is open again: bands can apply to it from their dashboards, and it is not shown to the public until you approve one.\nYour dashboard: ${dashboardUrl}`,
    body: h(BandDeclinedBooking, { subject, bandName, venueName, when, dashboardUrl }),
  });
}
