// Issue 33, finding 11: an endpoint proves it is its organiser's own receiver before anything is
// sent to it (Standard Webhooks' advice): Marquee POSTs a signed `webhook.verification` with a random
// challenge, and only an answer that echoes it verifies the endpoint. An address that accepts
// anything (someone else's server) never receives the organiser's events.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_VERIFICATION_MESSAGES } from '../../../core/schemas/webhooks.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { createGig, dayIn } from '../../../../tests/helpers/factories.ts';
import { markEmailVerified, signUpAs } from '../../../../tests/helpers/accounts.ts';
import { deliverDueWebhooks } from './deliver-webhooks.ts';
import { emitWebhookEvent } from './emit-webhook-event.ts';

type Received = { headers: Record<string, string>; body: string };

let t: TestApp;
let server: http.Server;
let url: string;
const received: Received[] = [];
/** How the receiver answers: 'ok' (accepts anything, as someone else's server would), 'wrong' (another challenge), or 'echo' (the organiser's own). */
let mode: 'ok' | 'wrong' | 'echo' = 'ok';

beforeAll(async () => {
  t = await createTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true' } });
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers as Record<string, string>, body });
      const parsed = JSON.parse(body) as { type: string; data: { challenge?: string } };
      if (parsed.type !== 'webhook.verification' || mode === 'ok') return void res.writeHead(200).end('ok');
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ challenge: mode === 'echo' ? parsed.data.challenge : 'f'.repeat(32) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});

describe('verifying a new endpoint', () => {
  it('a server that accepts anything, or answers another challenge, gets nothing; echoing the challenge (Verify again) verifies it and events flow', async () => {
    mode = 'ok';
    const owner = await signUpAs(t, 'venue');
    await markEmailVerified(t, owner.id);
    const created = await owner.client.post('/api/webhooks/endpoints', { url, events: ['gig.changed'] });
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({ isVerified: false, message: WEBHOOK_VERIFICATION_MESSAGES.waiting, error: 'The answer did not contain the challenge.' });
    const id = created.json.id as string;
    const secret = (await owner.client.get(`/api/webhooks/endpoints/${id}/secret`)).json.secret as string;

    // The request was signed with the endpoint's own secret and carried a random challenge.
    const request = received.at(-1)!;
    const event = new Webhook(secret).verify(request.body, request.headers) as { type: string; data: { challenge: string } };
    expect(event.type).toBe('webhook.verification');
    expect(event.data.challenge).toMatch(/^[0-9a-f]{32}$/);
    expect((await owner.client.get('/api/webhooks/endpoints')).json.endpoints[0]).toMatchObject({ id, isVerified: false });

    // Unverified: a change of the organiser's gig is not even recorded for it.
    const gigId = await createGig(t.db, { venueId: owner.id, localDate: dayIn('America/Chicago', 5) });
    const before = received.length;
    await emitWebhookEvent(t.db, 'gig.changed', { gigId });
    expect(await deliverDueWebhooks(t.services)).toMatchObject({ delivered: 0 });
    expect(received).toHaveLength(before);

    mode = 'wrong';
    expect((await owner.client.post(`/api/webhooks/endpoints/${id}/verify`, {})).json).toMatchObject({ isVerified: false });

    mode = 'echo';
    const verified = await owner.client.post(`/api/webhooks/endpoints/${id}/verify`, {});
    expect(verified.json).toEqual({ isVerified: true, message: WEBHOOK_VERIFICATION_MESSAGES.verified, error: null });
    expect((await owner.client.get('/api/webhooks/endpoints')).json.endpoints[0]).toMatchObject({ id, isVerified: true });
    await emitWebhookEvent(t.db, 'gig.changed', { gigId });
    expect(await deliverDueWebhooks(t.services)).toMatchObject({ delivered: 1 });
    expect(JSON.parse(received.at(-1)!.body)).toMatchObject({ type: 'gig.changed' });

    // Verified once, it stays verified: asking again sends nothing.
    const count = received.length;
    expect((await owner.client.post(`/api/webhooks/endpoints/${id}/verify`, {})).json.isVerified).toBe(true);
    expect(received).toHaveLength(count);
  });

  it("only the owner asks again: another organiser's endpoint is not found, and an admin acting as the owner is refused", async () => {
    mode = 'ok';
    const owner = await signUpAs(t, 'promoter');
    await markEmailVerified(t, owner.id);
    const { id } = (await owner.client.post('/api/webhooks/endpoints', { url, events: ['gig.changed'] })).json as { id: string };
    const other = await signUpAs(t, 'venue');
    expect((await other.client.post(`/api/webhooks/endpoints/${id}/verify`, {})).status).toBe(404);
    const admin = await signUpAs(t, 'admin');
    expect((await admin.client.post('/api/admin/impersonate', { userId: owner.id })).status).toBe(200);
    const refused = await admin.client.post(`/api/webhooks/endpoints/${id}/verify`, {});
    expect([refused.status, refused.json.error?.message]).toEqual([403, "Stop impersonating first: only the account's owner can verify a webhook endpoint."]);
  });
});
