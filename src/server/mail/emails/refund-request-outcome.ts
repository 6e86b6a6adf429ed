import { createElement as h } from 'react';
import { secretPlaceholder } from '../secrets.ts';
import { EmailLayout, Paragraph, Quote, TextLink } from './layout.ts';
import { renderEmail } from './render-email.ts';

const PAGE = secretPlaceholder('ticketPage');

type Props = { bandName: string; venueName: string; when: string; isApproved: boolean; reason?: string };

function RefundRequestOutcome({ subject, bandName, venueName, when, isApproved, reason }: Props & { subject: string }) {
  return h(
    EmailLayout,
    { subject },
    isApproved
      ? h(Paragraph, null, 'The organiser approved your refund request for ', h('strong', null, bandName), ` at ${venueName}, ${when}.`)
      : h(Paragraph, null, 'The organiser declined your refund request for ', h('strong', null, bandName), ` at ${venueName}, ${when}. Their reason:`),
    isApproved ? null : h(Quote, null, reason ?? ''),
    h(
      Paragraph,
      null,
      isApproved
        ? 'Your ticket no longer admits anyone. The money goes back to the card you paid with: another e-mail tells you once it is on its way.'
        : 'Your ticket is still valid: show its QR code at the door.',
    ),
    h(Paragraph, null, h(TextLink, { href: PAGE }, 'Your ticket page')),
  );
}

/** Decision 46: the organiser's answer to a refund request, to the ticket's holder; the ticket page link is a secret. */
export function refundRequestOutcomeEmail({ bandName, venueName, when, isApproved, reason }: Props) {
  const show = `${bandName} at ${venueName}, ${when}`;
  const subject = isApproved ? `Refund approved: ${bandName} at ${venueName}` : `Refund declined: ${bandName} at ${venueName}`;
  const text = isApproved
    ? `The organiser approved your refund request for ${show}.\n\nYour ticket no longer admits anyone. The money goes back to the card you paid with: another e-mail tells you once it is on its way.\n\nYour ticket page: ${PAGE}`
    : `The organiser declined your refund request for ${show}. Their reason:\n\n${reason ?? ''}\n\nYour ticket is still valid: show its QR code at the door.\n\nYour ticket page: ${PAGE}`;
  return renderEmail({ subject, text, body: h(RefundRequestOutcome, { subject, bandName, venueName, when, isApproved, reason }) });
}
