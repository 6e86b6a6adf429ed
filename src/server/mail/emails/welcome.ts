import { createElement as h } from 'react';
import { secretPlaceholder } from '../secrets.ts';
import { ButtonLink, EmailLayout, Paragraph, TextLink } from './layout.ts';
import { renderEmail } from './render-email.ts';

const LINK = secretPlaceholder('link');

type Props = { name: string; hours: number; dashboardUrl: string };

function Welcome({ subject, name, hours, dashboardUrl }: Props & { subject: string }) {
  return h(
    EmailLayout,
    { subject },
    h(Paragraph, null, `Hi ${name},`),
    h(Paragraph, null, `Your Marquee account is ready. One last step: confirm this is your e-mail address (the button works for ${hours} hours). Confirming gives your account the tickets bought with this address.`),
    h(ButtonLink, { href: LINK }, 'Confirm your e-mail address'),
    h(Paragraph, null, 'Everything else is on ', h(TextLink, { href: dashboardUrl }, 'your dashboard'), '.'),
    h(Paragraph, null, 'If you did not make a Marquee account, ignore this e-mail: nothing changes.'),
    h(Paragraph, null, 'See you at a show!'),
  );
}

/**
 * Issue 34 (item 9): the one e-mail a new account gets, the welcome carrying the button that
 * confirms its address (D32), instead of a welcome and a separate verification e-mail.
 * 'Send the link again' sends emailVerificationEmail alone.
 */
export function welcomeEmail({ name, hours, dashboardUrl }: Props) {
  const subject = 'Welcome to Marquee: confirm your e-mail address';
  return renderEmail({
    subject,
    text: `Hi ${name},\n\nYour Marquee account is ready. One last step: confirm this is your e-mail address (the link works for ${hours} hours):\n${LINK}\n\nConfirming gives your account the tickets bought with this address.\nEverything else is on your dashboard: ${dashboardUrl}\n\nIf you did not make a Marquee account, ignore this e-mail: nothing changes.\n\nSee you at a show!`,
    body: h(Welcome, { subject, name, hours, dashboardUrl }),
  });
}
