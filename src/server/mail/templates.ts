/** E-mail bodies. Plain text first; the HTML is the same words with a link. */
import { TEST_MODE_NOTICE } from '../../core/payments-mode.ts';
import { escapeHtml, secretPlaceholder } from './secrets.ts';

/** Links that act for the recipient (reset, unsubscribe) travel as secrets, outside the stored body. */
const LINK = secretPlaceholder('link');

export function passwordResetEmail({ url }: { url: string }) {
  return {
    subject: 'Reset your Marquee password',
    secrets: { link: url },
    text: `Someone asked to reset the password of your Marquee account.\n\nChoose a new password here (the link works for one hour):\n${LINK}\n\nIf it wasn't you, ignore this e-mail; your password stays the same.`,
    html: `<p>Someone asked to reset the password of your Marquee account.</p><p><a href="${LINK}">Choose a new password</a> (the link works for one hour).</p><p>If it wasn't you, ignore this e-mail; your password stays the same.</p>`,
  };
}

/**
 * D32: the link that confirms the account's address; it works for `hours` hours. It says what
 * following it does, so someone who did not make the account leaves it alone.
 */
export function emailVerificationEmail({ name, hours }: { name: string; hours: number }) {
  return {
    subject: 'Confirm your e-mail address for Marquee',
    text: `Hi ${name},\n\nSomeone, hopefully you, made a Marquee account with this e-mail address. If it was you, confirm the address here (the link works for ${hours} hours):\n${LINK}\n\nConfirming gives that account the tickets bought with this address.\nIf you did not make a Marquee account, ignore this e-mail: nothing changes.`,
    html: `<p>Hi ${escapeHtml(name)},</p><p>Someone, hopefully you, made a Marquee account with this e-mail address. If it was you, <a href="${LINK}">confirm your e-mail address</a> (the link works for ${hours} hours).</p><p>Confirming gives that account the tickets bought with this address.</p><p>If you did not make a Marquee account, ignore this e-mail: nothing changes.</p>`,
  };
}

export function contactMessageEmail({ name, email, message }: { name: string; email: string; message: string }) {
  return {
    subject: `Contact form: ${name}`,
    text: `From: ${name} <${email}>\n\n${message}`,
    html: `<p>From: ${escapeHtml(name)} &lt;${escapeHtml(email)}&gt;</p><pre style="white-space:pre-wrap">${escapeHtml(message)}</pre>`,
  };
}

export function welcomeEmail({ name, dashboardUrl }: { name: string; dashboardUrl: string }) {
  return {
    subject: 'Welcome to Marquee',
    text: `Hi ${name},\n\nYour Marquee account is ready. Your dashboard: ${dashboardUrl}\n\nSee you at a show!`,
    html: `<p>Hi ${escapeHtml(name)},</p><p>Your Marquee account is ready. <a href="${escapeHtml(dashboardUrl)}">Open your dashboard</a>.</p><p>See you at a show!</p>`,
  };
}

export function followConfirmationEmail({ bandName: bands }: { bandName: string }) {
  const unsubscribe = secretPlaceholder('unsubscribe');
  return {
    subject: `Confirm that you want to follow ${bands} on Marquee`,
    text: `Someone, hopefully you, asked to follow ${bands} on Marquee with this address.\n\nConfirm here, and we'll e-mail you when they announce a new show:\n${LINK}\n\nIf it wasn't you, ignore this e-mail: you won't hear from us again.\nTo stop these e-mails later, unsubscribe here:\n${unsubscribe}`,
    html: `<p>Someone, hopefully you, asked to follow ${escapeHtml(bands)} on Marquee with this address.</p><p><a href="${LINK}">Confirm that you want to follow ${escapeHtml(bands)}</a>, and we'll e-mail you when they announce a new show.</p><p>If it wasn't you, ignore this e-mail: you won't hear from us again. <a href="${unsubscribe}">Unsubscribe</a></p>`,
  };
}

export function bandNoticeEmail({ bandName, venueName, venueAddress, senderName, dates, dashboardUrl }: { bandName: string; venueName: string; venueAddress: string; senderName: string; dates: string[]; dashboardUrl: string }) {
  const where = venueAddress ? `${venueName} (${venueAddress})` : venueName;
  const list = dates.length ? dates.map((d) => `- ${d}`).join('\n') : '- New dates are being added: check your dashboard.';
  // Issue 20: a band can stop this organiser's notices, or every organiser's.
  const stopOne = secretPlaceholder('unsubscribe');
  const stopAll = secretPlaceholder('unsubscribeAll');
  return {
    subject: `${venueName} is booking: open gigs on Marquee`,
    text: `Hi ${bandName},\n\n${where} is looking for bands and asked us to let you know. Open gig opportunities:\n${list}\n\nApply from your dashboard: ${dashboardUrl}\n\nSee you at a show!\n\nYou get this because ${senderName} chose your band on Marquee.\nStop notices from ${senderName}: ${stopOne}\nStop notices from every venue and promoter: ${stopAll}`,
    html: `<p>Hi ${escapeHtml(bandName)},</p><p>${escapeHtml(where)} is looking for bands and asked us to let you know. Open gig opportunities:</p><ul>${(dates.length ? dates : ['New dates are being added: check your dashboard.']).map((d) => `<li>${escapeHtml(d)}</li>`).join('')}</ul><p><a href="${escapeHtml(dashboardUrl)}">Apply from your dashboard</a>.</p><p>See you at a show!</p><p>You get this because ${escapeHtml(senderName)} chose your band on Marquee. <a href="${stopOne}">Stop notices from ${escapeHtml(senderName)}</a> · <a href="${stopAll}">Stop notices from every venue and promoter</a></p>`,
  };
}

export function newGigEmail({ bandName, venueName, when, gigUrl }: { bandName: string; venueName: string; when: string; gigUrl: string }) {
  const unsubscribe = secretPlaceholder('unsubscribe');
  return {
    subject: `${bandName} has a new show: ${venueName}, ${when}`,
    text: `${bandName} just announced a show on Marquee:\n\n${venueName}\n${when}\n\nDetails and tickets: ${gigUrl}\n\nYou get this because you follow ${bandName}. To stop, unsubscribe here:\n${unsubscribe}`,
    html: `<p>${escapeHtml(bandName)} just announced a show on Marquee:</p><p><strong>${escapeHtml(venueName)}</strong><br>${escapeHtml(when)}</p><p><a href="${escapeHtml(gigUrl)}">Details and tickets</a></p><p>You get this because you follow ${escapeHtml(bandName)}. <a href="${unsubscribe}">Unsubscribe</a></p>`,
  };
}

/**
 * Decision 37: an applicant's outcome once the gig is booked. Transactional (about the account's
 * own application), so it carries no unsubscribe link.
 */
export function applicationOutcomeEmail({
  isBooked,
  greetingName,
  actName,
  where,
  venueName,
  organiserName,
  when,
  dashboardUrl,
}: {
  isBooked: boolean;
  greetingName: string;
  actName: string;
  where: string;
  venueName: string;
  organiserName: string;
  when: string;
  dashboardUrl: string;
}) {
  if (isBooked) {
    return {
      subject: `You're booked: ${actName} at ${venueName}, ${when}`,
      text: `Hi ${greetingName},\n\n${organiserName} approved your application: ${actName} is booked to play ${where} on ${when}.\n\nThe gig is on your dashboard: ${dashboardUrl}\n\nHave a great show!`,
      html: `<p>Hi ${escapeHtml(greetingName)},</p><p>${escapeHtml(organiserName)} approved your application: <strong>${escapeHtml(actName)}</strong> is booked to play ${escapeHtml(where)} on ${escapeHtml(when)}.</p><p><a href="${escapeHtml(dashboardUrl)}">The gig is on your dashboard</a>.</p><p>Have a great show!</p>`,
    };
  }
  return {
    subject: `${venueName}, ${when}: another act was booked`,
    text: `Hi ${greetingName},\n\nThank you for applying for ${actName} to play ${where} on ${when}. ${organiserName} booked another act for this date, so this application was not accepted.\n\nMore open gigs are on your dashboard: ${dashboardUrl}`,
    html: `<p>Hi ${escapeHtml(greetingName)},</p><p>Thank you for applying for ${escapeHtml(actName)} to play ${escapeHtml(where)} on ${escapeHtml(when)}. ${escapeHtml(organiserName)} booked another act for this date, so this application was not accepted.</p><p><a href="${escapeHtml(dashboardUrl)}">More open gigs are on your dashboard</a>.</p>`,
  };
}

/** The ticket's QR code travels as an inline image (drawn at delivery from the secret ticket id). */
export const TICKET_QR_CONTENT_ID = 'ticket-qr@marquee';

/**
 * The ticket (issue 9), with its own page and the show's calendar entry (issue 23, decision 46):
 * the page link and the calendar link carry the ticket's signed token, so both are secrets.
 */
export function ticketEmail({ bandName, venueName, when, isTestMode = false }: { bandName: string; venueName: string; when: string; isTestMode?: boolean }) {
  const ticket = secretPlaceholder('ticket');
  const page = secretPlaceholder('ticketPage');
  const calendar = secretPlaceholder('calendar');
  // Decision 35: a ticket bought on the built-in sandbox says so at the top.
  const testText = isTestMode ? `${TEST_MODE_NOTICE}.\n\n` : '';
  const testHtml = isTestMode ? `<p><strong>${TEST_MODE_NOTICE}.</strong></p>` : '';
  return {
    subject: `Your ticket: ${bandName} at ${venueName}`,
    text: `${testText}Thanks for your order. Here is your ticket for ${bandName} at ${venueName}, ${when}.\n\nTicket: ${ticket}\n\nShow it at the door (its QR code is attached); it admits one person, once. Keep it to yourself: whoever has it can use it.\n\nYour ticket page (no account needed): ${page}\nThere you can add it to your phone's wallet, have this e-mail sent again, or ask for a refund.\n\nAdd to calendar: ${calendar}\n(The show is also attached as a calendar entry.)`,
    html: `${testHtml}<p>Thanks for your order. Here is your ticket for <strong>${escapeHtml(bandName)}</strong> at ${escapeHtml(venueName)}, ${escapeHtml(when)}.</p><p><img src="cid:${TICKET_QR_CONTENT_ID}" alt="Ticket QR code" width="240" height="240" style="display:block;background:#fff"></p><p>Ticket: <strong>${ticket}</strong></p><p>Show it at the door; it admits one person, once. Keep it to yourself: whoever has it can use it.</p><p><a href="${page}">Open your ticket page</a> (no account needed): add it to your phone's wallet, have this e-mail sent again, or ask for a refund.</p><p><a href="${calendar}">Add to calendar</a> (the show is also attached as a calendar entry).</p>`,
  };
}

/** Decision 33: an admin approved the venue, or declined or revoked its verification. */
export function venueVerificationEmail({ venueName, isApproved, reason, dashboardUrl }: { venueName: string; isApproved: boolean; reason?: string; dashboardUrl: string }) {
  if (isApproved) {
    const next = 'Once your e-mail address is verified too, you can sell tickets and book a band directly from your dashboard';
    return {
      subject: `${venueName} is verified on Marquee`,
      text: `Hi ${venueName},\n\nAn admin checked and approved your venue. ${next}: ${dashboardUrl}\n\nSee you at a show!`,
      html: `<p>Hi ${escapeHtml(venueName)},</p><p>An admin checked and approved your venue. ${next}: <a href="${escapeHtml(dashboardUrl)}">open your dashboard</a>.</p><p>See you at a show!</p>`,
    };
  }
  const after = 'You can still post open gig opportunities. If this is a mistake, reply through the contact page on Marquee.';
  return {
    subject: `${venueName} is not verified on Marquee`,
    text: `Hi ${venueName},\n\nAn admin did not verify your venue, so ticket sales and booking a band directly stay closed. The reason:\n\n${reason ?? ''}\n\n${after}`,
    html: `<p>Hi ${escapeHtml(venueName)},</p><p>An admin did not verify your venue, so ticket sales and booking a band directly stay closed. The reason:</p><blockquote>${escapeHtml(reason ?? '')}</blockquote><p>${after}</p>`,
  };
}
