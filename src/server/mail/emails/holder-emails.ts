// Decision 49: the e-mails a gig's ticket holders get. They are transactional (about tickets the
// recipient holds), so they carry no unsubscribe link.
import { createElement as h } from 'react';
import { Img } from '@react-email/components';
import { secretPlaceholder } from '../secrets.ts';
import { EmailLayout, FinePrint, Paragraph, TextLink, Title } from './layout.ts';
import { renderEmail } from './render-email.ts';
import { ticketQrContentId, ticketSecretKey } from './ticket.ts';

type Show = { showName: string; venueName: string; when: string };

const tickets = (n: number) => (n === 1 ? 'ticket' : `${n} tickets`);
const paragraphsOf = (text: string) => text.split(/\n{2,}/).map((p, i) => h(Paragraph, { key: i, style: { whiteSpace: 'pre-wrap' } }, p));

/**
 * A map of the venue's address. OpenStreetMap's search: no key, no tracking by Marquee's mail, and
 * the address is written out beside it for any other map app.
 */
export const mapLink = (venueName: string, address: string) => `https://www.openstreetmap.org/search?query=${encodeURIComponent(address.trim() || venueName)}`;

type MessageProps = { show: Show; subject: string; message: string; from: string; ticketCount: number };

function HolderMessage({ subject, title, show, message, from, ticketCount }: MessageProps & { title: string }) {
  return h(
    EmailLayout,
    { subject, footer: h(FinePrint, null, `You get this because you hold ${tickets(ticketCount)} for this show on Marquee.`) },
    h(Title, null, title),
    h(Paragraph, null, 'A message from ', h('strong', null, from), ' about ', h('strong', null, show.showName), ` at ${show.venueName}, ${show.when}:`),
    ...paragraphsOf(message),
  );
}

/** An organiser's (or admin's) message to the gig's holders, with the show it is about. */
export function holderMessageEmail({ show, subject, message, from, ticketCount }: MessageProps) {
  const about = `${show.showName} at ${show.venueName}, ${show.when}`;
  const footer = `You get this because you hold ${tickets(ticketCount)} for this show on Marquee.`;
  const fullSubject = `${subject} (${show.showName} at ${show.venueName})`;
  return renderEmail({
    subject: fullSubject,
    text: `${subject}\n\nA message from ${from} about ${about}:\n\n${message}\n\n${footer}`,
    body: h(HolderMessage, { subject: fullSubject, title: subject, show, message, from, ticketCount }),
  });
}

type ReminderProps = { show: Show; venueAddress: string; dayWord: 'Today' | 'Tomorrow'; ticketCount: number };

function ShowReminder({ subject, show, venueAddress, dayWord, ticketCount }: ReminderProps & { subject: string }) {
  const several = ticketCount > 1;
  const label = (n: number) => (several ? `Ticket ${n} of ${ticketCount}` : 'Your ticket');
  const where = venueAddress ? `${show.venueName}, ${venueAddress}` : show.venueName;
  return h(
    EmailLayout,
    { subject },
    h(Paragraph, null, h('strong', null, `${dayWord}: ${show.showName}`), ` at ${show.venueName}, ${show.when}.`),
    h(Paragraph, null, `Where: ${where}`, h('br'), h(TextLink, { href: mapLink(show.venueName, venueAddress) }, 'Open the map')),
    ...Array.from({ length: ticketCount }, (_, i) => i + 1).flatMap((n) => [
      h(Paragraph, { key: `l${n}` }, h('strong', null, label(n))),
      h(Img, { key: `i${n}`, src: `cid:${ticketQrContentId(n)}`, alt: `${label(n)}: QR code`, width: 240, height: 240, style: { display: 'block', margin: '0 0 8px', backgroundColor: '#ffffff' } }),
      h(Paragraph, { key: `c${n}` }, 'Code: ', h('strong', null, secretPlaceholder(ticketSecretKey(n)))),
    ]),
    h(Paragraph, null, `${several ? 'Show their QR codes at the door; each admits one person, once.' : 'Show its QR code at the door; it admits one person, once.'} See you there!`),
  );
}

/**
 * The reminder the day before (or on the day, if the job ran late): the show, the venue's address
 * with a map link, and every ticket the address holds with its QR code (the secrets ticket,
 * ticket2, …, drawn only at delivery, as in the ticket e-mail).
 */
export function showReminderEmail({ show, venueAddress, dayWord, ticketCount }: ReminderProps) {
  const numbers = Array.from({ length: ticketCount }, (_, i) => i + 1);
  const several = ticketCount > 1;
  const label = (n: number) => (several ? `Ticket ${n} of ${ticketCount}` : 'Your ticket');
  const map = mapLink(show.venueName, venueAddress);
  const where = venueAddress ? `${show.venueName}, ${venueAddress}` : show.venueName;
  const rules = several ? 'Show their QR codes at the door; each admits one person, once.' : 'Show its QR code at the door; it admits one person, once.';
  const subject = `${dayWord}: ${show.showName} at ${show.venueName}`;
  return renderEmail({
    subject,
    text: `${dayWord}: ${show.showName} at ${show.venueName}, ${show.when}.\n\nWhere: ${where}\nMap: ${map}\n\n${numbers.map((n) => `${label(n)}: ${secretPlaceholder(ticketSecretKey(n))}`).join('\n')}\n\n${rules} See you there!`,
    body: h(ShowReminder, { subject, show, venueAddress, dayWord, ticketCount }),
  });
}

type CancelledProps = { show: Show; reason: string; ticketCount: number; supportEmail: string };

const refundWords = (ticketCount: number) =>
  `Your ${tickets(ticketCount)} no longer ${ticketCount === 1 ? 'works' : 'work'}, and ${ticketCount === 1 ? 'it is' : 'each is'} refunded in full (ticket price and service fee) to the card ${ticketCount === 1 ? 'it was' : 'they were'} bought with. The buyer gets a receipt for each refund; the money usually shows on the statement within 5 to 10 days.`;

function ShowCancelled({ subject, show, reason, ticketCount, supportEmail }: CancelledProps & { subject: string }) {
  return h(
    EmailLayout,
    { subject },
    h(Paragraph, null, h('strong', null, show.showName), ` at ${show.venueName} on ${show.when} is cancelled and will not go ahead.`),
    h(Paragraph, null, 'Why:'),
    ...paragraphsOf(reason),
    h(Paragraph, null, refundWords(ticketCount)),
    h(Paragraph, null, 'Questions: ', h(TextLink, { href: `mailto:${supportEmail}` }, supportEmail)),
  );
}

/** The show is cancelled: why, and that every ticket the address held is refunded in full. */
export function showCancelledEmail({ show, reason, ticketCount, supportEmail }: CancelledProps) {
  const subject = `Cancelled: ${show.showName} at ${show.venueName}, ${show.when}`;
  return renderEmail({
    subject,
    text: `${show.showName} at ${show.venueName} on ${show.when} is cancelled and will not go ahead.\n\nWhy: ${reason}\n\n${refundWords(ticketCount)}\n\nQuestions: ${supportEmail}`,
    body: h(ShowCancelled, { subject, show, reason, ticketCount, supportEmail }),
  });
}
