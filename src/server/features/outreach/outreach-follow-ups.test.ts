// Issue 21: the follow-up Opener Premium advertises, the band's real data in campaign e-mails, and
// the test e-mail's simulated preview when the mail server cannot be reached. Over a real SMTP
// server on loopback, with the job queue running.
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { OUTREACH_MESSAGES } from '../../../core/outreach.ts';
import { bandFollowers, outbox, outreachCampaigns, outreachEmails, venueDirectory } from '../../db/schema.ts';
import { QUEUES } from '../../jobs/job-queue.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../tests/helpers/test-app.ts';
import { markEmailVerified, signUpAs } from '../../../../tests/helpers/accounts.ts';
import { startTestSmtpServer } from '../../../../tests/helpers/smtp-server.ts';
import { sendOutreachFollowUps } from './send-outreach-follow-ups.ts';
import { sendOutreachCampaigns } from './send-outreach-campaigns.ts';

let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
let t: TestApp;
let band: { client: TestClient; id: string; email: string };
let admin: { client: TestClient; id: string; email: string };
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({ env: smtp.env, startJobs: true });
  band = await signUpAs(t, 'band', { name: 'Goldtop Second Week' }); // 'goldtop': the beta packages (D25)
  await markEmailVerified(t, band.id);
  admin = await signUpAs(t, 'admin');
}, 60_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** A raw message as the SMTP server got it, with quoted-printable soft breaks and escapes undone. */
const readable = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
const subjectOf = (raw: string) => /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)![1]!.replace(/\r?\n[ \t]/g, ' ');
const mailTo = (address: string) => smtp.received.filter((m) => m.to.includes(address)).map((m) => readable(m.raw));
const tokenIn = (mail: string, path: string) => new RegExp(`${path}/([A-Za-z0-9_-]{20,})`).exec(mail)?.[1];

async function until<T>(what: string, check: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs = 20_000): Promise<T> {
  for (const deadline = Date.now() + timeoutMs; ; await new Promise((r) => setTimeout(r, 100))) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
  }
}

const pay = async (url: string) =>
  t.app.request(new URL(url).pathname, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ card: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', action: 'pay' }) });

/** A campaign bought, paid, and every e-mail delivered over SMTP. */
async function deliveredCampaign(packageId: string, regionSlug: string, venueEmails: string[], mailsEach = 1) {
  const res = await band.client.post('/api/outreach/checkout', { packageId, regionSlug, bandDraw: '80-120 people' });
  expect(res.status).toBe(201);
  expect((await pay(res.json.url as string)).status).toBe(303);
  const campaignId = res.json.campaignId as string;
  // The work is also driven here, as a second instance would: the queue's wake-ups (tested in
  // outreach.test.ts) can fall behind on a busy machine, and then the per-minute sweep outlasts this wait.
  await until(
    'the campaign to be delivered',
    async () => {
      await sendOutreachCampaigns(t.services, { campaignId });
      await t.services.mailer.deliverQueued();
      return venueEmails.every((e) => mailTo(e).length === mailsEach) && (await campaignOf(campaignId)).status === 'completed';
    },
    45_000,
  );
  return campaignId;
}
const campaignOf = async (id: string) => (await t.db.select().from(outreachCampaigns).where(eq(outreachCampaigns.id, id)))[0]!;

/** Time moved forward: the campaign's e-mails were handed over `days` ago. */
async function sentDaysAgo(campaignId: string, days: number) {
  const ago = sql`now() - make_interval(days => ${days})`;
  const ids = t.db.select({ id: outreachEmails.outboxId }).from(outreachEmails).where(eq(outreachEmails.campaignId, campaignId));
  await t.db.update(outbox).set({ createdAt: ago, sentAt: ago }).where(inArray(outbox.id, ids));
  await t.db.update(outreachCampaigns).set({ createdAt: ago }).where(eq(outreachCampaigns.id, campaignId));
}

type ListedCampaign = { id: string; followUp: string | null; followUpsSent: number; followUpDueAt: string | null; bandName?: string };
const listed = async (client: TestClient, path: string, id: string) => ((await client.get(path)).json.campaigns as ListedCampaign[]).find((c) => c.id === id)!;

describe('Opener Premium: the follow-up after 1 week (issue 21)', () => {
  it('goes once to each venue that has neither answered nor opted out, with the same links, however often the job runs', async () => {
    const emails = ['answers@fu.test', 'opts-out@fu.test', 'quiet-1@fu.test', 'quiet-2@fu.test'];
    await t.db.insert(venueDirectory).values(emails.map((email, i) => ({ name: `Follow-up Venue ${i + 1}`, regionSlug: 'nashville', email, contactPerson: i === 2 ? 'Dee' : null })));
    const campaignId = await deliveredCampaign('opener-premium', 'nashville', emails);
    const [first] = mailTo('quiet-1@fu.test');
    expect(subjectOf(first!)).toBe('Opener inquiry: Goldtop Second Week at Follow-up Venue 3');

    // One venue answers, one opts out, from the links in their e-mails.
    expect((await t.client().post('/api/outreach/responses', { token: tokenIn(mailTo('answers@fu.test')[0]!, '/outreach/respond') })).json.isFirstResponse).toBe(true);
    expect((await t.client().post('/api/outreach/opt-out', { token: tokenIn(mailTo('opts-out@fu.test')[0]!, '/outreach/opt-out') })).status).toBe(200);

    // Not yet a week: nothing, and the band's record says when.
    expect(await sendOutreachFollowUps(t.services)).toBe(0);
    const scheduled = await listed(band.client, '/api/outreach/campaigns?kind=beta', campaignId);
    expect(scheduled.followUp).toBe('scheduled');
    expect(new Date(scheduled.followUpDueAt!).getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);

    // Eight days later: the queued job, and two more runs at once (another instance), send 2 follow-ups in all.
    await sentDaysAgo(campaignId, 8);
    expect((await listed(band.client, '/api/outreach/campaigns?kind=beta', campaignId)).followUp).toBe('going_out');
    await t.services.jobs!.send(QUEUES.outreachFollowUps);
    await Promise.all([sendOutreachFollowUps(t.services), sendOutreachFollowUps(t.services)]);
    await until('both follow-ups over SMTP', async () => {
      await t.services.mailer.deliverQueued();
      return mailTo('quiet-1@fu.test').length === 2 && mailTo('quiet-2@fu.test').length === 2;
    });
    await t.services.jobs!.send(QUEUES.outreachFollowUps);
    expect(await sendOutreachFollowUps(t.services)).toBe(0);
    await new Promise((r) => setTimeout(r, 1500)); // the queued run has had its turn
    expect(mailTo('answers@fu.test')).toHaveLength(1);
    expect(mailTo('opts-out@fu.test')).toHaveLength(1);
    expect(mailTo('quiet-1@fu.test')).toHaveLength(2);
    expect(mailTo('quiet-2@fu.test')).toHaveLength(2);

    const followUp = mailTo('quiet-1@fu.test')[1]!;
    expect(subjectOf(followUp)).toBe('Following up: Opener inquiry: Goldtop Second Week at Follow-up Venue 3');
    expect(followUp).toContain('Hi Dee,');
    expect(followUp).toContain('We wrote to you a week ago and have not heard back yet');
    expect(followUp).toMatch(new RegExp(`^Reply-To: ${band.email.replace('.', '\\.')}`, 'im'));
    // The same 'I'm interested' link as the first e-mail; an opt-out link (and List-Unsubscribe) that works.
    expect(tokenIn(followUp, '/outreach/respond')).toBe(tokenIn(first!, '/outreach/respond'));
    expect(followUp).toMatch(/^List-Unsubscribe:\s+<http:\/\/localhost:3000\/api\/unsubscribe\/[A-Za-z0-9_-]+>/m);
    expect((await t.client().post('/api/outreach/opt-out', { token: tokenIn(followUp, '/outreach/opt-out') })).json.venueName).toBe('Follow-up Venue 3');
    const answer = await t.client().post('/api/outreach/responses', { token: tokenIn(mailTo('quiet-2@fu.test')[1]!, '/outreach/respond') });
    expect(answer.json).toMatchObject({ venueName: 'Follow-up Venue 4', isFirstResponse: true });
    expect((await campaignOf(campaignId)).responses).toBe(2);

    // The campaign's record, for the band and for admins.
    expect(await listed(band.client, '/api/outreach/campaigns?kind=beta', campaignId)).toMatchObject({ followUp: 'sent', followUpsSent: 2 });
    expect(await listed(band.client, '/api/outreach/dashboard', campaignId)).toMatchObject({ followUp: 'sent', followUpsSent: 2 });
    expect(await listed(admin.client, '/api/admin/outreach/campaigns', campaignId)).toMatchObject({ bandName: 'Goldtop Second Week', followUp: 'sent', followUpsSent: 2 });
    expect((await band.client.get('/api/admin/outreach/campaigns')).status).toBe(403);
  }, 120_000);

  it('only packages that advertise a follow-up send one', async () => {
    const emails = ['basic-1@fu.test', 'basic-2@fu.test'];
    await t.db.insert(venueDirectory).values(emails.map((email, i) => ({ name: `Basic Venue ${i + 1}`, regionSlug: 'denver', email })));
    const basic = await deliveredCampaign('basic', 'denver', emails);
    const openerBasic = await deliveredCampaign('opener-basic', 'denver', emails, 2);
    await sentDaysAgo(basic, 30);
    await sentDaysAgo(openerBasic, 30);
    expect(await sendOutreachFollowUps(t.services)).toBe(0);
    expect(emails.map((e) => mailTo(e).length)).toEqual([2, 2]); // the two campaigns' first e-mails only
    expect(await listed(band.client, '/api/outreach/campaigns?kind=standard', basic)).toMatchObject({ followUp: null, followUpsSent: 0 });
    const followUps = await t.db.select().from(outbox).where(and(eq(outbox.kind, 'venue_outreach_follow_up'), inArray(outbox.toAddress, emails)));
    expect(followUps).toHaveLength(0);
  }, 120_000);
});

describe('the band’s real data in campaign e-mails (spec 3 §3, issue 21)', () => {
  it("members, years active, performance style and confirmed followers, each line left out when there is none (a headline inquiry's followers say 'Active')", async () => {
    await t.db.insert(venueDirectory).values({ name: 'Preview Room', regionSlug: 'minneapolis', email: 'preview@fu.test' });
    const preview = async (client: TestClient) => (await client.get('/api/outreach/preview?regionSlug=minneapolis&outreachType=headline')).json.text as string;

    const bare = await signUpAs(t, 'band', { name: 'Goldtop Nothing Yet' });
    const bareText = await preview(bare.client);
    for (const line of ['Members:', 'Years active:', 'Performance style:']) expect(bareText).not.toContain(line);
    // Spec 3 §9's headline default, kept for a band with no Marquee followers yet (issue 34 item 17).
    expect(bareText).toContain('- Followers: Active');
    const opener = (await bare.client.get('/api/outreach/preview?regionSlug=minneapolis&outreachType=opener')).json.text as string;
    expect(opener).not.toContain('Followers:');

    const saved = await band.client.put('/api/profile/band', {
      description: 'Two guitars, no waiting.',
      yearsActive: 'Since 2016',
      performanceStyle: 'High-energy rock show with a light rig',
      members: [
        { name: 'Ann Lee', instrument: 'Vocals' },
        { name: 'Bo Diaz', instrument: '' },
      ],
    });
    expect(saved.status).toBe(200);
    const follower = (email: string, over: Partial<typeof bandFollowers.$inferInsert> = {}) => ({ bandId: band.id, email, unsubscribeToken: `${email}-token`, confirmedAt: new Date(), ...over });
    await t.db.insert(bandFollowers).values([follower('f1@fans.test'), follower('f2@fans.test'), follower('pending@fans.test', { confirmedAt: null }), follower('gone@fans.test', { unsubscribedAt: new Date() })]);

    const text = await preview(band.client);
    expect(text).toContain('- Members: Ann Lee (Vocals), Bo Diaz');
    expect(text).toContain('- Years active: Since 2016');
    expect(text).toContain('- Performance style: High-energy rock show with a light rig');
    expect(text).toContain('- Followers: 2 on Marquee');
    expect(text).not.toContain('Followers: Active');
    expect((await band.client.get('/api/profile')).json).toMatchObject({ profile: { yearsActive: 'Since 2016', performanceStyle: 'High-energy rock show with a light rig' } });
  });
});

describe('the test e-mail (spec 3 §7)', () => {
  it('is delivered to the band over SMTP and says so', async () => {
    const res = await band.client.post('/api/outreach/test-email', { regionSlug: 'minneapolis' });
    expect(res.json).toEqual({ success: true, message: `Test email sent to ${band.email}.` });
    expect(mailTo(band.email).some((m) => subjectOf(m).startsWith('[Test] Booking inquiry: Goldtop Second Week'))).toBe(true);
  });

  it('shows a simulated preview when the mail server cannot be reached, and never sends it later', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const offline = await createTestApp({ env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port) } });
    try {
      const offBand = await signUpAs(offline, 'band', { name: 'Unreachable Mail Band' });
      await markEmailVerified(offline, offBand.id);
      await offline.db.insert(venueDirectory).values({ name: 'The Quiet Room', regionSlug: 'austin', email: 'quiet@fu.test' });
      const res = await offBand.client.post('/api/outreach/test-email', { regionSlug: 'austin', customMessage: 'We bring our own PA.' });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ success: false, message: OUTREACH_MESSAGES.testEmailSimulated, preview: { to: offBand.email, subject: '[Test] Booking inquiry: Unreachable Mail Band at The Quiet Room' } });
      const text = (res.json.preview as { text: string }).text;
      expect(text).toContain('We bring our own PA.');
      expect(text).not.toMatch(/\{\{secret:/); // the links are shown as hidden, never as placeholders
      const [row] = await offline.db.select().from(outbox).where(eq(outbox.toAddress, offBand.email)).orderBy(sql`${outbox.createdAt} desc`).limit(1);
      expect(row!.status).toBe('failed'); // the band was told it was not sent: no retry mails it later
    } finally {
      await offline.close();
    }
  });
});
