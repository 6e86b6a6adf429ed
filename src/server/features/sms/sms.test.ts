// Issue 12: SMS updates by keyword (D29), through Twilio's signed webhook or, offline, the admin's test box.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import twilio from 'twilio';
import { outbox, smsSubscribers } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { signUpAs } from '../../../../tests/helpers/accounts.ts';
import { smsSegments } from '../../sms/sms-sender.ts';
import { normalisePhone } from './handle-inbound-text.ts';

const TOKEN = 'twilio-test-auth-token';
const WEBHOOK = 'http://localhost:3000/api/sms/inbound';

describe('with Twilio configured: the signed webhook', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000', TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM_NUMBER: '+13125550142' } });
  });
  afterAll(() => t.close());

  let sent = 0;
  const text = async (from: string, body: string, signature?: string, messageSid = `SM${String(++sent).padStart(32, '0')}`) => {
    const params = { From: from, Body: body, To: '+13125550142', MessageSid: messageSid };
    const res = await t.app.request('/api/sms/inbound', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature ?? twilio.getExpectedTwilioSignature(TOKEN, WEBHOOK, params) },
      body: new URLSearchParams(params),
    });
    const xml = await res.text();
    return { status: res.status, type: res.headers.get('content-type'), reply: /<Message>(.*)<\/Message>/.exec(xml)?.[1] ?? xml };
  };
  const subscriber = async (phone: string) => (await t.db.select().from(smsSubscribers).where(eq(smsSubscribers.phone, phone)))[0];

  it('MUSIC subscribes (any case, with a region), STOP words end it, START resumes, HELP helps', async () => {
    const first = await text('+1 312 555 0101', 'music');
    expect(first.status).toBe(200);
    expect(first.type).toContain('text/xml');
    expect(first.reply).toBe("Marquee: you&apos;re subscribed to weekly gig updates for Chicagoland. Reply STOP to end, HELP for help.");
    expect(await subscriber('+13125550101')).toMatchObject({ regionSlug: 'chicagoland', unsubscribedAt: null });
    expect((await text('+13125550101', '  Music   Cleveland ')).reply).toContain('for Cleveland.');
    expect((await subscriber('+13125550101'))!.regionSlug).toBe('cleveland');
    expect((await text('+13125550101', 'MUSIC st. louis')).reply).toContain('for St. Louis.');
    expect((await text('+13125550101', 'MUSIC Atlantis')).reply).toContain('we don&apos;t cover');
    for (const word of ['STOP', 'stopall', 'Unsubscribe', 'CANCEL', 'end', 'QUIT']) {
      await text('+13125550101', 'START');
      expect((await text('+13125550101', word)).reply).toContain('unsubscribed');
      expect((await subscriber('+13125550101'))!.unsubscribedAt).not.toBeNull();
    }
    expect((await text('+13125550101', 'start')).reply).toContain('subscribed again to weekly gig updates for St. Louis');
    expect((await text('+13125550101', 'HELP')).reply).toContain('Text MUSIC');
    expect((await text('+13125550101', 'what is this')).reply).toBe('Marquee: text MUSIC for weekly gig updates near you, or HELP for help.');
    // The replies are kept for admins to read.
    expect((await t.db.select().from(outbox).where(eq(outbox.toAddress, '+13125550101'))).length).toBeGreaterThan(5);
  });

  it('refuses a missing, forged or replayed-elsewhere signature, and a number that is not one', async () => {
    expect((await text('+13125550102', 'MUSIC', '')).status).toBe(403);
    expect((await text('+13125550102', 'MUSIC', 'bm90LWEtc2lnbmF0dXJl')).status).toBe(403);
    const otherUrl = twilio.getExpectedTwilioSignature(TOKEN, 'https://elsewhere.example/api/sms/inbound', { From: '+13125550102', Body: 'MUSIC', To: '+13125550142', MessageSid: 'SM0000' });
    expect((await text('+13125550102', 'MUSIC', otherUrl, 'SM0000')).status).toBe(403);
    expect(await subscriber('+13125550102')).toBeUndefined();
    expect((await text('12', 'MUSIC')).status).toBe(422);
  });
});

describe('with Twilio configured: a replayed request (issue 20)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000', TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM_NUMBER: '+13125550142' } });
  });
  afterAll(() => t.close());

  it('a valid signed request sent again is answered with nothing and changes nothing', async () => {
    const send = (params: Record<string, string>) =>
      t.app.request('/api/sms/inbound', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilio.getExpectedTwilioSignature(TOKEN, WEBHOOK, params) },
        body: new URLSearchParams(params),
      });
    const join = { From: '+13125550111', Body: 'MUSIC', To: '+13125550142', MessageSid: 'SMaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' };
    const stop = { From: '+13125550111', Body: 'STOP', To: '+13125550142', MessageSid: 'SMbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb' };
    const stored = async () => (await t.db.select().from(smsSubscribers).where(eq(smsSubscribers.phone, '+13125550111')))[0];
    expect((await send(join)).status).toBe(200);
    expect((await send(stop)).status).toBe(200);
    expect((await stored())!.unsubscribedAt).not.toBeNull();
    // The probe's replay: the captured MUSIC request again, which today subscribes the number once more.
    const replay = await send(join);
    expect(replay.status).toBe(200);
    expect(await replay.text()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    expect((await stored())!.unsubscribedAt).not.toBeNull();
    expect(await t.db.select().from(outbox).where(eq(outbox.toAddress, '+13125550111'))).toHaveLength(2);
    // A message without an id is refused.
    expect((await send({ From: '+13125550111', Body: 'MUSIC', To: '+13125550142' })).status).toBe(422);
  });
});

describe('offline: the admin’s test text', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('runs the same keywords and keeps the answer in the outbox, without subscribing the test number (issue 21)', async () => {
    expect((await t.client().post('/api/sms/inbound', {})).status).toBe(404);
    const admin = await signUpAs(t, 'admin');
    const res = await admin.client.post('/api/admin/sms/test-inbound', { from: '(312) 555-0199', body: 'MUSIC Cortland' });
    expect(res.json).toEqual({ reply: "Marquee: you're subscribed to weekly gig updates for Cortland, NY. Reply STOP to end, HELP for help.", segments: 1 });
    const [kept] = await t.db.select().from(outbox).where(eq(outbox.toAddress, '+13125550199'));
    expect(kept).toMatchObject({ channel: 'sms', status: 'stored' });
    const counts = (await admin.client.get('/api/admin/sms')).json as { provider: string; regions: { slug: string; subscribers: number }[] };
    expect(counts.provider).toBe('outbox');
    expect(counts.regions.find((r) => r.slug === 'cortland')?.subscribers).toBe(0);
    expect(await t.db.select().from(smsSubscribers)).toHaveLength(0);
    // STOP in a test changes nobody's subscription either.
    await t.db.insert(smsSubscribers).values({ phone: '+13125550198', regionSlug: 'cortland' });
    expect((await admin.client.post('/api/admin/sms/test-inbound', { from: '(312) 555-0198', body: 'STOP' })).json.reply).toMatch(/unsubscribed/);
    const [still] = await t.db.select().from(smsSubscribers).where(eq(smsSubscribers.phone, '+13125550198'));
    expect(still!.unsubscribedAt).toBeNull();
  });
});

describe('numbers and segments', () => {
  it('normalises US numbers to E.164 and refuses what is not a number', () => {
    expect(normalisePhone('(312) 555-0142')).toBe('+13125550142');
    expect(normalisePhone('+44 20 7946 0958')).toBe('+442079460958');
    expect(normalisePhone('555')).toBeNull();
  });
  it('counts segments: 160 GSM characters in one, 70 otherwise', () => {
    expect(smsSegments('x'.repeat(160))).toBe(1);
    expect(smsSegments('x'.repeat(161))).toBe(2);
    expect(smsSegments('🎸'.repeat(10))).toBe(1);
    expect(smsSegments('é🎸'.repeat(40))).toBe(2);
  });
});
