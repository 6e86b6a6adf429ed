// Issue 33 finding 3: one organiser's busy or slow endpoint must not hold back another's webhooks,
// and a burst of edits to one gig leaves one pending `gig.changed` per endpoint, not one per edit.
// Finding 4: a gig booked with 'Band already Chosen' is not `gig.published` until the band's
// window to decline has passed (decision 34's rule for followers' e-mails).
import { answerVerification } from '../../../../tests/helpers/webhook-verification.ts';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { bandBookings, webhookDeliveries, webhookEvents } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { createBand, createGig, dayIn } from '../../../../tests/helpers/factories.ts';
import { markEmailVerified, signUpAs, verifyVenue } from '../../../../tests/helpers/accounts.ts';
import { deliverDueWebhooks } from './deliver-webhooks.ts';
import { emitWebhookEvent } from './emit-webhook-event.ts';
import { sendNewGigNotices } from '../followers/notify-followers.ts';
import { FOLLOWER_MAIL_WAIT_HOURS } from '../booking/band-bookings.ts';
import { WEBHOOK_EVENT_TYPES } from '../../../core/schemas/webhooks.ts';

const ZONE = 'America/Chicago';

/** A webhook receiver on 127.0.0.1 answering 200, keeping each body it got. */
async function startReceiver() {
  const bodies: { type: string; data: { gig: { id: string; description: string } } }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (answerVerification(body, res)) return;
      bodies.push(JSON.parse(body) as (typeof bodies)[number]);
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { bodies, url: `http://127.0.0.1:${port}/hooks`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let t: TestApp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  t = await createTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true' } });
  receiver = await startReceiver();
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

type Client = TestApp['client'] extends () => infer C ? C : never;

async function organiserWithEndpoint(events: readonly string[] = WEBHOOK_EVENT_TYPES) {
  const organiser = await signUpAs(t, 'venue');
  await markEmailVerified(t, organiser.id);
  const res = await organiser.client.post('/api/webhooks/endpoints', { url: receiver.url, events });
  expect(res.status, res.text).toBe(201);
  return { ...organiser, endpointId: res.json.id as string };
}

const pendingOf = (endpointId: string) =>
  t.db
    .select({ id: webhookDeliveries.id, type: webhookEvents.type, payload: webhookEvents.payload, attempts: webhookDeliveries.attempts })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending')))
    .orderBy(asc(webhookDeliveries.createdAt));

const typesOf = async (endpointId: string) =>
  (await t.db.select({ type: webhookEvents.type }).from(webhookDeliveries).innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId)).where(eq(webhookDeliveries.endpointId, endpointId))).map((r) => r.type);

const gigForm = (over: Record<string, unknown> = {}) => ({
  localDate: dayIn(ZONE, 20),
  startTime: '19:00',
  endTime: '22:00',
  description: 'Friday night rock',
  loadInSoundCheck: '5pm load in',
  compensation: '$200',
  ...over,
});
/** The inline edit's form (ticketing stated, as the card sends it). */
const editForm = (over: Record<string, unknown> = {}) => gigForm({ ticketing: { isEnabled: false }, ...over });

describe('fair delivery', () => {
  it("one claim takes another organiser's due delivery even when one endpoint has many due before it", async () => {
    const busy = await organiserWithEndpoint(['gig.changed']);
    const quiet = await organiserWithEndpoint(['gig.changed']);
    const bandId = (await createBand(t.db)).id;
    // The busy endpoint has 12 due deliveries (12 gigs), all due before the quiet one's single delivery.
    const busyGigs = await Promise.all(Array.from({ length: 12 }, (_, i) => createGig(t.db, { venueId: busy.id, bandId, localDate: dayIn(ZONE, 30 + i) })));
    await emitWebhookEvent(t.db, 'gig.changed', busyGigs.map((gigId) => ({ gigId })));
    await t.db.execute(sql`update webhook_deliveries set next_attempt_at = now() - interval '1 minute' where endpoint_id = ${busy.endpointId}`);
    const quietGig = await createGig(t.db, { venueId: quiet.id, bandId, localDate: dayIn(ZONE, 29) });
    await emitWebhookEvent(t.db, 'gig.changed', { gigId: quietGig });

    // A claim of 5: in due order it would hold only the busy endpoint's deliveries.
    const first = await deliverDueWebhooks(t.services, { limit: 5 });
    expect(first.delivered).toBe(5);
    expect(await pendingOf(quiet.endpointId)).toHaveLength(0);
    expect(receiver.bodies.filter((b) => b.data.gig.id === quietGig)).toHaveLength(1);
    // The busy endpoint's deliveries still all go out, over the next claims.
    for (let i = 0; i < 5 && (await pendingOf(busy.endpointId)).length > 0; i++) await deliverDueWebhooks(t.services, { limit: 5 });
    expect(await pendingOf(busy.endpointId)).toHaveLength(0);
    expect(new Set(receiver.bodies.filter((b) => busyGigs.includes(b.data.gig.id)).map((b) => b.data.gig.id)).size).toBe(12);
  });
});

describe('gig.changed coalesced per gig and endpoint', () => {
  it('20 edits of a booked gig leave one pending gig.changed per endpoint, carrying the last edit', async () => {
    const organiser = await organiserWithEndpoint(['gig.changed']);
    const second = await organiser.client.post('/api/webhooks/endpoints', { url: `${receiver.url}/second`, events: ['gig.changed'] });
    expect(second.status, second.text).toBe(201);
    const bandId = (await createBand(t.db)).id;
    const gigId = await createGig(t.db, { venueId: organiser.id, bandId, localDate: dayIn(ZONE, 20) });
    const other = await createGig(t.db, { venueId: organiser.id, bandId, localDate: dayIn(ZONE, 21) });
    for (let i = 1; i <= 20; i++) {
      const res = await organiser.client.put(`/api/booking/gigs/${gigId}`, editForm({ description: `Edit number ${i}` }));
      expect(res.status, res.text).toBe(200);
    }
    expect((await organiser.client.put(`/api/booking/gigs/${other}`, editForm({ description: 'Another gig' }))).status).toBe(200);

    for (const endpointId of [organiser.endpointId, second.json.id as string]) {
      const pending = await pendingOf(endpointId);
      const forGig = pending.filter((d) => (d.payload as { data: { gig: { id: string } } }).data.gig.id === gigId);
      expect(forGig).toHaveLength(1);
      expect((forGig[0]!.payload as { data: { gig: { description: string } } }).data.gig.description).toBe('Edit number 20');
      // Another gig's change is its own delivery.
      expect(pending).toHaveLength(2);
    }

    // Once that delivery has been attempted, the next edit is a new delivery (an attempted one keeps its bytes).
    await deliverDueWebhooks(t.services);
    expect(await pendingOf(organiser.endpointId)).toHaveLength(0);
    expect((await organiser.client.put(`/api/booking/gigs/${gigId}`, editForm({ description: 'Edit number 21' }))).status).toBe(200);
    const after = await pendingOf(organiser.endpointId);
    expect(after).toHaveLength(1);
    expect((after[0]!.payload as { data: { gig: { description: string } } }).data.gig.description).toBe('Edit number 21');
    expect(receiver.bodies.filter((b) => b.data.gig.id === gigId).map((b) => b.data.gig.description)).toEqual(['Edit number 20', 'Edit number 20']);
  });
});

describe("a pre-picked band's booking is published once the band's window to decline has passed", () => {
  async function prePick(organiser: { client: Client }, bandId: string, localDate = dayIn(ZONE, 40)) {
    const res = await organiser.client.post('/api/booking/gigs', gigForm({ isBandChosen: true, bandId, localDate }));
    expect(res.status, res.text).toBe(201);
    return res.json.gigIds[0] as string;
  }
  /** As if the window had passed: the booking is dated back beyond it. */
  const windowPasses = (gigId: string) =>
    t.db.update(bandBookings).set({ createdAt: new Date(Date.now() - (FOLLOWER_MAIL_WAIT_HOURS + 1) * 3600 * 1000) }).where(eq(bandBookings.gigId, gigId));

  it('no gig.published (nor gig.changed) before the window, exactly one after it', async () => {
    const organiser = await organiserWithEndpoint();
    await verifyVenue(t, organiser.id);
    const band = await signUpAs(t, 'band');
    const gigId = await prePick(organiser, band.id);
    expect((await organiser.client.put(`/api/booking/gigs/${gigId}`, editForm({ description: 'Changed while the band may still decline', localDate: dayIn(ZONE, 40) }))).status).toBe(200);
    await sendNewGigNotices(t.services);
    expect(await typesOf(organiser.endpointId)).toEqual([]);

    await windowPasses(gigId);
    await sendNewGigNotices(t.services);
    await sendNewGigNotices(t.services);
    expect(await typesOf(organiser.endpointId)).toEqual(['gig.published']);
    const [published] = await pendingOf(organiser.endpointId);
    expect((published!.payload as { data: { gig: { id: string; description: string } } }).data.gig).toMatchObject({ id: gigId, description: 'Changed while the band may still decline' });
  });

  it('a band that declines within the window was never published', async () => {
    const organiser = await organiserWithEndpoint();
    await verifyVenue(t, organiser.id);
    const band = await signUpAs(t, 'band');
    const gigId = await prePick(organiser, band.id, dayIn(ZONE, 41));
    const declined = await band.client.post(`/api/booking/gigs/${gigId}/decline`, {});
    expect(declined.status, declined.text).toBe(200);
    await windowPasses(gigId);
    await sendNewGigNotices(t.services);
    expect(await typesOf(organiser.endpointId)).toEqual([]);
  });
});
