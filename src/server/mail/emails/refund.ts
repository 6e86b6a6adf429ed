import { createElement as h } from 'react';
import { REFUNDED_TICKET_STOPS_ADMITTING, refundDestinationForHolder, type RefundGoesTo } from '../../../core/refund-recipient.ts';
import { EmailLayout, Paragraph, TextLink } from './layout.ts';
import { renderEmail } from './render-email.ts';

/** The show as e-mails name it: "The Velvet Static at The Lantern Room, Fri, Dec 4, 8:00 PM – 11:00 PM". */
export type RefundShow = { showName: string; venueName: string; when: string };

type Props = {
  show: RefundShow;
  /** As shown (formatCents). */
  amount: string;
  goesTo: RefundGoesTo;
  reason: string;
  /** A ticket's refund (it stops admitting); false for a whole payment returned before any ticket was issued. */
  isTicket: boolean;
  supportEmail: string;
};

const lines = ({ show, amount, goesTo, reason, isTicket, supportEmail }: Props) => ({
  opening: `${isTicket ? 'Your ticket' : 'Your payment'} for ${show.showName} at ${show.venueName}, ${show.when}, was refunded.`,
  destination: refundDestinationForHolder(amount, goesTo),
  admits: isTicket ? REFUNDED_TICKET_STOPS_ADMITTING : null,
  why: `Why: ${reason}`,
  statement: `It usually shows on ${goesTo === 'holder' ? 'your' : 'their'} card statement within 5 to 10 days. Questions: ${supportEmail}`,
});

function Refund({ subject, ...props }: Props & { subject: string }) {
  const text = lines(props);
  return h(
    EmailLayout,
    { subject },
    h(Paragraph, null, text.opening),
    h(Paragraph, null, h('strong', null, text.destination)),
    text.admits ? h(Paragraph, null, text.admits) : null,
    h(Paragraph, null, text.why),
    h(Paragraph, null, text.statement.replace(props.supportEmail, ''), h(TextLink, { href: `mailto:${props.supportEmail}` }, props.supportEmail)),
  );
}

/**
 * D19, issue 34: the one e-mail a refund sends, once the provider returned the money, to the
 * ticket's holder (a whole payment's: its buyer). It names the show, the amount and where the money
 * goes: a ticket passed on refunds the original buyer's card, never the holder's.
 */
export function refundEmail(props: Props) {
  const subject = `Refunded: ${props.show.showName} at ${props.show.venueName} (${props.amount})`;
  const text = lines(props);
  return renderEmail({
    subject,
    text: [text.opening, text.destination, text.admits, text.why, text.statement].filter(Boolean).join('\n\n'),
    body: h(Refund, { subject, ...props }),
  });
}
