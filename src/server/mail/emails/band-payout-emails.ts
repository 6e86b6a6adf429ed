import { createElement as h } from 'react';
import { ButtonLink, EmailLayout, Paragraph, Strong } from './layout.ts';
import { renderEmail } from './render-email.ts';

/**
 * Issue 34, item 1: a band (or its manager) without payout setup hears about its held share when
 * it is first held, again a week before the deadline, and when it is forfeited. Each names the
 * show, the amount, the deadline and where payouts are set up. Values as shown (formatCents,
 * formatLocalDate).
 */
type Props = { show: string; amount: string; deadline: string; setupUrl: string };

function BandPayoutMail({ subject, lines, setupUrl, button }: { subject: string; lines: string[]; setupUrl: string; button: string }) {
  return h(EmailLayout, { subject }, ...lines.map((line, i) => h(Paragraph, { key: i }, i === 0 ? h(Strong, null, line) : line)), h(ButtonLink, { href: setupUrl }, button));
}

function mail(subject: string, lines: string[], setupUrl: string, button: string) {
  const text = [...lines, `${button}: ${setupUrl}`].join('\n\n');
  return renderEmail({ subject, text, body: h(BandPayoutMail, { subject, lines, setupUrl, button }) });
}

/** When a show's band share is first held because payouts are not set up. */
export function bandShareHeldEmail({ show, amount, deadline, setupUrl }: Props) {
  return mail(
    `Set up payouts to receive your ${amount} from ${show}`,
    [
      `Tickets for ${show} are selling, and your share so far is ${amount}. We are holding it because your payouts are not set up yet.`,
      `Set up payouts by ${deadline} and everything held is paid out at once, with each later ticket paid as it sells. If payouts are not set up by then, the share is forfeited to Marquee.`,
    ],
    setupUrl,
    'Set up payouts',
  );
}

/** A week before the deadline, while the share is still held. */
export function bandShareReminderEmail({ show, amount, deadline, setupUrl }: Props) {
  return mail(
    `One week left: set up payouts by ${deadline} to receive ${amount}`,
    [
      `Your share of ${amount} from ${show} is still held because your payouts are not set up.`,
      `Set up payouts by ${deadline} and it is paid out at once. After that day the share is forfeited to Marquee.`,
    ],
    setupUrl,
    'Set up payouts',
  );
}

/** When the deadline has passed and the held share is forfeited. */
export function bandShareForfeitedEmail({ show, amount, deadline, setupUrl }: Props) {
  return mail(
    `Your ${amount} from ${show} was forfeited`,
    [
      `Your share of ${amount} from ${show} was forfeited to Marquee, because payouts were not set up by ${deadline}.`,
      'Shares of tickets for your other shows are held the same way until their own deadlines.',
    ],
    setupUrl,
    'Set up payouts for your next shows',
  );
}
