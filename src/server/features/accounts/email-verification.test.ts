// Issue 20, finding 1 (D32): e-mail addresses are verified by a link mailed at registration.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { outbox } from '../../db/schema.ts';
import { createTestApp, registrationForm, type TestApp, type TestClient } from '../../../../tests/helpers/test-app.ts';
import { PASSWORD, signUpAs } from '../../../../tests/helpers/accounts.ts';
import { startTestSmtpServer } from '../../../../tests/helpers/smtp-server.ts';

let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  // Rate limits on, as in production: the resend limit is one of the rules here.
  t = await createTestApp({ env: smtp.env, isRateLimitEnabled: true });
}, 180_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const register = async (email: string) => {
  const client = t.client();
  const res = await client.post('/api/register', registrationForm({ email, password: PASSWORD, location: 'chicagoland', role: 'fan' }), { 'x-forwarded-for': `198.51.100.${Math.floor(Math.random() * 250)}` });
  expect(res.status, res.text).toBe(201);
  return client;
};
const verificationMails = (email: string) => t.db.select().from(outbox).where(and(eq(outbox.toAddress, email), eq(outbox.kind, 'email_verification')));
const linkOf = async (email: string) => new URL((await verificationMails(email)).at(-1)!.secrets!.link!);
const follow = (client: TestClient, link: URL) => client.get(`${link.pathname}${link.search}`);
const isVerified = async (client: TestClient) => (await client.get('/api/me')).json.me.user.emailVerified as boolean;

describe('the verification e-mail (D32)', () => {
  it('registration sends one e-mail: the welcome, whose button confirms the address (issue 34)', async () => {
    await register('one-mail@verify.test');
    await vi.waitFor(
      async () => {
        await t.services.mailer.deliverQueued();
        expect(smtp.received.some((m) => m.to.includes('one-mail@verify.test'))).toBe(true);
      },
      { timeout: 20_000, interval: 250 },
    );
    await t.services.mailer.deliverQueued();
    const mails = smtp.received.filter((m) => m.to.includes('one-mail@verify.test'));
    expect(mails).toHaveLength(1);
    const raw = mails[0]!.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(raw).toMatch(/^Subject: Welcome to Marquee: confirm your e-mail address\r?$/m);
    // The button: a link to the verify endpoint whose words are 'Confirm your e-mail address'.
    expect(raw).toMatch(/<a href="http:\/\/localhost:3000\/api\/auth\/verify-email\?token=[\w.-]+&amp;callbackURL=[\w%.-]+"[^>]*>[\s\S]*?Confirm your e-mail address[\s\S]*?<\/a>/);
    expect(raw).toContain('Your Marquee account is ready. One last step: confirm this is your e-mail address');
    expect(await verificationMails('one-mail@verify.test')).toHaveLength(1);
  });

  it('arrives over SMTP with its link, which confirms the address from any browser; the outbox keeps the link hidden', async () => {
    const client = await register('inbox@verify.test');
    expect(await isVerified(client)).toBe(false);
    // The account works at once: signed in, dashboard data and all.
    expect((await client.get('/api/me')).json.me.user.email).toBe('inbox@verify.test');

    await vi.waitFor(
      async () => {
        await t.services.mailer.deliverQueued();
        expect(smtp.received.some((m) => m.to.includes('inbox@verify.test') && m.raw.includes('Confirm your e-mail address'))).toBe(true);
      },
      { timeout: 20_000, interval: 250 },
    );
    // Quoted-printable: unfold soft line breaks and decode =3D before reading the link, as a mail client does.
    const raw = smtp.received.find((m) => m.to.includes('inbox@verify.test') && m.raw.includes('Confirm your e-mail address'))!.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const href = /http:\/\/localhost:3000\/api\/auth\/verify-email\?token=[\w.-]+&callbackURL=[\w%.-]+/.exec(raw)?.[0];
    expect(href).toBeDefined();
    expect(raw).not.toContain('{{secret:');
    const [stored] = await verificationMails('inbox@verify.test');
    expect(stored!.textBody).toContain('{{secret:link}}');
    expect(stored!.textBody).not.toContain('verify-email');

    // The link works for 24 hours.
    const token = new URL(href!).searchParams.get('token')!;
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { iat: number; exp: number };
    expect(claims.exp - claims.iat).toBe(24 * 60 * 60);

    // Opened on another device, signed out: the address is confirmed and the page says so.
    const followed = await follow(t.client(), new URL(href!));
    expect(followed.status).toBe(302);
    expect(followed.headers.get('location')).toBe('http://localhost:3000/email-confirmed');
    expect(await isVerified(client)).toBe(true);
    // Following it again changes nothing and lands on the same page.
    expect((await follow(t.client(), new URL(href!))).headers.get('location')).toBe('http://localhost:3000/email-confirmed');
  });

  it('an expired or altered link confirms nothing and says why', async () => {
    const client = await register('late@verify.test');
    const link = await linkOf('late@verify.test');
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 25 * 60 * 60 * 1000 });
    try {
      const late = await follow(t.client(), link);
      expect(late.headers.get('location')).toBe('http://localhost:3000/email-confirmed?error=TOKEN_EXPIRED');
    } finally {
      vi.useRealTimers();
    }
    const altered = new URL(link);
    altered.searchParams.set('token', `${link.searchParams.get('token')!.slice(0, -4)}AAAA`);
    expect((await follow(t.client(), altered)).headers.get('location')).toBe('http://localhost:3000/email-confirmed?error=INVALID_TOKEN');
    expect(await isVerified(client)).toBe(false);
  });

  it("'Send the link again': three an hour per account, only while unverified, only signed in", async () => {
    const client = await register('again@verify.test');
    for (let i = 0; i < 3; i++) {
      const res = await client.post('/api/me/verification-email', {});
      expect(res.status).toBe(200);
      expect(res.json.message).toBe('We sent a new link to again@verify.test. It works for 24 hours.');
    }
    const fourth = await client.post('/api/me/verification-email', {});
    expect(fourth.status).toBe(429);
    expect(fourth.json.error.message).toBe('We have sent you several links this hour. Please check your inbox and spam folder, or try again in an hour.');
    expect(await verificationMails('again@verify.test')).toHaveLength(4); // registration's and three more

    // Any of the links works; afterwards there is nothing to send.
    await follow(t.client(), await linkOf('again@verify.test'));
    expect(await isVerified(client)).toBe(true);
    const done = await client.post('/api/me/verification-email', {});
    expect(done.status).toBe(409);
    expect(done.json.error.message).toBe('Your e-mail address is already confirmed.');

    expect((await t.client().post('/api/me/verification-email', {})).status).toBe(401);
    expect((await client.post('/api/me/verification-email', { email: 'someone@else.test' })).status).toBe(422);
  });

  it("better-auth's own send endpoint stays closed: nobody can have links mailed to any address", async () => {
    await signUpAs(t, 'fan');
    const res = await t.client().post('/api/auth/send-verification-email', { email: 'inbox@verify.test' });
    expect(res.status).toBe(404);
  });
});
