// Issue 34 (spec 3 §2: the standard outreach page is for any signed-in user): someone who is not the
// band pays for a campaign in a band's name, and the band agrees first. Nothing is charged or sent
// before it does; a decline or an offer left unanswered costs nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { OFFER_ANSWER_DAYS, OUTREACH_MESSAGES } from '../../../core/outreach.ts';
import { bandProfiles, outbox, outreachCampaigns, outreachEmails, venueDirectory } from '../../db/schema.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../tests/helpers/test-app.ts';
import { markEmailVerified, signUpAs } from '../../../../tests/helpers/accounts.ts';

type Account = { client: TestClient; id: string; email: string };
let t: TestApp;
let band: Account & { slug: string };
let venue: Account;
beforeAll(async () => {
  t = await createTestApp();
  const b = await signUpAs(t, 'band', { name: 'The Sponsored Few' });
  const [profile] = await t.db.select({ slug: bandProfiles.slug }).from(bandProfiles).where(eq(bandProfiles.userId, b.id));
  band = { ...b, slug: profile!.slug };
  venue = await signUpAs(t, 'venue');
  await markEmailVerified(t, venue.id);
  await t.db.insert(venueDirectory).values(['A', 'B', 'C'].map((n) => ({ name: `Sponsor Venue ${n}`, regionSlug: 'milwaukee', email: `sponsor-${n.toLowerCase()}@venues.test` })));
}, 60_000);
afterAll(() => t.close());

const pay = async (url: string) =>
  t.app.request(new URL(url).pathname, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ card: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', action: 'pay' }) });
const campaignOf = async (id: string) => (await t.db.select().from(outreachCampaigns).where(eq(outreachCampaigns.id, id)))[0]!;
const mailsTo = (to: string, kind: string) => t.db.select({ subject: outbox.subject, text: outbox.textBody }).from(outbox).where(and(eq(outbox.toAddress, to), eq(outbox.kind, kind)));
const venueMails = (campaignId: string) => t.db.select({ id: outreachEmails.id }).from(outreachEmails).where(eq(outreachEmails.campaignId, campaignId));
const offer = (client: TestClient, over: Record<string, unknown> = {}) => client.post('/api/outreach/offers', { bandSlug: band.slug, packageId: 'pro', regionSlug: 'milwaukee', customMessage: 'They sold out our room twice.', ...over });

describe('a sponsor pays for a band’s campaign once the band agrees', () => {
  it('asks, the band is e-mailed, nothing is charged or sent; the band agrees, the sponsor pays, the venues are e-mailed in the band’s name', async () => {
    const found = await venue.client.get('/api/outreach/bands?q=sponsored f');
    expect(found.json.bands).toEqual([{ slug: band.slug, name: 'The Sponsored Few' }]);

    const asked = await offer(venue.client);
    expect(asked.status).toBe(201);
    expect(asked.json).toMatchObject({ bandName: 'The Sponsored Few', venuesTargeted: 3, price: '$99.99' });
    const campaignId = asked.json.campaignId as string;
    expect(await campaignOf(campaignId)).toMatchObject({ status: 'awaiting_band', sponsorId: venue.id, bandId: band.id, providerSessionId: null });
    const [toBand] = await mailsTo(band.email, 'outreach_offer');
    expect(toBand!.subject).toMatch(/ \(Venue\) offers to pay for venue outreach for The Sponsored Few$/);
    expect(toBand!.text).toContain('Marquee would e-mail 3 venues in Milwaukee in The Sponsored Few\'s name');
    expect(toBand!.text).toContain('They sold out our room twice.');
    expect(toBand!.text).toContain('Nothing is sent, and nobody is charged, unless you agree.');
    expect(toBand!.text).toContain(`/dashboard#outreach-offer-${campaignId}`);

    // Before the band agrees: no checkout, no e-mails to venues, and the band's campaign list does not show it.
    const early = await venue.client.post(`/api/outreach/sponsored/${campaignId}/checkout`, {});
    expect(early.status).toBe(409);
    expect(early.json.error.message).toBe(OUTREACH_MESSAGES.sponsorNotAgreed);
    expect(await venueMails(campaignId)).toHaveLength(0);
    expect(((await band.client.get('/api/outreach/dashboard')).json.campaigns as { id: string }[]).map((c) => c.id)).not.toContain(campaignId);
    const offers = (await band.client.get('/api/outreach/offers')).json.offers as { id: string; sponsor: string; packageName: string; venuesTargeted: number; customMessage: string }[];
    expect(offers).toEqual([expect.objectContaining({ id: campaignId, packageName: 'Pro Campaign', venuesTargeted: 3, customMessage: 'They sold out our room twice.' })]);
    expect(offers[0]!.sponsor).toMatch(/ \(Venue\)$/);

    // Another band cannot answer it; the band agrees once.
    const other = await signUpAs(t, 'band');
    expect((await other.client.post(`/api/outreach/offers/${campaignId}/answer`, { agree: true })).status).toBe(404);
    expect((await band.client.post(`/api/outreach/offers/${campaignId}/answer`, { agree: true })).json).toEqual({ status: 'pending' });
    const again = await band.client.post(`/api/outreach/offers/${campaignId}/answer`, { agree: false });
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe(OUTREACH_MESSAGES.offerNotOpen);
    const [agreed] = await mailsTo(venue.email, 'outreach_offer_answered');
    expect(agreed!.subject).toBe('The Sponsored Few agreed to your outreach campaign');
    expect(agreed!.text).toContain('/band-outreach#sponsored-campaigns');

    // Only the sponsor pays; the checkout bills the sponsor, and paying sends the campaign in the band's name.
    expect((await band.client.post(`/api/outreach/sponsored/${campaignId}/checkout`, {})).status).toBe(404);
    // Two at once open one checkout: a second session would leave the first one's payment unmatched.
    const both = await Promise.all([0, 1].map(() => venue.client.post(`/api/outreach/sponsored/${campaignId}/checkout`, {})));
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(both.find((r) => r.status === 409)!.json.error.message).toBe(OUTREACH_MESSAGES.sponsorCheckoutOpen);
    const checkout = both.find((r) => r.status === 201)!;
    expect(checkout.json).toMatchObject({ campaignId, price: '$99.99', venuesTargeted: 3 });
    expect((await pay(checkout.json.url as string)).status).toBe(303);
    expect(await campaignOf(campaignId)).toMatchObject({ status: 'completed', venuesReached: 3 });
    const sent = await t.db.select({ subject: outbox.subject, replyTo: outbox.replyTo }).from(outreachEmails).innerJoin(outbox, eq(outbox.id, outreachEmails.outboxId)).where(eq(outreachEmails.campaignId, campaignId));
    expect(sent).toHaveLength(3);
    expect(sent.every((m) => m.subject.includes('The Sponsored Few') && m.replyTo === band.email)).toBe(true);

    // Both see it: the band among its campaigns, the sponsor among the ones it paid for; /outreach-success answers the sponsor.
    expect(((await band.client.get('/api/outreach/dashboard')).json.campaigns as { id: string }[]).map((c) => c.id)).toContain(campaignId);
    const mine = (await venue.client.get('/api/outreach/sponsored')).json.campaigns as { id: string; status: string; bandName: string }[];
    expect(mine.find((c) => c.id === campaignId)).toMatchObject({ status: 'completed', bandName: 'The Sponsored Few' });
    const sessionId = new URL(checkout.json.url as string).pathname.split('/').pop()!;
    expect((await venue.client.get(`/api/outreach/campaigns/session/${sessionId}`)).json.campaign).toMatchObject({ id: campaignId, status: 'completed' });
    expect((await other.client.get(`/api/outreach/campaigns/session/${sessionId}`)).status).toBe(404);
    expect((await venue.client.post(`/api/outreach/sponsored/${campaignId}/checkout`, {})).status).toBe(409);
  });

  it('a declined offer charges nothing and sends nothing; the sponsor is told', async () => {
    const fan = await signUpAs(t, 'fan');
    await markEmailVerified(t, fan.id);
    const asked = await offer(fan.client, { packageId: 'basic', customMessage: 'ignored: Basic has no custom message' });
    const campaignId = asked.json.campaignId as string;
    expect((await campaignOf(campaignId)).customMessage).toBeNull();
    expect((await band.client.post(`/api/outreach/offers/${campaignId}/answer`, { agree: false })).json).toEqual({ status: 'declined' });
    const [declined] = await mailsTo(fan.email, 'outreach_offer_answered');
    expect(declined!.subject).toBe('The Sponsored Few declined your outreach campaign');
    expect(declined!.text).toContain('Nothing was sent and you were not charged.');
    expect((await fan.client.post(`/api/outreach/sponsored/${campaignId}/checkout`, {})).json.error.message).toBe(OUTREACH_MESSAGES.sponsorNotAgreed);
    expect(await venueMails(campaignId)).toHaveLength(0);
    // Declined, so the fan may ask again later.
    expect((await offer(fan.client, { packageId: 'basic' })).status).toBe(201);
  });

  it('one open offer per sponsor and band, even when asked twice at once; an unanswered offer lapses', async () => {
    const promoter = await signUpAs(t, 'promoter');
    await markEmailVerified(t, promoter.id);
    const [a, b] = await Promise.all([offer(promoter.client), offer(promoter.client)]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect([a, b].find((r) => r.status === 409)!.json.error.message).toBe(OUTREACH_MESSAGES.sponsorAlreadyAsked);
    const campaignId = [a, b].find((r) => r.status === 201)!.json.campaignId as string;
    await t.db.update(outreachCampaigns).set({ createdAt: sql`now() - make_interval(days => ${OFFER_ANSWER_DAYS + 1})` }).where(eq(outreachCampaigns.id, campaignId));
    expect(((await band.client.get('/api/outreach/offers')).json.offers as { id: string }[]).map((o) => o.id)).not.toContain(campaignId);
    expect((await band.client.post(`/api/outreach/offers/${campaignId}/answer`, { agree: true })).json.error.message).toBe(OUTREACH_MESSAGES.offerNotOpen);
    expect((await offer(promoter.client)).status).toBe(201);
  });

  it('who may ask: a confirmed address, a band on Marquee other than oneself, a standard package, a location with venues', async () => {
    const unconfirmed = await signUpAs(t, 'artist_manager');
    expect((await offer(unconfirmed.client)).json.error.message).toBe(OUTREACH_MESSAGES.sponsorNeedsVerified);
    await markEmailVerified(t, band.id);
    const self = await offer(band.client);
    expect(self.json.error.fields.bandSlug).toBe(OUTREACH_MESSAGES.sponsorOwnBand);
    const space = await signUpAs(t, 'rehearsal_space');
    await markEmailVerified(t, space.id);
    expect((await offer(space.client, { bandSlug: 'no-such-band-here' })).json.error.fields.bandSlug).toBe(OUTREACH_MESSAGES.sponsorChooseBand);
    expect((await offer(space.client, { packageId: 'opener-basic' })).json.error.fields.packageId).toBe(OUTREACH_MESSAGES.sponsorStandardOnly);
    expect((await offer(space.client, { packageId: 'single-location' })).json.error.fields.packageId).toBe(OUTREACH_MESSAGES.sponsorStandardOnly);
    const empty = await offer(space.client, { regionSlug: 'denver' });
    expect(empty.status).toBe(409);
    expect(empty.json.error.message).toBe(OUTREACH_MESSAGES.noVenues);
    expect((await t.client().post('/api/outreach/offers', { bandSlug: band.slug, packageId: 'basic', regionSlug: 'milwaukee' })).status).toBe(401);
    expect((await space.client.get('/api/outreach/bands?q=%25_')).json.bands).toEqual([]);
  });
});
