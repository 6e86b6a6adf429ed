import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { auditLog, gearListings } from '../../db/schema.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../tests/helpers/test-app.ts';
import { signUpAs } from '../../../../tests/helpers/accounts.ts';
import { imageForm, makeImage, SVG_LOGO } from '../../../../tests/helpers/images.ts';

let t: TestApp;
let seller: { client: TestClient; id: string };
let buyer: { client: TestClient; id: string };
let admin: { client: TestClient; id: string };
let visitor: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  seller = await signUpAs(t, 'musician');
  buyer = await signUpAs(t, 'fan');
  admin = await signUpAs(t, 'admin');
  visitor = t.client();
}, 60_000);
afterAll(() => t.close());

async function uploadPhoto(client: TestClient, width = 1600, height = 900): Promise<string> {
  const res = await client.post('/api/gear/images', imageForm(await makeImage(width, height)));
  expect(res.status, res.text).toBe(201);
  return res.json.url;
}

const listing = (over: Record<string, unknown> = {}) => ({
  title: 'Fender Twin Reverb',
  price: '$800',
  description: 'Loud, clean, heavy. Serviced in spring.',
  email: 'seller@example.com',
  phone: '',
  ...over,
});

async function list(client: TestClient, over: Record<string, unknown> = {}): Promise<string> {
  const res = await client.post('/api/gear', listing(over));
  expect(res.status, res.text).toBe(201);
  return res.json.id;
}

const shown = async (client: TestClient) => (await client.get('/api/gear')).json.listings as { id: string; title: string; contact: unknown; isOwn: boolean; imageUrls: string[] }[];

describe('listing gear', () => {
  it('a signed-in musician lists gear with two cropped images; it appears first, newest first', async () => {
    const older = await list(seller.client, { title: 'Older amp' });
    const images = [await uploadPhoto(seller.client), await uploadPhoto(seller.client, 800, 450)];
    const id = await list(seller.client, { title: 'Newer amp', imageUrls: images, phone: '773-555-0199' });
    const listings = await shown(buyer.client);
    expect(listings.findIndex((l) => l.id === id)).toBeLessThan(listings.findIndex((l) => l.id === older));
    const mine = listings.find((l) => l.id === id)!;
    expect(mine.imageUrls).toEqual(images);
    expect(mine.contact).toEqual({ email: 'seller@example.com', phone: '773-555-0199' });
    expect(mine.isOwn).toBe(false);
    expect((await shown(seller.client)).find((l) => l.id === id)!.isOwn).toBe(true);
  });

  it('needs a title, a price and a description, each with its message', async () => {
    const res = await seller.client.post('/api/gear', listing({ title: '  ', price: '', description: '...' }));
    expect(res.status).toBe(422);
    expect(res.json.error.fields).toMatchObject({
      title: 'Please enter a title.',
      price: 'Please enter a price.',
      description: 'Please enter a description.',
    });
  });

  it('needs an e-mail or a phone number: "Please provide at least an email or phone number."', async () => {
    const res = await seller.client.post('/api/gear', listing({ email: '', phone: '' }));
    expect(res.status).toBe(422);
    expect(res.json.error.message).toBe('Please provide at least an email or phone number.');
    expect(res.json.error.fields.contact).toBe('Please provide at least an email or phone number.');
    await list(seller.client, { email: '', phone: '312-555-0100' });
  });

  it('takes a phone number only as xxx-xxx-xxxx', async () => {
    for (const phone of ['3125550100', '312 555 0100', '(312) 555-0100', '312-555-01000', '312-555-010a']) {
      const res = await seller.client.post('/api/gear', listing({ phone }));
      expect(res.status, phone).toBe(422);
      expect(res.json.error.fields.phone).toBe('Please enter phone number in format: xxx-xxx-xxxx');
    }
    const badEmail = await seller.client.post('/api/gear', listing({ email: 'not-an-email' }));
    expect(badEmail.json.error.fields.email).toBe('Please provide a valid email address.');
  });

  it('refuses over-long fields and keeps script-bearing text as plain text', async () => {
    const long = await seller.client.post('/api/gear', listing({ title: 'x'.repeat(121), description: 'y'.repeat(2001), price: '$'.repeat(41) }));
    expect(long.status).toBe(422);
    expect(long.json.error.fields).toEqual({
      title: 'Please keep this under 120 characters.',
      price: 'Please keep this under 40 characters.',
      description: 'Please keep this under 2000 characters.',
    });
    const script = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    const id = await list(seller.client, { title: script, description: `${script}\nSecond line` });
    const stored = (await shown(visitor)).find((l) => l.id === id)!;
    expect(stored.title).toBe(script);
  });

  it('holds at most two images, each one the seller uploaded', async () => {
    const three = [await uploadPhoto(seller.client), await uploadPhoto(seller.client), await uploadPhoto(seller.client)];
    const tooMany = await seller.client.post('/api/gear', listing({ imageUrls: three }));
    expect(tooMany.status).toBe(422);
    expect(tooMany.json.error.fields.imageUrls).toBe('A listing holds up to 2 images.');

    const someoneElses = await uploadPhoto(buyer.client);
    const borrowed = await seller.client.post('/api/gear', listing({ imageUrls: [three[0], someoneElses] }));
    expect(borrowed.status).toBe(422);
    expect(borrowed.json.error.fields.imageUrls).toBe('Please upload the image again.');

    for (const url of ['https://evil.example/x.jpg', '/files/../secret.jpg', 'javascript:alert(1)', '/files/images/2026/01/never-uploaded.jpg']) {
      const res = await seller.client.post('/api/gear', listing({ imageUrls: [url] }));
      expect(res.status, url).toBe(422);
      expect(res.json.error.fields.imageUrls).toBe('Please upload the image again.');
    }
  });

  it('processes uploads per D23 and refuses a file that is not an image, an SVG and an oversized file', async () => {
    const exif = await sharp({ create: { width: 2400, height: 1350, channels: 3, background: '#123456' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'Secret GPS place' } } })
      .toBuffer();
    const res = await seller.client.post('/api/gear/images', imageForm(exif));
    expect(res.status).toBe(201);
    const stored = await t.services.storage.get(res.json.url.slice('/files/'.length));
    const meta = await sharp(stored!).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1280, height: 720 });
    expect(meta.exif).toBeUndefined();

    const text = await seller.client.post('/api/gear/images', imageForm(Buffer.from('just some text, named like a photo'), 'amp.jpg'));
    expect(text.status).toBe(415);
    expect(text.json.error.message).toBe('That file is not an image. Please choose a JPEG, PNG or WebP image.');
    const svg = await seller.client.post('/api/gear/images', imageForm(SVG_LOGO, 'amp.svg', 'image/svg+xml'));
    expect(svg.status).toBe(415);
    const huge = await seller.client.post('/api/gear/images', imageForm(Buffer.alloc(t.services.env.UPLOAD_MAX_BYTES + 1024, 1)));
    expect(huge.status).toBe(413);
    const empty = await seller.client.post('/api/gear/images', new FormData());
    expect(empty.status).toBe(422);
  });

  it('refuses visitors: no listing, no upload', async () => {
    expect((await visitor.post('/api/gear', listing())).status).toBe(401);
    expect((await visitor.post('/api/gear/images', imageForm(await makeImage(320, 180)))).status).toBe(401);
  });
});

describe('seller contact (D21)', () => {
  it('is shown to signed-in users and hidden from visitors, who are told it is hidden', async () => {
    const id = await list(seller.client, { email: 'contact-me@example.com', phone: '773-555-0123' });
    const forVisitor = await visitor.get('/api/gear');
    expect(forVisitor.status).toBe(200);
    expect(forVisitor.json.isContactHidden).toBe(true);
    expect(forVisitor.text).not.toContain('contact-me@example.com');
    expect(forVisitor.text).not.toContain('773-555-0123');
    expect(forVisitor.json.listings.find((l: { id: string }) => l.id === id).contact).toBeNull();

    const forBuyer = await buyer.client.get('/api/gear');
    expect(forBuyer.json.isContactHidden).toBe(false);
    expect(forBuyer.json.listings.find((l: { id: string }) => l.id === id).contact).toEqual({ email: 'contact-me@example.com', phone: '773-555-0123' });
    expect(forBuyer.headers.get('cache-control')).toBe('no-store');
  });
});

describe('mark as sold', () => {
  it('only the owner marks a listing sold (another user 403, visitor 401); it then leaves the list, and again is harmless', async () => {
    const id = await list(seller.client);
    const other = await buyer.client.post(`/api/gear/${id}/sold`);
    expect(other.status).toBe(403);
    expect(other.json.error.message).toBe('Only the seller can mark this listing as sold.');
    expect((await visitor.post(`/api/gear/${id}/sold`)).status).toBe(401);
    expect((await admin.client.post(`/api/gear/${id}/sold`)).status).toBe(403);
    expect((await shown(visitor)).some((l) => l.id === id)).toBe(true);

    expect((await seller.client.post(`/api/gear/${id}/sold`)).status).toBe(200);
    expect((await shown(visitor)).some((l) => l.id === id)).toBe(false);
    const [row] = await t.db.select().from(gearListings).where(eq(gearListings.id, id));
    expect(row).toMatchObject({ isSold: true });
    expect(row!.soldAt).toBeInstanceOf(Date);
    expect((await seller.client.post(`/api/gear/${id}/sold`)).status).toBe(200);
  });

  it('answers 404 for a listing that does not exist or an id that is not one', async () => {
    expect((await seller.client.post('/api/gear/00000000-0000-4000-8000-000000000000/sold')).status).toBe(404);
    expect((await seller.client.post('/api/gear/not-an-id/sold')).status).toBe(404);
  });
});

describe('deleting and removing', () => {
  it('the seller deletes their own listing; another user cannot', async () => {
    const id = await list(seller.client);
    expect((await buyer.client.delete(`/api/gear/${id}`)).status).toBe(403);
    expect((await visitor.delete(`/api/gear/${id}`)).status).toBe(401);
    expect((await seller.client.delete(`/api/gear/${id}`)).status).toBe(200);
    expect((await shown(visitor)).some((l) => l.id === id)).toBe(false);
    expect((await seller.client.delete(`/api/gear/${id}`)).status).toBe(404);
  });

  it('an admin removes a spam listing, and the removal is in the audit log', async () => {
    const id = await list(buyer.client, { title: 'CHEAP WATCHES click here' });
    expect((await admin.client.delete(`/api/gear/${id}`)).status).toBe(200);
    expect((await shown(visitor)).some((l) => l.id === id)).toBe(false);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(entry).toMatchObject({ actorId: admin.id, action: 'gear.removed', details: { sellerId: buyer.id, title: 'CHEAP WATCHES click here' } });
  });
});

describe('the list', () => {
  it('pages the unsold listings and refuses a page number that is not one', async () => {
    const res = await visitor.get('/api/gear?page=1');
    expect(res.json).toMatchObject({ page: 1, pageSize: 24 });
    expect(res.json.total).toBeGreaterThan(0);
    expect((await visitor.get('/api/gear?page=9999')).json.listings).toEqual([]);
    expect((await visitor.get('/api/gear?page=abc')).status).toBe(422);
  });

  it('shows each listing’s city and filters by location and by words, on the server and paged (issue 21)', async () => {
    const clevelander = await signUpAs(t, 'musician', { location: 'cleveland' });
    const tag = `zq${Date.now() % 100000}`;
    const inChicago = await list(seller.client, { title: `Gibson Les Paul ${tag}` });
    const inCleveland = await list(clevelander.client, { title: 'Gibson SG', description: `Cherry red, ${tag} case included.` });
    await list(clevelander.client, { title: 'Boss DS-1 pedal' });

    const cities = Object.fromEntries(((await visitor.get('/api/gear')).json.listings as { id: string; city: string }[]).map((l) => [l.id, l.city]));
    expect(cities[inChicago]).toBe('Chicagoland');
    expect(cities[inCleveland]).toBe('Cleveland');

    const ids = async (query: string) => {
      const res = await visitor.get(`/api/gear?${query}`);
      expect(res.status, res.text).toBe(200);
      return { ids: (res.json.listings as { id: string }[]).map((l) => l.id), total: res.json.total as number };
    };
    // Words in the title or the description, any case.
    expect(await ids(`search=${tag.toUpperCase()}`)).toEqual({ ids: [inCleveland, inChicago], total: 2 });
    expect(await ids(`search=${tag}&location=cleveland`)).toEqual({ ids: [inCleveland], total: 1 });
    expect((await ids('location=cleveland')).total).toBe(2); // the Clevelander's two, and nothing else
    // A search's wildcards are taken as text.
    expect((await ids('search=%25')).total).toBe(0);
    expect((await ids(`search=${tag}&page=2`)).ids).toEqual([]);
    expect((await visitor.get(`/api/gear?search=${'x'.repeat(101)}`)).status).toBe(422);
  });
});

describe('live updates', () => {
  it('every change publishes the gear topic', async () => {
    const live = t.services.live!;
    const seen: string[] = [];
    const listener = () => seen.push('gear');
    live.events.on('gear', listener);
    try {
      const id = await list(seller.client);
      await seller.client.post(`/api/gear/${id}/sold`);
      const another = await list(seller.client);
      await seller.client.delete(`/api/gear/${another}`);
      await expect.poll(() => seen.length, { timeout: 3000 }).toBeGreaterThanOrEqual(4);
    } finally {
      live.events.off('gear', listener);
    }
  });
});
