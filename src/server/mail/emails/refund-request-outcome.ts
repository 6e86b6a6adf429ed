import { createElement as h } from 'react';
import { REFUNDED_TICKET_STOPS_ADMITTING, refundDestinationForHolder, type RefundGoesTo } from '../../../core/refund-recipient.ts';
import { secretPlaceholder } from '../secrets.ts';
import { EmailLayout, Paragraph, Quote, TextLink } from './layout.ts';
import { renderEmail } from './render-email.ts';

const PAGE = secretPlaceholder('ticketPage');

/** Approved: the refund it made (amount as shown, and whose card); declined: the organiser's reason. */
type Outcome = { isApproved: true; amount: string; goesTo: RefundGoesTo } | { isApproved: false; reason: string };
type Props = { bandName: string; venueName: string; when: string } & Outcome;

const lines = (props: Props) => {
  const show = `${props.bandName} at ${props.venueName}, ${props.when}`;
  return props.isApproved
    ? {
        opening: `The organiser approved your refund request for ${show}.`,
        destination: refundDestinationForHolder(props.amount, props.goesTo),
        after: `${REFUNDED_TICKET_STOPS_ADMITTING} The money usually shows on the card statement within 5 to 10 days.`,
      }
    : { opening: `The organiser declined your refund request for ${show}. Their reason:`, destination: null, after: 'Your ticket is still valid: show its QR code at the door.' };
};

function RefundRequestOutcome({ subject, ...props }: Props & { subject: string }) {
  const text = lines(props);
  return h(
    EmailLayout,
    { subject },
    h(Paragraph, null, text.opening),
    props.isApproved ? h(Paragraph, null, h('strong', null, text.destination)) : h(Quote, null, props.reason),
    h(Paragraph, null, text.after),
    h(Paragraph, null, h(TextLink, { href: PAGE }, 'Your ticket page')),
  );
}

/**
 * Decision 46, issue 34: the organiser's answer to a refund request, to the ticket's holder; the
 * ticket page link is a secret. An approval is the refund's one e-mail: it names the show, the
 * amount and whose card gets it (the refund job sends no second one).
 */
export function refundRequestOutcomeEmail(props: Props) {
  const subject = props.isApproved ? `Refund approved: ${props.bandName} at ${props.venueName} (${props.amount})` : `Refund declined: ${props.bandName} at ${props.venueName}`;
  const text = lines(props);
  return renderEmail({
    subject,
    text: [text.opening, props.isApproved ? text.destination : props.reason, text.after, `Your ticket page: ${PAGE}`].join('\n\n'),
    body: h(RefundRequestOutcome, { subject, ...props }),
  });
}
