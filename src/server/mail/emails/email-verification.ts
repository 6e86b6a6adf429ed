import { createElement as h } from 'react';
import { secretPlaceholder } from '../secrets.ts';
import { ButtonLink, EmailLayout, Paragraph } from './layout.ts';
import { renderEmail } from './render-email.ts';

const LINK = secretPlaceholder('link');

type Props = { name: string; hours: number };

function EmailVerification({ subject, name, hours }: Props & { subject: string }) {
  return h(
    EmailLayout,
    { subject },
    h(Paragraph, null, `Hi ${name},`),
    h(Paragraph, null, `Someone, hopefully you, made a Marquee account with this e-mail address. If it was you, confirm it (the button works for ${hours} hours).`),
    h(ButtonLink, { href: LINK }, 'Confirm your e-mail address'),
    h(Paragraph, null, 'Confirming gives that account the tickets bought with this address.'),
    h(Paragraph, null, 'If you did not make a Marquee account, ignore this e-mail: nothing changes.'),
  );
}

/**
 * D32: the link that confirms the account's address, when asked for again ('Send the link again';
 * at registration it comes in the welcome); it works for `hours` hours. It says what following it
 * does, so someone who did not make the account leaves it alone.
 */
export function emailVerificationEmail({ name, hours }: Props) {
  const subject = 'Confirm your e-mail address for Marquee';
  return renderEmail({
    subject,
    text: `Hi ${name},\n\nSomeone, hopefully you, made a Marquee account with this e-mail address. If it was you, confirm the address here (the link works for ${hours} hours):\n${LINK}\n\nConfirming gives that account the tickets bought with this address.\nIf you did not make a Marquee account, ignore this e-mail: nothing changes.`,
    body: h(EmailVerification, { subject, name, hours }),
  });
}
