import { createElement as h } from 'react';
import { Img } from '@react-email/components';
import { TEST_MODE_NOTICE } from '../../../core/payments-mode.ts';
import { secretPlaceholder } from '../secrets.ts';
import { EmailLayout, Paragraph, TextLink } from './layout.ts';
import { renderEmail } from './render-email.ts';

/** The ticket's QR code travels as an inline image (drawn at delivery from the secret ticket id). */
export const TICKET_QR_CONTENT_ID = 'ticket-qr@marquee';

/** Issue 23: ticket n of an order (1, 2, …): its secret's key and its QR image's content id. */
export const ticketSecretKey = (n: number) => (n === 1 ? 'ticket' : `ticket${n}`);
export const ticketQrContentId = (n: number) => (n === 1 ? TICKET_QR_CONTENT_ID : `ticket-qr-${n}@marquee`);
/** Decision 51: what ticket n's QR code carries, its signed code (a door with no signal checks it). */
export const ticketQrSecretKey = (n: number) => (n === 1 ? 'ticketQr' : `ticketQr${n}`);
/** Decision 46: ticket n's own page (no account needed), as a secret link. */
export const ticketPageSecretKey = (n: number) => (n === 1 ? 'ticketPage' : `ticketPage${n}`);
const CALENDAR = secretPlaceholder('calendar');

type Props = { bandName: string; venueName: string; when: string; ticketCount?: number; isTestMode?: boolean };

const label = (n: number, count: number) => (count > 1 ? `Ticket ${n} of ${count}` : 'Ticket');
const intro = (count: number) => (count > 1 ? `Here are your ${count} tickets for` : 'Here is your ticket for');
const rules = (count: number) =>
  count > 1
    ? 'Show them at the door; each admits one person, once. Keep them to yourself and the friends you go with: whoever has a ticket can use it.'
    : 'Show it at the door; it admits one person, once. Keep it to yourself: whoever has it can use it.';

function Ticket({ subject, bandName, venueName, when, ticketCount = 1, isTestMode }: Props & { subject: string }) {
  const numbers = Array.from({ length: ticketCount }, (_, i) => i + 1);
  return h(
    EmailLayout,
    { subject },
    // Decision 35: a ticket bought on the built-in sandbox says so at the top.
    isTestMode ? h(Paragraph, null, h('strong', null, `${TEST_MODE_NOTICE}.`)) : null,
    h(Paragraph, null, `Thanks for your order. ${intro(ticketCount)} `, h('strong', null, bandName), ` at ${venueName}, ${when}.`),
    ...numbers.flatMap((n) => [
      ticketCount > 1 ? h(Paragraph, { key: `h${n}` }, h('strong', null, label(n, ticketCount))) : null,
      h(Img, { key: `i${n}`, src: `cid:${ticketQrContentId(n)}`, alt: ticketCount > 1 ? `${label(n, ticketCount)}: QR code` : 'Ticket QR code', width: 240, height: 240, style: { display: 'block', margin: '0 0 16px', backgroundColor: '#ffffff' } }),
      h(Paragraph, { key: `c${n}` }, ticketCount > 1 ? 'Code: ' : 'Ticket: ', h('strong', null, secretPlaceholder(ticketSecretKey(n)))),
      h(
        Paragraph,
        { key: `p${n}` },
        h(TextLink, { href: secretPlaceholder(ticketPageSecretKey(n)) }, ticketCount > 1 ? `Open the page of ticket ${n}` : 'Open your ticket page'),
        ' (no account needed): add it to your phone\'s wallet, pass it to a friend, have this e-mail sent again, or ask for a refund.',
      ),
    ]),
    h(Paragraph, null, rules(ticketCount)),
    h(Paragraph, null, h(TextLink, { href: CALENDAR }, 'Add to calendar'), ' (the show is also attached as a calendar entry).'),
  );
}

/**
 * An order's tickets to its buyer, in one e-mail (issue 23): each ticket id (`secrets.ticket`,
 * `secrets.ticket2`, …) and its QR code are filled in at delivery.
 */
export function ticketEmail({ bandName, venueName, when, ticketCount = 1, isTestMode = false }: Props) {
  const several = ticketCount > 1;
  const subject = several ? `Your ${ticketCount} tickets: ${bandName} at ${venueName}` : `Your ticket: ${bandName} at ${venueName}`;
  const testText = isTestMode ? `${TEST_MODE_NOTICE}.\n\n` : '';
  const codes = Array.from({ length: ticketCount }, (_, i) => `${label(i + 1, ticketCount)}: ${secretPlaceholder(ticketSecretKey(i + 1))}\n${several ? `Its page` : 'Your ticket page'} (no account needed): ${secretPlaceholder(ticketPageSecretKey(i + 1))}`).join('\n\n');
  const attached = several
    ? 'Show them at the door (their QR codes are attached); each admits one person, once. Keep them to yourself and the friends you go with: whoever has a ticket can use it.'
    : 'Show it at the door (its QR code is attached); it admits one person, once. Keep it to yourself: whoever has it can use it.';
  return renderEmail({
    subject,
    text: `${testText}Thanks for your order. ${intro(ticketCount)} ${bandName} at ${venueName}, ${when}.\n\n${codes}\n\n${attached}\n\nOn a ticket's page you can add it to your phone's wallet, pass it to a friend, have this e-mail sent again, or ask for a refund.\n\nAdd to calendar: ${CALENDAR}\n(The show is also attached as a calendar entry.)`,
    body: h(Ticket, { subject, bandName, venueName, when, ticketCount, isTestMode }),
  });
}
