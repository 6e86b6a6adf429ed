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

/**
 * Issue 34 (item 9): what the order e-mail says of the order: its number, what was paid (face
 * value, the one service fee, the total, formatted), the venue's address with a map link, the door
 * time, and each ticket's type (null: the gig's simple price).
 */
export type TicketOrderDetails = {
  orderNumber: string | null;
  face: string;
  fee: string;
  total: string;
  venueAddress: string | null;
  mapUrl: string | null;
  doors: string;
  ticketTypes: (string | null)[];
};

type Props = {
  bandName: string;
  venueName: string;
  when: string;
  ticketCount?: number;
  isTestMode?: boolean;
  order?: TicketOrderDetails | null;
  /** Issue 34 (item 10): 'add it to your wallet' is promised only where wallet passes are offered. */
  hasWallet?: boolean;
};

const typeOf = (order: TicketOrderDetails | null | undefined, n: number) => order?.ticketTypes[n - 1] ?? null;
const label = (n: number, count: number, type: string | null = null) => `${count > 1 ? `Ticket ${n} of ${count}` : 'Ticket'}${type ? ` (${type})` : ''}`;
const pageUses = (hasWallet: boolean) => `${hasWallet ? "add it to your phone's wallet, " : ''}pass it to a friend, have this e-mail sent again, or ask for a refund`;
const orderLines = (order: TicketOrderDetails) => [
  ...(order.orderNumber ? [`Order ${order.orderNumber}`] : []),
  `Tickets ${order.face} + service fee ${order.fee} = ${order.total} paid`,
  `Venue: ${order.venueAddress ?? ''}`.replace(/: $/, ''),
  `Doors: ${order.doors}`,
];
const intro = (count: number) => (count > 1 ? `Here are your ${count} tickets for` : 'Here is your ticket for');
const rules = (count: number) =>
  count > 1
    ? 'Show them at the door; each admits one person, once. Keep them to yourself and the friends you go with: whoever has a ticket can use it.'
    : 'Show it at the door; it admits one person, once. Keep it to yourself: whoever has it can use it.';

function Ticket({ subject, bandName, venueName, when, ticketCount = 1, isTestMode, order, hasWallet = true }: Props & { subject: string }) {
  const numbers = Array.from({ length: ticketCount }, (_, i) => i + 1);
  return h(
    EmailLayout,
    { subject },
    // Decision 35: a ticket bought on the built-in sandbox says so at the top.
    isTestMode ? h(Paragraph, null, h('strong', null, `${TEST_MODE_NOTICE}.`)) : null,
    h(Paragraph, null, `Thanks for your order. ${intro(ticketCount)} `, h('strong', null, bandName), ` at ${venueName}, ${when}.`),
    order
      ? h(
          Paragraph,
          null,
          ...(order.orderNumber ? [h('strong', null, `Order ${order.orderNumber}`), h('br')] : []),
          `Tickets ${order.face} + service fee ${order.fee} = `,
          h('strong', null, `${order.total} paid`),
          h('br'),
          `Doors: ${order.doors}`,
          ...(order.venueAddress ? [h('br'), `${venueName}, ${order.venueAddress}`] : []),
          ...(order.mapUrl ? [' (', h(TextLink, { href: order.mapUrl }, 'map'), ')'] : []),
        )
      : null,
    ...numbers.flatMap((n) => [
      ticketCount > 1 || typeOf(order, n) ? h(Paragraph, { key: `h${n}` }, h('strong', null, label(n, ticketCount, typeOf(order, n)))) : null,
      h(Img, { key: `i${n}`, src: `cid:${ticketQrContentId(n)}`, alt: ticketCount > 1 ? `${label(n, ticketCount)}: QR code` : 'Ticket QR code', width: 240, height: 240, style: { display: 'block', margin: '0 0 16px', backgroundColor: '#ffffff' } }),
      h(Paragraph, { key: `c${n}` }, ticketCount > 1 ? 'Code: ' : 'Ticket: ', h('strong', null, secretPlaceholder(ticketSecretKey(n)))),
      h(
        Paragraph,
        { key: `p${n}` },
        h(TextLink, { href: secretPlaceholder(ticketPageSecretKey(n)) }, ticketCount > 1 ? `Open the page of ticket ${n}` : 'Open your ticket page'),
        ` (no account needed): ${pageUses(hasWallet)}.`,
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
export function ticketEmail({ bandName, venueName, when, ticketCount = 1, isTestMode = false, order = null, hasWallet = true }: Props) {
  const several = ticketCount > 1;
  const subject = several ? `Your ${ticketCount} tickets: ${bandName} at ${venueName}` : `Your ticket: ${bandName} at ${venueName}`;
  const testText = isTestMode ? `${TEST_MODE_NOTICE}.\n\n` : '';
  const codes = Array.from({ length: ticketCount }, (_, i) => `${label(i + 1, ticketCount, typeOf(order, i + 1))}: ${secretPlaceholder(ticketSecretKey(i + 1))}\n${several ? `Its page` : 'Your ticket page'} (no account needed): ${secretPlaceholder(ticketPageSecretKey(i + 1))}`).join('\n\n');
  const attached = several
    ? 'Show them at the door (their QR codes are attached); each admits one person, once. Keep them to yourself and the friends you go with: whoever has a ticket can use it.'
    : 'Show it at the door (its QR code is attached); it admits one person, once. Keep it to yourself: whoever has it can use it.';
  return renderEmail({
    subject,
    text: `${testText}Thanks for your order. ${intro(ticketCount)} ${bandName} at ${venueName}, ${when}.\n\n${order ? `${orderLines(order).join('\n')}${order.mapUrl ? `\nMap: ${order.mapUrl}` : ''}\n\n` : ''}${codes}\n\n${attached}\n\nOn a ticket's page you can ${pageUses(hasWallet)}.\n\nAdd to calendar: ${CALENDAR}\n(The show is also attached as a calendar entry.)`,
    body: h(Ticket, { subject, bandName, venueName, when, ticketCount, isTestMode, order, hasWallet }),
  });
}
