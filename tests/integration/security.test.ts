// Issue 7: each request an outside probe sent, with the answer it must now get; plus what held.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registrationForm, TEST_ADMIN_EMAIL, TEST_ORIGIN, type TestApp, type TestClient } from '../helpers/test-app.ts';
import { createBand } from '../helpers/factories.ts';
import { and, eq } from 'drizzle-orm';
import { auditLog, outbox, user } from '../../src/server/db/schema.ts';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = t.client();
  const res = await admin.post('/api/register', registrationForm({ email: TEST_ADMIN_EMAIL, password: 'correct-horse-9', location: 'chicagoland', role: 'fan' }));
  expect(res.status, res.text).toBe(201);
});
afterAll(() => t.close());

const EVIL = 'http://evil.example';
const SUBDOMAIN = 'http://thevelvetstatic.localhost:3000';

/** Every state-changing route the app has, found by walking it, so new routes are covered too. */
function stateChangingRoutes(): { method: string; path: string }[] {
  const seen = new Set<string>();
  return t.app.routes
    .filter((r) => !['GET', 'HEAD', 'OPTIONS', 'ALL'].includes(r.method) && r.path.startsWith('/api'))
    .map((r) => ({ method: r.method, path: r.path.replace(/:[^/{]+(\{[^}]*\})?/g, 'x').replace(/\*$/, 'x') }))
    .filter((r) => !seen.has(`${r.method} ${r.path}`) && seen.add(`${r.method} ${r.path}`));
}

async function send(method: string, path: string, headers: Record<string, string>, body?: BodyInit) {
  return t.app.fetch(new Request(`${TEST_ORIGIN}${path}`, { method, headers, body }));
}

describe('cross-site requests (finding 1)', () => {
  it('finds the routes it guards', () => {
    const paths = stateChangingRoutes().map((r) => r.path);
    expect(paths).toEqual(expect.arrayContaining(['/api/register', '/api/followers', '/api/contact', '/api/admin/impersonate']));
  });

  it('refuses every state-changing route from a foreign site, a band subdomain or no origin at all', async () => {
    // Payment providers' webhooks come from outside by design; their signature is their proof. So do
    // mail clients' one-click unsubscribes (RFC 8058); their token is the key, and they change only that;
    // and the SMS provider's inbound webhook, signed (src/server/features/sms/sms.test.ts).
    // Apple Wallet's PassKit web service (decision 58) is called by devices, which send no Origin; each
    // pass's own token is the proof (apple-wallet-web-service tests).
    const fromOutside = (path: string) =>
      path.startsWith('/api/payments/events/') || path.startsWith('/api/unsubscribe/') || path === '/api/sms/inbound' || path.startsWith('/api/wallet/apple/');
    for (const { method, path } of stateChangingRoutes().filter((r) => !fromOutside(r.path))) {
      for (const origin of [EVIL, SUBDOMAIN, null]) {
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (origin) headers.origin = origin;
        const res = await send(method, path, headers, '{}');
        expect(res.status, `${method} ${path} from ${origin}`).toBe(403);
      }
    }
  });

  it('a payment webhook from anywhere is heard, but a forged or missing signature changes nothing', async () => {
    for (const signature of [undefined, 't=1,v1=00']) {
      const headers: Record<string, string> = { 'content-type': 'application/json', origin: EVIL };
      if (signature) headers['marquee-signature'] = signature;
      const res = await send('POST', '/api/payments/events/sandbox', headers, '{"type":"checkout.paid"}');
      expect(res.status).toBe(400);
    }
    expect((await send('POST', '/api/payments/events/elsewhere', { 'content-type': 'application/json' }, '{}')).status).toBe(404);
  });

  it('a foreign form cannot register and sign a visitor in (login CSRF)', async () => {
    const form = registrationForm({ email: 'victim@csrf.test', password: 'correct-horse-9', location: 'chicagoland', role: 'fan' });
    const res = await send('POST', '/api/register', { origin: EVIL }, form);
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('a band site may follow and send contact messages on its own host, and nothing else', async () => {
    const onSite = (path: string, body: BodyInit, type: string) =>
      t.app.fetch(new Request(`${SUBDOMAIN}${path}`, { method: 'POST', headers: { origin: SUBDOMAIN, 'content-type': type }, body }));
    expect((await onSite('/api/contact', '{}', 'application/json')).status).toBe(422);
    const form = registrationForm({ email: 'site@csrf.test', password: 'correct-horse-9', location: 'chicagoland', role: 'fan' });
    expect((await onSite('/api/register', form, 'multipart/form-data')).status).toBe(403);
    expect((await onSite('/api/admin/impersonate', '{}', 'application/json')).status).toBe(403);
  });

  it('a write needs the main site’s Origin: a Referer alone, or Origin null with one, is refused (issue 20)', async () => {
    const contact = { name: 'Probe', email: 'probe@csrf.test', message: 'Hello from nowhere' };
    const probes: Record<string, string>[] = [{ referer: `${TEST_ORIGIN}/contact` }, { origin: 'null', referer: `${TEST_ORIGIN}/contact` }, { origin: 'null' }];
    for (const headers of probes) {
      const res = await send('POST', '/api/contact', { ...headers, 'content-type': 'application/json' }, JSON.stringify(contact));
      expect(res.status, JSON.stringify(headers)).toBe(403);
    }
    expect((await send('POST', '/api/contact', { origin: TEST_ORIGIN, 'content-type': 'application/json' }, '{}')).status).toBe(422);
  });

  it('takes JSON routes only as application/json, and uploads only as multipart', async () => {
    const impersonate = await send('POST', '/api/admin/impersonate', { origin: TEST_ORIGIN, 'content-type': 'text/plain' }, '{"userId":"x"}');
    expect(impersonate.status).toBe(415);
    const follow = await send('POST', '/api/followers', { origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' }, 'email=a@b.test');
    expect(follow.status).toBe(415);
    const register = await send('POST', '/api/register', { origin: TEST_ORIGIN, 'content-type': 'application/json' }, '{}');
    expect(register.status).toBe(415);
    expect((await register.json()).error.message).toBe('Please send this as multipart/form-data.');
  });
});

describe('admins cannot read live links in others\' e-mails (finding 2)', () => {
  async function resetMailTo(email: string) {
    await t.client().post('/api/auth/request-password-reset', { email, redirectTo: `${TEST_ORIGIN}/reset-password` });
    const [row] = await t.db.select().from(outbox).where(and(eq(outbox.toAddress, email), eq(outbox.kind, 'password_reset')));
    return row!;
  }

  it('a reset e-mail shows its link hidden, and opening it is audited', async () => {
    await t.client().post('/api/register', registrationForm({ email: 'forgetful@probe.test', password: 'correct-horse-9', location: 'chicagoland', role: 'fan' }));
    const row = await resetMailTo('forgetful@probe.test');
    expect(row.textBody).not.toMatch(/token/);
    const res = await admin.get(`/api/admin/outbox/${row.id}`);
    expect(res.json.message.textBody).toContain('[link hidden]');
    expect(res.text).not.toMatch(/reset-password\?token|reset-password\/[A-Za-z0-9]/);
    expect(res.json.message.hasHiddenLinks).toBe(true);
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'outbox.read'), eq(auditLog.targetId, row.id)));
    expect(audit).toHaveLength(1);
  });

  it("an admin may pass a fan's link on, audited, but never another admin's", async () => {
    const fanMail = await resetMailTo('forgetful@probe.test');
    const revealed = await admin.post(`/api/admin/outbox/${fanMail.id}/reveal`);
    expect(revealed.json.textBody).toMatch(/http\S+reset-password\/\S+/);
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'outbox.reveal'), eq(auditLog.targetId, fanMail.id)))).toHaveLength(1);

    await t.client().post('/api/register', registrationForm({ email: 'second-admin@probe.test', password: 'correct-horse-9', location: 'chicagoland', role: 'fan' }));
    await t.db.update(user).set({ role: 'admin' }).where(eq(user.email, 'second-admin@probe.test'));
    const adminMail = await resetMailTo('second-admin@probe.test');
    const refused = await admin.post(`/api/admin/outbox/${adminMail.id}/reveal`);
    expect(refused.status).toBe(403);
    expect(refused.json.error.message).toBe("Links in another admin's e-mails stay hidden.");
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'outbox.reveal_refused'))).toHaveLength(1);
  });

  it('a refused impersonation is written to the audit log', async () => {
    const [other] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, 'second-admin@probe.test'));
    expect((await admin.post('/api/admin/impersonate', { userId: other!.id })).status).toBe(403);
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'impersonation.refused'), eq(auditLog.targetId, other!.id)))).toHaveLength(1);
  });
});

describe('bad input answers 4xx, never 500 (finding 7)', () => {
  it.each([
    ['/band/%ZZ', 400],
    ['/calendar/band/%E0%A4%A.ics', 400],
    ['/api/gigs?region=%00', 400],
    ['/band/a%00b', 400],
    ['/api/bands?page=1e20', 422],
    ['/api/bands?page=-1', 422],
  ])('GET %s answers %i', async (path, status) => {
    expect((await t.client().get(path)).status).toBe(status);
  });

  it('bounds the outbox page number', async () => {
    const res = await admin.get('/api/admin/outbox?page=1e20');
    expect(res.status).toBe(422);
    expect(res.json.error.message).toBe('Please give a page number from 1 to 10000.');
  });

  it('refuses control characters in text fields, but keeps line breaks in a message', async () => {
    const client = t.client();
    const nul = await client.post('/api/contact', { name: 'Eve\u0000', email: 'eve@probe.test', message: 'hi' });
    expect(nul.status).toBe(422);
    expect(nul.json.error.fields.name).toBe('Please remove the special characters from this text.');
    const crlf = await client.post('/api/contact', { name: 'Eve\r\nBcc: x@y.test', email: 'eve@probe.test', message: 'hi' });
    expect(crlf.status).toBe(422);
    const multiLine = await client.post('/api/contact', { name: 'Eve', email: 'eve@probe.test', message: 'Line one\nLine two' });
    expect(multiLine.status, multiLine.text).toBe(200);
  });

  it('a broken form or broken JSON is a 400 that says so', async () => {
    const form = await t.app.request('/api/register', {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, 'content-type': 'multipart/form-data; boundary=xyz' },
      body: '--xyz\r\nContent-Disposition: form-data; name="data"\r\n\r\nunterminated',
    });
    expect(form.status).toBe(400);
    expect(((await form.json()) as { error: { message: string } }).error.message).toBe('The form could not be read. Please try again.');
    const json = await t.app.request('/api/contact', { method: 'POST', headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' }, body: '{"name": "Eve",' });
    expect(json.status).toBe(400);
    expect(((await json.json()) as { error: { message: string } }).error.message).toBe('The request could not be read. Please try again.');
  });

  it('a NUL byte that reaches the database is a 400', async () => {
    const res = await t.client().post('/api/followers/unsubscribe', { token: 'abcdefghij\u0000klm' });
    expect(res.status).toBeLessThan(500);
  });
});

describe('private answers are never stored (finding 8)', () => {
  it.each(['/api/me', '/api/admin/overview', '/api/admin/outbox', '/api/admin/emails', '/api/admin/audit-log'])('%s is no-store', async (path) => {
    const res = await admin.get(path);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('public lists keep their own short caching', async () => {
    expect((await t.client().get('/api/config')).headers.get('cache-control')).toBe('public, max-age=60');
  });
});

describe('subdomain trust and names (finding 9)', () => {
  it.each(['Admin', 'www', 'API', 'Mail'])('no band may be called %s', async (name) => {
    const form = registrationForm({ email: `${name}@names.test`, password: 'correct-horse-9', location: 'chicagoland', role: 'band', name, description: 'x' });
    const res = await t.client().post('/api/register', form);
    expect(res.status).toBe(422);
    expect(res.json.error.fields.name).toBe(`The name "${name}" is reserved by Marquee. Please choose another.`);
  });

  it('refuses a homoglyph of an existing band name, and a promoter holding a band slug', async () => {
    await createBand(t.db, { name: 'The Velvet Static' });
    const homoglyph = 'Тhе Vеlvеt Ѕtatic'; // Cyrillic Т, е, Ѕ
    const band = await t.client().post('/api/register', registrationForm({ email: 'copy@names.test', password: 'correct-horse-9', location: 'chicagoland', role: 'band', name: homoglyph, description: 'x' }));
    expect(band.status).toBe(409);
    const promoter = await t.client().post('/api/register', registrationForm({ email: 'promo@names.test', password: 'correct-horse-9', location: 'chicagoland', role: 'promoter', name: 'The Velvet Static', venueIds: [] }));
    expect(promoter.status).toBe(409);
  });

  it('better-auth trusts only the main origin', async () => {
    const res = await t.client().post('/api/auth/request-password-reset', { email: TEST_ADMIN_EMAIL, redirectTo: `${SUBDOMAIN}/steal` });
    expect(res.status).toBe(403);
  });
});

describe('headers (finding 10) and what held before', () => {
  it('sends a CSP with base-uri and form-action, a Permissions-Policy, and no HSTS over http', async () => {
    const res = await t.client().get('/api/config');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("form-action 'self'");
    expect(res.headers.get('permissions-policy')).toContain('camera=()');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('a session ends 30 days after sign-in, however active (absolute lifetime)', async () => {
    const { session: sessionTable } = await import('../../src/server/db/schema.ts');
    const client = t.client();
    await client.post('/api/auth/sign-in/email', { email: TEST_ADMIN_EMAIL, password: 'correct-horse-9' });
    const [row] = await t.db.select().from(sessionTable).orderBy(sessionTable.createdAt).limit(1);
    const days = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(30);
    expect(t.services.auth.options.session?.disableSessionRefresh).toBe(true);
  });

  it('session cookies are HttpOnly and host-only (band subdomains never see them)', async () => {
    const client = t.client();
    const res = await client.post('/api/auth/sign-in/email', { email: TEST_ADMIN_EMAIL, password: 'correct-horse-9' });
    const cookies = res.headers.getSetCookie().join('\n');
    expect(cookies).toMatch(/HttpOnly/i);
    expect(cookies).not.toMatch(/Domain=/i);
  });

  it('every admin route is refused to a fan', async () => {
    const fan = t.client();
    await fan.post('/api/register', registrationForm({ email: 'plain-fan@held.test', password: 'correct-horse-9', location: 'chicagoland', role: 'fan' }));
    for (const path of ['/api/admin/overview', '/api/admin/outbox', '/api/admin/audit-log']) expect((await fan.get(path)).status).toBe(403);
    expect((await fan.post('/api/admin/impersonate', { userId: 'x' })).status).toBe(403);
  });
});

describe('role by route: every admin route, found by walking the app', () => {
  const ROLES = ['fan', 'musician', 'band', 'venue', 'promoter', 'artist_manager', 'rehearsal_space'] as const;
  const adminRoutes = () => {
    const seen = new Set<string>();
    return t.app.routes
      .filter((r) => r.path.startsWith('/api/admin') && r.method !== 'ALL')
      .map((r) => ({ method: r.method, path: r.path.replace(/:[^/{]+(\{[^}]*\})?/g, '00000000-0000-4000-8000-000000000000') }))
      .filter((r) => !seen.has(`${r.method} ${r.path}`) && seen.add(`${r.method} ${r.path}`));
  };
  const call = (client: TestClient, { method, path }: { method: string; path: string }) =>
    method === 'GET' ? client.get(path) : method === 'PUT' ? client.put(path, {}) : method === 'DELETE' ? client.delete(path) : client.post(path, {});

  it('finds them', () => {
    expect(adminRoutes().map((r) => `${r.method} ${r.path.split('/').slice(0, 4).join('/')}`)).toEqual(
      expect.arrayContaining(['GET /api/admin/overview', 'GET /api/admin/outbox', 'POST /api/admin/impersonate']),
    );
  });

  it('refuses visitors and every other role, and lets admins through', async () => {
    for (const route of adminRoutes()) expect((await call(t.client(), route)).status, `visitor ${route.method} ${route.path}`).toBe(401);
    const someone = t.client();
    await someone.post('/api/register', registrationForm({ email: 'every-role@roles.test', password: 'correct-horse-9', location: 'chicagoland', role: 'fan' }));
    for (const role of ROLES) {
      await t.db.update(user).set({ role }).where(eq(user.email, 'every-role@roles.test'));
      for (const route of adminRoutes()) {
        if (route.path === '/api/admin/stop-impersonating') continue; // any signed-in user may stop their own impersonation
        expect((await call(someone, route)).status, `${role} ${route.method} ${route.path}`).toBe(403);
      }
    }
    for (const route of adminRoutes()) expect([401, 403], `admin ${route.method} ${route.path}`).not.toContain((await call(admin, route)).status);
  });
});

