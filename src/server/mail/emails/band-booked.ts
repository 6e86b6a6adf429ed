import { createElement as h } from 'react';
import { secretPlaceholder } from '../secrets.ts';
import { BulletList, EmailLayout, Paragraph, TextLink } from './layout.ts';
import { renderEmail } from './render-email.ts';

/** The secret that holds the decline link of the i-th gig (in the order of `gigs`). */
export const declineSecret = (i: number) => `decline${i}`;

type Props = { bandName: string; venueName: string; venueAddress: string | null; gigs: string[]; dashboardUrl: string };

function BandBooked({ subject, bandName, where, gigs, dashboardUrl }: Omit<Props, 'venueName' | 'venueAddress'> & { subject: string; where: string }) {
  const plural = gigs.length > 1;
  return h(
    EmailLayout,
    { subject },
    h(Paragraph, null, `Hi ${bandName},`),
    h(Paragraph, null, `${where} booked you for ${plural ? `${gigs.length} gigs` : 'a gig'} on Marquee, choosing you directly:`),
    h(BulletList, { items: gigs.map((when, i) => h('span', null, `${when} · `, h(TextLink, { href: secretPlaceholder(declineSecret(i)) }, 'Decline this booking'))) }),
    h(Paragraph, null, `If you agreed to ${plural ? 'these gigs' : 'this gig'}, there is nothing to do. If you did not, decline: the gig is taken off your name and the venue is told.`),
    h(Paragraph, null, h(TextLink, { href: dashboardUrl }, 'Your bookings are also on your dashboard'), '.'),
  );
}

/**
 * D34: to a band booked directly with 'Band already Chosen', one line per gig (`gigs`: when each
 * is) with its own decline link, filled at delivery from the secrets decline0, decline1…
 */
export function bandBookedEmail({ bandName, venueName, venueAddress, gigs, dashboardUrl }: Props) {
  const where = venueAddress ? `${venueName} (${venueAddress})` : venueName;
  const plural = gigs.length > 1;
  const subject = `${venueName} booked ${bandName} on Marquee`;
  return renderEmail({
    subject,
    text: `Hi ${bandName},\n\n${where} booked you for ${plural ? `${gigs.length} gigs` : 'a gig'} on Marquee, choosing you directly:\n${gigs.map((when, i) => `- ${when}\n  Decline this booking: ${secretPlaceholder(declineSecret(i))}`).join('\n')}\n\nIf you agreed to ${plural ? 'these gigs' : 'this gig'}, there is nothing to do. If you did not, decline: the gig is taken off your name and the venue is told.\nYour bookings are also on your dashboard: ${dashboardUrl}`,
    body: h(BandBooked, { subject, bandName, where, gigs, dashboardUrl }),
  });
}
