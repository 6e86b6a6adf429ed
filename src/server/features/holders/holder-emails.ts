// Decision 49: the e-mails a gig's ticket holders get. Each returns { subject, text, html } like
// mail/templates.ts; they are transactional (about tickets the recipient holds), so they carry no
// unsubscribe link.
import { escapeHtml, secretPlaceholder } from '../../mail/secrets.ts';
import { ticketQrContentId, ticketSecretKey } from '../../mail/emails/ticket.ts';

type Show = { showName: string; venueName: string; when: string };

const tickets = (n: number) => (n === 1 ? 'ticket' : `${n} tickets`);
const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => `<p style="white-space:pre-wrap">${escapeHtml(p)}</p>`)
    .join('');

/**
 * A map of the venue's address. OpenStreetMap's search: no key, no tracking by Marquee's mail, and
 * the address is written out beside it for any other map app.
 */
export const mapLink = (venueName: string, address: string) => `https://www.openstreetmap.org/search?query=${encodeURIComponent(address.trim() || venueName)}`;

/** An organiser's (or admin's) message to the gig's holders, with the show it is about. */
export function holderMessageEmail({ show, subject, message, from, ticketCount }: { show: Show; subject: string; message: string; from: string; ticketCount: number }) {
  const about = `${show.showName} at ${show.venueName}, ${show.when}`;
  const footer = `You get this because you hold ${tickets(ticketCount)} for this show on Marquee.`;
  return {
    subject: `${subject} (${show.showName} at ${show.venueName})`,
    text: `A message from ${from} about ${about}:\n\n${message}\n\n${footer}`,
    html: `<p>A message from <strong>${escapeHtml(from)}</strong> about <strong>${escapeHtml(show.showName)}</strong> at ${escapeHtml(show.venueName)}, ${escapeHtml(show.when)}:</p>${paragraphs(message)}<p style="color:#52525b;font-size:13px">${escapeHtml(footer)}</p>`,
  };
}

/**
 * The reminder the day before (or on the day, if the job ran late): the show, the venue's address
 * with a map link, and every ticket the address holds with its QR code (the secrets ticket,
 * ticket2, …, drawn only at delivery, as in the ticket e-mail).
 */
export function showReminderEmail({ show, venueAddress, dayWord, ticketCount }: { show: Show; venueAddress: string; dayWord: 'Today' | 'Tomorrow'; ticketCount: number }) {
  const numbers = Array.from({ length: ticketCount }, (_, i) => i + 1);
  const several = ticketCount > 1;
  const label = (n: number) => (several ? `Ticket ${n} of ${ticketCount}` : 'Your ticket');
  const map = mapLink(show.venueName, venueAddress);
  const where = venueAddress ? `${show.venueName}, ${venueAddress}` : show.venueName;
  const rules = several ? 'Show their QR codes at the door; each admits one person, once.' : 'Show its QR code at the door; it admits one person, once.';
  return {
    subject: `${dayWord}: ${show.showName} at ${show.venueName}`,
    text: `${dayWord}: ${show.showName} at ${show.venueName}, ${show.when}.\n\nWhere: ${where}\nMap: ${map}\n\n${numbers.map((n) => `${label(n)}: ${secretPlaceholder(ticketSecretKey(n))}`).join('\n')}\n\n${rules} See you there!`,
    html: `<p><strong>${dayWord}: ${escapeHtml(show.showName)}</strong> at ${escapeHtml(show.venueName)}, ${escapeHtml(show.when)}.</p><p>Where: ${escapeHtml(where)}<br><a href="${escapeHtml(map)}">Open the map</a></p>${numbers
      .map((n) => `<p><strong>${label(n)}</strong><br><img src="cid:${ticketQrContentId(n)}" alt="${label(n)}: QR code" width="240" height="240" style="display:block;background:#fff"><br>Code: <strong>${secretPlaceholder(ticketSecretKey(n))}</strong></p>`)
      .join('')}<p>${rules} See you there!</p>`,
  };
}

/** The show is cancelled: why, and that every ticket the address held is refunded in full. */
export function showCancelledEmail({ show, reason, ticketCount, supportEmail }: { show: Show; reason: string; ticketCount: number; supportEmail: string }) {
  const refund = `Your ${tickets(ticketCount)} no longer ${ticketCount === 1 ? 'works' : 'work'}, and ${ticketCount === 1 ? 'it is' : 'each is'} refunded in full (ticket price and service fee) to the card ${ticketCount === 1 ? 'it was' : 'they were'} bought with. The buyer gets a receipt for each refund; the money usually shows on the statement within 5 to 10 days.`;
  return {
    subject: `Cancelled: ${show.showName} at ${show.venueName}, ${show.when}`,
    text: `${show.showName} at ${show.venueName} on ${show.when} is cancelled and will not go ahead.\n\nWhy: ${reason}\n\n${refund}\n\nQuestions: ${supportEmail}`,
    html: `<p><strong>${escapeHtml(show.showName)}</strong> at ${escapeHtml(show.venueName)} on ${escapeHtml(show.when)} is cancelled and will not go ahead.</p><p>Why:</p>${paragraphs(reason)}<p>${escapeHtml(refund)}</p><p>Questions: <a href="mailto:${escapeHtml(supportEmail)}">${escapeHtml(supportEmail)}</a></p>`,
  };
}
