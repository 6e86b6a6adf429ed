import { createElement as h } from 'react';
import { EmailLayout, Paragraph, TextLink } from './layout.ts';
import { renderEmail } from './render-email.ts';

type Props = { amount: string; reason: string; supportEmail: string };

function Refund({ subject, amount, reason, supportEmail }: Props & { subject: string }) {
  return h(
    EmailLayout,
    { subject },
    h(Paragraph, null, 'We refunded ', h('strong', null, amount), ' to the card you paid with.'),
    h(Paragraph, null, `Why: ${reason}`),
    h(Paragraph, null, 'It usually shows on your statement within 5 to 10 days. Questions: ', h(TextLink, { href: `mailto:${supportEmail}` }, supportEmail)),
  );
}

/** D19: to the buyer once a ticket's refund went through; `amount` as shown (formatCents). */
export function refundEmail({ amount, reason, supportEmail }: Props) {
  const subject = `Your Marquee ticket was refunded (${amount})`;
  return renderEmail({
    subject,
    text: `We refunded ${amount} to the card you paid with.\n\nWhy: ${reason}\n\nIt usually shows on your statement within 5 to 10 days. Questions: ${supportEmail}`,
    body: h(Refund, { subject, amount, reason, supportEmail }),
  });
}
