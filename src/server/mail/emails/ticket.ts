import { createElement as h } from 'react';
import { Img } from '@react-email/components';
import { TEST_MODE_NOTICE } from '../../../core/payments-mode.ts';
import { secretPlaceholder } from '../secrets.ts';
import { EmailLayout, Paragraph } from './layout.ts';
import { renderEmail } from './render-email.ts';

/** The ticket's QR code travels as an inline image (drawn at delivery from the secret ticket id). */
export const TICKET_QR_CONTENT_ID = 'ticket-qr@marquee';

const TICKET = secretPlaceholder('ticket');

type Props = { bandName: string; venueName: string; when: string; isTestMode?: boolean };

function Ticket({ subject, bandName, venueName, when, isTestMode }: Props & { subject: string }) {
  return h(
    EmailLayout,
    { subject },
    // Decision 35: a ticket bought on the built-in sandbox says so at the top.
    isTestMode ? h(Paragraph, null, h('strong', null, `${TEST_MODE_NOTICE}.`)) : null,
    h(Paragraph, null, 'Thanks for your order. Here is your ticket for ', h('strong', null, bandName), ` at ${venueName}, ${when}.`),
    h(Img, { src: `cid:${TICKET_QR_CONTENT_ID}`, alt: 'Ticket QR code', width: 240, height: 240, style: { display: 'block', margin: '0 0 16px', backgroundColor: '#ffffff' } }),
    h(Paragraph, null, 'Ticket: ', h('strong', null, TICKET)),
    h(Paragraph, null, 'Show it at the door; it admits one person, once. Keep it to yourself: whoever has it can use it. The show is attached as a calendar entry.'),
  );
}

/** One ticket to its buyer; the ticket id (`secrets.ticket`) and its QR code are filled in at delivery. */
export function ticketEmail({ bandName, venueName, when, isTestMode = false }: Props) {
  const subject = `Your ticket: ${bandName} at ${venueName}`;
  const testText = isTestMode ? `${TEST_MODE_NOTICE}.\n\n` : '';
  return renderEmail({
    subject,
    text: `${testText}Thanks for your order. Here is your ticket for ${bandName} at ${venueName}, ${when}.\n\nTicket: ${TICKET}\n\nShow it at the door (its QR code is attached); it admits one person, once. Keep it to yourself: whoever has it can use it. The show is attached as a calendar entry.`,
    body: h(Ticket, { subject, bandName, venueName, when, isTestMode }),
  });
}
