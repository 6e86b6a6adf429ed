import { createElement as h } from 'react';
import { secretPlaceholder } from '../secrets.ts';
import { EmailLayout, FinePrint, Paragraph, TextLink } from './layout.ts';
import { renderEmail } from './render-email.ts';

const LINK = secretPlaceholder('link');
const UNSUBSCRIBE = secretPlaceholder('unsubscribe');

function FollowConfirmation({ subject, bands }: { subject: string; bands: string }) {
  return h(
    EmailLayout,
    { subject, footer: h(FinePrint, null, h(TextLink, { href: UNSUBSCRIBE, isQuiet: true }, 'Unsubscribe')) },
    h(Paragraph, null, `Someone, hopefully you, asked to follow ${bands} on Marquee with this address.`),
    h(Paragraph, null, h(TextLink, { href: LINK }, `Confirm that you want to follow ${bands}`), ", and we'll e-mail you when they announce a new show."),
    h(Paragraph, null, "If it wasn't you, ignore this e-mail: you won't hear from us again."),
  );
}

/** To an address that asked to follow a band (or several, named together): nothing is sent until it confirms. */
export function followConfirmationEmail({ bandName: bands }: { bandName: string }) {
  const subject = `Confirm that you want to follow ${bands} on Marquee`;
  return renderEmail({
    subject,
    text: `Someone, hopefully you, asked to follow ${bands} on Marquee with this address.\n\nConfirm here, and we'll e-mail you when they announce a new show:\n${LINK}\n\nIf it wasn't you, ignore this e-mail: you won't hear from us again.\nTo stop these e-mails later, unsubscribe here:\n${UNSUBSCRIBE}`,
    body: h(FollowConfirmation, { subject, bands }),
  });
}
