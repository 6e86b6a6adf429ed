import { createElement as h } from 'react';
import type { PromoterDecision } from '../../../core/schemas/promoter-venues.ts';
import { EmailLayout, Paragraph, TextLink } from './layout.ts';
import { renderEmail } from './render-email.ts';

/** What each decision means for the promoter, after the venue's name. */
const TOLD: Record<PromoterDecision, string> = {
  accept: 'accepted your request: you can now post gigs there',
  decline: 'declined your request to promote gigs there',
  end: 'ended your association: gigs already posted there stay yours to run, but you cannot post new ones',
};
const VERB: Record<PromoterDecision, string> = { accept: 'accepted', decline: 'declined', end: 'ended' };

type Props = { venueName: string; decision: PromoterDecision; dashboardUrl: string };

function PromoterVenueDecisionMail({ subject, venueName, decision, dashboardUrl }: Props & { subject: string }) {
  return h(EmailLayout, { subject }, h(Paragraph, null, `${venueName} ${TOLD[decision]}.`), h(Paragraph, null, h(TextLink, { href: dashboardUrl }, 'Open your dashboard')));
}

/** D34: to a promoter when a venue accepts, declines or ends its request. */
export function promoterVenueDecisionEmail({ venueName, decision, dashboardUrl }: Props) {
  const subject = `${venueName} ${VERB[decision]} your promoter request`;
  return renderEmail({ subject, text: `${venueName} ${TOLD[decision]}.\n\nYour dashboard: ${dashboardUrl}`, body: h(PromoterVenueDecisionMail, { subject, venueName, decision, dashboardUrl }) });
}
