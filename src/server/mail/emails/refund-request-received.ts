import { createElement as h } from 'react';
import { ButtonLink, EmailLayout, Paragraph, Quote } from './layout.ts';
import { renderEmail } from './render-email.ts';

type Props = {
  showName: string;
  venueName: string;
  when: string;
  holderEmail: string;
  reason: string;
  /** The organiser's view of what approving gives back: "$20.70 back to the card of the original buyer". */
  refundText: string;
  /** The dashboard, opened at this request. */
  requestUrl: string;
};

const lines = ({ showName, venueName, when, holderEmail, refundText }: Props) => ({
  opening: `${holderEmail} asks for a refund of their ticket for ${showName} at ${venueName}, ${when}. Their reason:`,
  answer: `Approving refunds it: ${refundText}, and the ticket stops admitting. Declining keeps it valid and needs a short reason, which the fan is e-mailed.`,
});

function RefundRequestReceived({ subject, ...props }: Props & { subject: string }) {
  const text = lines(props);
  return h(EmailLayout, { subject }, h(Paragraph, null, text.opening), h(Quote, null, props.reason), h(Paragraph, null, text.answer), h(ButtonLink, { href: props.requestUrl }, 'Answer the request'));
}

/** Issue 34, item 2: to the gig's organiser (D10: its promoter, else its venue) when a fan asks for a refund, with a link to the request. */
export function refundRequestReceivedEmail(props: Props) {
  const subject = `Refund request: ${props.showName} at ${props.venueName}`;
  const text = lines(props);
  return renderEmail({
    subject,
    text: `${text.opening}\n\n${props.reason}\n\n${text.answer}\n\nAnswer the request: ${props.requestUrl}`,
    body: h(RefundRequestReceived, { subject, ...props }),
  });
}

/** Where the e-mail's link opens: the organiser's dashboard, scrolled to this request. */
export const refundRequestPath = (requestId: string) => `/dashboard#refund-request-${requestId}`;
