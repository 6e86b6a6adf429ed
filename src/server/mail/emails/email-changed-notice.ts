import { createElement as h } from 'react';
import { EmailLayout, Paragraph } from './layout.ts';
import { renderEmail } from './render-email.ts';

type Props = { name: string; newEmail: string };

function EmailChangedNotice({ subject, name, newEmail }: Props & { subject: string }) {
  return h(
    EmailLayout,
    { subject },
    h(Paragraph, null, `Hi ${name},`),
    h(Paragraph, null, `The e-mail address of your Marquee account is now ${newEmail}. Sign in with that address from now on.`),
    h(Paragraph, null, 'If you did not make this change, use the contact form on Marquee at once.'),
  );
}

/** Decision 40, to the old address once the change is done, so a change nobody asked for does not go unseen. */
export function emailChangedNoticeEmail({ name, newEmail }: Props) {
  const subject = 'Your Marquee e-mail address was changed';
  return renderEmail({
    subject,
    text: `Hi ${name},\n\nThe e-mail address of your Marquee account is now ${newEmail}. Sign in with that address from now on.\n\nIf you did not make this change, use the contact form on Marquee at once.`,
    body: h(EmailChangedNotice, { subject, name, newEmail }),
  });
}
