import { createElement as h } from 'react';
import { EmailLayout, Paragraph } from './layout.ts';
import { renderEmail } from './render-email.ts';

function AccountDeleted({ subject, name }: { subject: string; name: string }) {
  return h(
    EmailLayout,
    { subject },
    h(Paragraph, null, `Hi ${name},`),
    h(Paragraph, null, 'Your Marquee account and its profile were deleted, as you asked. Tickets bought with this address stay valid: keep the ticket e-mails.'),
    h(Paragraph, null, 'Thanks for being part of the local scene.'),
  );
}

/** Decision 40, to the account's address after it deleted itself. */
export function accountDeletedEmail({ name }: { name: string }) {
  const subject = 'Your Marquee account was deleted';
  return renderEmail({
    subject,
    text: `Hi ${name},\n\nYour Marquee account and its profile were deleted, as you asked. Tickets bought with this address stay valid: keep the ticket e-mails.\n\nThanks for being part of the local scene.`,
    body: h(AccountDeleted, { subject, name }),
  });
}
