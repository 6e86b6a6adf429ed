import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { auditLog, venueDirectory } from '../../db/schema.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../tests/helpers/test-app.ts';
import { signUpAs } from '../../../../tests/helpers/accounts.ts';
import type { VenueDatabasePage, VenueImportReport } from '../../../core/venue-directory.ts';
import { findVenueByOptOutToken, mintVenueOptOutToken } from '../outreach/answer-outreach.ts';

let t: TestApp;
let admin: { client: TestClient; id: string };
let fan: TestClient;
let visitor: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAs(t, 'admin');
  fan = (await signUpAs(t, 'fan')).client;
  visitor = t.client();
}, 60_000);
afterAll(() => t.close());

const BASE = '/api/admin/venue-database';
const entry = (over: Record<string, unknown> = {}) => ({
  name: 'The Hideaway',
  regionSlug: 'chicagoland',
  venueType: 'Bar/Pub',
  city: 'Chicago',
  state: 'IL',
  email: 'booking@hideaway.example',
  website: 'hideaway.example',
  capacity: '150',
  musicGenres: 'Rock, Blues',
  ...over,
});

async function create(over: Record<string, unknown> = {}): Promise<string> {
  const res = await admin.client.post(BASE, entry(over));
  expect(res.status, res.text).toBe(201);
  return res.json.venue.id;
}

const list = async (query = '') => {
  const res = await admin.client.get(`${BASE}${query}`);
  expect(res.status, res.text).toBe(200);
  return res.json as VenueDatabasePage;
};

const importCsv = async (csv: string, dryRun: boolean) => admin.client.post(`${BASE}/import?dryRun=${dryRun}`, { csv });
const report = async (csv: string, dryRun: boolean) => {
  const res = await importCsv(csv, dryRun);
  expect(res.status, res.text).toBe(200);
  return res.json as VenueImportReport;
};

describe('who may use the venue database', () => {
  it('is for admins: visitors are asked to sign in (401), every other account is refused (403)', async () => {
    for (const [client, status] of [[visitor, 401], [fan, 403]] as const) {
      expect((await client.get(BASE)).status).toBe(status);
      expect((await client.get(`${BASE}/export`)).status).toBe(status);
      expect((await client.post(BASE, entry())).status).toBe(status);
      expect((await client.post(`${BASE}/import?dryRun=true`, { csv: 'name,location,venue_type\nX,chicagoland,Club' })).status).toBe(status);
    }
    expect(await t.db.select().from(venueDirectory)).toEqual([]);
  });
});

describe('adding and editing a venue', () => {
  it('names every rule of the form with its message', async () => {
    const res = await admin.client.post(BASE, {
      name: ' ',
      regionSlug: '',
      venueType: 'Stadium',
      capacity: '-3',
      typicalBookingLeadDays: '2.5',
      website: 'not a web address',
      email: 'nobody',
      bookingEmail: 'still@nobody',
    });
    expect(res.status).toBe(422);
    expect(res.json.error.fields).toEqual({
      name: 'Please enter the venue name.',
      regionSlug: 'Please choose a location.',
      venueType: 'Please choose a venue type.',
      capacity: 'Capacity must be a whole number (0 or more).',
      typicalBookingLeadDays: 'Booking lead must be a whole number of days (0 or more).',
      website: 'Please enter a valid web address.',
      email: 'Please provide a valid email address.',
      bookingEmail: 'Please provide a valid email address.',
    });
    const gotham = await admin.client.post(BASE, entry({ regionSlug: 'gotham' }));
    expect(gotham.status).toBe(422);
    expect(gotham.json.error.fields).toEqual({ regionSlug: 'Please choose a location from the list.' });
  });

  it('fills in the defaults of §9 and keeps what was typed', async () => {
    const res = await admin.client.post(BASE, { name: 'Plain Room', regionSlug: 'milwaukee', venueType: 'Club' });
    expect(res.status, res.text).toBe(201);
    expect(res.json.venue).toMatchObject({
      name: 'Plain Room',
      regionName: 'Milwaukee',
      hasStage: true,
      hasSoundSystem: true,
      allowsOriginalMusic: true,
      isActive: true,
      typicalBookingLeadDays: 30,
      musicGenres: [],
      capacity: null,
      optedOutAt: null,
    });
    const id = await create({ name: 'Typed Room', email: 'Typed@Room.example' });
    const typed = (await list('?q=typed')).venues.find((v) => v.id === id)!;
    expect(typed).toMatchObject({ email: 'typed@room.example', website: 'https://hideaway.example', capacity: 150, musicGenres: ['Rock', 'Blues'] });
  });

  it('edits an entry, and never touches its opt-out', async () => {
    const id = await create({ name: 'Opted Out Bar', email: 'opted@out.example' });
    const optedOutAt = new Date('2026-10-01T12:00:00Z');
    await t.db.update(venueDirectory).set({ optedOutAt }).where(eq(venueDirectory.id, id));
    const res = await admin.client.put(`${BASE}/${id}`, entry({ name: 'Opted Out Bar & Grill', email: 'opted@out.example', isActive: false, hasStage: false }));
    expect(res.status, res.text).toBe(200);
    expect(res.json.venue).toMatchObject({ name: 'Opted Out Bar & Grill', isActive: false, hasStage: false, optedOutAt: optedOutAt.toISOString() });
    expect((await admin.client.put(`${BASE}/00000000-0000-4000-8000-000000000000`, entry({ email: 'x@y.example' }))).status).toBe(404);
    expect((await admin.client.put(`${BASE}/not-an-id`, entry())).status).toBe(404);
  });

  it('refuses a second entry with the same e-mail, or the same name, location and city without one (409)', async () => {
    await create({ name: 'Key Club', email: 'key@club.example' });
    const sameEmail = await admin.client.post(BASE, entry({ name: 'Another Name', email: 'KEY@club.example' }));
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.json.error.fields.email).toBe('Another venue already uses this email address.');
    await create({ name: 'Nameless Inbox', email: '', city: 'Evanston' });
    const samePlace = await admin.client.post(BASE, entry({ name: 'nameless inbox', email: '', city: 'EVANSTON' }));
    expect(samePlace.status).toBe(409);
    expect(samePlace.json.error.fields.name).toBe('A venue with this name is already listed in this location and city.');
    // The same name in another city is another venue.
    await create({ name: 'Nameless Inbox', email: '', city: 'Skokie' });
  });
});

describe('the list', () => {
  it('filters by location, type, active and text; counts cover the whole directory', async () => {
    await create({ name: 'Denver Den', regionSlug: 'denver', venueType: 'Club', city: 'Denver', email: 'den@denver.example', contactPerson: 'Ruth Alvarez' });
    await create({ name: 'Denver Quiet', regionSlug: 'denver', venueType: 'Coffee Shop', city: 'Boulder', email: '', bookingEmail: '', isActive: false });
    await create({ name: 'Denver Booking', regionSlug: 'denver', venueType: 'Club', city: 'Golden', email: '', bookingEmail: 'talent@golden.example' });

    const denver = await list('?location=denver');
    expect(denver.venues.map((v) => v.name)).toEqual(['Denver Booking', 'Denver Den', 'Denver Quiet']);
    expect(denver.matching).toBe(3);
    expect((await list('?location=denver&venueType=Club')).venues.map((v) => v.name)).toEqual(['Denver Booking', 'Denver Den']);
    expect((await list('?location=denver&active=no')).venues.map((v) => v.name)).toEqual(['Denver Quiet']);
    expect((await list('?location=denver&active=yes')).matching).toBe(2);
    expect((await list('?q=ruth')).venues.map((v) => v.name)).toEqual(['Denver Den']);
    expect((await list('?q=BOULDER')).venues.map((v) => v.name)).toEqual(['Denver Quiet']);
    expect((await list('?q=talent@')).venues.map((v) => v.name)).toEqual(['Denver Booking']);
    expect((await list('?q=100%25')).matching).toBe(0);

    const all = await t.db.select().from(venueDirectory);
    const { counts } = denver;
    expect(counts.total).toBe(all.length);
    expect(counts.active).toBe(all.filter((v) => v.isActive).length);
    expect(counts.withEmail).toBe(all.filter((v) => v.email || v.bookingEmail).length);
    expect(counts.perLocation.find((l) => l.slug === 'denver')).toEqual({ slug: 'denver', name: 'Denver', total: 3, active: 2, withEmail: 2 });
    expect(counts.perLocation.find((l) => l.slug === 'austin')).toMatchObject({ total: 0 });

    const bad = await admin.client.get(`${BASE}?active=maybe&venueType=Stadium`);
    expect(bad.status).toBe(422);
  });

  it('pages 50 at a time, by name', async () => {
    const csv = ['name,location,venue_type,city', ...Array.from({ length: 60 }, (_, i) => `Paged ${String(i).padStart(2, '0')},austin,Club,Austin`)].join('\n');
    expect((await report(csv, false)).created).toBe(60);
    const first = await list('?location=austin');
    const second = await list('?location=austin&page=2');
    expect(first.matching).toBe(60);
    expect(first.venues).toHaveLength(50);
    expect(second.venues.map((v) => v.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Paged ${50 + i}`));
  });
});

const HEADER = 'name,location,venue_type,city,email,capacity,has_stage,music_genres';

describe('opt-out links and a changed address (issue 20)', () => {
  it('the editor or an import that changes an entry’s address ends the opt-out links sent to the old one', async () => {
    const id = await create({ name: 'Rotating Room', email: 'old@rotating.example' });
    const token = await mintVenueOptOutToken(t.db, id);
    expect((await admin.client.put(`${BASE}/${id}`, entry({ name: 'Rotating Room', email: 'old@rotating.example', capacity: '90' }))).status).toBe(200);
    expect(await findVenueByOptOutToken(t.db, token)).toBe(id); // same address: the links still work
    expect((await admin.client.put(`${BASE}/${id}`, entry({ name: 'Rotating Room', email: 'new@rotating.example' }))).status).toBe(200);
    expect(await findVenueByOptOutToken(t.db, token)).toBeNull();

    const again = await mintVenueOptOutToken(t.db, id);
    const same = await report('name,location,venue_type,city,email,notes\nRotating Room,chicagoland,Bar/Pub,Chicago,new@rotating.example,kept', false);
    expect(same.updated).toBe(1);
    expect(await findVenueByOptOutToken(t.db, again)).toBe(id);
    const moved = await report('name,location,venue_type,city,email,booking_email\nRotating Room,chicagoland,Bar/Pub,Chicago,new@rotating.example,someone-else@rotating.example', false);
    expect(moved.updated).toBe(1);
    expect(await findVenueByOptOutToken(t.db, again)).toBeNull();
  });
});

describe('CSV import', () => {
  it('previews creates, updates and per-row errors without writing anything', async () => {
    await create({ name: 'Already Here', regionSlug: 'madison', city: 'Madison', email: 'already@here.example' });
    const csv = [
      HEADER,
      'Fresh Venue,Madison,club,Madison,fresh@venue.example,200,yes,Rock; Jazz',
      'Already Here (renamed),madison,Bar/Pub,Madison,ALREADY@here.example,80,no,',
      ',madison,Club,Madison,,,,',
      'Bad Numbers,madison,Club,Madison,not-an-email,-5,maybe,',
      'Nowhere,Gotham,Stadium,Gotham,,,,',
      'Fresh Venue Again,madison,Club,Madison,fresh@venue.example,,,',
    ].join('\n');
    const before = await t.db.select().from(venueDirectory);
    const preview = await report(csv, true);
    expect(preview.isDryRun).toBe(true);
    expect(preview.rowCount).toBe(6);
    expect(preview.creates).toEqual([{ row: 2, name: 'Fresh Venue', location: 'Madison', city: 'Madison', email: 'fresh@venue.example' }]);
    expect(preview.updates).toEqual([{ row: 3, name: 'Already Here (renamed)', location: 'Madison', city: 'Madison', email: 'already@here.example' }]);
    expect(preview.errors).toEqual([
      { row: 4, name: '', messages: { name: 'Please enter the venue name.' } },
      {
        row: 5,
        name: 'Bad Numbers',
        messages: { email: 'Please provide a valid email address.', capacity: 'Capacity must be a whole number (0 or more).', has_stage: 'Please answer yes or no.' },
      },
      { row: 6, name: 'Nowhere', messages: { venue_type: expect.stringMatching(/^Unknown venue type: use one of Bar\/Pub, Restaurant, .*Other\.$/) } },
      { row: 7, name: 'Fresh Venue Again', messages: { email: 'Row 2 has the same email.' } },
    ]);
    expect(await t.db.select().from(venueDirectory)).toEqual(before);

    const applied = await report(csv, false);
    expect(applied).toMatchObject({ isDryRun: false, created: 1, updated: 1 });
    expect(applied.errors.map((e) => e.row)).toEqual([4, 5, 6, 7]);
    const [renamed] = await t.db.select().from(venueDirectory).where(eq(venueDirectory.email, 'already@here.example'));
    expect(renamed).toMatchObject({ name: 'Already Here (renamed)', capacity: 80, hasStage: false });
    const [fresh] = await t.db.select().from(venueDirectory).where(eq(venueDirectory.email, 'fresh@venue.example'));
    expect(fresh).toMatchObject({ venueType: 'Club', regionSlug: 'madison', musicGenres: ['Rock', 'Jazz'], typicalBookingLeadDays: 30, allowsOriginalMusic: true });
  });

  it('reports an unknown location with the list of locations', async () => {
    const preview = await report('name,location,venue_type\nNowhere,Gotham,Club', true);
    expect(preview.errors[0]!.messages.location).toMatch(/^Unknown location: use one of Chicagoland, Cleveland, .*Denver\.$/);
  });

  it('creates on the first import and updates on the second: no duplicates, opt-outs kept', async () => {
    const rows = (suffix: string) =>
      [
        'Name,Location,Venue Type,City,Email,Notes',
        `Loop Lounge,St. Louis,Club,St. Louis,loop@lounge.example,${suffix}`,
        `No Inbox Tavern,st-louis,Bar/Pub,Maplewood,,${suffix}`,
        `"Quoted, Inc.",st-louis,Theater,St. Louis,quoted@inc.example,"line one\nline two ${suffix}"`,
      ].join('\n');
    const first = await report(rows('first'), false);
    expect([first.created, first.updated, first.errors.length]).toEqual([3, 0, 0]);
    await t.db.update(venueDirectory).set({ optedOutAt: new Date('2026-09-09T00:00:00Z'), isActive: true }).where(eq(venueDirectory.email, 'loop@lounge.example'));

    const preview = await report(rows('second'), true);
    expect(preview.creates).toEqual([]);
    expect(preview.updates.map((u) => [u.name, u.isOptedOut ?? false])).toEqual([
      ['Loop Lounge', true],
      ['No Inbox Tavern', false],
      ['Quoted, Inc.', false],
    ]);
    const second = await report(rows('second'), false);
    expect([second.created, second.updated]).toEqual([0, 3]);
    const stLouis = await t.db.select().from(venueDirectory).where(eq(venueDirectory.regionSlug, 'st-louis'));
    expect(stLouis).toHaveLength(3);
    expect(stLouis.find((v) => v.name === 'Quoted, Inc.')!.notes).toBe('line one\nline two second');
    expect(stLouis.find((v) => v.name === 'Loop Lounge')!.optedOutAt).toEqual(new Date('2026-09-09T00:00:00Z'));

    // A file without an e-mail column still finds its venues, and leaves the columns it lacks alone.
    const thin = await report('name,location,venue_type,city,capacity\nLoop Lounge,st-louis,Club,St. Louis,333', false);
    expect([thin.created, thin.updated]).toEqual([0, 1]);
    const [loop] = await t.db.select().from(venueDirectory).where(eq(venueDirectory.email, 'loop@lounge.example'));
    expect(loop).toMatchObject({ capacity: 333, notes: 'second', email: 'loop@lounge.example' });

    // An e-mail added later finds the entry that had none.
    const inbox = await report('name,location,venue_type,city,email\nNo Inbox Tavern,st-louis,Bar/Pub,Maplewood,found@inbox.example', false);
    expect([inbox.created, inbox.updated]).toEqual([0, 1]);
    expect(await t.db.select().from(venueDirectory).where(eq(venueDirectory.regionSlug, 'st-louis'))).toHaveLength(3);

    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'venue_directory.imported'));
    expect(audits.length).toBeGreaterThanOrEqual(4);
    expect(audits.every((a) => a.actorId === admin.id)).toBe(true);
  });

  it('takes the file as a multipart upload too', async () => {
    const form = new FormData();
    form.set('file', new Blob([`\uFEFF${HEADER}\nUploaded Room,nashville,Club,Nashville,up@loaded.example,,,`], { type: 'text/csv' }), 'venues.csv');
    const res = await admin.client.post(`${BASE}/import?dryRun=true`, form);
    expect(res.status, res.text).toBe(200);
    expect(res.json.creates).toEqual([{ row: 2, name: 'Uploaded Room', location: 'Nashville', city: 'Nashville', email: 'up@loaded.example' }]);
    const latin1 = new FormData();
    latin1.set('file', new Blob([new Uint8Array([0x6e, 0x61, 0x6d, 0x65, 0x0a, 0x43, 0x61, 0x66, 0xe9])], { type: 'text/csv' }), 'venues.csv');
    const refused = await admin.client.post(`${BASE}/import?dryRun=true`, latin1);
    expect(refused.status).toBe(422);
    expect(refused.json.error.message).toBe('Please save the file as CSV UTF-8 and choose it again.');
  });

  it('says clearly what is wrong with a file it cannot use', async () => {
    const message = async (csv: string) => (await importCsv(csv, true)).json.error.message as string;
    expect(await message('name,city\nX,Chicago')).toBe('The first row must name the columns name, location, venue_type (missing: location, venue_type).');
    expect(await message('name,location,venue_type')).toBe('The file has a header row but no venues.');
    expect(await message('name,location,venue_type\n"unclosed,chicagoland,Club')).toMatch(/^The file could not be read as CSV: /);
    expect(await message('name,Name,location,venue_type\nX,Y,chicagoland,Club')).toBe('The column name appears twice in the header row.');
    const wide = await report('name,location,venue_type,favourite colour\nX Room,chicagoland,Club,blue\nY Room,chicagoland,Club,red,extra', true);
    expect(wide.ignoredColumns).toEqual(['favourite colour']);
    expect(wide.errors).toEqual([{ row: 3, name: 'Y Room', messages: { row: 'This row has 5 cells but the header names 4 columns.' } }]);
  });

  it('refuses 5,001 venues in one file, and writes none of them', async () => {
    const lines = Array.from({ length: 5001 }, (_, i) => `Too Many ${i},denver,Club,Denver,too${i}@many.example`);
    const res = await importCsv(['name,location,venue_type,city,email', ...lines].join('\n'), false);
    expect(res.status).toBe(413);
    expect(res.json.error.message).toBe('That file has 5,001 venues; an import takes at most 5,000. Please split it into smaller files.');
    expect(await t.db.select().from(venueDirectory).where(like(venueDirectory.name, 'Too Many%'))).toEqual([]);
    const huge = await importCsv(`name,location,venue_type,notes\nBig,denver,Club,${'x'.repeat(5 * 1024 * 1024)}`, true);
    expect(huge.status).toBe(413);
    expect(huge.json.error.message).toBe('That file is larger than 5 MB. Please split it into smaller files.');
  });
});

describe('CSV export', () => {
  it('downloads the filtered directory as CSV that imports back as updates, unchanged', async () => {
    await create({ name: '=HYPERLINK("http://evil.example")', regionSlug: 'detroit', city: 'Detroit', email: 'formula@detroit.example', phone: '+1 313 555 0100', notes: 'Quote "this", then a\nsecond line' });
    await create({ name: 'Motor City Hall', regionSlug: 'detroit', city: 'Detroit', email: '', website: '', capacity: '', isActive: false, musicGenres: 'Techno; House' });
    const res = await admin.client.get(`${BASE}/export?location=detroit`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="venue-database-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...lines] = res.text.split('\r\n');
    expect(header).toBe(
      'name,location,venue_type,address,city,state,zip_code,phone,email,booking_email,website,contact_person,capacity,booking_lead_days,music_genres,has_stage,has_sound_system,allows_original_music,payment_structure,notes,active,opted_out_at',
    );
    expect(res.text).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(lines.filter(Boolean).length).toBeGreaterThanOrEqual(2);

    const before = await t.db.select().from(venueDirectory).where(eq(venueDirectory.regionSlug, 'detroit'));
    const back = await report(res.text, false);
    expect([back.created, back.updated, back.errors]).toEqual([0, before.length, []]);
    const after = await t.db.select().from(venueDirectory).where(eq(venueDirectory.regionSlug, 'detroit'));
    const withoutTimes = (rows: typeof before) => rows.map((row) => ({ ...row, updatedAt: null })).sort((a, b) => a.id.localeCompare(b.id));
    expect(withoutTimes(after)).toEqual(withoutTimes(before));
  });

  it('exports only what the filters show', async () => {
    const res = await admin.client.get(`${BASE}/export?location=detroit&active=no`);
    expect(res.text.trim().split('\r\n').slice(1).map((l) => l.split(',')[0])).toEqual(['Motor City Hall']);
  });
});

describe('deleting a venue', () => {
  it('removes the entry and writes the audit log', async () => {
    const id = await create({ name: 'Closing Down', regionSlug: 'indianapolis', email: 'closing@down.example' });
    expect((await fan.delete(`${BASE}/${id}`)).status).toBe(403);
    const res = await admin.client.delete(`${BASE}/${id}`);
    expect(res.status, res.text).toBe(200);
    expect(await t.db.select().from(venueDirectory).where(eq(venueDirectory.id, id))).toEqual([]);
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'venue_directory.deleted'), eq(auditLog.targetId, id)));
    expect(audit).toMatchObject({ actorId: admin.id, details: { name: 'Closing Down', regionSlug: 'indianapolis', email: 'closing@down.example' } });
    expect((await admin.client.delete(`${BASE}/${id}`)).status).toBe(404);
  });

  it('keeps a venue that opted out, so its opt-out is not forgotten', async () => {
    const id = await create({ name: 'Do Not Mail', regionSlug: 'indianapolis', email: 'no@mail.example' });
    await t.db.update(venueDirectory).set({ optedOutAt: new Date() }).where(eq(venueDirectory.id, id));
    const res = await admin.client.delete(`${BASE}/${id}`);
    expect(res.status).toBe(409);
    expect(res.json.error.message).toMatch(/^This venue opted out of outreach e-mails\. Mark it inactive instead/);
    expect(await t.db.select().from(venueDirectory).where(eq(venueDirectory.id, id))).toHaveLength(1);
  });
});
