// Issue 26 part 3, decision 54: an organiser's endpoint hears each of its gigs' events once,
// signed per Standard Webhooks, through failures, retries, resends and its own auto-disable;
// and no webhook reaches a private address unless the operator allows it.
import { answerVerification } from '../../../../tests/helpers/webhook-verification.ts';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { bandBookings, gigApplications, gigs, orders, outbox, tickets, webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema.ts';
import { placeTicketOrder } from '../tickets/place-ticket-order.ts';
import { applyPaymentEvent } from '../tickets/apply-payment-event.ts';
import { refundTicket } from '../payouts/refund-ticket.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { createBand, createGig, dayIn } from '../../../../tests/helpers/factories.ts';
import { givePaymentAccount } from '../../../../tests/helpers/payments.ts';
import { markEmailVerified, signUpAs, verifyVenue } from '../../../../tests/helpers/accounts.ts';
import { doorClient, organiserDevice, scanOf } from '../../../../tests/helpers/door.ts';
import { startTestSmtpServer } from '../../../../tests/helpers/smtp-server.ts';
import { AUTO_DISABLE_AFTER_DAYS, deliverDueWebhooks, postWebhook, RETRY_SCHEDULE_SECONDS } from './deliver-webhooks.ts';
import { emitWebhookEvent } from './emit-webhook-event.ts';
import { sendNewGigNotices } from '../followers/notify-followers.ts';
import { FOLLOWER_MAIL_WAIT_HOURS } from '../booking/band-bookings.ts';
import { checkWebhookUrl, isPrivateAddress, PRIVATE_ADDRESS_MESSAGE } from './webhook-addresses.ts';
import { describeTestResult, WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_MESSAGES } from '../../../core/schemas/webhooks.ts';

const ZONE = 'America/Chicago';

type Received = { path: string; headers: Record<string, string>; body: string };

/** A webhook receiver on 127.0.0.1: answers each request as `answer` says (by its number, from 1). */
async function startReceiver(answer: (n: number, req: http.IncomingMessage, res: http.ServerResponse) => void = (_n, _req, res) => res.writeHead(200).end('ok')) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (answerVerification(body, res)) return;
      received.push({ path: req.url ?? '', headers: req.headers as Record<string, string>, body });
      answer(received.length, req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    port,
    url: `http://127.0.0.1:${port}/hooks`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
let venue: Awaited<ReturnType<typeof signUpAs>>;
let bandId: string;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true', ...smtp.env } });
  venue = await signUpAs(t, 'venue');
  await markEmailVerified(t, venue.id);
  bandId = (await createBand(t.db)).id;
  await givePaymentAccount(t.db, bandId);
  await givePaymentAccount(t.db, venue.id);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** The gig form as the dashboard sends it. */
const gigForm = (over: Record<string, unknown> = {}) => ({
  localDate: dayIn(ZONE, 20),
  startTime: '19:00',
  endTime: '22:00',
  description: 'Friday night rock',
  loadInSoundCheck: '5pm load in',
  compensation: '$200',
  ...over,
});
const TICKETING = { isEnabled: true, priceCents: '15', quantity: 80, bandPercent: 50, organiserPercent: 25 };

const ticketedGig = (venueId = venue.id) => createGig(t.db, { venueId, bandId, localDate: dayIn(ZONE, 10), isTicketed: true, ticketPriceCents: 2000, ticketQuantity: 100 });

/** A buyer pays for `quantity` tickets through the sandbox's paid event, as a real sale does. */
async function buy(gigId: string, email: string, quantity = 1) {
  const sandbox = t.services.sandbox!;
  const placed = await placeTicketOrder(t.db, { gigId, buyerEmail: email, provider: 'sandbox', quantity });
  const { sessionId } = await sandbox.createCheckout({ orderId: placed.id, totalCents: placed.totalCents, description: 'Tickets', buyerEmail: email, successUrl: '', cancelUrl: '', expiresAt: placed.expiresAt, transferGroup: `order_${placed.id}` });
  await t.db.update(orders).set({ providerSessionId: sessionId }).where(eq(orders.id, placed.id));
  expect(await applyPaymentEvent(t.services, 'sandbox', { id: sandbox.newEventId(), type: 'checkout.paid', orderId: placed.id, sessionId, paymentId: sandbox.newPaymentId() })).toBe('issued');
  return placed;
}

async function addEndpoint(client: TestApp['client'] extends () => infer C ? C : never, url: string, events: readonly string[] = WEBHOOK_EVENT_TYPES) {
  const res = await client.post('/api/webhooks/endpoints', { url, events });
  expect(res.status, res.text).toBe(201);
  const secret = (await client.get(`/api/webhooks/endpoints/${res.json.id}/secret`)).json.secret as string;
  return { id: res.json.id as string, secret };
}

const deliveriesOf = (endpointId: string) =>
  t.db
    .select({ id: webhookDeliveries.id, type: webhookEvents.type, payload: webhookEvents.payload, status: webhookDeliveries.status, attempts: webhookDeliveries.attempts, nextAttemptAt: webhookDeliveries.nextAttemptAt })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(asc(webhookDeliveries.createdAt));

/** The receiver's check, as a receiver would write it: the library's own verify, with the raw body and headers. */
const verify = (secret: string, request: Received) => new Webhook(secret).verify(request.body, request.headers) as { type: string; timestamp: string; data: Record<string, never> };

describe('delivery', () => {
  it('a recorded event wakes the delivery job at once (a database notice on commit); a sale nobody listens for wakes nothing (issue 35)', async () => {
    const notices: string[] = [];
    const listener = (detail: string) => notices.push(detail);
    t.services.live!.events.on('webhooks', listener);
    try {
      const quiet = await signUpAs(t, 'venue');
      await buy(await ticketedGig(quiet.id), 'nobody-listens@hooks.test');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(notices).toHaveLength(0);
      const receiver = await startReceiver();
      const endpoint = await addEndpoint(venue.client, receiver.url, ['ticket.sold']);
      await buy(await ticketedGig(), 'woken@hooks.test');
      await expect.poll(() => notices.length, { timeout: 5_000 }).toBeGreaterThan(0);
      // The other stories here start from a venue without endpoints.
      expect((await venue.client.delete(`/api/webhooks/endpoints/${endpoint.id}`)).status).toBe(204);
      await receiver.close();
    } finally {
      t.services.live!.events.off('webhooks', listener);
    }
  });

  it('a sale reaches the endpoint once after two failures: the same webhook-id on each try, every signature verifies, the log shows all three', async () => {
    const receiver = await startReceiver((n, _req, res) => (n <= 2 ? res.writeHead(500).end('Temporarily broken') : res.writeHead(204).end()));
    const endpoint = await addEndpoint(venue.client, receiver.url, ['ticket.sold']);
    const gigId = await ticketedGig();
    const order = await buy(gigId, 'ana@hooks.test', 2);

    const start = new Date();
    expect(await deliverDueWebhooks(t.services, { now: start })).toEqual({ delivered: 0, failed: 1, disabled: 0 });
    // Nothing is due again before its retry time.
    expect(await deliverDueWebhooks(t.services, { now: new Date(start.getTime() + 29_000) })).toEqual({ delivered: 0, failed: 0, disabled: 0 });
    const second = new Date(start.getTime() + RETRY_SCHEDULE_SECONDS[0] * 1000);
    expect((await deliverDueWebhooks(t.services, { now: second })).failed).toBe(1);
    const third = new Date(second.getTime() + RETRY_SCHEDULE_SECONDS[1] * 1000);
    expect((await deliverDueWebhooks(t.services, { now: third })).delivered).toBe(1);
    // Delivered: never sent again, however long the job runs.
    expect(await deliverDueWebhooks(t.services, { now: new Date(third.getTime() + 7 * 86_400_000) })).toEqual({ delivered: 0, failed: 0, disabled: 0 });

    expect(receiver.received).toHaveLength(3);
    const ids = new Set(receiver.received.map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(1);
    for (const request of receiver.received) {
      const event = verify(endpoint.secret, request);
      expect(event.type).toBe('ticket.sold');
      expect(request.headers['content-type']).toBe('application/json');
    }
    const event = verify(endpoint.secret, receiver.received[2]!);
    expect(Object.keys(JSON.parse(receiver.received[2]!.body) as object)).toEqual(['type', 'timestamp', 'data']);
    expect(event.data).toMatchObject({ order: { id: order.id, quantity: 2, buyerEmail: 'ana@hooks.test' }, gig: { id: gigId, status: 'booked', isTicketed: true } });
    // A tampered body fails the receiver's check.
    expect(() => new Webhook(endpoint.secret).verify(receiver.received[2]!.body.replace('ana@', 'eve@'), receiver.received[2]!.headers)).toThrow();

    const list = await venue.client.get('/api/webhooks/endpoints');
    expect(list.headers.get('cache-control')).toBe('no-store');
    const shown = (list.json.endpoints as { id: string; deliveries: { id: string; status: string; attempts: number; lastAttempt: { statusCode: number } }[] }[]).find((e) => e.id === endpoint.id)!;
    expect(shown).not.toHaveProperty('secret');
    expect(shown.deliveries).toHaveLength(1);
    expect(shown.deliveries[0]).toMatchObject({ id: [...ids][0], type: 'ticket.sold', status: 'delivered', attempts: 3, lastAttempt: { statusCode: 204 } });
    const log = await t.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, shown.deliveries[0]!.id)).orderBy(asc(webhookAttempts.attemptedAt));
    expect(log.map((a) => [a.statusCode, a.responseExcerpt])).toEqual([
      [500, 'Temporarily broken'],
      [500, 'Temporarily broken'],
      [204, null],
    ]);

    // Resend: the same delivery again, with the same webhook-id (the receiver's idempotency key).
    const resent = await venue.client.post(`/api/webhooks/deliveries/${shown.deliveries[0]!.id}/resend`, {});
    expect(resent.status, resent.text).toBe(200);
    expect((await deliverDueWebhooks(t.services)).delivered).toBe(1);
    expect(receiver.received).toHaveLength(4);
    expect(receiver.received[3]!.headers['webhook-id']).toBe([...ids][0]);
    verify(endpoint.secret, receiver.received[3]!);
    await receiver.close();
  });

  it('a redirect is not followed, and an endpoint that does not answer in time fails: both are retried later', async () => {
    const target = await startReceiver();
    const redirecting = await startReceiver((_n, _req, res) => res.writeHead(302, { location: target.url }).end());
    const slow = await startReceiver((_n, _req, res) => setTimeout(() => res.writeHead(200).end('late'), 1500));
    const body = JSON.stringify({ type: 'gig.changed', timestamp: new Date().toISOString(), data: {} });
    const redirected = await postWebhook({ url: redirecting.url, secret: `whsec_${Buffer.alloc(32, 1).toString('base64')}`, messageId: 'msg_1', body, isPrivateAllowed: true });
    expect(redirected).toMatchObject({ isDelivered: false, statusCode: 302, error: 'Redirect (HTTP 302) not followed.' });
    expect(target.received).toHaveLength(0);
    const timedOut = await postWebhook({ url: slow.url, secret: `whsec_${Buffer.alloc(32, 1).toString('base64')}`, messageId: 'msg_2', body, isPrivateAllowed: true, timeoutMs: 300 });
    expect(timedOut).toMatchObject({ isDelivered: false, statusCode: null, error: 'No answer within 0.3 seconds.' });
    expect(timedOut.durationMs).toBeLessThan(1400);

    // Through the job: the failure is logged and the delivery waits for its retry.
    const endpoint = await addEndpoint(venue.client, redirecting.url, ['ticket.sold']);
    await buy(await ticketedGig(), 'ben@hooks.test');
    const now = new Date();
    await deliverDueWebhooks(t.services, { now });
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, nextAttemptAt: new Date(now.getTime() + RETRY_SCHEDULE_SECONDS[0] * 1000) });
    expect(target.received).toHaveLength(0);
    await venue.client.patch(`/api/webhooks/endpoints/${endpoint.id}`, { isEnabled: false });
    await Promise.all([target.close(), redirecting.close(), slow.close()]);
  });

  it(`an endpoint failing for ${AUTO_DISABLE_AFTER_DAYS} days is turned off and its owner e-mailed; turned on again, its waiting deliveries go out`, async () => {
    const promoter = await signUpAs(t, 'promoter');
    await markEmailVerified(t, promoter.id);
    let isUp = false;
    const receiver = await startReceiver((_n, _req, res) => (isUp ? res.writeHead(200).end() : res.writeHead(503).end('down')));
    const endpoint = await addEndpoint(promoter.client, receiver.url, ['gig.cancelled', 'ticket.sold']);
    const gigId = await createGig(t.db, { venueId: venue.id, promoterId: promoter.id, bandId, localDate: dayIn(ZONE, 12), isTicketed: true, ticketPriceCents: 1000, ticketQuantity: 50 });
    await givePaymentAccount(t.db, promoter.id);
    await buy(gigId, 'cat@hooks.test');

    let now = new Date();
    let attempts = 0;
    for (; attempts < 20; attempts++) {
      const { disabled } = await deliverDueWebhooks(t.services, { now });
      const [delivery] = await deliveriesOf(endpoint.id);
      if (disabled) break;
      now = delivery!.nextAttemptAt;
    }
    const [off] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(off).toMatchObject({ isEnabled: false, autoDisabledAt: now });
    expect(now.getTime() - off!.failingSince!.getTime()).toBeGreaterThanOrEqual(AUTO_DISABLE_AFTER_DAYS * 86_400_000);
    // 30 s, 2 min, 10 min, 1 h, 6 h, then daily: the ninth attempt is the first past three days.
    expect(attempts + 1).toBe(9);
    // No more attempts while it is off, and no new events for it.
    expect((await deliverDueWebhooks(t.services, { now: new Date(now.getTime() + 30 * 86_400_000) })).failed).toBe(0);
    await buy(gigId, 'dan@hooks.test');
    expect(await deliveriesOf(endpoint.id)).toHaveLength(1);

    const [mail] = await t.db.select().from(outbox).where(and(eq(outbox.kind, 'webhook_disabled'), eq(outbox.toAddress, promoter.email)));
    expect(mail?.textBody).toContain(`Every delivery to your webhook endpoint ${receiver.url} has failed for 3 days`);
    expect(mail?.textBody).toContain('The last attempt: HTTP 503');
    await t.services.mailer.deliverQueued();
    expect(smtp.received.some((m) => m.to.includes(promoter.email) && m.raw.includes('Your Marquee webhook endpoint was turned off'))).toBe(true);

    const list = await promoter.client.get('/api/webhooks/endpoints');
    expect(list.json.endpoints[0]).toMatchObject({ isEnabled: false, autoDisabledAt: now.toISOString() });
    isUp = true;
    expect((await promoter.client.patch(`/api/webhooks/endpoints/${endpoint.id}`, { isEnabled: true })).json).toEqual({ isEnabled: true });
    expect((await deliverDueWebhooks(t.services)).delivered).toBe(1);
    const [on] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(on).toMatchObject({ isEnabled: true, failingSince: null, autoDisabledAt: null });
    await receiver.close();
  });
});

describe('Send test event (issue 35)', () => {
  it('sends a signed webhook.test at once and answers with what the endpoint said; a failed one is logged and retried like any event', async () => {
    const other = await signUpAs(t, 'venue');
    await markEmailVerified(t, other.id);
    const receiver = await startReceiver((n, _req, res) => (n === 1 ? res.writeHead(200).end('ok') : res.writeHead(503).end('Down for a moment')));
    const endpoint = await addEndpoint(other.client, receiver.url, ['ticket.sold']);

    const sent = await other.client.post(`/api/webhooks/endpoints/${endpoint.id}/test`, {});
    expect(sent.status, sent.text).toBe(200);
    expect(sent.json).toMatchObject({ isDelivered: true, statusCode: 200, error: null });
    expect(describeTestResult(sent.json)).toMatch(/^Test event delivered: your endpoint answered HTTP 200 in \d+ ms\.$/);
    expect(receiver.received).toHaveLength(1);
    const body = verify(endpoint.secret, receiver.received[0]!);
    expect(body.type).toBe('webhook.test');
    expect(receiver.received[0]!.headers['webhook-id']).toBe(sent.json.deliveryId);

    const failed = await other.client.post(`/api/webhooks/endpoints/${endpoint.id}/test`, {});
    expect(failed.json).toMatchObject({ isDelivered: false, statusCode: 503 });
    expect(describeTestResult(failed.json)).toContain('It is retried like any other event');
    const log = ((await other.client.get('/api/webhooks/endpoints')).json.endpoints as { deliveries: { id: string; type: string; status: string; attempts: number; nextAttemptAt: string | null }[] }[])[0]!.deliveries;
    expect(log.map((d) => [d.type, d.status, d.attempts])).toEqual([
      ['webhook.test', 'pending', 1],
      ['webhook.test', 'delivered', 1],
    ]);
    expect(log[0]!.nextAttemptAt).not.toBeNull();

    // Only the owner; an endpoint that is off is refused.
    expect((await venue.client.post(`/api/webhooks/endpoints/${endpoint.id}/test`, {})).status).toBe(404);
    expect((await other.client.patch(`/api/webhooks/endpoints/${endpoint.id}`, { isEnabled: false })).status).toBe(200);
    const off = await other.client.post(`/api/webhooks/endpoints/${endpoint.id}/test`, {});
    expect(off.status).toBe(409);
    expect(off.json.error.message).toBe(WEBHOOK_TEST_MESSAGES.disabled);
    await receiver.close();
  });
});

describe('hostile answers', () => {
  it('an answer with NUL bytes is logged, and an endpoint whose many deliveries fail together is turned off with one e-mail', async () => {
    const promoter = await signUpAs(t, 'promoter');
    await markEmailVerified(t, promoter.id);
    const receiver = await startReceiver((_n, _req, res) => res.writeHead(500).end('bad\u0000bytes'));
    const endpoint = await addEndpoint(promoter.client, receiver.url, ['ticket.sold']);
    const gigId = await createGig(t.db, { venueId: venue.id, promoterId: promoter.id, bandId, localDate: dayIn(ZONE, 14), isTicketed: true, ticketPriceCents: 1000, ticketQuantity: 50 });
    await givePaymentAccount(t.db, promoter.id);
    await buy(gigId, 'eve@hooks.test');
    await buy(gigId, 'fay@hooks.test');
    await buy(gigId, 'gus@hooks.test');

    let now = new Date();
    for (let round = 0; round < 20; round++) {
      const { disabled, failed } = await deliverDueWebhooks(t.services, { now });
      expect(failed).toBe(3); // the three go (and fail) together, each attempt logged
      if (disabled) break;
      now = (await deliveriesOf(endpoint.id))[0]!.nextAttemptAt;
    }
    const [attempt] = await t.db.select().from(webhookAttempts).innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId)).where(eq(webhookDeliveries.endpointId, endpoint.id)).limit(1);
    expect(attempt!.webhook_attempts.responseExcerpt).toBe('bad\uFFFDbytes');
    expect((await deliveriesOf(endpoint.id)).map((d) => d.attempts)).toEqual([9, 9, 9]);
    const mails = await t.db.select().from(outbox).where(and(eq(outbox.kind, 'webhook_disabled'), eq(outbox.toAddress, promoter.email)));
    expect(mails).toHaveLength(1);

    // Deleted with its deliveries and their events.
    expect((await promoter.client.delete(`/api/webhooks/endpoints/${endpoint.id}`)).status).toBe(204);
    expect(await deliveriesOf(endpoint.id)).toHaveLength(0);
    const payloads = await t.db.select({ payload: webhookEvents.payload }).from(webhookEvents);
    expect(payloads.some((p) => JSON.stringify(p.payload).includes('eve@hooks.test'))).toBe(false);
    await receiver.close();
  });
});

describe('events from the real domain paths', () => {
  it('each of the six events is recorded once, for the organiser of the gig only, with what fans see of it', async () => {
    const organiser = await signUpAs(t, 'venue');
    await markEmailVerified(t, organiser.id);
    await verifyVenue(t, organiser.id);
    const other = await signUpAs(t, 'venue');
    await markEmailVerified(t, other.id);
    await givePaymentAccount(t.db, organiser.id);
    const receiver = await startReceiver();
    const mine = await addEndpoint(organiser.client, receiver.url);
    const theirs = await addEndpoint(other.client, receiver.url);
    const band = await signUpAs(t, 'band');
    await givePaymentAccount(t.db, band.id);

    // gig.published: the venue posts an opportunity, a band applies, the venue books it.
    const posted = await organiser.client.post('/api/booking/gigs', gigForm({ ticketing: TICKETING }));
    expect(posted.status, posted.text).toBe(201);
    const gigId = posted.json.gigIds[0] as string;
    expect((await band.client.post(`/api/booking/gigs/${gigId}/applications`, {})).status).toBe(201);
    const [application] = await t.db.select({ id: gigApplications.id }).from(gigApplications).where(eq(gigApplications.gigId, gigId));
    expect((await organiser.client.post(`/api/booking/applications/${application!.id}/approve`, {})).status).toBe(200);

    // gig.changed: the venue edits the booked gig.
    const changed = await organiser.client.put(`/api/booking/gigs/${gigId}`, gigForm({ startTime: '20:00', endTime: '23:00', description: 'Friday night rock, now at 8', ticketing: TICKETING }));
    expect(changed.status, changed.text).toBe(200);

    // ticket.sold, ticket.checked_in (the scanner and the door app), ticket.refunded.
    const order = await buy(gigId, 'eve@hooks.test', 3);
    const sold = await t.db.select().from(tickets).where(eq(tickets.orderId, order.id)).orderBy(asc(tickets.position));
    expect((await organiser.client.post('/api/tickets/admit', { code: sold[0]!.id })).json.isValid).toBe(true);
    const door = doorClient(t.client(), await organiserDevice(t.db, organiser.id));
    const synced = await door.sync(gigId, { sentAt: new Date().toISOString(), scans: [scanOf({ code: sold[1]!.id })] });
    expect(synced.status, synced.text).toBe(200);
    await refundTicket(t.db, { ticketId: sold[2]!.id, reason: 'Cannot come', actorId: organiser.id });

    // A refund whose caller's transaction rolls back is never announced.
    const [extra] = await t.db.select().from(tickets).where(eq(tickets.orderId, (await buy(gigId, 'fay@hooks.test')).id));
    await expect(
      t.db.transaction(async (tx) => {
        await refundTicket(tx, { ticketId: extra!.id, reason: 'Changed my mind', actorId: organiser.id });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');

    // gig.cancelled.
    const cancelled = await organiser.client.post(`/api/booking/gigs/${gigId}/cancel`, { reason: 'The band is ill.', isConfirmed: true });
    expect(cancelled.status, cancelled.text).toBe(200);

    const events = await deliveriesOf(mine.id);
    expect(events.map((e) => e.type)).toEqual(['gig.published', 'gig.changed', 'ticket.sold', 'ticket.checked_in', 'ticket.checked_in', 'ticket.refunded', 'ticket.sold', 'gig.cancelled']);
    expect(await deliveriesOf(theirs.id)).toEqual([]);
    const data = (i: number) => (events[i]!.payload as { data: Record<string, Record<string, unknown>> }).data;
    expect(data(0).gig).toMatchObject({ id: gigId, status: 'booked', startTime: '19:00', band: { name: expect.any(String) }, venue: { name: expect.any(String) } });
    expect(data(1).gig).toMatchObject({ startTime: '20:00', description: 'Friday night rock, now at 8' });
    expect(data(2).order).toMatchObject({ id: order.id, quantity: 3 });
    expect(data(3).ticket).toMatchObject({ orderId: order.id, position: 1, status: 'used', holderEmail: 'eve@hooks.test' });
    expect(data(4).ticket).toMatchObject({ orderId: order.id, position: 2 });
    expect(data(5)).toMatchObject({ ticket: { orderId: order.id, position: 3, status: 'refunded' }, reason: 'Cannot come' });
    expect(data(7)).toMatchObject({ reason: 'The band is ill.', gig: { status: 'cancelled', cancelledAt: expect.any(String) } });
    // The ticket's code (its id) is in no event.
    expect(JSON.stringify(events.map((e) => e.payload))).not.toContain(sold[0]!.id);

    // A gig booked as it is posted (its band already chosen) is published once the band's window
    // to decline has passed (issue 33, with its followers' e-mails): one event per date.
    const booked = await organiser.client.post('/api/booking/gigs', gigForm({ localDate: dayIn(ZONE, 30), description: 'Booked on the spot', isBandChosen: true, bandId: band.id, recurringWeeks: 2 }));
    expect(booked.status, booked.text).toBe(201);
    expect(await deliveriesOf(mine.id)).toHaveLength(events.length);
    const bookedIds = booked.json.gigIds as string[];
    await t.db.update(bandBookings).set({ createdAt: new Date(Date.now() - (FOLLOWER_MAIL_WAIT_HOURS + 1) * 3600 * 1000) }).where(inArray(bandBookings.gigId, bookedIds));
    await sendNewGigNotices(t.services);
    const published = (await deliveriesOf(mine.id)).slice(events.length);
    expect(published.map((e) => e.type)).toEqual(['gig.published', 'gig.published']);
    expect(published.map((e) => (e.payload as { data: { gig: { id: string } } }).data.gig.id).sort()).toEqual([...(booked.json.gigIds as string[])].sort());
    expect(await t.db.select({ id: gigs.id }).from(gigs).where(eq(gigs.id, gigId))).toHaveLength(1);
    await receiver.close();
  });
});

describe('endpoints', () => {
  it("one organiser never sees, reveals, changes or resends another's; a fan or band has no webhooks; an address needs a confirmed e-mail", async () => {
    const receiver = await startReceiver();
    const owner = await signUpAs(t, 'promoter');
    await markEmailVerified(t, owner.id);
    const endpoint = await addEndpoint(owner.client, receiver.url, ['gig.changed']);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const stranger = await signUpAs(t, 'venue');
    expect((await stranger.client.get('/api/webhooks/endpoints')).json).toEqual({ endpoints: [] });
    expect((await stranger.client.get(`/api/webhooks/endpoints/${endpoint.id}/secret`)).status).toBe(404);
    expect((await stranger.client.patch(`/api/webhooks/endpoints/${endpoint.id}`, { isEnabled: false })).status).toBe(404);
    expect((await stranger.client.delete(`/api/webhooks/endpoints/${endpoint.id}`)).status).toBe(404);
    const [delivery] = await t.db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).limit(1);
    expect((await stranger.client.post(`/api/webhooks/deliveries/${delivery!.id}/resend`, {})).status).toBe(404);
    // Unconfirmed e-mail: no endpoint.
    const refused = await stranger.client.post('/api/webhooks/endpoints', { url: receiver.url, events: ['gig.changed'] });
    expect(refused.status).toBe(403);
    expect(refused.json.error.message).toMatch(/confirm your e-mail/);
    for (const role of ['fan', 'band'] as const) {
      const someone = await signUpAs(t, role);
      expect((await someone.client.get('/api/webhooks/endpoints')).status).toBe(403);
    }
    // Bad input: named by field.
    const bad = await owner.client.post('/api/webhooks/endpoints', { url: 'not a url', events: [] });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.error.fields as object).sort()).toEqual(['events', 'url']);
    expect((await owner.client.post('/api/webhooks/endpoints', { url: receiver.url, events: ['gig.exploded'] })).status).toBe(422);
    expect((await owner.client.delete(`/api/webhooks/endpoints/${endpoint.id}`)).status).toBe(204);
    expect((await owner.client.get('/api/webhooks/endpoints')).json).toEqual({ endpoints: [] });
    await receiver.close();
  });
});

describe('an admin acting as an organiser', () => {
  it('can neither add a webhook endpoint for them nor read an endpoint\'s signing secret: both would outlive the impersonation', async () => {
    const receiver = await startReceiver();
    const owner = await signUpAs(t, 'promoter');
    await markEmailVerified(t, owner.id);
    const endpoint = await addEndpoint(owner.client, receiver.url, ['gig.changed']);
    const admin = await signUpAs(t, 'admin');
    expect((await admin.client.post('/api/admin/impersonate', { userId: owner.id })).status).toBe(200);
    const created = await admin.client.post('/api/webhooks/endpoints', { url: receiver.url, events: ['gig.changed'] });
    const revealed = await admin.client.get(`/api/webhooks/endpoints/${endpoint.id}/secret`);
    expect([created.status, created.json.error?.message]).toEqual([403, "Stop impersonating first: only the account's owner can add webhook endpoints."]);
    expect([revealed.status, revealed.json.error?.message, revealed.text]).toEqual([403, "Stop impersonating first: only the account's owner can see a webhook endpoint's signing secret.", expect.not.stringContaining(endpoint.secret)]);
    // Looking is still allowed (that is what impersonation is for), and nothing was added.
    expect((await admin.client.get('/api/webhooks/endpoints')).json.endpoints.map((e: { id: string }) => e.id)).toEqual([endpoint.id]);
    expect((await admin.client.post('/api/admin/stop-impersonating', {})).status).toBe(200);
    await receiver.close();
  });
});

describe('no private targets without the operator setting', () => {
  it('classifies addresses: private, loopback, link-local, multicast and unspecified refused, public ones allowed', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fd00::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:7f00:1']) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:2800:220:1:248:1893:25c8:1946']) expect(isPrivateAddress(address), address).toBe(false);
  });

  it('refuses to register such an address and to deliver to one (a name that resolves to loopback included)', async () => {
    const strict = await createTestApp();
    const receiver = await startReceiver();
    try {
      const organiser = await signUpAs(strict, 'venue');
      await markEmailVerified(strict, organiser.id);
      for (const url of [`https://localhost:${receiver.port}/hooks`, 'https://127.0.0.1/hooks', 'https://[::1]/hooks', 'https://169.254.169.254/latest/meta-data', 'https://10.0.0.8/hooks', 'https://printer.local/hooks']) {
        const res = await organiser.client.post('/api/webhooks/endpoints', { url, events: ['gig.changed'] });
        expect(res.status, url).toBe(422);
        expect(res.json.error.fields.url, url).toBe(PRIVATE_ADDRESS_MESSAGE);
      }
      const plain = await organiser.client.post('/api/webhooks/endpoints', { url: 'http://example.com/hooks', events: ['gig.changed'] });
      expect(plain.json.error.fields.url).toMatch(/https/);
      await expect(checkWebhookUrl('https://user:pass@example.com/', { isPrivateAllowed: false })).rejects.toThrow(/user name/);

      // An endpoint recorded while allowed (or whose name now resolves to loopback) is refused at delivery.
      const body = JSON.stringify({ type: 'gig.changed', timestamp: new Date().toISOString(), data: {} });
      const secret = `whsec_${Buffer.alloc(32, 2).toString('base64')}`;
      for (const url of [`http://localhost:${receiver.port}/hooks`, receiver.url]) {
        const result = await postWebhook({ url, secret, messageId: 'msg_x', body, isPrivateAllowed: false });
        expect(result, url).toMatchObject({ isDelivered: false, statusCode: null, error: expect.stringMatching(/private, loopback or local address: not delivered/) });
      }
      const [row] = await strict.db.insert(webhookEndpoints).values({ ownerId: organiser.id, url: `http://localhost:${receiver.port}/hooks`, events: ['ticket.sold'], secret }).returning();
      const gigId = await createGig(strict.db, { venueId: organiser.id, localDate: dayIn(ZONE, 5) });
      await emitWebhookEvent(strict.db, 'ticket.sold', { gigId });
      expect(await deliverDueWebhooks(strict.services)).toMatchObject({ delivered: 0, failed: 1 });
      const [attempt] = await strict.db.select().from(webhookAttempts).innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId)).where(eq(webhookDeliveries.endpointId, row!.id));
      expect(attempt!.webhook_attempts.error).toMatch(/localhost is a private, loopback or local address/);
      expect(receiver.received).toHaveLength(0);
    } finally {
      await receiver.close();
      await strict.close();
    }
  });
});
