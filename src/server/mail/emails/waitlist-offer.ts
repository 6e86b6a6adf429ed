import { createElement as h } from 'react';
import { TEST_MODE_NOTICE } from '../../../core/payments-mode.ts';
import { secretPlaceholder } from '../secrets.ts';
import { ButtonLink, EmailLayout, Paragraph } from './layout.ts';
import { renderEmail } from './render-email.ts';

const LINK = secretPlaceholder('link');

type Props = {
  showName: string;
  venueName: string;
  when: string;
  /** When the offer ends, in the gig's zone ("Fri, Dec 4, 9:30 PM CST"). */
  until: string;
  face: string;
  fee: string;
  total: string;
  isTestMode?: boolean;
};

const price = ({ face, fee, total }: Pick<Props, 'face' | 'fee' | 'total'>) => `One ticket at its face value of ${face}, plus the usual ${fee} service fee: ${total} in all.`;
const after = (until: string) =>
  `Don't want it? Pass it on from the same page, so the next person gets it sooner. If it isn't bought by ${until}, it goes to the next person on the waitlist and you leave the list.`;

function WaitlistOffer({ subject, showName, venueName, when, until, isTestMode, ...money }: Props & { subject: string }) {
  return h(
    EmailLayout,
    { subject },
    isTestMode ? h(Paragraph, null, h('strong', null, `${TEST_MODE_NOTICE}.`)) : null,
    h(Paragraph, null, `Good news: a ticket for ${showName} at ${venueName}, ${when}, came back, and you're next on the waitlist.`),
    h(Paragraph, null, h('strong', null, `It's held for you until ${until}.`), ` ${price(money)}`),
    h(ButtonLink, { href: LINK }, 'Buy your ticket'),
    h(Paragraph, null, after(until)),
  );
}

/** Decision 50: a ticket offered to the next person on a sold-out gig's waitlist, held for them until `until`. */
export function waitlistOfferEmail({ showName, venueName, when, until, face, fee, total, isTestMode = false }: Props) {
  const subject = `A ticket for ${showName} at ${venueName} is yours until ${until}`;
  const testText = isTestMode ? `${TEST_MODE_NOTICE}.\n\n` : '';
  return renderEmail({
    subject,
    text: `${testText}Good news: a ticket for ${showName} at ${venueName}, ${when}, came back, and you're next on the waitlist.\n\nIt's held for you until ${until}. ${price({ face, fee, total })}\n\nBuy it here:\n${LINK}\n\n${after(until)}`,
    body: h(WaitlistOffer, { subject, showName, venueName, when, until, face, fee, total, isTestMode }),
  });
}
