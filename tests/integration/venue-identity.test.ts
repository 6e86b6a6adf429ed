// Issue 20, finding 2 ("Anyone can pose as a venue") and decision 33: one venue per name, and a
// venue sells tickets or books a band directly only once its e-mail is verified and an admin
// approved it from the queue on the admin dashboard.
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, gigs, outbox, user } from '../../src/server/db/schema.ts';
import { markEmailVerified, signUpAs, verifyVenue } from '../helpers/accounts.ts';
import { dayIn } from '../helpers/factories.ts';
import { createTestApp, registrationForm, type TestApp, type TestClient } from '../helpers/test-app.ts';

const ZONE = 'America/Chicago';
let t: TestApp;
let lantern: { client: TestClient; id: string };
let admin: TestClient;
let band: { id: string };

const venueForm = (name: string, email = `${crypto.randomUUID().slice(0, 8)}@pose.test`) =>
  registrationForm({ email, password: 'correct-horse-9', location: 'chicagoland', role: 'venue', name, address: '1 Fake St, Chicago' });
const gigForm = (over: Record<string, unknown> = {}) => ({
  localDate: dayIn(ZONE, 10),
  startTime: '20:00',
  endTime: '23:00',
  description: 'Saturday night',
  loadInSoundCheck: '6pm load in',
  compensation: '$300',
  ...over,
});
const TICKETED = { ticketing: { isEnabled: true, priceCents: '15', quantity: 100, bandPercent: 50, organiserPercent: 25 } };

beforeAll(async () => {
  t = await createTestApp();
  lantern = await signUpAs(t, 'venue', { name: 'The Lantern Room' });
  await verifyVenue(t, lantern.id);
  admin = (await signUpAs(t, 'admin')).client;
  band = await signUpAs(t, 'band', { name: 'The Velvet Static' });
}, 60_000);
afterAll(() => t.close());

describe('a venue name is one venue', () => {
  it.each([
    ['the same name', 'The Lantern Room'],
    ['another letter case', 'THE lantern room'],
    ['Cyrillic look-alike letters', 'Тhe Lаntern Rооm'],
  ])('registering %s as an existing venue is refused next to the name field, and no account is left', async (_, name) => {
    const email = `${crypto.randomUUID().slice(0, 8)}@pose.test`;
    const res = await t.client().post('/api/register', venueForm(name, email));
    expect(res.status).toBe(409);
    expect(res.json.error.fields.name).toBe(`The name "${name}" is already taken on Marquee. Please choose another.`);
    expect(await t.db.select().from(user).where(eq(user.email, email))).toEqual([]);
  });

  it('a reserved name and a name without letters are refused as for bands', async () => {
    const reserved = await t.client().post('/api/register', venueForm('Admin'));
    expect(reserved.status).toBe(422);
    expect(reserved.json.error.fields.name).toBe('The name "Admin" is reserved by Marquee. Please choose another.');
    const blank = await t.client().post('/api/register', venueForm('***'));
    expect(blank.json.error.fields.name).toBe('Please use letters or numbers in the name.');
  });

  it('an existing venue cannot rename itself to another venue’s name, and /venue/theLanternRoom stays the original', async () => {
    const other = await signUpAs(t, 'venue', { name: 'Quiet Corner' });
    for (const name of ['The Lantern Room', 'Тhe Lаntern Rооm']) {
      const res = await other.client.put('/api/profile/venue', { name, address: '1 Fake St, Chicago' });
      expect(res.status).toBe(409);
      expect(res.json.error.fields.name).toBe(`The name "${name}" is already taken on Marquee. Please choose another.`);
    }
    const page = await t.client().get('/api/venues/page?name=theLanternRoom');
    expect(page.json.venue).toMatchObject({ id: lantern.id, name: 'The Lantern Room', slug: 'theLanternRoom' });
    const directory = (await t.client().get('/api/venues')).json;
    expect(JSON.stringify(directory).match(/"The Lantern Room"/g)).toHaveLength(1);
  });

  it('a venue keeps its own name when it saves other details', async () => {
    const res = await lantern.client.put('/api/profile/venue', { name: 'The Lantern Room', address: '2 Lantern Way, Chicago' });
    expect(res.status, res.text).toBe(200);
    expect(res.json.slug).toBe('theLanternRoom');
  });
});

describe('a venue sells tickets and books a band directly only once verified', () => {
  it('a new venue may post an open gig, but not a ticketed one or one with a band already chosen, and is told what is missing', async () => {
    const poser = await signUpAs(t, 'venue', { name: 'Lantern Room Tickets' });
    expect((await poser.client.post('/api/booking/gigs', gigForm())).status).toBe(201);

    const ticketed = await poser.client.post('/api/booking/gigs', gigForm(TICKETED));
    expect(ticketed.status).toBe(403);
    expect(ticketed.json.error.message).toMatch(/^Ticket sales and booking a band directly open once your venue is verified\. Please verify your e-mail address/);
    expect(ticketed.json.error.fields.ticketing).toBe(ticketed.json.error.message);

    const chosen = await poser.client.post('/api/booking/gigs', gigForm({ isBandChosen: true, bandId: band.id }));
    expect(chosen.status).toBe(403);
    expect(chosen.json.error.fields.bandId).toMatch(/once your venue is verified/);
    // Nothing pre-picked went public.
    expect(await t.db.select().from(gigs).where(eq(gigs.bandId, band.id))).toEqual([]);

    // E-mail verified: now only the admin's approval is missing.
    await markEmailVerified(t, poser.id);
    const waiting = await poser.client.post('/api/booking/gigs', gigForm(TICKETED));
    expect(waiting.status).toBe(403);
    expect(waiting.json.error.message).toBe(
      'Ticket sales and booking a band directly open once your venue is verified. An admin is checking your venue; you can post open gig opportunities meanwhile.',
    );
    const dashboard = (await poser.client.get('/api/booking/dashboard')).json;
    expect(dashboard.verification).toEqual({ isEmailVerified: true, isApproved: false, declineReason: null });
  });

  it('turning ticket sales on for an open gig is refused the same way', async () => {
    const poser = await signUpAs(t, 'venue', { name: 'Edit Hall' });
    const [id] = (await poser.client.post('/api/booking/gigs', gigForm())).json.gigIds;
    const res = await poser.client.put(`/api/booking/gigs/${id}`, gigForm(TICKETED));
    expect(res.status).toBe(403);
    expect(res.json.error.fields.ticketing).toMatch(/once your venue is verified/);
    const [gig] = await t.db.select({ isTicketed: gigs.isTicketed }).from(gigs).where(eq(gigs.id, id));
    expect(gig!.isTicketed).toBe(false);
  });

  it('a promoter’s ticketed gig needs its venue verified too; an open one does not', async () => {
    const hall = await signUpAs(t, 'venue', { name: 'Promoted Hall' });
    const promoter = await signUpAs(t, 'promoter', { venueIds: [hall.id] });
    // The venue accepts the promoter first (D34).
    expect((await hall.client.post(`/api/venue/promoters/${promoter.id}`, { decision: 'accept' })).status).toBe(200);
    expect((await promoter.client.post('/api/booking/gigs', gigForm({ venueId: hall.id }))).status).toBe(201);
    const refused = await promoter.client.post('/api/booking/gigs', gigForm({ venueId: hall.id, ...TICKETED }));
    expect(refused.status).toBe(403);
    expect(refused.json.error.message).toBe('Ticket sales open once Promoted Hall is verified on Marquee. You can post this gig without tickets meanwhile.');
    expect((await promoter.client.get('/api/booking/dashboard')).json.venues).toEqual([expect.objectContaining({ id: hall.id, isVerified: false })]);
    await verifyVenue(t, hall.id);
    expect((await promoter.client.post('/api/booking/gigs', gigForm({ venueId: hall.id, ...TICKETED }))).status).toBe(201);
  });
});

describe('the admins’ verification queue', () => {
  it('lists waiting venues; an admin approves one (audited, e-mailed) and it then sells tickets', async () => {
    const hall = await signUpAs(t, 'venue', { name: 'Queue Hall', address: '9 Queue St, Chicago' });
    const queue = (await admin.get('/api/admin/venue-verifications')).json;
    const row = queue.venues.find((v: { id: string }) => v.id === hall.id);
    expect(row).toMatchObject({ name: 'Queue Hall', slug: 'queueHall', email: hall.email, isEmailVerified: false, address: '9 Queue St, Chicago', regionName: expect.any(String) });
    expect(queue.venues.find((v: { id: string }) => v.id === lantern.id)).toBeUndefined();

    const approved = await admin.post(`/api/admin/venue-verifications/${hall.id}/approve`, {});
    expect(approved.status, approved.text).toBe(200);
    expect((await admin.post(`/api/admin/venue-verifications/${hall.id}/approve`, {})).status).toBe(409);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.targetId, hall.id)).orderBy(desc(auditLog.id));
    expect(entry).toMatchObject({ action: 'venue.verification.approve', details: { venueName: 'Queue Hall' } });
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.toAddress, hall.email)).orderBy(desc(outbox.createdAt));
    expect(mail!.subject).toBe('Queue Hall is verified on Marquee');

    // Approved but the e-mail is still unverified: the venue is told exactly that.
    const unverifiedMail = await hall.client.post('/api/booking/gigs', gigForm(TICKETED));
    expect(unverifiedMail.json.error.message).toBe(
      'Ticket sales and booking a band directly open once your venue is verified. Please verify your e-mail address: follow the link in the e-mail we sent you.',
    );
    await markEmailVerified(t, hall.id);
    expect((await hall.client.post('/api/booking/gigs', gigForm(TICKETED))).status).toBe(201);
    expect((await hall.client.post('/api/booking/gigs', gigForm({ isBandChosen: true, bandId: band.id }))).status).toBe(201);
    expect((await admin.get('/api/admin/venue-verifications?status=verified')).json.venues.map((v: { id: string }) => v.id)).toContain(hall.id);
  });

  it('an admin declines a waiting venue or revokes a verified one with a reason the venue reads', async () => {
    const hall = await signUpAs(t, 'venue', { name: 'Decline Hall' });
    await markEmailVerified(t, hall.id);
    const noReason = await admin.post(`/api/admin/venue-verifications/${hall.id}/decline`, { reason: ' ' });
    expect(noReason.status).toBe(422);
    expect(noReason.json.error.fields.reason).toBe('Please say why, in a sentence the venue will read.');

    const declined = await admin.post(`/api/admin/venue-verifications/${hall.id}/decline`, { reason: 'We could not reach the venue by phone' });
    expect(declined.json.message).toBe('Verification declined.');
    const refused = await hall.client.post('/api/booking/gigs', gigForm(TICKETED));
    expect(refused.json.error.message).toBe(
      'Ticket sales and booking a band directly open once your venue is verified. An admin declined the verification: We could not reach the venue by phone. Please write to us through the contact page if this is a mistake.',
    );
    expect((await admin.get('/api/admin/venue-verifications?status=declined')).json.venues.map((v: { id: string }) => v.id)).toContain(hall.id);
    expect((await admin.get('/api/admin/venue-verifications')).json.venues.map((v: { id: string }) => v.id)).not.toContain(hall.id);

    await admin.post(`/api/admin/venue-verifications/${hall.id}/approve`, {});
    expect((await hall.client.post('/api/booking/gigs', gigForm(TICKETED))).status).toBe(201);
    const revoked = await admin.post(`/api/admin/venue-verifications/${hall.id}/decline`, { reason: 'Posing as another venue.' });
    expect(revoked.json.message).toBe('Verification revoked.');
    expect((await hall.client.post('/api/booking/gigs', gigForm(TICKETED))).status).toBe(403);
    const actions = (await t.db.select().from(auditLog).where(eq(auditLog.targetId, hall.id)).orderBy(auditLog.id)).map((e) => e.action);
    expect(actions).toEqual(['venue.verification.decline', 'venue.verification.approve', 'venue.verification.revoke']);
  });

  it('a verified venue that renames itself goes back to the queue', async () => {
    const hall = await signUpAs(t, 'venue', { name: 'Rename Hall' });
    await verifyVenue(t, hall.id);
    const res = await hall.client.put('/api/profile/venue', { name: 'Brand New Hall', address: '1 Main St, Chicago' });
    expect(res.json.slug).toBe('brandNewHall');
    expect((await hall.client.get('/api/booking/dashboard')).json.verification).toMatchObject({ isApproved: false });
    expect((await hall.client.post('/api/booking/gigs', gigForm(TICKETED))).status).toBe(403);
  });

  it('only admins see the queue or decide', async () => {
    expect((await lantern.client.get('/api/admin/venue-verifications')).status).toBe(403);
    expect((await lantern.client.post(`/api/admin/venue-verifications/${lantern.id}/approve`, {})).status).toBe(403);
    expect((await admin.post('/api/admin/venue-verifications/no-such-venue/approve', {})).status).toBe(404);
  });
});
