import { createElement as h } from 'react';
import { EmailLayout, Paragraph, TextLink } from './layout.ts';
import { renderEmail } from './render-email.ts';

type Props = { name: string; dashboardUrl: string };

function Welcome({ subject, name, dashboardUrl }: Props & { subject: string }) {
  return h(
    EmailLayout,
    { subject },
    h(Paragraph, null, `Hi ${name},`),
    h(Paragraph, null, 'Your Marquee account is ready. ', h(TextLink, { href: dashboardUrl }, 'Open your dashboard'), '.'),
    h(Paragraph, null, 'See you at a show!'),
  );
}

export function welcomeEmail({ name, dashboardUrl }: Props) {
  const subject = 'Welcome to Marquee';
  return renderEmail({ subject, text: `Hi ${name},\n\nYour Marquee account is ready. Your dashboard: ${dashboardUrl}\n\nSee you at a show!`, body: h(Welcome, { subject, name, dashboardUrl }) });
}
