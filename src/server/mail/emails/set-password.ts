import { createElement as h } from 'react';
import { secretPlaceholder } from '../secrets.ts';
import { ButtonLink, EmailLayout, Paragraph } from './layout.ts';
import { renderEmail } from './render-email.ts';

/** The link sets the account's password: a secret, outside the stored body like a reset link. */
const LINK = secretPlaceholder('link');

type Props = { name: string; email: string; days: number };

const moved = (email: string) =>
  `The scene's gig listings have moved to Marquee, and your account came with them: you sign in with ${email}, and your profile and what you listed (bands, venues, gigs) are already there.`;
const expiry = (days: number) => `The link works for ${days} days and only once. After that, "Forgot your password?" on the sign-in page sends a new one.`;

function SetPassword({ subject, name, email, days }: Props & { subject: string }) {
  return h(
    EmailLayout,
    { subject },
    h(Paragraph, null, `Hi ${name},`),
    h(Paragraph, null, moved(email)),
    h(Paragraph, null, 'Your old password could not be brought across, so choose one now:'),
    h(ButtonLink, { href: LINK }, 'Choose a password'),
    h(Paragraph, null, expiry(days)),
  );
}

/**
 * Issue 25: an imported account without an old password hash cannot sign in until it chooses a
 * password; the operator sends this when the scene moves across (send-set-password-emails.ts).
 * `url` is better-auth's reset-password link, valid for `days` days.
 */
export function setPasswordEmail({ name, email, days, url }: Props & { url: string }) {
  const subject = 'Your Marquee account is ready: choose a password';
  return renderEmail({
    subject,
    secrets: { link: url },
    text: `Hi ${name},\n\n${moved(email)}\n\nYour old password could not be brought across, so choose one here:\n${LINK}\n\n${expiry(days)}`,
    body: h(SetPassword, { subject, name, email, days }),
  });
}
