import { createElement as h } from 'react';
import { EmailLayout, Paragraph, Quote } from './layout.ts';
import { renderEmail } from './render-email.ts';

type Props = { name: string; email: string; message: string };

function ContactMessage({ subject, name, email, message }: Props & { subject: string }) {
  return h(EmailLayout, { subject }, h(Paragraph, null, `From: ${name} <${email}>`), h(Quote, null, message));
}

/** A message from the contact form, to the operator; replying answers the sender. */
export function contactMessageEmail({ name, email, message }: Props) {
  const subject = `Contact form: ${name}`;
  return renderEmail({ subject, text: `From: ${name} <${email}>\n\n${message}`, body: h(ContactMessage, { subject, name, email, message }) });
}
