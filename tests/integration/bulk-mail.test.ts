import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { BAND_NOTICE_MAX_MESSAGE } from '../../src/core/schemas/gigs.ts';
import { outbox, user } from '../../src/server/db/schema.ts';
import { sendPendingBandNotices } from '../../src/server/features/booking/notify-bands.ts';
import { markEmailVerified, signUpAs } from '../helpers/accounts.ts';
import { createBand } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Issue 20, finding 5: Marquee's sender is no free bulk mailer. The probe's requests: notify-bands
 * with 5,000 band ids and a fresh request id each time (3 requests wrote 117 e-mails), and 15 test
 * outreach e-mails in a row to the account's own unverified address (15 of 15 accepted).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ isRateLimitEnabled: true });
});
afterAll(() => t.close());

const noticesTo = async (ids: string[]) => {
  const emails = (await t.db.select({ email: user.email }).from(user).where(inArray(user.id, ids))).map((u) => u.email);
  return t.db.select().from(outbox).where(and(eq(outbox.kind, 'band_notice'), inArray(outbox.toAddress, emails)));
};
const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1).replace(/^unsubscribe\?token=/, '');

describe('notify bands (issue 20)', () => {
  it('caps the list, sends a few notices a day whatever the request id, and only to verified addresses', async () => {
    const venue = await signUpAs(t, 'venue');
    const bands = await Promise.all(Array.from({ length: 39 }, (_, i) => createBand(t.db, { name: `Bulk Band ${i}` })));
    const unverified = bands.slice(30).map((b) => b.id);
    await t.db.update(user).set({ emailVerified: false }).where(inArray(user.id, unverified));
    const bandIds = bands.map((b) => b.id);

    const tooMany = await venue.client.post('/api/booking/notify-bands', { bandIds: [...bandIds, ...Array.from({ length: 4961 }, () => randomUUID())], requestId: randomUUID() });
    expect(tooMany.status).toBe(422);
    expect(tooMany.json.error.message).toBe(BAND_NOTICE_MAX_MESSAGE);
    expect((await venue.client.post('/api/booking/notify-bands', { bandIds: unverified, requestId: randomUUID() })).status).toBe(422);

    const firstId = randomUUID();
    for (const requestId of [firstId, randomUUID(), randomUUID()]) {
      const res = await venue.client.post('/api/booking/notify-bands', { bandIds, requestId });
      expect(res.status, res.text).toBe(202);
      expect(res.json.message).toMatch(/^30 bands will get an e-mail about Venue \w+'s open gigs\. 9 of the chosen bands won't: they have not verified their e-mail address, or have turned notices off\.$/);
    }
    // The same send again is no new send; a fourth new one is refused, with a new request id too.
    expect((await venue.client.post('/api/booking/notify-bands', { bandIds, requestId: firstId })).status).toBe(202);
    const fourth = await venue.client.post('/api/booking/notify-bands', { bandIds, requestId: randomUUID() });
    expect(fourth.status).toBe(429);
    expect(fourth.json.error.message).toBe('You can notify bands 3 times a day. Please try again tomorrow.');

    await sendPendingBandNotices(t.services);
    const mails = await noticesTo(bandIds);
    expect(mails).toHaveLength(90);
    expect(new Set(mails.map((m) => m.toAddress)).size).toBe(30);
  });

  it('a band can stop one organiser’s notices with one click, or every organiser’s', async () => {
    const [lantern, hall] = [await signUpAs(t, 'venue'), await signUpAs(t, 'venue')];
    const band = await createBand(t.db, { name: 'Quiet Please' });
    const notify = async (venue: typeof lantern) => {
      const res = await venue.client.post('/api/booking/notify-bands', { bandIds: [band.id], requestId: randomUUID() });
      await sendPendingBandNotices(t.services);
      return res;
    };
    expect((await notify(lantern)).status).toBe(202);
    const [first] = await noticesTo([band.id]);
    expect(first!.textBody).toMatch(/Stop notices from Venue \w+: \{\{secret:unsubscribe\}\}\nStop notices from every venue and promoter: \{\{secret:unsubscribeAll\}\}$/);
    expect(first!.unsubscribeSecret).toBe('oneClick');
    const { oneClick, unsubscribeAll } = first!.secrets!;

    // The mail client's one-click unsubscribe (RFC 8058) stops this venue's notices only.
    const stopped = await t.app.request(oneClick!.replace('http://localhost:3000', ''), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(stopped.status).toBe(200);
    expect(((await stopped.json()) as { what: string }).what).toMatch(/^booking notices from Venue \w+$/);
    expect((await notify(lantern)).status).toBe(422);
    expect((await notify(hall)).status).toBe(202);
    expect(await noticesTo([band.id])).toHaveLength(2);

    // The page link stops them all.
    const all = await t.client().post('/api/followers/unsubscribe', { token: tokenOf(unsubscribeAll!) });
    expect(all.json).toEqual({ what: 'booking notices from venues and promoters' });
    expect((await notify(hall)).status).toBe(422);
    expect(await noticesTo([band.id])).toHaveLength(2);
  });
});

describe('test outreach e-mail (issue 20)', () => {
  it('goes only to a verified address, at most 10 an hour', async () => {
    const band = await signUpAs(t, 'band');
    const testMails = () => t.db.select().from(outbox).where(and(eq(outbox.kind, 'venue_outreach_test'), eq(outbox.toAddress, band.email)));
    const send = () => band.client.post('/api/outreach/test-email', { regionSlug: 'chicagoland', customMessage: 'Buy cheap watches '.repeat(100) });

    const unverified = await send();
    expect(unverified.status).toBe(403);
    expect(unverified.json.error.message).toBe('Please verify your e-mail address first: test e-mails go only to a verified address.');

    await markEmailVerified(t, band.id);
    const statuses = [];
    for (let i = 0; i < 15; i++) statuses.push((await send()).status);
    expect(statuses).toEqual([...Array<number>(10).fill(200), ...Array<number>(5).fill(429)]);
    expect((await send()).json.error.message).toBe('You can send 10 test e-mails an hour. Please try again later.');
    expect(await testMails()).toHaveLength(10);
  });
});
