// Issue 7, findings 4-6: per-account sign-in backoff and reset e-mails, weak passwords, and
// registration probing — each with the request the probe sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { outbox } from '../../src/server/db/schema.ts';
import { backoffMs, FREE_SIGN_IN_FAILURES, MAX_BACKOFF_MS } from '../../src/server/auth/account-guard.ts';
import { countHit, peekHits } from '../../src/server/http/rate-limit.ts';
import { rateLimit } from '../../src/server/db/schema.ts';
import { createTestApp, registrationForm, TEST_ORIGIN, type TestApp } from '../helpers/test-app.ts';

const PASSWORD = 'correct-horse-9';
let t: TestApp;
beforeAll(async () => {
  // Rate limits on, and the client address taken from X-Forwarded-For, so tests can vary it.
  t = await createTestApp({ isRateLimitEnabled: true, env: { TRUST_PROXY: 'true' } });
  const res = await t.client().post('/api/register', registrationForm({ email: 'owner@limits.test', password: PASSWORD, location: 'chicagoland', role: 'fan' }), { 'x-forwarded-for': '198.51.100.1' });
  expect(res.status, res.text).toBe(201);
});
afterAll(() => t.close());

const from = (n: number) => ({ 'x-forwarded-for': `203.0.113.${n}` });

describe('guessing at one account from many addresses (finding 4)', () => {
  it('backs off after five failures, whatever the address, and for unknown e-mails alike', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await t.client().post('/api/auth/sign-in/email', { email: 'owner@limits.test', password: `wrong-guess-${i}` }, from(i % 6))).status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    // Even the right password waits out the backoff, so a guess cannot slip through.
    const owner = await t.client().post('/api/auth/sign-in/email', { email: 'owner@limits.test', password: PASSWORD }, from(50));
    expect(owner.status).toBe(429);
    expect(owner.json.error.message).toMatch(/^Too many failed attempts for this account\. Please try again in \d+ minutes?\.$/);

    const unknown: number[] = [];
    for (let i = 0; i < 6; i++) unknown.push((await t.client().post('/api/auth/sign-in/email', { email: 'nobody@limits.test', password: `x-guess-${i}` }, from(60 + i))).status);
    expect(unknown).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('the owner gets back in once the backoff has passed, and success clears the count', async () => {
    // Move the last failure back past the longest backoff (every row of this test's own database).
    // eslint-disable-next-line drizzle/enforce-update-with-where
    await t.db.update(rateLimit).set({ lastRequest: Date.now() - MAX_BACKOFF_MS - 1000 });
    const owner = await t.client().post('/api/auth/sign-in/email', { email: 'owner@limits.test', password: PASSWORD }, from(51));
    expect(owner.status).toBe(200);
    expect((await t.client().post('/api/auth/sign-in/email', { email: 'owner@limits.test', password: 'wrong-again-1' }, from(52))).status).toBe(401);
  });

  it('the backoff doubles and stops at fifteen minutes', () => {
    expect([4, 5, 6, 7].map(backoffMs)).toEqual([0, 30_000, 60_000, 120_000]);
    expect(backoffMs(40)).toBe(15 * 60_000);
  });

  it('twelve reset requests from six addresses send three e-mails, with the same answer each time', async () => {
    const answers = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const res = await t.client().post('/api/auth/request-password-reset', { email: 'owner@limits.test', redirectTo: `${TEST_ORIGIN}/reset-password` }, from(100 + (i % 6)));
      expect(res.status).toBe(200);
      answers.add(res.text);
    }
    expect(answers.size).toBe(1);
    const sent = await t.db.select().from(outbox).where(and(eq(outbox.toAddress, 'owner@limits.test'), eq(outbox.kind, 'password_reset')));
    expect(sent).toHaveLength(3);
  });
});

describe('guesses sent at the same moment', () => {
  it('twenty simultaneous wrong passwords get five answers and fifteen refusals', async () => {
    await t.client().post('/api/register', registrationForm({ email: 'burst@limits.test', password: PASSWORD, location: 'chicagoland', role: 'fan' }), from(150));
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.client().post('/api/auth/sign-in/email', { email: 'burst@limits.test', password: `burst-guess-${i}` }, from(150 + (i % 10)))),
    );
    const statuses = burst.map((res) => res.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(FREE_SIGN_IN_FAILURES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - FREE_SIGN_IN_FAILURES);
  });

  it('control: checking the count first and recording it after the answer lets a burst through', async () => {
    // The shape the guard had before: peek, wait for the password check, then count.
    const checkThenRecord = async (key: string) => {
      const failures = await peekHits(t.db, key);
      if (failures && backoffMs(failures.count) > 0) return 'refused';
      await new Promise((resolve) => setTimeout(resolve, 20));
      await countHit(t.db, key, 60 * 60_000, { isSliding: true });
      return 'checked';
    };
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => checkThenRecord('control:burst')));
    expect(outcomes.filter((o) => o === 'checked').length).toBeGreaterThan(FREE_SIGN_IN_FAILURES);
  });

  it('a sign-in refused as malformed (a password that is not text) does not count against the account', async () => {
    await t.client().post('/api/register', registrationForm({ email: 'typo@limits.test', password: PASSWORD, location: 'chicagoland', role: 'fan' }), from(170));
    for (let i = 0; i < 8; i++) {
      const res = await t.client().post('/api/auth/sign-in/email', { email: 'typo@limits.test', password: 12345678 }, from(172 + i));
      expect(res.status).toBe(400);
    }
    expect((await t.client().post('/api/auth/sign-in/email', { email: 'typo@limits.test', password: PASSWORD }, from(171))).status).toBe(200);
  });
});

describe('weak passwords (finding 5)', () => {
  it.each(['12345678', 'password', 'password1', '        '])('refuses %j at registration', async (password) => {
    const res = await t.client().post('/api/register', registrationForm({ email: `weak-${password.trim().length}-${password.length}@limits.test`, password, location: 'chicagoland', role: 'fan' }), from(200));
    expect(res.status).toBe(422);
    expect(res.json.error.fields.password).toBe('Please choose a less common password.');
  });

  it('still says a short password is too short (D4)', async () => {
    const res = await t.client().post('/api/register', registrationForm({ email: 'short@limits.test', password: 'abc', location: 'chicagoland', role: 'fan' }), from(201));
    expect(res.json.error.fields.password).toBe('Password too short');
  });

  it('refuses a common password as the new one on reset', async () => {
    const res = await t.client().post('/api/auth/reset-password', { token: 'not-a-real-token-000', newPassword: 'password1' }, from(202));
    expect(res.status).toBe(422);
    expect(res.json.message).toBe('Please choose a less common password.');
    expect(res.json.error.fields.newPassword).toBe('Please choose a less common password.');
  });
});

describe('registration probing (finding 6)', () => {
  it('one address may try ten registrations an hour', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await t.client().post('/api/register', registrationForm({ email: 'owner@limits.test', password: PASSWORD, location: 'chicagoland', role: 'fan' }), from(250));
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 409)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect((await t.client().post('/api/register', registrationForm({ email: 'fresh@limits.test', password: PASSWORD, location: 'chicagoland', role: 'fan' }), from(251))).status).toBe(201);
  });
});
