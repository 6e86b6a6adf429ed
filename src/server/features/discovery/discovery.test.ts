import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { bandFollowers, gigs, outbox } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { createBand, createGig, createPromoter, createRegion, createRehearsalSpace, createVenue, dayIn } from '../../../../tests/helpers/factories.ts';
import { publishGigsChanged } from '../live/live-events.ts';
import { fillSecrets } from '../../mail/secrets.ts';
import { DateTime } from 'luxon';
import { listHomeGigs } from './list-home-gigs.ts';
import { signUpAs } from '../../../../tests/helpers/accounts.ts';
import { formatGigPrice, type BandSite } from '../../../core/public-pages.ts';

let t: TestApp;
const CHICAGO = 'America/Chicago';
let hall: { id: string; name: string; slug: string };
let salt: { id: string; name: string; slug: string };
let strokes: { id: string; name: string; slug: string };

beforeAll(async () => {
  t = await createTestApp();
  hall = await createVenue(t.db, { name: 'The Empty Bottle' });
  salt = await createBand(t.db, { name: 'Salt & Static', genres: ['Post-Punk', 'Garage Rock'], members: [{ name: 'Ana', instrument: 'Bass' }] });
  strokes = await createBand(t.db, { name: 'The Strokes', genres: ['Indie Rock'] });
});
afterAll(() => t.close());

describe('which gigs the public sees', () => {
  it('a region page lists up to 6 approved gigs dated today or later, soonest first', async () => {
    const region = await createRegion(t.db, { slug: 'testville', name: 'Testville', timeZone: CHICAGO });
    const venue = await createVenue(t.db, { name: 'Testville Hall', location: region });
    const yesterday = await createGig(t.db, { regionSlug: region, venueId: venue.id, bandId: salt.id, localDate: dayIn(CHICAGO, -1) });
    const pending = await createGig(t.db, { regionSlug: region, venueId: venue.id, localDate: dayIn(CHICAGO, 1), isApproved: false });
    const upcoming: string[] = [];
    for (let d = 7; d >= 0; d--) upcoming.push(await createGig(t.db, { regionSlug: region, venueId: venue.id, bandId: strokes.id, localDate: dayIn(CHICAGO, d) }));

    const res = await t.client().get('/api/regions/testville/gigs');
    expect(res.status).toBe(200);
    expect(res.json.region.name).toBe('Testville');
    const ids = res.json.gigs.map((g: { id: string }) => g.id);
    expect(ids).toHaveLength(6);
    expect(ids).not.toContain(yesterday);
    expect(ids).not.toContain(pending);
    expect(ids).toEqual(upcoming.slice().reverse().slice(0, 6));
    expect(res.json.gigs[0].localDate).toBe(dayIn(CHICAGO, 0));
    expect(res.json.gigs[0].band).toMatchObject({ name: 'The Strokes', performerType: 'BAND', genres: ['Indie Rock'] });
  });

  it("decides 'today' in each gig's own region zone (D8)", async () => {
    // 25 hours apart: the two zones never share a calendar date.
    const ahead = await createRegion(t.db, { slug: 'far-east', timeZone: 'Pacific/Kiritimati' });
    const behind = await createRegion(t.db, { slug: 'far-west', timeZone: 'Pacific/Pago_Pago' });
    const venueAhead = await createVenue(t.db, { location: ahead });
    const venueBehind = await createVenue(t.db, { location: behind });
    const todayBehind = dayIn('Pacific/Pago_Pago', 0);
    const pastInAhead = await createGig(t.db, { regionSlug: ahead, venueId: venueAhead.id, localDate: todayBehind });
    const todayInBehind = await createGig(t.db, { regionSlug: behind, venueId: venueBehind.id, localDate: todayBehind });
    expect((await t.client().get('/api/regions/far-east/gigs')).json.gigs.map((g: { id: string }) => g.id)).not.toContain(pastInAhead);
    expect((await t.client().get('/api/regions/far-west/gigs')).json.gigs.map((g: { id: string }) => g.id)).toContain(todayInBehind);
  });

  it('an unknown region answers 404', async () => {
    expect((await t.client().get('/api/regions/atlantis/gigs')).status).toBe(404);
  });

  it('/gigs filters by region, genre and date range, and pages', async () => {
    const from = dayIn(CHICAGO, 2);
    const to = dayIn(CHICAGO, 4);
    const res = await t.client().get(`/api/gigs?region=testville&genre=indie%20rock&from=${from}&to=${to}`);
    expect(res.status).toBe(200);
    expect(res.json.total).toBe(3);
    expect(res.json.gigs.every((g: { localDate: string; band: { name: string } }) => g.localDate >= from && g.localDate <= to && g.band.name === 'The Strokes')).toBe(true);
    expect((await t.client().get('/api/gigs?region=testville&genre=polka')).json.total).toBe(0);
    expect((await t.client().get('/api/gigs?from=not-a-date')).status).toBe(422);
  });
});

describe('band sites: resolution and contents', () => {
  it('finds a band by slug, exact name, any case, &/And, and first word; says when it cannot', async () => {
    const find = async (name: string) => (await t.client().get(`/api/bands/site?name=${encodeURIComponent(name)}`)).json?.band?.name;
    expect(await find('saltandstatic')).toBe('Salt & Static');
    expect(await find('Salt & Static')).toBe('Salt & Static');
    expect(await find('salt and static')).toBe('Salt & Static');
    expect(await find('the strokes')).toBe('The Strokes');
    expect(await find('Salt')).toBe('Salt & Static');
    const missing = await t.client().get('/api/bands/site?name=nobody-here');
    expect(missing.status).toBe(404);
    expect(missing.json.error.message).toBe("Band not found - Sorry, that band doesn't exist here.");
  });

  it('prefers the id passed as navigation state', async () => {
    expect((await t.client().get(`/api/bands/site?id=${strokes.id}&name=salt`)).json.band.name).toBe('The Strokes');
  });

  it('lists only its upcoming approved gigs, ascending, with members and genres', async () => {
    await createGig(t.db, { venueId: hall.id, bandId: salt.id, localDate: dayIn(CHICAGO, 10) });
    await createGig(t.db, { venueId: hall.id, bandId: salt.id, localDate: dayIn(CHICAGO, 3) });
    await createGig(t.db, { venueId: hall.id, bandId: salt.id, localDate: dayIn(CHICAGO, -3) });
    const { band } = (await t.client().get(`/api/bands/site?id=${salt.id}`)).json;
    const dates = band.gigs.map((g: { localDate: string }) => g.localDate);
    expect(dates).toEqual([...dates].sort());
    expect(dates.every((d: string) => d >= dayIn(CHICAGO, 0))).toBe(true);
    expect(band.members).toEqual([{ name: 'Ana', instrument: 'Bass', instagramHandle: null }]);
    expect(band.genres).toEqual(['Post-Punk', 'Garage Rock']);
  });

  it('a subdomain finds a band first, then a promoter, else says page not found', async () => {
    const promoter = await createPromoter(t.db, { name: 'Night Owls', description: 'Late shows.' });
    expect((await t.client().get('/api/sites/saltandstatic')).json).toMatchObject({ kind: 'band', band: { name: 'Salt & Static' } });
    expect((await t.client().get(`/api/sites/${promoter.slug}`)).json).toMatchObject({ kind: 'promoter', promoter: { name: 'Night Owls', gigs: [] } });
    const none = await t.client().get('/api/sites/ghosts');
    expect(none.status).toBe(404);
    expect(none.json.error.message).toBe("Page not found - Sorry, that page doesn't exist here.");
  });

  it('/promoter/{slug} shows a promoter, and an unknown slug says "Promoter not found." (issue 21)', async () => {
    const promoter = await createPromoter(t.db, { name: 'Late Owls' });
    expect((await t.client().get(`/api/promoters/site?slug=${promoter.slug}`)).json).toMatchObject({ promoter: { name: 'Late Owls' } });
    // A band's slug is not a promoter's.
    for (const slug of ['saltandstatic', 'nobody-at-all']) {
      const missing = await t.client().get(`/api/promoters/site?slug=${slug}`);
      expect(missing.status).toBe(404);
      expect(missing.json.error.message).toBe('Promoter not found.');
    }
  });
});

describe('directories', () => {
  it('band cards carry their next 2 gigs and how many there are', async () => {
    const res = await t.client().get('/api/bands?search=strokes');
    const card = res.json.bands[0];
    expect(card.name).toBe('The Strokes');
    expect(card.upcoming).toHaveLength(2);
    expect(card.upcomingCount).toBeGreaterThan(2);
  });

  it('a venue page is found by slug or id, with its upcoming shows', async () => {
    const bySlug = await t.client().get(`/api/venues/page?name=${hall.slug}`);
    expect(bySlug.json.venue.name).toBe('The Empty Bottle');
    expect(bySlug.json.gigs.length).toBeGreaterThan(0);
    expect((await t.client().get(`/api/venues/page?id=${hall.id}&name=whatever`)).json.venue.name).toBe('The Empty Bottle');
    const missing = await t.client().get('/api/venues/page?name=nowhere-at-all');
    expect(missing.status).toBe(404);
    expect(missing.json.error.message).toBe('Venue not found.');
  });

  it('lists rehearsal spaces', async () => {
    await createRehearsalSpace(t.db, { name: 'Noise Box', description: 'Four rooms.' });
    const res = await t.client().get('/api/rehearsal-spaces');
    expect(res.json.spaces.map((s: { name: string }) => s.name)).toContain('Noise Box');
  });
});

describe('following a band by e-mail (D19)', () => {
  const linksTo = async (email: string) => {
    const mails = await t.db.select().from(outbox).where(and(eq(outbox.kind, 'follow_confirmation'), eq(outbox.toAddress, email)));
    return mails.map((m) => {
      const [confirm, unsubscribe] = fillSecrets(m.textBody, m.secrets).match(/http\S+/g)!;
      return { confirm: new URL(confirm).searchParams.get('token')!, unsubscribe: new URL(unsubscribe!).searchParams.get('token')! };
    });
  };

  it('a follow counts only once the e-mailed link is opened; unsubscribing and following again works', async () => {
    const client = t.client();
    const first = await client.post('/api/followers', { bandId: salt.id, email: 'Fan@Follow.test' });
    expect(first.json).toEqual({ success: true, message: "Almost there: check your inbox to confirm you're following Salt & Static." });
    const [pending] = await t.db.select().from(bandFollowers).where(eq(bandFollowers.email, 'fan@follow.test'));
    expect(pending!.confirmedAt).toBeNull();
    // Asking again while the confirmation is pending sends nothing more.
    expect((await client.post('/api/followers', { bandId: salt.id, email: 'fan@follow.test' })).json.message).toMatch(/Almost there/);
    const links = await linksTo('fan@follow.test');
    expect(links).toHaveLength(1);

    expect((await client.post('/api/followers/confirm', { token: links[0]!.confirm })).json).toEqual({ bandNames: ['Salt & Static'] });
    expect((await client.post('/api/followers', { bandId: salt.id, email: 'fan@follow.test' })).json.message).toBe("You're already following Salt & Static.");
    expect(await t.db.select().from(bandFollowers).where(eq(bandFollowers.email, 'fan@follow.test'))).toHaveLength(1);

    expect((await client.post('/api/followers/unsubscribe', { token: links[0]!.unsubscribe })).json).toEqual({ bandName: 'Salt & Static', what: 'e-mails about Salt & Static' });
    const [row] = await t.db.select().from(bandFollowers).where(eq(bandFollowers.email, 'fan@follow.test'));
    expect(row!.unsubscribedAt).not.toBeNull();
    // Following again after unsubscribing asks for confirmation again, on the same record.
    expect((await client.post('/api/followers', { bandId: salt.id, email: 'fan@follow.test' })).json.message).toMatch(/Almost there/);
    expect(await t.db.select().from(bandFollowers).where(eq(bandFollowers.email, 'fan@follow.test'))).toHaveLength(1);
  });

  it('one victim address followed to ten bands gets one e-mail, whose link confirms them all', async () => {
    const bands = await Promise.all(Array.from({ length: 10 }, (_, i) => createBand(t.db, { name: `Bomb Band ${i}` })));
    for (const band of bands) {
      const res = await t.client().post('/api/followers', { bandId: band.id, email: 'victim@follow.test' });
      expect(res.status).toBe(200);
    }
    const links = await linksTo('victim@follow.test');
    expect(links).toHaveLength(1);
    const confirmed = await t.client().post('/api/followers/confirm', { token: links[0]!.confirm });
    expect(confirmed.json.bandNames).toHaveLength(10);
  });

  it('one client address may ask only so often', async () => {
    const limited = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      const band = await createBand(limited.db, { name: 'Rate Band' });
      const statuses = [];
      for (let i = 0; i < 30; i++) {
        const res = await limited.client().post('/api/followers', { bandId: band.id, email: `bomb-${i}@follow.test` }, { 'x-forwarded-for': '203.0.113.9' });
        statuses.push(res.status);
      }
      expect(statuses.filter((s) => s === 200)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(20);
      expect(await limited.db.select().from(outbox).where(eq(outbox.kind, 'follow_confirmation'))).toHaveLength(10);
      // Another address is not affected.
      expect((await limited.client().post('/api/followers', { bandId: band.id, email: 'other@follow.test' }, { 'x-forwarded-for': '203.0.113.10' })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('a bad e-mail or unknown band gets a clear message', async () => {
    const bad = await t.client().post('/api/followers', { bandId: salt.id, email: 'not-an-email' });
    expect(bad.status).toBe(422);
    expect(bad.json.error.message).toBe('Please enter a valid email address.');
    expect((await t.client().post('/api/followers', { bandId: 'nope', email: 'a@b.test' })).status).toBe(404);
    expect((await t.client().post('/api/followers/unsubscribe', { token: 'x'.repeat(20) })).status).toBe(404);
    expect((await t.client().post('/api/followers/confirm', { token: 'x'.repeat(20) })).status).toBe(404);
  });
});

describe('shareable and subscribable', () => {
  it('a band calendar feed lists its upcoming gigs in the region zone', async () => {
    const res = await t.client().get('/calendar/band/saltandstatic.ics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/calendar');
    expect(res.text).toContain('BEGIN:VEVENT');
    expect(res.text).toContain('SUMMARY:Salt & Static at The Empty Bottle');
    expect(res.text).toMatch(/DTSTART;TZID=America\/Chicago:\d{8}T190000/);
    expect(res.text).toContain('BEGIN:VTIMEZONE');
    expect((await t.client().get('/calendar/region/testville.ics')).text).toContain('BEGIN:VEVENT');
    expect((await t.client().get(`/calendar/venue/${hall.slug}.ics`)).status).toBe(200);
    expect((await t.client().get('/calendar/band/nobody.ics')).status).toBe(404);
  });

  it('the sitemap lists band sites on their subdomains and venue pages', async () => {
    const res = await t.client().get('/sitemap.xml');
    expect(res.text).toContain('<loc>http://saltandstatic.localhost:3000/</loc>');
    expect(res.text).toContain(`<loc>http://localhost:3000/venue/${hall.slug}</loc>`);
  });

  it('open pages hear when gigs change', async () => {
    const response = await t.app.fetch(new Request('http://localhost:3000/api/live'));
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let seen = '';
    const readUntil = async (needle: string) => {
      while (!seen.includes(needle)) seen += decoder.decode((await reader.read()).value);
    };
    await readUntil('event: ready');
    await t.db.transaction(async (tx) => {
      await tx.update(gigs).set({ coverCharge: '$12' }).where(eq(gigs.venueId, hall.id));
      await publishGigsChanged(tx);
    });
    await readUntil('event: gigs');
    await reader.cancel();
  });
});

describe('the public data cache', () => {
  it('serves repeated reads from memory and forgets them as soon as gigs change', async () => {
    const cached = await createTestApp({ env: { PUBLIC_CACHE_SECONDS: '60' } });
    try {
      const venue = await createVenue(cached.db, { name: 'Cache Hall' });
      const band = await createBand(cached.db, { name: 'Cache Rockers' });
      const read = async () => (await cached.client().get('/api/regions/chicago/gigs')).json.gigs.length;
      expect(await read()).toBe(0);
      await createGig(cached.db, { venueId: venue.id, bandId: band.id, localDate: dayIn(CHICAGO, 1) });
      expect(await read()).toBe(0); // still the cached answer
      await cached.db.transaction((tx) => publishGigsChanged(tx));
      await expect.poll(read, { timeout: 5000 }).toBe(1);
    } finally {
      await cached.close();
    }
  });
});

describe("the home page's 'Upcoming shows' (issue 34)", () => {
  it('never lists a gig that has ended, even on its own date; a show running past midnight stays until it ends', async () => {
    const venue = await createVenue(t.db, { name: 'Late Room' });
    const tomorrow = dayIn(CHICAGO, 1);
    const early = await createGig(t.db, { venueId: venue.id, localDate: tomorrow, startTime: '19:00', endTime: '22:00' });
    const late = await createGig(t.db, { venueId: venue.id, localDate: tomorrow, startTime: '21:00', endTime: '01:00' });
    const next = await createGig(t.db, { venueId: venue.id, localDate: dayIn(CHICAGO, 2) });
    const mine = [early, late, next];
    // The clock pinned at a local time in Chicago; only this test's gigs are looked at.
    const listedAt = async (day: string, localTime: string) =>
      (await listHomeGigs(t.db, DateTime.fromISO(`${day}T${localTime}`, { zone: CHICAGO }).toJSDate())).gigs.map((g) => g.id).filter((id) => mine.includes(id));

    expect(await listedAt(tomorrow, '18:00')).toEqual([early, late, next]);
    expect(await listedAt(tomorrow, '22:01')).toEqual([late, next]);
    expect(await listedAt(dayIn(CHICAGO, 2), '00:59')).toEqual([late, next]);
    expect(await listedAt(dayIn(CHICAGO, 2), '01:00')).toEqual([next]);
  });
});

describe('a gig with several ticket types shows its price range (issue 34)', () => {
  it('cards, the public API and the widget say "$20.00–$45.00"; a presale-only type’s price never leaves the server', async () => {
    const venue = await signUpAs(t, 'venue');
    const band = await createBand(t.db, { name: 'Range Finders' });
    const ticketed = { venueId: venue.id, bandId: band.id, isTicketed: true, ticketPriceCents: 2500, ticketQuantity: 100 };
    const mixed = await createGig(t.db, { ...ticketed, localDate: dayIn(CHICAGO, 8) });
    const onePrice = await createGig(t.db, { ...ticketed, localDate: dayIn(CHICAGO, 9) });
    const fanClub = { name: 'Fan club', price: '10', quantity: 10, isHidden: true };
    const saveTypes = async (gigId: string, types: object[]) => {
      const res = await venue.client.put(`/api/booking/gigs/${gigId}/ticket-types`, { types, codes: [{ code: 'FANS-ONLY', typeName: 'Fan club', maxUses: 5 }] });
      expect(res.status, res.text).toBe(200);
    };
    await saveTypes(mixed, [{ name: 'General', price: '20', quantity: 60 }, { name: 'VIP', price: '45', quantity: 20 }, fanClub]);
    // One public price (and a cheaper hidden one): no range, the one price.
    await saveTypes(onePrice, [{ name: 'General', price: '15', quantity: 60 }, fanClub]);

    const site = (await t.client().get(`/api/bands/site?id=${band.id}`)).json.band as BandSite;
    const cardOf = (id: string) => site.gigs.find((g) => g.id === id)!;
    expect(cardOf(mixed)).toMatchObject({ ticketPriceCents: 2000, priceRange: { minCents: 2000, maxCents: 4500 } });
    expect(cardOf(onePrice)).toMatchObject({ ticketPriceCents: 1500, priceRange: null });
    expect([formatGigPrice(cardOf(mixed)), formatGigPrice(cardOf(onePrice))]).toEqual(['$20.00–$45.00', '$15.00']);

    const api = await t.client().get(`/api/v1/gigs/${mixed}`);
    expect(api.json).toMatchObject({ priceCents: 2000, priceRange: { minCents: 2000, maxCents: 4500 } });
    expect((await t.client().get(`/api/v1/gigs/${onePrice}`)).json.priceRange).toBeNull();

    const widget = await t.client().get(`/api/embed/gigs?band=${band.slug}`);
    expect(widget.json.gigs.map((g: { price: string }) => g.price)).toEqual(['$20.00–$45.00 + fees', '$15.00 + fees']);

    // The presale type's $10.00 is nowhere in what the public reads.
    for (const text of [JSON.stringify(site), api.text, widget.text]) {
      expect(text).not.toMatch(/[:[]1000[,}\]]/);
      expect(text).not.toContain('$10.00');
    }
  });
});
