import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { createBand, createGig, createPromoter, createRegion, createVenue, dayIn } from '../../../../tests/helpers/factories.ts';
import { renderEmbedPage } from './render-embed-page.ts';
import { embedLinkOf } from '../../../core/embed.ts';

let t: TestApp;
const CHICAGO = 'America/Chicago';
let band: { id: string; name: string; slug: string };
let otherBand: { id: string; name: string; slug: string };
let venue: { id: string; name: string; slug: string };
let promoter: { id: string; name: string; slug: string };
let ticketed: string;
let soldOut: string;
let unticketed: string;

beforeAll(async () => {
  t = await createTestApp();
  await createRegion(t.db, { slug: 'widgetville', name: 'Widgetville', timeZone: CHICAGO });
  venue = await createVenue(t.db, { name: 'The Widget Hall', location: 'widgetville' });
  band = await createBand(t.db, { name: 'The Embedded' });
  otherBand = await createBand(t.db, { name: 'Somebody Else' });
  promoter = await createPromoter(t.db, { name: 'Frame Promotions' });
  const at = { regionSlug: 'widgetville', venueId: venue.id };
  ticketed = await createGig(t.db, { ...at, bandId: band.id, promoterId: promoter.id, localDate: dayIn(CHICAGO, 3), startTime: '20:00', isTicketed: true, ticketPriceCents: 1500, ticketQuantity: 100 });
  soldOut = await createGig(t.db, { ...at, bandId: band.id, localDate: dayIn(CHICAGO, 5), isTicketed: true, ticketPriceCents: 2000, ticketQuantity: 10, ticketsSold: 10 });
  unticketed = await createGig(t.db, { ...at, bandId: band.id, localDate: dayIn(CHICAGO, 7), coverCharge: '$10 at the door' });
  await createGig(t.db, { ...at, bandId: band.id, localDate: dayIn(CHICAGO, -2) });
  await createGig(t.db, { ...at, bandId: band.id, localDate: dayIn(CHICAGO, 2), isApproved: false });
  await createGig(t.db, { ...at, bandId: otherBand.id, localDate: dayIn(CHICAGO, 1) });
});
afterAll(() => t.close());

const ids = (res: { json: { gigs: { id: string }[] } }) => res.json.gigs.map((g) => g.id);

describe('the widget data at /api/embed/gigs', () => {
  it("a band's upcoming approved gigs, soonest first, ready to show, with Buy Tickets only where Marquee sells some", async () => {
    const res = await t.client().get(`/api/embed/gigs?band=${band.slug}`);
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([ticketed, soldOut, unticketed]);
    const [first, second, third] = res.json.gigs;
    expect(first).toMatchObject({ title: 'The Embedded', venue: 'The Widget Hall', city: 'Widgetville', time: '8:00 PM', price: '$15.00 + fees', isSoldOut: false });
    expect(first.date).toMatch(/^\w{3}, \w{3} \d{1,2}, \d{4}$/);
    const ticketUrl = new URL(first.ticketUrl);
    expect(ticketUrl.origin + ticketUrl.pathname).toBe('http://localhost:3000/tickets');
    expect(ticketUrl.searchParams.get('gigId')).toBe(ticketed);
    // Sold out: no Buy button; 'Join the waitlist' leads to the ticket page, where the waitlist is (issue 35).
    expect(second).toMatchObject({ isSoldOut: true, ticketUrl: null });
    expect(new URL(second.waitlistUrl).searchParams.get('gigId')).toBe(soldOut);
    expect(embedLinkOf(second)).toMatchObject({ label: 'Join the waitlist', href: second.waitlistUrl });
    expect(embedLinkOf(first)).toMatchObject({ label: 'Buy Tickets', href: first.ticketUrl });
    expect(third.waitlistUrl).toBeNull();
    expect(new URL(second.detailsUrl).searchParams.get('gigId')).toBe(soldOut);
    // Not sold here: the cover charge as written, Details on the band's page.
    expect(third).toMatchObject({ price: '$10 at the door', ticketUrl: null, detailsUrl: `http://localhost:3000/band/${band.slug}` });
  });

  it('filters by venue (any letter case), promoter and region, which combine, and keeps to the limit', async () => {
    expect(ids(await t.client().get(`/api/embed/gigs?venue=${venue.slug.toUpperCase()}`))).toHaveLength(4);
    expect(ids(await t.client().get(`/api/embed/gigs?promoter=${promoter.slug}`))).toEqual([ticketed]);
    expect(ids(await t.client().get('/api/embed/gigs?region=widgetville&limit=2'))).toHaveLength(2);
    expect(ids(await t.client().get(`/api/embed/gigs?region=widgetville&band=${otherBand.slug}`))).toHaveLength(1);
  });

  it('a name that matches nothing is an empty list, not an error', async () => {
    const res = await t.client().get('/api/embed/gigs?band=nobody-by-that-name');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ gigs: [] });
  });

  it.each([
    ['limit=0&band=x', 'limit'],
    ['limit=51&band=x', 'limit'],
    ['limit=ten&band=x', 'limit'],
    ['band=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E', 'band'],
    ['venue=a%20b', 'venue'],
    [`region=${'x'.repeat(129)}`, 'region'],
    ['band=x&theme=neon', 'theme'],
    ['', 'band'],
    ['band=&venue=', 'band'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const res = await t.client().get(`/api/embed/gigs?${query}`);
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('BAD_REQUEST');
    expect(Object.keys(res.json.error.fields)).toEqual([field]);
    // Other sites read the error too.
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('any site may read it: open CORS, cached a minute, and no cookie set even for a signed-in reader', async () => {
    const res = await t.client().get(`/api/embed/gigs?band=${band.slug}`, { origin: 'https://someones-band.example', cookie: 'better-auth.session_token=whatever' });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });
});

describe('the iframe form at /embed/gigs', () => {
  it('is a small page any site may frame, with the same gigs', async () => {
    const res = await t.client().get(`/embed/gigs?band=${band.slug}&theme=dark`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toContain('frame-ancestors *');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(res.text).toContain('data-theme="dark"');
    expect(res.text).toContain('<script type="module" src="/embed/iframe-resizer.js"></script>');
    expect(res.text.match(/>Buy Tickets</g)).toHaveLength(1);
    // The sold-out gig leads to its waitlist (issue 35), the unticketed one to its details.
    expect(res.text.match(/>Join the waitlist</g)).toHaveLength(1);
    expect(res.text.match(/>Details</g)).toHaveLength(1);
  });

  it('reads a theme in any letter case, as the element does, and a long name as a name', async () => {
    const res = await t.client().get(`/embed/gigs?band=${band.slug}&theme=Dark`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('data-theme="dark"');
    const long = await t.client().get(`/api/embed/gigs?band=${'a'.repeat(100)}`);
    expect(long.status).toBe(200);
    expect(long.json.gigs).toEqual([]);
  });

  it('shows the quiet empty line for a name that matches nothing, and 400 for bad input', async () => {
    const empty = await t.client().get('/embed/gigs?venue=nowhere');
    expect(empty.status).toBe(200);
    expect(empty.text).toContain('<p class="empty">No upcoming gigs</p>');
    expect((await t.client().get('/embed/gigs?band=%22%3E%3Cscript%3E')).status).toBe(400);
  });

  it("frames nothing else: another /embed/ address is a 404, never the app's own page", async () => {
    for (const path of ['/embed/', '/embed/dashboard', '/embed/gigs/extra']) {
      const res = await t.client().get(path);
      expect(res.status, path).toBe(404);
      expect(res.text, path).not.toContain('<div id="root">');
    }
  });

  it('every other page, API answer and error stays unframeable', async () => {
    for (const path of ['/', '/dashboard', '/api/gigs', `/api/embed/gigs?band=${band.slug}`, '/embedded', '/api/nothing-here']) {
      const res = await t.client().get(path);
      expect(res.headers.get('content-security-policy'), path).toContain("frame-ancestors 'self' http://localhost:3000");
      expect(res.headers.get('content-security-policy'), path).not.toContain('frame-ancestors *');
    }
  });
});

describe('escaping in the iframe page', () => {
  it('never lets a name, a price or a link open markup', () => {
    const hostile = '<img src=x onerror=alert(1)>"\'&';
    const html = renderEmbedPage({
      theme: undefined,
      publicUrl: 'http://localhost:3000',
      gigs: [{ id: '1', date: hostile, time: hostile, startsAt: hostile, title: hostile, venue: hostile, city: hostile, price: hostile, isSoldOut: false, ticketUrl: `http://x/"><script>alert(1)</script>`, detailsUrl: hostile, waitlistUrl: null }],
    });
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;&quot;&#39;&amp;');
    expect(html).toContain('href="http://x/&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });
});
