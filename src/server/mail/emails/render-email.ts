import type { ReactElement } from 'react';
import { render, toPlainText } from '@react-email/render';

/** An e-mail ready for `mailer.send`: spread it into the message with the recipient and kind. */
export type RenderedEmail = { subject: string; text: string; html: string; secrets?: Record<string, string> };

/**
 * Renders an e-mail's component to HTML (React Email, decision 45). `text` is the plain-text part:
 * written by hand where the words matter to someone reading the outbox or a test; left out, it is
 * made from the HTML. Secret placeholders come through both untouched, to be filled at delivery.
 */
export async function renderEmail({ subject, text, body, secrets }: { subject: string; text?: string; body: ReactElement; secrets?: Record<string, string> }): Promise<RenderedEmail> {
  const html = await render(body);
  return { subject, text: text ?? toPlainText(html), html, ...(secrets ? { secrets } : {}) };
}
