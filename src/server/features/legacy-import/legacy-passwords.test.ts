import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { FirebaseScrypt } from 'firebase-scrypt';
import { account, legacyHashConfigs, outbox, user, verification } from '../../db/schema.ts';
import { createTestApp, TEST_ADMIN_EMAIL, TEST_ORIGIN, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { startTestSmtpServer } from '../../../../tests/helpers/smtp-server.ts';
import { formatLegacyPassword, LEGACY_PASSWORD_PREFIX } from './legacy-password.ts';
import { sendSetPasswordEmails, SET_PASSWORD_LINK_DAYS } from './send-set-password-emails.ts';
import { verifyLegacyPassword } from './verify-legacy-password.ts';

let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({ env: smtp.env });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const OLD_PASSWORD = 'the-old-site-pass-7';
const base64 = (bytes: number) => randomBytes(bytes).toString('base64');

/** The old service's parameters, as hash-config.json gives them; mem_cost 8 keeps most tests quick. */
async function addHashConfig(memCost = 8, rounds = 8) {
  const params = { memCost, rounds, saltSeparator: base64(1), signerKey: base64(64) };
  const [row] = await t.db.insert(legacyHashConfigs).values(params).returning({ id: legacyHashConfigs.id });
  return { id: row!.id, hasher: new FirebaseScrypt(params) };
}

/** An account as the importer writes it: a user row and, with an old hash, a credential row holding it. */
async function importAccount({ password, config, role = 'band', credential = 'legacy' }: { password?: string; config?: Awaited<ReturnType<typeof addHashConfig>>; role?: 'band' | 'fan' | 'admin'; credential?: 'legacy' | 'none' | 'null' }) {
  const id = randomUUID();
  const email = `imported-${id.slice(0, 8)}@legacy.test`;
  await t.db.insert(user).values({ id, name: `Imported ${id.slice(0, 4)}`, email, emailVerified: true, role });
  let stored: string | null = null;
  if (credential === 'legacy') {
    const salt = base64(16);
    stored = formatLegacyPassword({ configId: config!.id, salt, hash: await config!.hasher.hash(password!, salt) });
  }
  if (credential !== 'none') await t.db.insert(account).values({ id: randomUUID(), userId: id, accountId: id, providerId: 'credential', password: stored });
  return { id, email, stored };
}

const signIn = (email: string, password: string) => t.client().post('/api/auth/sign-in/email', { email, password });
const storedPassword = async (userId: string) =>
  (await t.db.select({ password: account.password }).from(account).where(and(eq(account.userId, userId), eq(account.providerId, 'credential'))))[0]?.password;

describe('imported accounts keep their old passwords (issue 25)', () => {
  it('the old password signs in over HTTP, and the first sign-in stores better-auth’s own hash in its place', async () => {
    const config = await addHashConfig();
    const { email, id, stored } = await importAccount({ password: OLD_PASSWORD, config });

    const first = await signIn(email, OLD_PASSWORD);
    expect(first.status, first.text).toBe(200);
    expect(first.json.user.id).toBe(id);
    expect(first.headers.getSetCookie().some((c) => c.startsWith('better-auth.session_token='))).toBe(true);

    const upgraded = await storedPassword(id);
    expect(upgraded).not.toBe(stored);
    expect(upgraded).not.toContain(LEGACY_PASSWORD_PREFIX);
    expect(upgraded).toMatch(/^[0-9a-f]+:[0-9a-f]+$/);

    // The same password, now checked by better-auth's own hash.
    expect((await signIn(email, OLD_PASSWORD)).status).toBe(200);
    expect(await storedPassword(id)).toBe(upgraded);
  });

  it('a wrong password is refused with the same answer as any wrong password, and the old hash stays', async () => {
    const config = await addHashConfig();
    const { email, id, stored } = await importAccount({ password: OLD_PASSWORD, config });
    const wrong = await signIn(email, 'not-the-old-pass-1');
    const unknown = await signIn('nobody@legacy.test', 'not-the-old-pass-1');
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual(unknown.json);
    expect(wrong.json.message).toBe('Invalid email or password');
    expect(await storedPassword(id)).toBe(stored);
  });

  it('a hash made with the old service’s real parameters (mem_cost 14, rounds 8) carries over', async () => {
    const config = await addHashConfig(14, 8);
    const { email, id } = await importAccount({ password: OLD_PASSWORD, config });
    expect((await signIn(email, 'not-the-old-pass-1')).status).toBe(401);
    expect((await signIn(email, OLD_PASSWORD)).status).toBe(200);
    expect(await storedPassword(id)).not.toContain(LEGACY_PASSWORD_PREFIX);
  });

  it('a tampered or broken stored string is a wrong password, not a crash', async () => {
    const config = await addHashConfig();
    const { email, id, stored } = await importAccount({ password: OLD_PASSWORD, config });
    const [, , salt, hash] = stored!.split('$');
    for (const broken of [
      formatLegacyPassword({ configId: 987654, salt: salt!, hash: hash! }),
      `${LEGACY_PASSWORD_PREFIX}99999999999999999999$${salt}$${hash}`,
      `${LEGACY_PASSWORD_PREFIX}x$${salt}$${hash}`,
      `${LEGACY_PASSWORD_PREFIX}${config.id}$${salt}`,
      formatLegacyPassword({ configId: config.id, salt: salt!, hash: 'c2hvcnQ=' }),
    ]) {
      await t.db.update(account).set({ password: broken }).where(eq(account.userId, id));
      const res = await signIn(email, OLD_PASSWORD);
      expect(res.status, broken).toBe(401);
      expect(res.json.message).toBe('Invalid email or password');
    }
    expect(await verifyLegacyPassword(t.db, formatLegacyPassword({ configId: 987654, salt: salt!, hash: hash! }), OLD_PASSWORD)).toBe(false);
  });

  it('two sign-ins at once both succeed and leave one better-auth hash', async () => {
    const config = await addHashConfig();
    const { email, id } = await importAccount({ password: OLD_PASSWORD, config });
    const results = await Promise.all([signIn(email, OLD_PASSWORD), signIn(email, OLD_PASSWORD)]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const upgraded = await storedPassword(id);
    expect(upgraded).not.toContain(LEGACY_PASSWORD_PREFIX);
    expect((await signIn(email, OLD_PASSWORD)).status).toBe(200);
  });

  it('settings that ask for the current password accept the old one before any sign-in (verifyCurrentPassword calls the same check)', async () => {
    const config = await addHashConfig();
    const { id, email, stored } = await importAccount({ password: OLD_PASSWORD, config });
    const { password } = await t.services.auth.$context;
    expect(await password.verify({ hash: stored!, password: 'not-the-old-pass-1' })).toBe(false);
    expect(await password.verify({ hash: stored!, password: OLD_PASSWORD })).toBe(true);
    expect(await storedPassword(id)).not.toContain(LEGACY_PASSWORD_PREFIX);

    const client = t.client();
    expect((await client.post('/api/auth/sign-in/email', { email, password: OLD_PASSWORD })).status).toBe(200);
    const changed = await client.post('/api/me/password', { currentPassword: OLD_PASSWORD, newPassword: 'a-brand-new-pass-3' });
    expect(changed.status, changed.text).toBe(200);
    expect((await signIn(email, 'a-brand-new-pass-3')).status).toBe(200);
    expect((await signIn(email, OLD_PASSWORD)).status).toBe(401);
  });
});

describe("'set your password' e-mails for imported accounts without a hash", () => {
  it('is delivered over SMTP, and its link lets the person choose a password and sign in with it', async () => {
    const withoutRow = await importAccount({ credential: 'none' });
    const withNullRow = await importAccount({ credential: 'null' });
    const config = await addHashConfig();
    const withHash = await importAccount({ password: OLD_PASSWORD, config });
    const admin = await importAccount({ credential: 'none', role: 'admin' });
    const [operator] = await t.db.insert(user).values({ id: randomUUID(), name: 'Operator', email: TEST_ADMIN_EMAIL, role: 'fan' }).returning({ id: user.id });
    // Neither account can sign in before choosing a password.
    expect((await signIn(withoutRow.email, OLD_PASSWORD)).status).toBe(401);

    const result = await sendSetPasswordEmails(t.services, [withoutRow.id, withNullRow.id, withHash.id, admin.id, operator!.id, withoutRow.id]);
    expect(result).toEqual({ sent: 2, skipped: 3 });
    const mails = await t.db.select().from(outbox).where(eq(outbox.kind, 'set_password'));
    expect(mails.map((m) => m.toAddress).sort()).toEqual([withoutRow.email, withNullRow.email].sort());
    expect(mails[0]!.subject).toBe('Your Marquee account is ready: choose a password');
    // The link is a secret: not in what outbox readers see.
    expect(mails[0]!.textBody).not.toContain('reset-password');

    for (const person of [withoutRow, withNullRow]) {
      await vi.waitFor(
        async () => {
          await t.services.mailer.deliverQueued();
          expect(smtp.received.some((m) => m.to.includes(person.email))).toBe(true);
        },
        { timeout: 20_000, interval: 250 },
      );
      const raw = smtp.received.find((m) => m.to.includes(person.email))!.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      expect(raw).toContain(`works for ${SET_PASSWORD_LINK_DAYS} days`);
      const link = /http:\/\/localhost:3000\/api\/auth\/reset-password\/\w+\?callbackURL=[\w%.-]+/.exec(raw)?.[0];
      expect(link, raw).toBeDefined();

      // As the browser follows it: to the page that chooses a password, with the token.
      const browser = t.client();
      const followed = await browser.get(link!.slice(TEST_ORIGIN.length));
      expect(followed.status).toBe(302);
      const landing = new URL(followed.headers.get('location')!);
      expect(landing.pathname).toBe('/reset-password');
      const token = landing.searchParams.get('token')!;
      const [row] = await t.db.select().from(verification).where(eq(verification.identifier, `reset-password:${token}`));
      expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan((SET_PASSWORD_LINK_DAYS * 24 - 1) * 60 * 60 * 1000);

      const chosen = await browser.post('/api/auth/reset-password', { token, newPassword: 'my-first-marquee-pass' });
      expect(chosen.status, chosen.text).toBe(200);
      const signedIn = await signIn(person.email, 'my-first-marquee-pass');
      expect(signedIn.status, signedIn.text).toBe(200);
      expect(signedIn.json.user.id).toBe(person.id);
      // The link works once.
      expect((await browser.post('/api/auth/reset-password', { token, newPassword: 'another-pass-again' })).status).toBe(400);
    }

    // Both now have a password, so a second run sends nothing.
    expect(await sendSetPasswordEmails(t.services, [withoutRow.id, withNullRow.id])).toEqual({ sent: 0, skipped: 2 });
  });
});
