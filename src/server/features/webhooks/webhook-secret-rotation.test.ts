// Issue 33, finding 11: an organiser rotates an endpoint's signing secret; for
// SECRET_ROTATION_OVERLAP_HOURS every delivery carries a signature with the new and with the old
// secret (Standard Webhooks: several space-separated signatures), after that only the new one.
import { answerVerification } from '../../../../tests/helpers/webhook-verification.ts';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { createGig, dayIn } from '../../../../tests/helpers/factories.ts';
import { markEmailVerified, signUpAs } from '../../../../tests/helpers/accounts.ts';
import { deliverDueWebhooks } from './deliver-webhooks.ts';
import { emitWebhookEvent } from './emit-webhook-event.ts';
import { SECRET_ROTATION_OVERLAP_HOURS } from './webhook-endpoints.ts';

type Received = { headers: Record<string, string>; body: string };

let t: TestApp;
let server: http.Server;
let url: string;
const received: Received[] = [];

beforeAll(async () => {
  t = await createTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true' }, isRateLimitEnabled: true });
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (answerVerification(body, res)) return;
      received.push({ headers: req.headers as Record<string, string>, body });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});

const verifies = (secret: string, request: Received) => {
  try {
    new Webhook(secret).verify(request.body, request.headers);
    return true;
  } catch {
    return false;
  }
};

describe('rotating a signing secret', () => {
  it(`signs with both secrets for ${SECRET_ROTATION_OVERLAP_HOURS} hours, then with the new one only; an admin acting as the organiser cannot rotate`, async () => {
    const owner = await signUpAs(t, 'venue');
    await markEmailVerified(t, owner.id);
    const created = await owner.client.post('/api/webhooks/endpoints', { url, events: ['gig.changed'] });
    expect(created.status, created.text).toBe(201);
    const id = created.json.id as string;
    const oldSecret = (await owner.client.get(`/api/webhooks/endpoints/${id}/secret`)).json.secret as string;

    const admin = await signUpAs(t, 'admin');
    expect((await admin.client.post('/api/admin/impersonate', { userId: owner.id })).status).toBe(200);
    const refused = await admin.client.post(`/api/webhooks/endpoints/${id}/rotate-secret`, {});
    expect([refused.status, refused.json.error?.message]).toEqual([403, "Stop impersonating first: only the account's owner can rotate a webhook endpoint's signing secret."]);
    expect((await owner.client.get(`/api/webhooks/endpoints/${id}/secret`)).json.secret).toBe(oldSecret);

    const rotatedAt = Date.now();
    const rotated = await owner.client.post(`/api/webhooks/endpoints/${id}/rotate-secret`, {});
    expect(rotated.status, rotated.text).toBe(200);
    const newSecret = rotated.json.secret as string;
    expect(newSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(newSecret).not.toBe(oldSecret);
    const expiresAt = new Date(rotated.json.previousSecretExpiresAt as string).getTime();
    expect(expiresAt - rotatedAt).toBeGreaterThan(SECRET_ROTATION_OVERLAP_HOURS * 3600_000 - 60_000);
    expect(expiresAt - rotatedAt).toBeLessThanOrEqual(SECRET_ROTATION_OVERLAP_HOURS * 3600_000 + 60_000);
    expect((await owner.client.get(`/api/webhooks/endpoints/${id}/secret`)).json.secret).toBe(newSecret);
    const [listed] = (await owner.client.get('/api/webhooks/endpoints')).json.endpoints;
    expect(listed.previousSecretExpiresAt).toBe(rotated.json.previousSecretExpiresAt);
    expect(JSON.stringify(listed)).not.toContain(oldSecret.slice(6));

    // During the overlap: one delivery, two signatures, each secret verifies it.
    const gigId = await createGig(t.db, { venueId: owner.id, localDate: dayIn('America/Chicago', 5) });
    await emitWebhookEvent(t.db, 'gig.changed', { gigId });
    expect(await deliverDueWebhooks(t.services, { now: new Date(expiresAt - 60_000) })).toMatchObject({ delivered: 1 });
    const during = received.at(-1)!;
    expect(during.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect([verifies(newSecret, during), verifies(oldSecret, during)]).toEqual([true, true]);

    // After it (the job's clock past the overlap): the new secret only.
    await emitWebhookEvent(t.db, 'gig.changed', { gigId });
    expect(await deliverDueWebhooks(t.services, { now: new Date(expiresAt + 1000) })).toMatchObject({ delivered: 1 });
    const after = received.at(-1)!;
    expect(after).not.toBe(during);
    expect(after.headers['webhook-signature']!.split(' ')).toHaveLength(1);
    expect([verifies(newSecret, after), verifies(oldSecret, after)]).toEqual([true, false]);
  });

  it('is rate limited, and another organiser\'s endpoint is not found', async () => {
    const owner = await signUpAs(t, 'promoter');
    await markEmailVerified(t, owner.id);
    const { id } = (await owner.client.post('/api/webhooks/endpoints', { url, events: ['gig.changed'] })).json as { id: string };
    const other = await signUpAs(t, 'venue');
    expect((await other.client.post(`/api/webhooks/endpoints/${id}/rotate-secret`, {})).status).toBe(404);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await owner.client.post(`/api/webhooks/endpoints/${id}/rotate-secret`, {})).status);
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429]);
  });
});
