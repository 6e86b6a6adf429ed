/** E-mails about a refund request made from the ticket page (issue 23, decision 46). */
import { escapeHtml, secretPlaceholder } from './secrets.ts';

const PAGE = secretPlaceholder('ticketPage');

/** The organiser's answer, to the ticket's holder; the ticket page link is a secret like in the ticket e-mail. */
export function refundRequestOutcomeEmail({ bandName, venueName, when, isApproved, reason }: { bandName: string; venueName: string; when: string; isApproved: boolean; reason?: string }) {
  const show = `${bandName} at ${venueName}, ${when}`;
  if (isApproved) {
    return {
      subject: `Refund approved: ${bandName} at ${venueName}`,
      text: `The organiser approved your refund request for ${show}.\n\nYour ticket no longer admits anyone. The money goes back to the card you paid with: another e-mail tells you once it is on its way.\n\nYour ticket page: ${PAGE}`,
      html: `<p>The organiser approved your refund request for <strong>${escapeHtml(bandName)}</strong> at ${escapeHtml(venueName)}, ${escapeHtml(when)}.</p><p>Your ticket no longer admits anyone. The money goes back to the card you paid with: another e-mail tells you once it is on its way.</p><p><a href="${PAGE}">Your ticket page</a></p>`,
    };
  }
  return {
    subject: `Refund declined: ${bandName} at ${venueName}`,
    text: `The organiser declined your refund request for ${show}. Their reason:\n\n${reason ?? ''}\n\nYour ticket is still valid: show its QR code at the door.\n\nYour ticket page: ${PAGE}`,
    html: `<p>The organiser declined your refund request for <strong>${escapeHtml(bandName)}</strong> at ${escapeHtml(venueName)}, ${escapeHtml(when)}. Their reason:</p><blockquote>${escapeHtml(reason ?? '')}</blockquote><p>Your ticket is still valid: show its QR code at the door.</p><p><a href="${PAGE}">Your ticket page</a></p>`,
  };
}
