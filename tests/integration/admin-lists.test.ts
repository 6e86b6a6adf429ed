// Issue 8: the admin's lists of every user and every gig stay usable at any size: searched on
// the server and sent a page at a time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app.ts';
import { signUpAs } from '../helpers/accounts.ts';
import { createBand, createGig, createVenue, dayIn } from '../helpers/factories.ts';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signUpAs(t, 'admin')).client;
  const venue = await createVenue(t.db, { name: 'The Searchable Hall' });
  const band = await createBand(t.db, { name: 'Findable Fuzz' });
  for (let i = 0; i < 60; i++) await createGig(t.db, { venueId: venue.id, localDate: dayIn('America/Chicago', i), bandId: i === 0 ? band.id : null, isApproved: i === 0 });
}, 60_000);
afterAll(() => t.close());

describe('admin lists', () => {
  it('pages every gig, fifty at a time, latest date first', async () => {
    const first = await admin.get('/api/admin/gigs');
    expect(first.json).toMatchObject({ page: 1, pageSize: 50, total: 60 });
    expect(first.json.gigs).toHaveLength(50);
    expect(first.json.gigs[0].localDate).toBe(dayIn('America/Chicago', 59));
    expect((await admin.get('/api/admin/gigs?page=2')).json.gigs).toHaveLength(10);
  });

  it('finds gigs by band or venue, and users by name, e-mail or role; wildcards are literal', async () => {
    const byBand = await admin.get('/api/admin/gigs?q=findable');
    expect(byBand.json.total).toBe(1);
    expect(byBand.json.gigs[0].bandName).toBe('Findable Fuzz');
    expect((await admin.get('/api/admin/gigs?q=searchable%20hall')).json.total).toBe(60);
    expect((await admin.get('/api/admin/gigs?q=%25')).json.total).toBe(0);
    const users = await admin.get('/api/admin/users?q=venue');
    expect(users.json.users.every((u: { role: string; email: string; name: string }) => /venue/i.test(`${u.role} ${u.email} ${u.name}`))).toBe(true);
    expect(users.json.total).toBeGreaterThan(0);
  });

  it('lists one role for the admin bypass band picker, and shows each band’s beta outreach flag (issue 21)', async () => {
    const fuzz = await admin.get('/api/admin/users?role=band&q=fuzz');
    expect(fuzz.json.users).toEqual([expect.objectContaining({ name: 'Findable Fuzz', role: 'band', hasBetaOutreach: false })]);
    await admin.put(`/api/admin/bands/${fuzz.json.users[0].id}/beta-outreach`, { enabled: true });
    expect((await admin.get('/api/admin/users?role=band&q=fuzz')).json.users[0].hasBetaOutreach).toBe(true);
    const venues = await admin.get('/api/admin/users?role=venue');
    expect(venues.json.users.length).toBeGreaterThan(0);
    expect(venues.json.users.every((u: { role: string; hasBetaOutreach: boolean | null }) => u.role === 'venue' && u.hasBetaOutreach === null)).toBe(true);
    expect((await admin.get('/api/admin/users?role=wizard')).status).toBe(422);
  });

  it('every e-mail Marquee sends, rendered with demo data, never cached (decision 45)', async () => {
    const res = await admin.get('/api/admin/emails');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const emails = res.json.emails as { id: string; kind: string; subject: string; html: string; text: string }[];
    expect(emails.map((e) => e.kind)).toEqual(expect.arrayContaining(['password_reset', 'ticket', 'weekly_digest, weekly_digest_test', 'band_booked']));
    for (const email of emails) {
      expect(email.html).toContain(`<title>`);
      expect(email.text).not.toContain('{{secret:');
    }
  });

  it('the overview sends counts only', async () => {
    const res = await admin.get('/api/admin/overview');
    expect(res.json.counts).toMatchObject({ gigs: 60, approvedGigs: 1 });
    expect(res.json).not.toHaveProperty('users');
  });
});
