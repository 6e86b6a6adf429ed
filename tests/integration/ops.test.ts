// Issue 13 item 5: health, readiness and Prometheus metrics.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../src/server/env.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const TOKEN = 'metrics-token-0123456789';

describe('health and readiness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('/healthz says alive, /readyz that the database answers with every migration applied; /metrics is not public', async () => {
    expect((await t.client().get('/healthz')).json).toEqual({ status: 'ok' });
    const ready = await t.client().get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.json.status).toBe('ready');
    expect((await t.client().get('/metrics')).status).toBe(404);
  });
});

describe('metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => t.close());

  it('needs the bearer token, and reports requests by route pattern, the outbox, tickets sold and the cache', async () => {
    const visitor = t.client();
    await visitor.get('/api/gigs/home');
    await visitor.get('/api/jam/sessions/00000000-0000-4000-8000-000000000000');
    await visitor.get('/no/such/page/12345');
    expect((await visitor.get('/metrics')).status).toBe(401);
    const res = await t.app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toMatch(/marquee_http_requests_total\{method="GET",route="\/api\/gigs\/home",status="200"\} 1/);
    expect(text).toMatch(/route="\/api\/jam\/sessions\/:sessionId",status="404"/);
    expect(text).not.toContain('12345');
    expect(text).toMatch(/marquee_http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/api\/gigs\/home"\}/);
    expect(text).toMatch(/marquee_outbox_backlog\{channel="email"\} \d+/);
    expect(text).toMatch(/marquee_tickets_sold \d+/);
    expect(text).toMatch(/marquee_public_cache_bytes \d+/);
  });

  it('refuses a short token at start', () => {
    expect(() => readEnv({ METRICS_TOKEN: 'short' })).toThrow('METRICS_TOKEN');
  });
});
