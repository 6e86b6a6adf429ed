import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { auditLog, files, outbox, user, venueProfiles } from '../../db/schema.ts';
import { createTestApp, registrationForm, TEST_ADMIN_EMAIL, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { fillSecrets } from '../../mail/secrets.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'correct-horse-9';

async function photo(width = 3000, height = 2000) {
  return sharp({ create: { width, height, channels: 3, background: '#c0392b' } })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret camera owner' } } })
    .jpeg()
    .toBuffer();
}

const sections: Record<string, Record<string, unknown>> = {
  fan: {},
  musician: {},
  venue: { name: 'The Hideout Test', address: '1354 W Wabansia Ave, Chicago', phone: '312-555-0100', website: 'hideout.example.com' },
  promoter: { name: 'Night Shift Promotions', companyName: 'Night Shift LLC', venueIds: [] },
  artist_manager: { name: 'Morgan Manager', description: 'I manage bands.' },
  rehearsal_space: { name: 'Loud Rooms', address: '900 N Branch St', description: 'Six rooms with backline.' },
  band: { name: 'The Test Pilots', description: 'Garage rock from the west side.', instagramUrl: 'instagram.com/testpilots' },
};

describe('registration for every role', () => {
  for (const [role, section] of Object.entries(sections)) {
    it(`a ${role} registers, is signed in, and sees their profile`, async () => {
      const client = t.client();
      const email = `${role}@register.test`;
      const hasImage = role !== 'fan' && role !== 'musician';
      const res = await client.post(
        '/api/register',
        registrationForm({ email, password: PASSWORD, location: 'cleveland', role, ...section }, hasImage ? await photo() : undefined),
      );
      expect(res.status, res.text).toBe(201);
      const me = (await client.get('/api/me')).json.me;
      expect(me.user).toMatchObject({ email, role, location: 'cleveland', locationName: 'Cleveland' });
      if (section.name) expect(me.profile.name).toBe(section.name);
      if (hasImage) expect(me.profile.imageUrl).toMatch(/^\/files\/images\/.+\.jpg$/);
    });
  }

  it('a promoter picks the venues they promote at, each a request to the venue', async () => {
    const [venue] = await t.db.select({ id: venueProfiles.userId }).from(venueProfiles).limit(1);
    const client = t.client();
    const res = await client.post(
      '/api/register',
      registrationForm({ email: 'promoter2@register.test', password: PASSWORD, location: 'chicagoland', role: 'promoter', name: 'Second Shift', venueIds: [venue!.id] }),
    );
    expect(res.status, res.text).toBe(201);
    // D34: the venue is asked; it is listed as waiting until the venue accepts.
    expect((await client.get('/api/me')).json.me.profile.venues).toEqual(['The Hideout Test (waiting for the venue)']);
  });

  it('re-encodes the uploaded image: JPEG within 1280x800, metadata stripped (D23)', async () => {
    const me = (await t.client().post('/api/register', registrationForm({ email: 'img@register.test', password: PASSWORD, location: 'chicagoland', role: 'band', name: 'Pixel Perfect' }, await photo()))).json;
    expect(me).toEqual({ ok: true });
    const [file] = await t.db.select().from(files).orderBy(files.createdAt).limit(1);
    const stored = await t.services.storage.get(file!.key);
    const meta = await sharp(stored!).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBeLessThanOrEqual(1280);
    expect(meta.height).toBeLessThanOrEqual(800);
    expect(meta.exif).toBeUndefined();
  });
});

describe('bad registrations lose nothing and say why', () => {
  it('a short password gets the spec message on the password field', async () => {
    const res = await t.client().post('/api/register', registrationForm({ email: 'short@register.test', password: 'abc', location: 'chicagoland', role: 'fan' }));
    expect(res.status).toBe(422);
    expect(res.json.error.fields.password).toBe('Password too short');
  });

  it('nobody can register as admin', async () => {
    const res = await t.client().post('/api/register', registrationForm({ email: 'sneaky@register.test', password: PASSWORD, location: 'chicagoland', role: 'admin' }));
    expect(res.status).toBe(422);
    expect(await t.db.select().from(user).where(eq(user.email, 'sneaky@register.test'))).toHaveLength(0);
  });

  it('a second account with the same e-mail is refused', async () => {
    const data = { email: 'twice@register.test', password: PASSWORD, location: 'chicagoland', role: 'fan' };
    expect((await t.client().post('/api/register', registrationForm(data))).status).toBe(201);
    const again = await t.client().post('/api/register', registrationForm({ ...data, email: 'TWICE@register.test' }));
    expect(again.status).toBe(409);
    expect(again.json.error.fields.email).toMatch(/already exists/);
  });

  it('a band name already taken is refused, with no account left behind', async () => {
    const res = await t.client().post('/api/register', registrationForm({ email: 'copycat@register.test', password: PASSWORD, location: 'chicagoland', role: 'band', name: 'the test pilots' }));
    expect(res.status).toBe(409);
    expect(res.json.error.fields.name).toMatch(/already taken/);
    expect(await t.db.select().from(user).where(eq(user.email, 'copycat@register.test'))).toHaveLength(0);
  });

  it('a file that is not an image is refused, with no account created', async () => {
    const fake = Buffer.from('<script>alert(1)</script> pretending to be photo.jpg');
    const res = await t.client().post('/api/register', registrationForm({ email: 'notimage@register.test', password: PASSWORD, location: 'chicagoland', role: 'venue', name: 'Fake Image Hall', address: '1 Main' }, fake));
    expect(res.status).toBe(415);
    expect(res.json.error.message).toMatch(/not an image/);
    expect(await t.db.select().from(user).where(eq(user.email, 'notimage@register.test'))).toHaveLength(0);
  });

  it('an unknown location is refused on the location field', async () => {
    const res = await t.client().post('/api/register', registrationForm({ email: 'nowhere@register.test', password: PASSWORD, location: 'atlantis', role: 'fan' }));
    expect(res.status).toBe(422);
    expect(res.json.error.fields.location).toBe('Please choose your location.');
  });

  it('a signed-in user cannot register again', async () => {
    const client = t.client();
    await client.post('/api/register', registrationForm({ email: 'again@register.test', password: PASSWORD, location: 'chicagoland', role: 'fan' }));
    const res = await client.post('/api/register', registrationForm({ email: 'again2@register.test', password: PASSWORD, location: 'chicagoland', role: 'fan' }));
    expect(res.status).toBe(409);
  });

  it('the raw better-auth sign-up and admin endpoints are closed', async () => {
    const client = t.client();
    expect((await client.post('/api/auth/sign-up/email', { email: 'raw@x.test', password: PASSWORD, name: 'raw' })).status).toBe(404);
    expect((await client.post('/api/auth/admin/impersonate-user', { userId: 'x' })).status).toBe(404);
  });
});

describe('signing in and out', () => {
  it('a wrong password shows the auth error; the right one signs in; log out ends the session', async () => {
    const client = t.client();
    await t.client().post('/api/register', registrationForm({ email: 'login@register.test', password: PASSWORD, location: 'chicagoland', role: 'fan' }));
    const wrong = await client.post('/api/auth/sign-in/email', { email: 'login@register.test', password: 'wrong-password' });
    expect(wrong.status).toBe(401);
    expect(wrong.json.message).toBe('Invalid email or password');
    const right = await client.post('/api/auth/sign-in/email', { email: 'login@register.test', password: PASSWORD });
    expect(right.status).toBe(200);
    expect((await client.get('/api/me')).json.me.user.email).toBe('login@register.test');
    await client.post('/api/auth/sign-out', {});
    expect((await client.get('/api/me')).json.me).toBeNull();
  });

  it('a request from a foreign origin is refused', async () => {
    const res = await t.client().post('/api/auth/sign-in/email', { email: 'login@register.test', password: PASSWORD }, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
  });
});

describe('password reset through the outbox', () => {
  it('the e-mailed link sets a new password and ends other sessions (D4)', async () => {
    const email = 'forgetful@register.test';
    const oldSession = t.client();
    await oldSession.post('/api/register', registrationForm({ email, password: PASSWORD, location: 'chicagoland', role: 'fan' }));

    const anon = t.client();
    const asked = await anon.post('/api/auth/request-password-reset', { email, redirectTo: 'http://localhost:3000/reset-password' });
    expect(asked.status).toBe(200);
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.kind, 'password_reset'));
    expect(mail!.toAddress).toBe(email);
    const link = /http\S+/.exec(fillSecrets(mail!.textBody, mail!.secrets))![0];

    const followed = await anon.get(link.replace('http://localhost:3000', ''));
    expect(followed.status).toBe(302);
    const landing = new URL(followed.headers.get('location')!);
    expect(landing.pathname).toBe('/reset-password');
    const token = landing.searchParams.get('token')!;

    expect((await anon.post('/api/auth/reset-password', { token, newPassword: 'brand-new-pass-1' })).status).toBe(200);
    expect((await oldSession.get('/api/me')).json.me).toBeNull();
    expect((await t.client().post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(401);
    expect((await t.client().post('/api/auth/sign-in/email', { email, password: 'brand-new-pass-1' })).status).toBe(200);
    // The link works once.
    expect((await anon.post('/api/auth/reset-password', { token, newPassword: 'another-pass-22' })).status).toBe(400);
  });

  it('an unknown e-mail gets the same answer and no e-mail is sent', async () => {
    const before = await t.db.select().from(outbox);
    const res = await t.client().post('/api/auth/request-password-reset', { email: 'nobody@nowhere.test', redirectTo: 'http://localhost:3000/reset-password' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual((await t.client().post('/api/auth/request-password-reset', { email: 'forgetful@register.test', redirectTo: 'http://localhost:3000/reset-password' })).json);
    const after = await t.db.select().from(outbox);
    expect(after.filter((m) => m.toAddress === 'nobody@nowhere.test')).toHaveLength(0);
    expect(after.length).toBe(before.length + 1);
  });
});

describe('admin powers (D2, D3, D28)', () => {
  async function signUp(email: string, role: string, section: Record<string, unknown> = {}) {
    const client = t.client();
    const res = await client.post('/api/register', registrationForm({ email, password: PASSWORD, location: 'chicagoland', role, ...section }));
    expect(res.status, res.text).toBe(201);
    const me = (await client.get('/api/me')).json.me;
    return { client, id: me.user.id as string, role: me.user.role as string };
  }

  it('an ADMIN_EMAILS address becomes admin; nobody else reaches admin data', async () => {
    const admin = await signUp(TEST_ADMIN_EMAIL, 'fan');
    expect(admin.role).toBe('admin');
    expect((await admin.client.get('/api/admin/overview')).status).toBe(200);
    const fan = await signUp('curious-fan@register.test', 'fan');
    expect((await fan.client.get('/api/admin/overview')).status).toBe(403);
    expect((await fan.client.get('/api/admin/outbox')).status).toBe(403);
    expect((await t.client().get('/api/admin/outbox')).status).toBe(401);
  });

  it('an admin impersonates a band, sees the notice, and stops; both are audited', async () => {
    const admin = t.client();
    expect((await admin.post('/api/auth/sign-in/email', { email: TEST_ADMIN_EMAIL, password: PASSWORD })).status).toBe(200);
    const band = await signUp('impersonated-band@register.test', 'band', { name: 'Mask Wearers' });

    expect((await admin.post('/api/admin/impersonate', { userId: band.id })).status).toBe(200);
    const asBand = (await admin.get('/api/me')).json.me;
    expect(asBand.user.email).toBe('impersonated-band@register.test');
    expect(asBand.profile.name).toBe('Mask Wearers');
    expect(asBand.impersonation.adminEmail).toBe(TEST_ADMIN_EMAIL);
    // While impersonating, the admin acts as the band: no admin data.
    expect((await admin.get('/api/admin/overview')).status).toBe(403);

    expect((await admin.post('/api/admin/stop-impersonating', {})).status).toBe(200);
    const back = (await admin.get('/api/me')).json.me;
    expect(back.user.email).toBe(TEST_ADMIN_EMAIL);
    expect(back.impersonation).toBeNull();

    const entries = await t.db.select().from(auditLog).where(eq(auditLog.targetId, band.id));
    expect(entries.map((e) => e.action).sort()).toEqual(['impersonation.start', 'impersonation.stop']);
    expect(entries.every((e) => e.actorId === back.user.id)).toBe(true);
  });

  it('impersonation is refused for other admins, for roles outside the list, and for non-admins', async () => {
    const admin = t.client();
    await admin.post('/api/auth/sign-in/email', { email: TEST_ADMIN_EMAIL, password: PASSWORD });
    const adminId = (await admin.get('/api/me')).json.me.user.id;
    const musician = await signUp('musician-target@register.test', 'musician');
    const res = await admin.post('/api/admin/impersonate', { userId: musician.id });
    expect(res.status).toBe(403);
    expect(res.json.error.message).toBe('Admins may impersonate band, venue, promoter and fan accounts only.');
    const fan = await signUp('wannabe@register.test', 'fan');
    expect((await fan.client.post('/api/admin/impersonate', { userId: adminId })).status).toBe(403);
    expect((await admin.post('/api/admin/impersonate', { userId: adminId })).status).toBe(403);
  });

  it('admins read every e-mail in the outbox', async () => {
    const admin = t.client();
    await admin.post('/api/auth/sign-in/email', { email: TEST_ADMIN_EMAIL, password: PASSWORD });
    const list = await admin.get('/api/admin/outbox');
    expect(list.status).toBe(200);
    expect(list.json.total).toBeGreaterThan(0);
    const first = list.json.messages[0];
    const one = await admin.get(`/api/admin/outbox/${first.id}`);
    expect(one.json.message.textBody.length).toBeGreaterThan(0);
    expect((await admin.get('/api/admin/outbox/not-a-uuid')).status).toBe(404);
  });
});
