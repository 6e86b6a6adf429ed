// Issue 11: paid outreach campaigns that really e-mail venues (spec 3, D25-D27).
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { bandProfiles, outbox, outreachCampaigns, outreachEmails, venueDirectory, venueOptOutTokens } from '../../db/schema.ts';
import { OUTREACH_MESSAGES } from '../../../core/outreach.ts';
import type { SandboxProvider } from '../../payments/sandbox-provider.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../tests/helpers/test-app.ts';
import { markEmailVerified, signUpAs } from '../../../../tests/helpers/accounts.ts';
import { escapeHtml, fillSecrets, hideSecrets } from '../../mail/secrets.ts';
import { mintVenueOptOutToken } from './answer-outreach.ts';
import { sendOutreachCampaigns } from './send-outreach-campaigns.ts';
import { queueCampaignEmails } from './queue-campaign-emails.ts';

let t: TestApp;
let band: { client: TestClient; id: string; email: string };
let admin: { client: TestClient; id: string; email: string };
let sandbox: SandboxProvider;
beforeAll(async () => {
  t = await createTestApp();
  band = await signUpAs(t, 'band', { name: 'Outreach Test Band' });
  await markEmailVerified(t, band.id); // test e-mails go only to a verified address (issue 20)
  admin = await signUpAs(t, 'admin');
  sandbox = t.services.sandbox!;
}, 60_000);
afterAll(() => t.close());

let venueNumber = 0;
/** Directory entries in a location: reachable ones, plus the kinds a campaign must skip. */
async function addVenues(regionSlug: string, n: number, over: Partial<typeof venueDirectory.$inferInsert> = {}) {
  const rows = Array.from({ length: n }, () => ({ name: `Venue ${String(++venueNumber).padStart(4, '0')}`, regionSlug, email: `v${venueNumber}@venues.test`, ...over }));
  return t.db.insert(venueDirectory).values(rows).returning();
}
const pay = async (url: string) =>
  t.app.request(new URL(url).pathname, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ card: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', action: 'pay' }) });
/** A campaign bought, paid and with its e-mails queued, but not sent: what a sender picks up. */
async function processingCampaign(regionSlug: string) {
  const res = await band.client.post('/api/outreach/checkout', { packageId: 'premium', regionSlug });
  const campaignId = res.json.campaignId as string;
  await t.db.update(outreachCampaigns).set({ status: 'processing' }).where(eq(outreachCampaigns.id, campaignId));
  await queueCampaignEmails(t.db, campaignId);
  return campaignId;
}
const campaignOf = async (id: string) => (await t.db.select().from(outreachCampaigns).where(eq(outreachCampaigns.id, id)))[0]!;
const outreachMails = (campaignId: string) =>
  t.db.select({ to: outbox.toAddress, replyTo: outbox.replyTo, kind: outbox.kind, subject: outbox.subject, text: outbox.textBody, secrets: outbox.secrets }).from(outreachEmails).innerJoin(outbox, eq(outbox.id, outreachEmails.outboxId)).where(eq(outreachEmails.campaignId, campaignId));

describe('reach and access (spec 3 §5, §6)', () => {
  it('a campaign reaches the smaller of the venues it can e-mail and the package limit', async () => {
    await addVenues('madison', 3);
    await addVenues('madison', 1, { isActive: false });
    await addVenues('madison', 1, { email: null });
    await addVenues('madison', 1, { optedOutAt: new Date() });
    await addVenues('madison', 1, { email: null, bookingEmail: 'booking@venues.test' });
    const options = (await band.client.get('/api/outreach/options')).json as { locations: { slug: string; activeVenues: number; venuesWithEmail: number }[]; packages: { id: string; priceCents: number }[] };
    expect(options.locations.find((l) => l.slug === 'madison')).toMatchObject({ activeVenues: 6, venuesWithEmail: 4 });
    expect(options.packages.find((p) => p.id === 'basic')?.priceCents).toBe(2999);
    const res = await band.client.post('/api/outreach/checkout', { packageId: 'basic', regionSlug: 'madison', priceCents: 1 });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ venuesTargeted: 4, price: '$29.99' });
    const campaign = await campaignOf(res.json.campaignId as string);
    expect(campaign).toMatchObject({ status: 'pending', venuesTargeted: 4, packageId: 'basic' });
  });

  it('only bands buy; beta packages need the beta flag and the band draw; an empty location says so', async () => {
    const fan = await signUpAs(t, 'fan');
    const visitor = await t.client().post('/api/outreach/checkout', { packageId: 'basic', regionSlug: 'madison' });
    expect(visitor.status).toBe(401);
    expect(visitor.json.error.message).toBe(OUTREACH_MESSAGES.logIn);
    expect((await fan.client.post('/api/outreach/checkout', { packageId: 'basic', regionSlug: 'madison' })).json.error.message).toBe(OUTREACH_MESSAGES.bandsOnly);
    expect((await band.client.post('/api/outreach/checkout', { packageId: 'opener-basic', regionSlug: 'madison', bandDraw: '50' })).json.error.message).toBe(OUTREACH_MESSAGES.betaOnly);
    const goldtop = await signUpAs(t, 'band', { name: 'The Goldtop Kings' });
    const noDraw = await goldtop.client.post('/api/outreach/checkout', { packageId: 'opener-basic', regionSlug: 'madison' });
    expect(noDraw.json.error.fields.bandDraw).toBe(OUTREACH_MESSAGES.drawRequired);
    expect((await goldtop.client.post('/api/outreach/checkout', { packageId: 'opener-basic', regionSlug: 'madison', bandDraw: '50-75 people' })).status).toBe(201);
    const empty = await band.client.post('/api/outreach/checkout', { packageId: 'basic', regionSlug: 'denver' });
    expect(empty.status).toBe(409);
    expect(empty.json.error.message).toBe(OUTREACH_MESSAGES.noVenues);
    expect((await band.client.post('/api/outreach/checkout', { packageId: 'gold', regionSlug: 'madison' })).json.error.fields.packageId).toBe('Please choose a package.');
  });

  it('an admin grants and revokes beta access (D25)', async () => {
    expect((await admin.client.put(`/api/admin/bands/${band.id}/beta-outreach`, { enabled: true })).status).toBe(200);
    expect((await t.db.select().from(bandProfiles).where(eq(bandProfiles.userId, band.id)))[0]!.hasBetaOutreach).toBe(true);
    await admin.client.put(`/api/admin/bands/${band.id}/beta-outreach`, { enabled: false });
    expect((await t.db.select().from(bandProfiles).where(eq(bandProfiles.userId, band.id)))[0]!.hasBetaOutreach).toBe(false);
  });
});

describe('a campaign’s life (D26)', () => {
  it('pending at checkout, processing on the payment event, completed with one e-mail per venue', async () => {
    const venues = await addVenues('milwaukee', 3, { contactPerson: 'Pat' });
    const res = await band.client.post('/api/outreach/checkout', { packageId: 'pro', regionSlug: 'milwaukee', customMessage: 'We play loud, we tip the sound engineer.' });
    const campaignId = res.json.campaignId as string;
    expect((await campaignOf(campaignId)).status).toBe('pending');
    expect((await pay(res.json.url as string)).status).toBe(303);
    const campaign = await campaignOf(campaignId);
    expect(campaign).toMatchObject({ status: 'completed', venuesTargeted: 3, venuesReached: 3 });
    const mails = await outreachMails(campaignId);
    expect(mails.map((m) => m.to).sort()).toEqual(venues.map((v) => v.email).sort());
    expect(mails.every((m) => m.replyTo === band.email && m.kind === 'venue_outreach')).toBe(true);
    expect(mails[0]!.subject).toBe(`Booking inquiry: Outreach Test Band at ${mails[0]!.subject.split(' at ')[1]}`);
    expect(mails[0]!.text).toContain('Hi Pat,');
    expect(mails[0]!.text).toContain('We play loud, we tip the sound engineer.');
    // The venue's two links are secrets: not in the stored body an admin reads.
    expect(mails[0]!.text).toContain('{{secret:respond}}');
    expect(Object.keys(mails[0]!.secrets!).sort()).toEqual(['oneClick', 'optout', 'respond']);

    // The provider sends the paid event again (and a forged one): nothing more is sent.
    const [event] = (await t.db.execute(sql`select payload from payment_events where payload->>'orderId' = ${campaignId}`)).rows as { payload: object }[];
    const { body, signature } = sandbox.signEvent({ ...(event!.payload as { id: string; type: 'checkout.paid'; orderId: string; sessionId: string; paymentId: string }) });
    const replay = await t.app.request('/api/payments/events/sandbox', { method: 'POST', headers: { 'content-type': 'application/json', 'marquee-signature': signature }, body });
    expect(replay.status).toBe(200);
    expect(((await replay.json()) as { outcome: string }).outcome).toBe('duplicate');
    expect(await outreachMails(campaignId)).toHaveLength(3);
  });

  it('the same paid event applied ten times at once e-mails each venue once', async () => {
    await addVenues('indianapolis', 5);
    const res = await band.client.post('/api/outreach/checkout', { packageId: 'basic', regionSlug: 'indianapolis' });
    const campaignId = res.json.campaignId as string;
    const sessionId = new URL(res.json.url as string).pathname.split('/').pop()!;
    const paid = { id: sandbox.newEventId(), type: 'checkout.paid' as const, orderId: campaignId, sessionId, paymentId: sandbox.newPaymentId() };
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const { body, signature } = sandbox.signEvent(paid);
        const res = await t.app.request('/api/payments/events/sandbox', { method: 'POST', headers: { 'content-type': 'application/json', 'marquee-signature': signature }, body });
        return ((await res.json()) as { outcome: string }).outcome;
      }),
    );
    expect(outcomes.filter((o) => o === 'campaign_paid')).toHaveLength(1);
    expect(await outreachMails(campaignId)).toHaveLength(5);
    expect((await campaignOf(campaignId)).status).toBe('completed');
  });

  it('a restart in the middle of a campaign: every venue is e-mailed exactly once', async () => {
    const venues = await addVenues('detroit', 60);
    // Paid, but the sender dies after 30 e-mails (its batch in flight rolls back).
    const campaignId = await processingCampaign('detroit');
    const mailer = t.services.mailer;
    const send = mailer.send.bind(mailer);
    let calls = 0;
    mailer.send = (...args) => (++calls > 30 ? Promise.reject(new Error('the process was killed')) : send(...args));
    await expect(sendOutreachCampaigns(t.services, { campaignId })).rejects.toThrow('the process was killed');
    mailer.send = send;
    expect((await campaignOf(campaignId)).status).toBe('processing');
    // The next run (the job's sweep after the restart) carries on, twice at once for good measure.
    await Promise.all([sendOutreachCampaigns(t.services, { campaignId }), sendOutreachCampaigns(t.services, { campaignId })]);
    const mails = await outreachMails(campaignId);
    expect(mails).toHaveLength(60);
    expect(new Set(mails.map((m) => m.to)).size).toBe(60);
    const perVenue = await t.db.select({ to: outbox.toAddress }).from(outbox).where(inArray(outbox.toAddress, venues.map((v) => v.email!)));
    expect(perVenue).toHaveLength(60);
    expect(await campaignOf(campaignId)).toMatchObject({ status: 'completed', venuesReached: 60 });
  });
});

describe('a stopping instance (issue 13, graceful stop)', () => {
  it('ends the campaign at its next batch with nothing half-sent, and the next run e-mails each remaining venue once', async () => {
    const venues = await addVenues('austin', 80);
    const campaignId = await processingCampaign('austin');
    // SIGTERM arrives while the first batch of 25 is being written.
    const stop = new AbortController();
    const mailer = t.services.mailer;
    const send = mailer.send.bind(mailer);
    mailer.send = (...args) => (stop.abort(), send(...args));
    const stopped = sendOutreachCampaigns({ ...t.services, stopping: stop.signal }, { campaignId });
    await expect(stopped).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    mailer.send = send;
    expect(await outreachMails(campaignId)).toHaveLength(25);
    expect((await campaignOf(campaignId)).status).toBe('processing');
    await sendOutreachCampaigns(t.services, { campaignId });
    const mails = await outreachMails(campaignId);
    expect(mails.map((m) => m.to).sort()).toEqual(venues.map((v) => v.email).sort());
    expect(await campaignOf(campaignId)).toMatchObject({ status: 'completed', venuesReached: 80 });
  });
});

describe('the venues’ answers', () => {
  it('I’m interested: counted once, and the band is told once', async () => {
    await addVenues('st-louis', 2, { phone: '314-555-0100', contactPerson: 'Lou' });
    const res = await band.client.post('/api/outreach/checkout', { packageId: 'basic', regionSlug: 'st-louis' });
    await pay(res.json.url as string);
    const campaignId = res.json.campaignId as string;
    const [row] = await t.db.select().from(outreachEmails).where(eq(outreachEmails.campaignId, campaignId)).limit(1);
    const visitor = t.client();
    const first = await visitor.post('/api/outreach/responses', { token: row!.responseToken });
    expect(first.json).toMatchObject({ bandName: 'Outreach Test Band', isFirstResponse: true });
    expect((await visitor.post('/api/outreach/responses', { token: row!.responseToken })).json.isFirstResponse).toBe(false);
    expect((await campaignOf(campaignId)).responses).toBe(1);
    const told = await t.db.select().from(outbox).where(and(eq(outbox.kind, 'venue_outreach_response'), eq(outbox.toAddress, band.email)));
    expect(told).toHaveLength(1);
    expect(told[0]!.textBody).toContain('Lou');
    expect((await visitor.post('/api/outreach/responses', { token: 'x'.repeat(32) })).status).toBe(404);
  });

  it('opt-out links: 32 random bytes each, kept only hashed, the old ones still work, a new address ends them (issue 20)', async () => {
    const [venue, old] = await addVenues('cleveland', 2);
    const res = await band.client.post('/api/outreach/checkout', { packageId: 'basic', regionSlug: 'cleveland' });
    expect((await pay(res.json.url as string)).status).toBe(303);
    const mails = await outreachMails(res.json.campaignId as string);
    const tokenTo = (email: string) => mails.find((m) => m.to === email)!.secrets!.optout!.split('/opt-out/')[1]!;
    const token = tokenTo(venue!.email!);
    expect(token).toMatch(/^[\w-]{43}$/); // 32 bytes, base64url
    expect(mails[0]!.secrets!.oneClick!.endsWith(`/api/unsubscribe/${tokenTo(mails[0]!.to)}`)).toBe(true);
    // The database keeps its SHA-256 only: reading the tables gives no working link.
    const stored = await t.db.select().from(venueOptOutTokens).where(eq(venueOptOutTokens.venueDirectoryId, venue!.id));
    expect(stored.map((r) => r.tokenHash)).toEqual([createHash('sha256').update(token).digest('hex')]);

    // A link sent before the change (md5 text, hashed by migration 0012's statement) still opts out.
    const [{ legacy }] = (await t.db.execute(sql`select md5(random()::text || clock_timestamp()::text) as legacy`)).rows as [{ legacy: string }];
    await t.db.execute(sql`insert into venue_opt_out_tokens (token_hash, venue_directory_id) values (encode(sha256(convert_to(${legacy}, 'UTF8')), 'hex'), ${old!.id})`);
    const visitor = t.client();
    expect((await visitor.post('/api/outreach/opt-out', { token: legacy })).json.venueName).toBe(old!.name);

    // The entry's address changes hands: the links sent to the old one stop working.
    expect((await admin.client.put(`/api/admin/venue-database/${venue!.id}`, { name: venue!.name, regionSlug: 'cleveland', email: 'new-owner@venues.test' })).status).toBe(200);
    expect((await visitor.post('/api/outreach/opt-out', { token })).status).toBe(404);
    expect((await visitor.post(`/api/unsubscribe/${token}`, {})).status).toBe(404);
  });

  it('a venue that opts out is never e-mailed again, even by a campaign already paid', async () => {
    const [stays, leaves, leavesLater] = await addVenues('minneapolis', 3);
    const visitor = t.client();
    expect((await visitor.post('/api/outreach/opt-out', { token: await mintVenueOptOutToken(t.db, leaves!.id) })).json.venueName).toBe(leaves!.name);
    const res = await band.client.post('/api/outreach/checkout', { packageId: 'basic', regionSlug: 'minneapolis' });
    expect(res.json.venuesTargeted).toBe(2);
    const campaignId = res.json.campaignId as string;
    await t.db.update(outreachCampaigns).set({ status: 'processing' }).where(eq(outreachCampaigns.id, campaignId));
    await queueCampaignEmails(t.db, campaignId);
    await visitor.post('/api/outreach/opt-out', { token: await mintVenueOptOutToken(t.db, leavesLater!.id) });
    await sendOutreachCampaigns(t.services, { campaignId });
    expect((await outreachMails(campaignId)).map((m) => m.to)).toEqual([stays!.email]);
    // Another entry whose booking address is the one that opted out is not e-mailed either.
    await addVenues('minneapolis', 1, { bookingEmail: leaves!.email!.toUpperCase() });
    const again = await band.client.post('/api/outreach/checkout', { packageId: 'basic', regionSlug: 'minneapolis' });
    expect(again.json.venuesTargeted).toBe(1);
  });
});

describe('a band’s words are never a template (issue 20)', () => {
  it('a note naming the venue’s secret links is delivered as typed; the links appear only where Marquee put them', async () => {
    await addVenues('denver', 1);
    const note = 'Say yes here: {{secret:respond}} or never hear from us: {{secret:optout}}';
    const res = await band.client.post('/api/outreach/checkout', { packageId: 'pro', regionSlug: 'denver', customMessage: note });
    expect((await pay(res.json.url as string)).status).toBe(303);
    const [row] = await t.db.select({ text: outbox.textBody, html: outbox.htmlBody, secrets: outbox.secrets }).from(outreachEmails).innerJoin(outbox, eq(outbox.id, outreachEmails.outboxId)).where(eq(outreachEmails.campaignId, res.json.campaignId as string));
    const { respond, optout } = row!.secrets!;
    for (const [body, escape] of [[row!.text, undefined], [row!.html!, escapeHtml]] as const) {
      const delivered = fillSecrets(body, row!.secrets, escape);
      const seen = delivered.replaceAll('\u200B', '');
      expect(seen).toContain(note);
      expect(seen.split(escape ? escape(respond!) : respond!)).toHaveLength(2); // the 'I'm interested' link only
      expect(seen.split(escape ? escape(optout!) : optout!)).toHaveLength(2); // the footer's opt-out only
    }
    // The outbox reader and the test e-mail see the note as typed too.
    expect(hideSecrets(row!.text)).toContain('Say yes here: {{\u200Bsecret:respond}}');
  });
});

describe('tests, bypass and privacy', () => {
  it('the admin bypass runs a real campaign whose e-mails all go to the admin (D27)', async () => {
    await addVenues('nashville', 4);
    const res = await admin.client.post('/api/outreach/admin-bypass', { regionSlug: 'nashville', bandId: band.id });
    expect(res.status).toBe(201);
    const campaignId = res.json.campaignId as string;
    expect(await campaignOf(campaignId)).toMatchObject({ status: 'completed_test', isTest: true, venuesReached: 4 });
    const mails = await outreachMails(campaignId);
    expect(mails).toHaveLength(4);
    expect(mails.every((m) => m.to === admin.email && m.kind === 'venue_outreach_test')).toBe(true);
    // Its links cannot answer or opt out for the real venues.
    expect(mails.every((m) => !('oneClick' in m.secrets!) && m.secrets!.respond!.endsWith('/dashboard') && m.secrets!.optout!.endsWith('/dashboard'))).toBe(true);
    expect((await band.client.post('/api/outreach/admin-bypass', { regionSlug: 'nashville' })).status).toBe(403);
  });

  it('the test e-mail goes to the band’s own address; a band sees only its own campaigns', async () => {
    const sent = await band.client.post('/api/outreach/test-email', { regionSlug: 'milwaukee' });
    expect(sent.json.message).toBe(`Test email sent to ${band.email}.`);
    const other = await signUpAs(t, 'band');
    const mine = (await band.client.get('/api/outreach/campaigns')).json.campaigns as { id: string }[];
    expect(mine.length).toBeGreaterThan(3);
    expect((await other.client.get('/api/outreach/campaigns')).json.campaigns).toEqual([]);
    const [campaign] = await t.db.select().from(outreachCampaigns).where(eq(outreachCampaigns.bandId, band.id)).limit(1);
    expect((await other.client.get(`/api/outreach/campaigns/session/${campaign!.providerSessionId}`)).status).toBe(404);
    expect((await band.client.get(`/api/outreach/campaigns/session/${campaign!.providerSessionId}`)).status).toBe(200);
  });
});
