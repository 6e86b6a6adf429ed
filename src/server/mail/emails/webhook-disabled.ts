import { createElement as h } from 'react';
import { EmailLayout, Paragraph, TextLink } from './layout.ts';
import { renderEmail } from './render-email.ts';

type Props = { url: string; days: number; lastError: string; dashboardUrl: string };

function WebhookDisabled({ subject, url, days, lastError, dashboardUrl }: Props & { subject: string }) {
  return h(
    EmailLayout,
    { subject },
    h(Paragraph, null, `Every delivery to your webhook endpoint ${url} has failed for ${days} days, so Marquee has turned it off.`),
    h(Paragraph, null, `The last attempt: ${lastError}`),
    h(Paragraph, null, 'Events that were waiting are kept. Once the endpoint answers again, turn it back on from the Webhooks card on ', h(TextLink, { href: dashboardUrl }, 'your dashboard'), ' and they are sent.'),
  );
}

/** Decision 54: to an endpoint's owner when days of failed deliveries turn it off. */
export function webhookDisabledEmail({ url, days, lastError, dashboardUrl }: Props) {
  const subject = 'Your Marquee webhook endpoint was turned off';
  const text = `Every delivery to your webhook endpoint ${url} has failed for ${days} days, so Marquee has turned it off.\n\nThe last attempt: ${lastError}\n\nEvents that were waiting are kept. Once the endpoint answers again, turn it back on from the Webhooks card on your dashboard and they are sent: ${dashboardUrl}`;
  return renderEmail({ subject, text, body: h(WebhookDisabled, { subject, url, days, lastError, dashboardUrl }) });
}
