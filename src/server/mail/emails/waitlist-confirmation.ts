import { createElement as h } from 'react';
import { secretPlaceholder } from '../secrets.ts';
import { ButtonLink, EmailLayout, FinePrint, Paragraph, TextLink } from './layout.ts';
import { renderEmail } from './render-email.ts';

const LINK = secretPlaceholder('link');
const LEAVE = secretPlaceholder('leave');

type Props = { showName: string; venueName: string; when: string; offerHours: number };

const how = (hours: number) =>
  `When a ticket comes back (its holder returns it, or a seat comes free), we e-mail the next person in line an offer at face value plus the usual service fee, held for them for ${hours} hours.`;

function WaitlistConfirmation({ subject, showName, venueName, when, offerHours }: Props & { subject: string }) {
  return h(
    EmailLayout,
    { subject, footer: h(FinePrint, null, 'Changed your mind? ', h(TextLink, { href: LEAVE, isQuiet: true }, 'Leave the waitlist')) },
    h(Paragraph, null, `Someone, hopefully you, asked to join the waitlist for ${showName} at ${venueName}, ${when}, with this address.`),
    h(ButtonLink, { href: LINK }, 'Confirm your place on the waitlist'),
    h(Paragraph, null, how(offerHours)),
    h(Paragraph, null, "If it wasn't you, ignore this e-mail: you won't be on the list."),
  );
}

/** Decision 50: double opt-in for a sold-out gig's waitlist; nothing is offered until the link is opened. */
export function waitlistConfirmationEmail({ showName, venueName, when, offerHours }: Props) {
  const subject = `Confirm your place on the waitlist: ${showName} at ${venueName}`;
  return renderEmail({
    subject,
    text: `Someone, hopefully you, asked to join the waitlist for ${showName} at ${venueName}, ${when}, with this address.\n\nConfirm your place here:\n${LINK}\n\n${how(offerHours)}\n\nIf it wasn't you, ignore this e-mail: you won't be on the list.\nChanged your mind? Leave the waitlist here:\n${LEAVE}`,
    body: h(WaitlistConfirmation, { subject, showName, venueName, when, offerHours }),
  });
}
