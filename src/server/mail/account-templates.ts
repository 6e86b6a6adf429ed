/** E-mails about an account's own settings (decision 40). Links travel as secrets. */
import { escapeHtml, secretPlaceholder } from './secrets.ts';

const LINK = secretPlaceholder('link');

/** To the new address: following the link makes it the account's sign-in address. */
export function emailChangeEmail({ name, newEmail, hours }: { name: string; newEmail: string; hours: number }) {
  return {
    subject: 'Confirm your new e-mail address for Marquee',
    text: `Hi ${name},\n\nSomeone, hopefully you, asked to make ${newEmail} the e-mail address of their Marquee account. If it was you, confirm it here (the link works for ${hours} hours):\n${LINK}\n\nUntil you confirm, the account keeps its old address. Confirming gives the account the tickets bought with this address.\nIf it was not you, ignore this e-mail: nothing changes.`,
    html: `<p>Hi ${escapeHtml(name)},</p><p>Someone, hopefully you, asked to make ${escapeHtml(newEmail)} the e-mail address of their Marquee account. If it was you, <a href="${LINK}">confirm your new e-mail address</a> (the link works for ${hours} hours).</p><p>Until you confirm, the account keeps its old address. Confirming gives the account the tickets bought with this address.</p><p>If it was not you, ignore this e-mail: nothing changes.</p>`,
  };
}

/** To the old address once the change is done, so a change nobody asked for does not go unseen. */
export function emailChangedNoticeEmail({ name, newEmail }: { name: string; newEmail: string }) {
  return {
    subject: 'Your Marquee e-mail address was changed',
    text: `Hi ${name},\n\nThe e-mail address of your Marquee account is now ${newEmail}. Sign in with that address from now on.\n\nIf you did not make this change, use the contact form on Marquee at once.`,
    html: `<p>Hi ${escapeHtml(name)},</p><p>The e-mail address of your Marquee account is now ${escapeHtml(newEmail)}. Sign in with that address from now on.</p><p>If you did not make this change, use the contact form on Marquee at once.</p>`,
  };
}

/** To the account's address after it deleted itself. */
export function accountDeletedEmail({ name }: { name: string }) {
  return {
    subject: 'Your Marquee account was deleted',
    text: `Hi ${name},\n\nYour Marquee account and its profile were deleted, as you asked. Tickets bought with this address stay valid: keep the ticket e-mails.\n\nThanks for being part of the local scene.`,
    html: `<p>Hi ${escapeHtml(name)},</p><p>Your Marquee account and its profile were deleted, as you asked. Tickets bought with this address stay valid: keep the ticket e-mails.</p><p>Thanks for being part of the local scene.</p>`,
  };
}

/** To a gig's organiser when the booked act's account is deleted: the gig is open again. */
export function bookedActLeftEmail({ actName, venueName, date, dashboardUrl }: { actName: string; venueName: string; date: string; dashboardUrl: string }) {
  return {
    subject: `${actName} is no longer booked for ${date}`,
    text: `${actName} deleted its Marquee account, so it is no longer booked for your gig at ${venueName} on ${date}. The gig is open for applications again: ${dashboardUrl}`,
    html: `<p>${escapeHtml(actName)} deleted its Marquee account, so it is no longer booked for your gig at ${escapeHtml(venueName)} on ${escapeHtml(date)}.</p><p>The gig is open for applications again: <a href="${escapeHtml(dashboardUrl)}">your dashboard</a>.</p>`,
  };
}
