import { createElement as h } from 'react';
import { secretPlaceholder } from '../secrets.ts';
import { EmailLayout, Paragraph, TextLink } from './layout.ts';
import { renderEmail } from './render-email.ts';

/** Links that act for the recipient travel as secrets, outside the stored body. */
const LINK = secretPlaceholder('link');

function PasswordReset({ subject }: { subject: string }) {
  return h(
    EmailLayout,
    { subject },
    h(Paragraph, null, 'Someone asked to reset the password of your Marquee account.'),
    h(Paragraph, null, h(TextLink, { href: LINK }, 'Choose a new password'), ' (the link works for one hour).'),
    h(Paragraph, null, "If it wasn't you, ignore this e-mail; your password stays the same."),
  );
}

export function passwordResetEmail({ url }: { url: string }) {
  const subject = 'Reset your Marquee password';
  return renderEmail({
    subject,
    secrets: { link: url },
    text: `Someone asked to reset the password of your Marquee account.\n\nChoose a new password here (the link works for one hour):\n${LINK}\n\nIf it wasn't you, ignore this e-mail; your password stays the same.`,
    body: h(PasswordReset, { subject }),
  });
}
