import { createElement as h } from 'react';
import { Img } from '@react-email/components';
import { TEST_MODE_NOTICE } from '../../../core/payments-mode.ts';
import { secretPlaceholder } from '../secrets.ts';
import { EmailLayout, Paragraph, TextLink } from './layout.ts';
import { renderEmail } from './render-email.ts';
import { TICKET_QR_CONTENT_ID, ticketPageSecretKey, ticketSecretKey } from './ticket.ts';

type Props = { bandName: string; venueName: string; when: string; fromEmail: string; isTestMode?: boolean; /** Issue 34 item 6: the ticket's type ('VIP'), when the gig has types. */ typeName?: string | null };

/** "a VIP ticket", "an Early bird ticket" or "a ticket". */
const aTicket = (typeName: string | null | undefined) => (typeName ? `${/^[aeiou]/i.test(typeName) ? 'an' : 'a'} ${typeName} ticket` : 'a ticket');

const CODE = secretPlaceholder(ticketSecretKey(1));
const PAGE = secretPlaceholder(ticketPageSecretKey(1));
const CALENDAR = secretPlaceholder('calendar');
const RULES = 'Show it at the door; it admits one person, once. Keep it to yourself: whoever has it can use it.';

function TicketReceived({ subject, bandName, venueName, when, fromEmail, isTestMode, typeName }: Props & { subject: string }) {
  return h(
    EmailLayout,
    { subject },
    isTestMode ? h(Paragraph, null, h('strong', null, `${TEST_MODE_NOTICE}.`)) : null,
    h(Paragraph, null, `${fromEmail} passed you ${aTicket(typeName)} for `, h('strong', null, bandName), ` at ${venueName}, ${when}.`),
    h(Img, { src: `cid:${TICKET_QR_CONTENT_ID}`, alt: 'Ticket QR code', width: 240, height: 240, style: { display: 'block', margin: '0 0 16px', backgroundColor: '#ffffff' } }),
    h(Paragraph, null, 'Ticket: ', h('strong', null, CODE)),
    h(Paragraph, null, h(TextLink, { href: PAGE }, 'Open your ticket page'), " (no account needed): add it to your phone's wallet, pass it on, have this e-mail sent again, or ask for a refund."),
    h(Paragraph, null, RULES),
    h(Paragraph, null, h(TextLink, { href: CALENDAR }, 'Add to calendar'), ' (the show is also attached as a calendar entry).'),
  );
}

/**
 * Decision 48: a ticket passed on, to its new holder. Its code (`secrets.ticket`), its QR code,
 * its page (`secrets.ticketPage`) and the calendar link (`secrets.calendar`) are filled in at delivery.
 */
export function ticketReceivedEmail({ bandName, venueName, when, fromEmail, isTestMode = false, typeName = null }: Props) {
  const subject = `A ticket for you: ${bandName} at ${venueName}`;
  const testText = isTestMode ? `${TEST_MODE_NOTICE}.\n\n` : '';
  return renderEmail({
    subject,
    text: `${testText}${fromEmail} passed you ${aTicket(typeName)} for ${bandName} at ${venueName}, ${when}.\n\nTicket: ${CODE}\nYour ticket page (no account needed): ${PAGE}\n\nShow it at the door (its QR code is attached); it admits one person, once. Keep it to yourself: whoever has it can use it.\n\nOn your ticket's page you can add it to your phone's wallet, pass it on, have this e-mail sent again, or ask for a refund.\n\nAdd to calendar: ${CALENDAR}\n(The show is also attached as a calendar entry.)`,
    body: h(TicketReceived, { subject, bandName, venueName, when, fromEmail, isTestMode, typeName }),
  });
}
