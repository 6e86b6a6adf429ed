import { createElement as h } from 'react';
import { ButtonLink, EmailLayout, Paragraph, Quote } from './layout.ts';
import { renderEmail } from './render-email.ts';

type Offer = {
  /** Who offers to pay, as the band will know them: "Dana Reyes (Venue)". */
  sponsor: string;
  bandName: string;
  packageName: string;
  locationName: string;
  venueCount: number;
  price: string;
  customMessage: string | null;
};

const venues = (n: number) => `${n} ${n === 1 ? 'venue' : 'venues'}`;

const offerLines = (o: Offer) => ({
  opening: `${o.sponsor} offers to pay for a ${o.packageName} campaign for ${o.bandName}: Marquee would e-mail ${venues(o.venueCount)} in ${o.locationName} in ${o.bandName}'s name, asking about shows. They pay the ${o.price}; it costs you nothing.`,
  message: o.customMessage ? 'Every e-mail would carry their message:' : null,
  consent: 'Nothing is sent, and nobody is charged, unless you agree. If you do not know them, decline.',
});

function OutreachOffer({ subject, answerUrl, ...o }: Offer & { subject: string; answerUrl: string }) {
  const text = offerLines(o);
  return h(
    EmailLayout,
    { subject },
    h(Paragraph, null, text.opening),
    text.message ? h(Paragraph, null, text.message) : null,
    o.customMessage ? h(Quote, null, o.customMessage) : null,
    h(Paragraph, null, text.consent),
    h(ButtonLink, { href: answerUrl }, 'Agree or decline'),
  );
}

/** Issue 34: to a band when someone offers to pay for an outreach campaign in its name. */
export function outreachOfferEmail(props: Offer & { answerUrl: string }) {
  const subject = `${props.sponsor} offers to pay for venue outreach for ${props.bandName}`;
  const text = offerLines(props);
  return renderEmail({
    subject,
    text: [text.opening, text.message, props.customMessage, text.consent, `Agree or decline: ${props.answerUrl}`].filter(Boolean).join('\n\n'),
    body: h(OutreachOffer, { subject, ...props }),
  });
}

type Answer = { bandName: string; packageName: string; locationName: string; price: string; isAgreed: boolean; pageUrl: string };

const answerLines = (a: Answer) =>
  a.isAgreed
    ? { opening: `${a.bandName} agreed to your ${a.packageName} campaign in ${a.locationName}.`, next: `Pay the ${a.price} to send it: the venues are e-mailed as soon as the payment goes through.`, button: 'Pay for the campaign' }
    : { opening: `${a.bandName} declined your ${a.packageName} campaign in ${a.locationName}.`, next: 'Nothing was sent and you were not charged.', button: 'Venue outreach' };

function OutreachOfferAnswered({ subject, pageUrl, ...a }: Answer & { subject: string }) {
  const text = answerLines({ pageUrl, ...a });
  return h(EmailLayout, { subject }, h(Paragraph, null, text.opening), h(Paragraph, null, text.next), h(ButtonLink, { href: pageUrl }, text.button));
}

/** Issue 34: to the sponsor when the band answers its offer. */
export function outreachOfferAnsweredEmail(props: Answer) {
  const subject = props.isAgreed ? `${props.bandName} agreed to your outreach campaign` : `${props.bandName} declined your outreach campaign`;
  const text = answerLines(props);
  return renderEmail({ subject, text: `${text.opening}\n\n${text.next}\n\n${text.button}: ${props.pageUrl}`, body: h(OutreachOfferAnswered, { subject, ...props }) });
}

/** Where the band answers: its dashboard, at the offer. */
export const outreachOfferPath = (campaignId: string) => `/dashboard#outreach-offer-${campaignId}`;
/** Where the sponsor pays and follows its campaigns. */
export const SPONSORED_CAMPAIGNS_PATH = '/band-outreach#sponsored-campaigns';
