import { createElement as h } from 'react';
import { secretPlaceholder } from '../secrets.ts';
import { EmailLayout, Paragraph, TextLink } from './layout.ts';
import { renderEmail } from './render-email.ts';

const LINK = secretPlaceholder('link');

type Props = { name: string; newEmail: string; hours: number };

function EmailChange({ subject, name, newEmail, hours }: Props & { subject: string }) {
  return h(
    EmailLayout,
    { subject },
    h(Paragraph, null, `Hi ${name},`),
    h(Paragraph, null, `Someone, hopefully you, asked to make ${newEmail} the e-mail address of their Marquee account. If it was you, `, h(TextLink, { href: LINK }, 'confirm your new e-mail address'), ` (the link works for ${hours} hours).`),
    h(Paragraph, null, 'Until you confirm, the account keeps its old address. Confirming gives the account the tickets bought with this address.'),
    h(Paragraph, null, 'If it was not you, ignore this e-mail: nothing changes.'),
  );
}

/** Decision 40, to the new address: following the link makes it the account's sign-in address. */
export function emailChangeEmail({ name, newEmail, hours }: Props) {
  const subject = 'Confirm your new e-mail address for Marquee';
  return renderEmail({
    subject,
    text: `Hi ${name},\n\nSomeone, hopefully you, asked to make ${newEmail} the e-mail address of their Marquee account. If it was you, confirm it here (the link works for ${hours} hours):\n${LINK}\n\nUntil you confirm, the account keeps its old address. Confirming gives the account the tickets bought with this address.\nIf it was not you, ignore this e-mail: nothing changes.`,
    body: h(EmailChange, { subject, name, newEmail, hours }),
  });
}
