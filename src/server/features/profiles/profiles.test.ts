import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { files, user } from '../../db/schema.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../tests/helpers/test-app.ts';
import { PASSWORD, signUpAs } from '../../../../tests/helpers/accounts.ts';
import { imageForm, makeImage, SVG_LOGO } from '../../../../tests/helpers/images.ts';
import { createVenue } from '../../../../tests/helpers/factories.ts';

let t: TestApp;
beforeAll(async () => {
  // A long public cache: a save must still show on public pages at once.
  t = await createTestApp({ env: { PUBLIC_CACHE_SECONDS: '60' } });
});
afterAll(() => t.close());

const upload = async (client: TestClient, kind: string, data: Buffer, name = 'image.jpg', type = 'image/jpeg') =>
  client.post(`/api/profile/images?kind=${kind}`, imageForm(data, name, type));

async function uploadPhoto(client: TestClient): Promise<string> {
  const res = await upload(client, 'photo', await makeImage(640, 360));
  expect(res.status, res.text).toBe(201);
  return res.json.url;
}

describe('the band editor', () => {
  it('saves members (blank names dropped), gallery, extra gigs and links, and the band site shows them at once', async () => {
    const { client } = await signUpAs(t, 'band', { name: 'The Editors' });
    expect((await client.get('/api/sites/theeditors')).json.band.members).toEqual([]); // now cached
    const gallery = [await uploadPhoto(client), await uploadPhoto(client)];
    const res = await client.put('/api/profile/band', {
      description: 'x'.repeat(150),
      members: [
        { name: 'Ada', instrument: 'Drums', instagramHandle: '@ada' },
        { name: '   ', instrument: 'Bass' },
        { name: '', instrument: '' },
        { name: 'Bo', instrument: 'Guitar' },
      ],
      gallery,
      extraGigs: [{ localDate: '2099-05-01', venueName: 'The Far Future Bar', ticketUrl: 'tickets.example.com/1' }],
      customLinks: [{ label: 'Merch', url: 'merch.example.com' }],
      youtubeUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    });
    expect(res.status, res.text).toBe(200);

    const site = (await client.get('/api/sites/theeditors')).json.band;
    expect(site.description).toBe('x'.repeat(150));
    expect(site.members.map((m: { name: string }) => m.name)).toEqual(['Ada', 'Bo']);
    expect(site.gallery).toEqual(gallery);
    expect(site.extraGigs).toEqual([{ localDate: '2099-05-01', venueName: 'The Far Future Bar', ticketUrl: 'https://tickets.example.com/1' }]);
    expect(site.customLinks).toEqual([{ label: 'Merch', url: 'https://merch.example.com' }]);

    const own = (await client.get('/api/profile')).json;
    expect(own.role).toBe('band');
    expect(own.profile.members).toHaveLength(2);
  });

  it('refuses a 151-character description and a sixth gallery image', async () => {
    const { client } = await signUpAs(t, 'band');
    const long = await client.put('/api/profile/band', { description: 'x'.repeat(151) });
    expect(long.status).toBe(422);
    expect(long.json.error.fields.description).toBe('Description must be 150 characters or fewer.');

    const six = await Promise.all(Array.from({ length: 6 }, () => uploadPhoto(client)));
    const tooMany = await client.put('/api/profile/band', { gallery: six });
    expect(tooMany.status).toBe(422);
    expect(tooMany.json.error.fields.gallery).toBe('A gallery holds up to 5 images.');
    expect((await client.put('/api/profile/band', { gallery: six.slice(0, 5) })).status).toBe(200);
  });

  it('takes a PNG or SVG logo only, and an SVG is rasterised to PNG with its script gone', async () => {
    const { client } = await signUpAs(t, 'band');
    const jpeg = await upload(client, 'logo', await makeImage(200, 100), 'logo.png', 'image/png');
    expect(jpeg.status).toBe(415);
    expect(jpeg.json.error.message).toBe('Please choose a PNG or SVG logo.');

    const png = await upload(client, 'logo', await makeImage(200, 100, 'png'), 'logo.png', 'image/png');
    expect(png.status).toBe(201);
    const svg = await upload(client, 'logo', SVG_LOGO, 'logo.svg', 'image/svg+xml');
    expect(svg.status).toBe(201);
    expect(svg.json.url).toMatch(/\.png$/);
    const stored = await t.client().get(svg.json.url);
    expect(stored.headers.get('content-type')).toBe('image/png');
    expect(stored.text).not.toContain('<script');

    expect((await client.put('/api/profile/band', { logoUrl: svg.json.url })).status).toBe(200);
    // A photo (JPEG) cannot stand in as the logo.
    const photoAsLogo = await client.put('/api/profile/band', { logoUrl: await uploadPhoto(client) });
    expect(photoAsLogo.status).toBe(422);
    expect(photoAsLogo.json.error.fields.logoUrl).toBe('Please upload the image again.');
  });

  it("cannot show another account's upload", async () => {
    const other = await signUpAs(t, 'band');
    const theirs = await uploadPhoto(other.client);
    const { client } = await signUpAs(t, 'band');
    const res = await client.put('/api/profile/band', { imageUrl: theirs });
    expect(res.status).toBe(422);
    expect(res.json.error.fields.imageUrl).toBe('Please upload the image again.');
  });

  it('changes the password (decision 40): at least 8 characters, and the current password is needed', async () => {
    const { client, email } = await signUpAs(t, 'band');
    const short = await client.post('/api/me/password', { currentPassword: PASSWORD, newPassword: 'short7!' });
    expect(short.status).toBe(422);
    const wrong = await client.post('/api/me/password', { currentPassword: 'not-my-password', newPassword: 'a-new-longer-secret-42' });
    expect(wrong.status).toBe(422);
    const ok = await client.post('/api/me/password', { currentPassword: PASSWORD, newPassword: 'a-new-longer-secret-42' });
    expect(ok.status, ok.text).toBe(200);
    expect((await t.client().post('/api/auth/sign-in/email', { email, password: 'a-new-longer-secret-42' })).status).toBe(200);
  });
});

describe('the venue editor', () => {
  it('saves the venue fields and the venue page shows them under the new name', async () => {
    const { client } = await signUpAs(t, 'venue');
    const imageUrl = await uploadPhoto(client);
    const res = await client.put('/api/profile/venue', { name: 'The Renamed Room', address: '77 New St, Chicago', phone: '312-555-0199', website: 'renamed.example.com', imageUrl });
    expect(res.status, res.text).toBe(200);
    expect(res.json.slug).toBe('theRenamedRoom');
    const page = (await t.client().get('/api/venues/page?name=theRenamedRoom')).json;
    expect(page.venue ?? page).toMatchObject({ name: 'The Renamed Room', address: '77 New St, Chicago' });
  });

  it('keeps the address as fields and shows it on one line; one line alone is read into the fields (issue 35)', async () => {
    const { client } = await signUpAs(t, 'venue', { name: 'Field Hall' });
    const save = (address: Record<string, string>) => client.put('/api/profile/venue', { name: 'Field Hall', imageUrl: null, ...address });
    expect((await save({ address: '1842 W Division St', addressLocality: 'Chicago', addressRegion: 'IL', postalCode: '60622' })).status).toBe(200);
    let own = (await client.get('/api/profile')).json;
    expect(own.profile ?? own).toMatchObject({ address: '1842 W Division St, Chicago, IL 60622', streetAddress: '1842 W Division St', addressLocality: 'Chicago', addressRegion: 'IL', postalCode: '60622', addressCountry: 'US' });
    const api = (await t.client().get('/api/v1/venues/fieldHall')).json;
    expect(api).toMatchObject({ address: '1842 W Division St, Chicago, IL 60622', postalAddress: { streetAddress: '1842 W Division St', addressLocality: 'Chicago', postalCode: '60622' } });

    expect((await save({ address: '5 Euclid Ave, Cleveland, OH 44115' })).status).toBe(200);
    own = (await client.get('/api/profile')).json;
    expect(own.profile ?? own).toMatchObject({ address: '5 Euclid Ave, Cleveland, OH 44115', streetAddress: '5 Euclid Ave', addressLocality: 'Cleveland', addressRegion: 'OH', postalCode: '44115' });
  });

  it('needs a name and an address', async () => {
    const { client } = await signUpAs(t, 'venue');
    const res = await client.put('/api/profile/venue', { name: ' ', address: '' });
    expect(res.status).toBe(422);
    expect(res.json.error.fields).toMatchObject({ name: 'Please enter the venue name.', address: 'Please enter the venue address.' });
  });
});

describe('the promoter editor', () => {
  it('lists and links only venue-role accounts, and feeds the site its gallery and video', async () => {
    const { client } = await signUpAs(t, 'promoter', { name: 'Gallery Nights' });
    const venue = await signUpAs(t, 'venue', { name: 'Picker Hall' });
    // A venue profile whose account no longer has the venue role is not a venue to pick.
    const former = await createVenue(t.db, { name: 'Former Venue' });
    await t.db.update(user).set({ role: 'fan' }).where(eq(user.id, former.id));

    const options = (await client.get('/api/venues/options')).json.venues.map((v: { id: string }) => v.id);
    expect(options).toContain(venue.id);
    expect(options).not.toContain(former.id);

    const refused = await client.put('/api/profile/promoter', { venueIds: [venue.id, former.id] });
    expect(refused.status).toBe(422);
    expect(refused.json.error.fields.venueIds).toBe('One of the chosen venues is not a venue on Marquee.');
    expect((await client.put('/api/profile/promoter', { venueIds: ['no-such-account'] })).status).toBe(422);

    const gallery = [await uploadPhoto(client), await uploadPhoto(client)];
    const saved = await client.put('/api/profile/promoter', {
      venueIds: [venue.id],
      description: 'We put on shows.',
      gallery,
      videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
    });
    expect(saved.status, saved.text).toBe(200);
    expect((await client.get('/api/profile')).json.profile.venueIds).toEqual([venue.id]);
    const site = (await t.client().get('/api/sites/gallerynights')).json;
    expect(site.kind).toBe('promoter');
    expect(site.promoter).toMatchObject({ description: 'We put on shows.', gallery, videoUrl: 'https://youtu.be/dQw4w9WgXcQ' });

    const six = await Promise.all(Array.from({ length: 6 }, () => uploadPhoto(client)));
    expect((await client.put('/api/profile/promoter', { gallery: six })).status).toBe(422);
  });
});

describe('the artist manager editor', () => {
  it('takes a profile image of exactly 1280x800 only', async () => {
    const { client } = await signUpAs(t, 'artist_manager');
    const wrongSize = await upload(client, 'manager-profile', await makeImage(1280, 720));
    expect(wrongSize.status).toBe(422);
    expect(wrongSize.json.error.message).toBe('Image must be exactly 1280×800');
    const bigger = await upload(client, 'manager-profile', await makeImage(2560, 1600));
    expect(bigger.json.error.message).toBe('Image must be exactly 1280×800');
    const garbage = await upload(client, 'manager-profile', Buffer.from('not an image at all'));
    expect(garbage.status).toBe(422);
    expect(garbage.json.error.message).toBe('Invalid image file');

    const exact = await upload(client, 'manager-profile', await makeImage(1280, 800, 'png'));
    expect(exact.status).toBe(201);
    const saved = await client.put('/api/profile/manager', { name: 'Riley', description: 'y'.repeat(150), profileImageUrl: exact.json.url });
    expect(saved.status, saved.text).toBe(200);
    const [file] = await t.db.select().from(files).where(eq(files.key, exact.json.url.slice('/files/'.length)));
    expect([file!.width, file!.height]).toEqual([1280, 800]);

    // An ordinary photo (not 1280x800) cannot be named as the profile image.
    const other = await client.put('/api/profile/manager', { name: 'Riley', profileImageUrl: await uploadPhoto(client) });
    expect(other.status).toBe(422);
    expect((await client.put('/api/profile/manager', { name: 'Riley', description: 'y'.repeat(151) })).status).toBe(422);
  });

  it('adds artists with the spec messages, and an index reaches only the manager’s own artists', async () => {
    const visitor = await t.client().post('/api/profile/artists', { name: 'Nobody' });
    expect(visitor.status).toBe(401);
    expect(visitor.json.error.message).toBe('You must be logged in to add an artist');
    const band = await signUpAs(t, 'band');
    const notManager = await band.client.post('/api/profile/artists', { name: 'Nobody' });
    expect(notManager.status).toBe(403);
    expect(notManager.json.error.message).toBe('Only artist managers can add artists');

    const a = await signUpAs(t, 'artist_manager');
    const b = await signUpAs(t, 'artist_manager');
    const nameless = await a.client.post('/api/profile/artists', { name: '  ' });
    expect(nameless.status).toBe(422);
    expect(nameless.json.error.fields.name).toBe('Artist name is required');

    expect((await a.client.post('/api/profile/artists', { name: 'A One' })).json).toEqual({ index: 0 });
    expect((await b.client.post('/api/profile/artists', { name: 'B One' })).json).toEqual({ index: 0 });
    expect((await b.client.post('/api/profile/artists', { name: 'B Two', description: 'Second.' })).json).toEqual({ index: 1 });

    expect((await b.client.get('/api/profile/artists/1')).json.artist.name).toBe('B Two');
    // Manager A has one artist: index 1 is nobody, never B's second artist.
    const beyond = await a.client.get('/api/profile/artists/1');
    expect(beyond.status).toBe(404);
    expect(beyond.json.error.message).toBe('Artist not found');
    expect((await a.client.put('/api/profile/artists/1', { name: 'Hijacked' })).status).toBe(404);
    for (const bad of ['-1', 'abc', '1.5', '99999999']) expect((await a.client.get(`/api/profile/artists/${bad}`)).status).toBe(404);
    // Issue 20: only the canonical spelling of an index; '0x1' and '00' are not 1 and 0.
    for (const bad of ['0x1', '00', '01', '1.0', '1e0', '%201']) {
      expect((await b.client.get(`/api/profile/artists/${bad}`)).status, bad).toBe(404);
      expect((await b.client.put(`/api/profile/artists/${bad}`, { name: 'Renamed by a trick' })).status, bad).toBe(404);
    }

    expect((await a.client.put('/api/profile/artists/0', { name: 'A Renamed', genre: 'Folk' })).status).toBe(200);
    expect((await a.client.get('/api/profile')).json.profile.artists.map((x: { name: string; index: number }) => [x.index, x.name])).toEqual([[0, 'A Renamed']]);
    expect((await b.client.get('/api/profile')).json.profile.artists.map((x: { name: string }) => x.name)).toEqual(['B One', 'B Two']);
  });
});

describe('the rehearsal-space editor', () => {
  it('saves up to 500 characters of description and the directory shows it', async () => {
    const { client, id } = await signUpAs(t, 'rehearsal_space');
    const tooLong = await client.put('/api/profile/rehearsal-space', { name: 'Loud Rooms', address: '9 Branch St', description: 'z'.repeat(501) });
    expect(tooLong.status).toBe(422);
    expect(tooLong.json.error.fields.description).toBe('Description must be 500 characters or fewer.');
    const imageUrl = await uploadPhoto(client);
    const res = await client.put('/api/profile/rehearsal-space', { name: 'Loud Rooms', address: '9 Branch St', description: 'z'.repeat(500), website: 'loud.example.com', imageUrl });
    expect(res.status, res.text).toBe(200);
    const space = (await t.client().get('/api/rehearsal-spaces')).json.spaces.find((s: { id: string }) => s.id === id);
    expect(space).toMatchObject({ name: 'Loud Rooms', description: 'z'.repeat(500), website: 'https://loud.example.com', imageUrl });
  });

  it('refuses control characters in text', async () => {
    const { client } = await signUpAs(t, 'rehearsal_space');
    const res = await client.put('/api/profile/rehearsal-space', { name: 'Loud\u0000Rooms', address: '9 Branch St' });
    expect(res.status).toBe(422);
  });
});

describe('image uploads', () => {
  it('re-encodes photos within 1280x800 and refuses what is not an image', async () => {
    const { client } = await signUpAs(t, 'venue');
    const res = await upload(client, 'photo', await makeImage(3000, 2000));
    const stored = await t.client().get(res.json.url);
    expect(stored.headers.get('content-type')).toBe('image/jpeg');
    const bytes = Buffer.from(await (await t.app.fetch(new Request(`http://localhost:3000${res.json.url}`))).arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 800]);
    expect((await upload(client, 'photo', Buffer.from('hello'))).status).toBe(415);
    expect((await client.post('/api/profile/images?kind=poster', imageForm(await makeImage(10, 10)))).status).toBe(422);
  });
});
