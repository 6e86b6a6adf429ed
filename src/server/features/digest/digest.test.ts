// Issue 12: the weekly digest (D30) and one-click unsubscribe (D19, RFC 8058).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { digestDeliveries, emailOptOuts, outbox, smsSubscribers, ticketTypes } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { markEmailVerified, signUpAs } from '../../../../tests/helpers/accounts.ts';
import { createBand, createGig, createRegion, createVenue, dayIn } from '../../../../tests/helpers/factories.ts';
import { DateTime } from 'luxon';
import { sendWeeklyDigests } from './send-weekly-digest.ts';
import { digestWeek, parseDigestSchedule } from './digest-week.ts';
import { startTestSmtpServer } from '../../../../tests/helpers/smtp-server.ts';

let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
/** Each message as the SMTP server received it. */
const received = () => smtp.received.map((m) => m.raw);

let t: TestApp;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({ env: smtp.env });
}, 180_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const digestsTo = (emails: string[]) => t.db.select().from(outbox).where(and(eq(outbox.kind, 'weekly_digest'), inArray(outbox.toAddress, emails)));

describe('when the digest is due (D30)', () => {
  const monday10 = parseDigestSchedule('MON 10:00');
  it('Monday 10:00 in each region’s own zone, across a daylight-saving change', () => {
    // Sunday 8 March 2026: clocks go forward in the US. The next Monday 10:00 in Chicago is 15:00 UTC, the one before 16:00 UTC.
    expect(digestWeek(monday10, 'America/Chicago', new Date('2026-03-09T14:59:00Z'))).toMatchObject({ weekStart: '2026-03-09', isDue: false });
    expect(digestWeek(monday10, 'America/Chicago', new Date('2026-03-09T15:00:00Z'))).toMatchObject({ weekStart: '2026-03-09', isDue: true });
    expect(digestWeek(monday10, 'America/Chicago', new Date('2026-03-02T16:00:00Z')).dueAt.toISOString()).toBe('2026-03-02T16:00:00.000Z');
    // Sunday counts as the end of the week that began on Monday; New York is due an hour before Chicago.
    expect(digestWeek(monday10, 'America/Chicago', new Date('2026-03-15T12:00:00Z')).weekStart).toBe('2026-03-09');
    expect(digestWeek(monday10, 'America/New_York', new Date('2026-03-09T14:00:00Z')).isDue).toBe(true);
    expect(() => parseDigestSchedule('Mondays at ten')).toThrow('DIGEST_SCHEDULE');
  });

  it('only in the send hour of its weekday: not later that day, nor on another day of the week (issue 34)', () => {
    expect(digestWeek(monday10, 'America/Chicago', new Date('2026-03-09T15:59:00Z')).isDue).toBe(true); // Monday 10:59 CDT
    expect(digestWeek(monday10, 'America/Chicago', new Date('2026-03-09T16:00:00Z')).isDue).toBe(false); // Monday 11:00
    expect(digestWeek(monday10, 'America/Chicago', new Date('2026-03-11T15:00:00Z')).isDue).toBe(false); // Wednesday 10:00
    expect(digestWeek(monday10, 'America/Chicago', new Date('2026-03-15T23:00:00Z')).isDue).toBe(false); // Sunday evening
  });
});

describe('the weekly digest', () => {
  let fans: { email: string; id: string }[];
  let unverified: { email: string; id: string };
  let admin: Awaited<ReturnType<typeof signUpAs>>;
  beforeAll(async () => {
    const venueId = (await createVenue(t.db, { name: 'Digest Hall' })).id;
    const bandId = (await createBand(t.db, { name: 'Digest Darlings' })).id;
    await createGig(t.db, { venueId, bandId, localDate: dayIn('America/Chicago', 2), isApproved: true });
    await createGig(t.db, { venueId, bandId, localDate: dayIn('America/Chicago', 20), isApproved: true }); // beyond the week
    // Issue 34: a gig with several public prices shows the range; a hidden presale price never shows.
    const ranged = await createGig(t.db, { venueId, bandId: (await createBand(t.db, { name: 'Range Riders' })).id, localDate: dayIn('America/Chicago', 3), isApproved: true, isTicketed: true, ticketPriceCents: 1500, ticketQuantity: 100 });
    await t.db.insert(ticketTypes).values([
      { gigId: ranged, name: 'General', priceCents: 1500, quantity: 80 },
      { gigId: ranged, name: 'VIP', priceCents: 3500, quantity: 10, position: 1 },
      { gigId: ranged, name: 'Presale', priceCents: 1000, quantity: 10, position: 2, isHidden: true },
    ]);
    fans = await Promise.all([signUpAs(t, 'fan'), signUpAs(t, 'musician'), signUpAs(t, 'fan')]);
    for (const fan of fans) await markEmailVerified(t, fan.id);
    unverified = await signUpAs(t, 'fan'); // D32: no digest until the address is confirmed
    await signUpAs(t, 'band'); // bands get no digest
    await t.db.insert(smsSubscribers).values({ phone: '+13125550100', regionSlug: 'chicagoland' });
  }, 180_000);

  it('each fan and musician of the region gets one, with this week’s shows and a one-click unsubscribe', async () => {
    admin = await signUpAs(t, 'admin');
    const res = await admin.client.post('/api/admin/weekly-digest', {});
    expect(res.status).toBe(200);
    expect(res.json.sent).toBeGreaterThanOrEqual(4); // three accounts and one phone, at least
    const mails = await digestsTo(fans.map((f) => f.email));
    expect(mails).toHaveLength(3);
    expect(await digestsTo([unverified.email])).toHaveLength(0);
    expect(mails[0]!.subject).toBe("This week's live music in Chicagoland");
    expect(mails[0]!.textBody).toContain('Digest Darlings at Digest Hall');
    expect(mails[0]!.textBody.match(/Digest Darlings at/g)).toHaveLength(1);
    expect(mails[0]!.textBody).toContain('tickets $15.00–$35.00');
    const [text] = await t.db.select().from(outbox).where(and(eq(outbox.channel, 'sms'), eq(outbox.toAddress, '+13125550100')));
    expect(text!.textBody.length).toBeLessThanOrEqual(160);

    // Over SMTP it carries List-Unsubscribe and List-Unsubscribe-Post (RFC 8058).
    const isDigestFor = (m: string) => m.includes(fans[0]!.email) && m.includes('List-Unsubscribe');
    await vi.waitFor(
      async () => {
        await t.services.mailer.deliverQueued();
        expect(received().some(isDigestFor)).toBe(true);
      },
      { timeout: 20_000, interval: 250 },
    );
    const raw = received().find(isDigestFor)!.replace(/\r?\n\s+/g, ' ');
    expect(raw).toMatch(/List-Unsubscribe: <http:\/\/localhost:3000\/api\/unsubscribe\/[\w-]+>/);
    expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    // The admin's button again, and two scheduled runs at once: nobody gets a second digest this week.
    await Promise.all([admin.client.post('/api/admin/weekly-digest', {}), sendWeeklyDigests(t.services, { isForced: true }), sendWeeklyDigests(t.services, { isForced: true })]);
    expect(await digestsTo(fans.map((f) => f.email))).toHaveLength(3);
    expect(await t.db.select().from(digestDeliveries).where(eq(digestDeliveries.recipient, '+13125550100'))).toHaveLength(1);

    // One click, no session, no origin: a mail client's POST. Then the next week leaves that fan out.
    const token = /\/api\/unsubscribe\/([\w-]+)/.exec(raw)![1]!;
    const oneClick = await t.app.request(`/api/unsubscribe/${token}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(oneClick.status).toBe(200);
    expect(((await oneClick.json()) as { what: string }).what).toBe('weekly digests');
    await t.db.delete(digestDeliveries).where(eq(digestDeliveries.regionSlug, 'chicagoland'));
    await sendWeeklyDigests(t.services, { isForced: true });
    expect((await digestsTo([fans[0]!.email])).length).toBe(1);
    expect((await digestsTo([fans[1]!.email])).length).toBe(2);
  });

  it('the test button sends one copy to the typed address; fans switch the digest off and on', async () => {
    const test = await admin.client.post('/api/admin/weekly-digest?testEmail=editor@digest.test', {});
    expect(test.json.sent).toBe(1);
    const [copy] = await t.db.select().from(outbox).where(eq(outbox.toAddress, 'editor@digest.test'));
    expect(copy!.subject).toBe("[Test] This week's live music in Chicagoland");
    expect((await admin.client.post('/api/admin/weekly-digest?testEmail=not-an-address', {})).status).toBe(422);
    const fan = await signUpAs(t, 'fan');
    // D32: whether an address opted out is its owner's business: an unverified account neither sees nor changes it.
    await t.db.insert(emailOptOuts).values({ email: fan.email, kind: 'weekly_digest' });
    expect((await fan.client.get('/api/me/digest')).json).toEqual({
      enabled: false,
      isEmailVerified: false,
      notice: 'Confirm your e-mail address to choose whether it gets the weekly digest.',
    });
    const refused = await fan.client.put('/api/me/digest', { enabled: true });
    expect(refused.status).toBe(403);
    expect(refused.json.error.message).toBe('Confirm your e-mail address to choose whether it gets the weekly digest.');
    expect(await t.db.select().from(emailOptOuts).where(eq(emailOptOuts.email, fan.email))).toHaveLength(1);
    await markEmailVerified(t, fan.id);
    expect((await fan.client.get('/api/me/digest')).json.enabled).toBe(false);
    await fan.client.put('/api/me/digest', { enabled: true });
    expect((await fan.client.get('/api/me/digest')).json.enabled).toBe(true);
    expect((await fan.client.put('/api/me/digest', { enabled: false })).json.enabled).toBe(false);
    expect((await fan.client.get('/api/me/digest')).json.enabled).toBe(false);
    await fan.client.put('/api/me/digest', { enabled: true });
    expect((await fan.client.get('/api/me/digest')).json.enabled).toBe(true);
    expect((await t.client().post('/api/unsubscribe/not-a-token', {})).status).toBe(404);
  });

  it('a restart in the middle of a run: every fan gets exactly one digest', async () => {
    const venueId = (await createVenue(t.db, { name: 'Restart Hall', location: 'cleveland' })).id;
    const bandId = (await createBand(t.db, { name: 'Restart Band', location: 'cleveland' })).id;
    await createGig(t.db, { venueId, bandId, regionSlug: 'cleveland', localDate: dayIn('America/New_York', 1), isApproved: true });
    await t.db.execute(sql`insert into "user" (id, name, email, role, location, email_verified)
      select 'restart-fan-' || n, 'Fan ' || n, 'restart-fan-' || n || '@digest.test', 'fan', 'cleveland', true from generate_series(1, 450) n`);
    const mailer = t.services.mailer;
    const send = mailer.send.bind(mailer);
    let calls = 0;
    mailer.send = (...args) => (++calls > 300 ? Promise.reject(new Error('the process was killed')) : send(...args));
    await expect(sendWeeklyDigests(t.services, { isForced: true })).rejects.toThrow('the process was killed');
    mailer.send = send;
    const cut = await t.db.select({ n: count() }).from(digestDeliveries).where(eq(digestDeliveries.regionSlug, 'cleveland'));
    expect(cut[0]!.n).toBeGreaterThan(0);
    expect(cut[0]!.n).toBeLessThan(450);
    await Promise.all([sendWeeklyDigests(t.services, { isForced: true }), sendWeeklyDigests(t.services, { isForced: true })]);
    const perFan = await t.db.execute(sql`select to_address, count(*)::int as n from outbox where kind = 'weekly_digest' and to_address like 'restart-fan-%' group by to_address`);
    const counts = ((perFan as unknown as { rows?: { n: number }[] }).rows ?? (perFan as unknown as { n: number }[])).map((r) => r.n);
    expect(counts).toHaveLength(450);
    expect(counts.every((n) => n === 1)).toBe(true);
  }, 180_000);

  it('a first start (or an import) on another weekday sends nothing: the week waits for its weekday and hour (issue 34)', async () => {
    // A region whose digest never ran, with a show this week and a fan who wants the digest.
    const region = await createRegion(t.db, { slug: 'digestville', name: 'Digestville', timeZone: 'America/Chicago' });
    const venueId = (await createVenue(t.db, { name: 'First Start Hall', location: region })).id;
    await createGig(t.db, { regionSlug: region, venueId, localDate: dayIn('America/Chicago', 2), isApproved: true });
    const fan = await signUpAs(t, 'fan', { location: region });
    await markEmailVerified(t, fan.id);
    // The clock pinned at 10:00 on a day of this week that is not Monday (the schedule's weekday).
    const day = [dayIn('America/Chicago', 1), dayIn('America/Chicago', 2)].find((d) => new Date(`${d}T12:00:00Z`).getUTCDay() !== 1)!;
    const firstStart = DateTime.fromISO(`${day}T10:00`, { zone: 'America/Chicago' }).toJSDate();
    expect(await sendWeeklyDigests(t.services, { now: firstStart })).toBe(0);
    expect(await sendWeeklyDigests(t.services, { now: new Date(firstStart.getTime() + 15 * 60_000) })).toBe(0);
    expect(await digestsTo([fan.email])).toHaveLength(0);
  });

  it('a region with no shows this week sends nothing', async () => {
    const quiet = await signUpAs(t, 'fan', { location: 'denver' });
    await markEmailVerified(t, quiet.id);
    await sendWeeklyDigests(t.services, { isForced: true });
    expect(await digestsTo([quiet.email])).toHaveLength(0);
  });
});
