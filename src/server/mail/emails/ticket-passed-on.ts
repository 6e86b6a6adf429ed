import { createElement as h } from 'react';
import { EmailLayout, Paragraph, TextLink } from './layout.ts';
import { renderEmail } from './render-email.ts';

type Props = { bandName: string; venueName: string; when: string; toEmail: string; supportEmail: string };

function TicketPassedOn({ subject, bandName, venueName, when, toEmail, supportEmail }: Props & { subject: string }) {
  return h(
    EmailLayout,
    { subject },
    h(Paragraph, null, 'Your ticket for ', h('strong', null, bandName), ` at ${venueName}, ${when}, was passed on to ${toEmail}. They have a new ticket by e-mail; your old QR code no longer admits anyone.`),
    h(Paragraph, null, 'If it was not you, someone who had your ticket code did it: write to ', h(TextLink, { href: `mailto:${supportEmail}` }, supportEmail), '.'),
  );
}

/** Decision 48: to the previous holder of a ticket passed on, so a transfer they did not make does not go unnoticed. */
export function ticketPassedOnEmail({ bandName, venueName, when, toEmail, supportEmail }: Props) {
  const subject = `Your ticket was passed on: ${bandName} at ${venueName}`;
  return renderEmail({
    subject,
    text: `Your ticket for ${bandName} at ${venueName}, ${when}, was passed on to ${toEmail}. They have a new ticket by e-mail; your old QR code no longer admits anyone.\n\nIf it was not you, someone who had your ticket code did it: write to ${supportEmail}.`,
    body: h(TicketPassedOn, { subject, bandName, venueName, when, toEmail, supportEmail }),
  });
}
