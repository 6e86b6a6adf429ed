import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createBand, createGig, createRegion, createVenue, dayIn } from '../helpers/factories.ts';

// Decision 61: the gig widget's checkout overlay frames one Marquee page, /embed/checkout, on any
// site. Only that page; the payment page and every other page stay unframeable by other sites.
let t: TestApp;
let gigId: string;
const ZONE = 'America/Chicago';

beforeAll(async () => {
  t = await createTestApp();
  await createRegion(t.db, { slug: 'overlayville', name: 'Overlayville', timeZone: ZONE });
  const venue = await createVenue(t.db, { name: 'The Overlay Room', location: 'overlayville' });
  const band = await createBand(t.db, { name: 'The Framed' });
  gigId = await createGig(t.db, { regionSlug: 'overlayville', venueId: venue.id, bandId: band.id, localDate: dayIn(ZONE, 4), isTicketed: true, ticketPriceCents: 1500, ticketQuantity: 50 });
});
afterAll(() => t.close());

const frameAncestors = (policy: string | null) => /frame-ancestors ([^;]*)/.exec(policy ?? '')?.[1];

describe('the checkout overlay page at /embed/checkout', () => {
  it("any site may frame it; it keeps the app's own policy otherwise, and sets no cookie", async () => {
    const page = await t.client().get(`/embed/checkout?gigId=${gigId}`);
    const app = await t.client().get(`/tickets?gigId=${gigId}`);
    // The single-page app's own page (a 503 here only when the client is not built for this run).
    expect([200, 503]).toContain(page.status);
    expect(page.status).toBe(app.status);
    expect(page.status === 200 ? page.text : '').not.toContain('No upcoming gigs');
    expect(frameAncestors(page.headers.get('content-security-policy'))).toBe('*');
    const withoutAncestors = (policy: string | null) => policy?.replace(/frame-ancestors [^;]*/, '');
    expect(withoutAncestors(page.headers.get('content-security-policy'))).toBe(withoutAncestors(app.headers.get('content-security-policy')));
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(page.headers.get('x-frame-options')).toBeNull();
    expect(page.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(page.headers.getSetCookie()).toEqual([]);
  });

  it('is that exact address: anything else under /embed/ is a 404, and a write there is refused', async () => {
    for (const path of ['/embed/checkout/', '/embed/checkout/x', '/embed/checkouts', '/embed/tickets']) {
      const res = await t.client().get(path);
      expect(res.status, path).toBe(404);
      expect(res.text, path).not.toContain('<div id="root">');
    }
    expect((await t.client().post('/embed/checkout', {})).status).toBe(404);
  });

  it('the pages that take payment, the ticket form at /tickets, /success and the rest stay unframeable by other sites', async () => {
    const checkout = await t.client().post('/api/tickets/checkout', { gigId, email: 'overlay@frame.test' });
    expect(checkout.status, checkout.text).toBe(201);
    // The overlay waits on the session id (what /success reads), given with the provider's address.
    expect(checkout.json.url).toBe(`http://localhost:3000/sandbox/checkout/${checkout.json.sessionId}`);
    const paths = [`/sandbox/checkout/${checkout.json.sessionId}`, `/tickets?gigId=${gigId}`, `/success?session_id=${checkout.json.sessionId}`, '/cancel', '/', '/dashboard', '/login', `/api/tickets/checkout/${checkout.json.sessionId}`];
    for (const path of paths) {
      const res = await t.client().get(path);
      expect(frameAncestors(res.headers.get('content-security-policy')), path).toBe("'self' http://localhost:3000");
    }
  });

  it('buying needs no session: a guest without cookies starts a checkout from the framed page, whose origin is Marquee', async () => {
    const res = await t.client().post('/api/tickets/checkout', { gigId, email: 'cookieless@frame.test' }, { cookie: '' });
    expect(res.status, res.text).toBe(201);
    expect(res.headers.getSetCookie()).toEqual([]);
  });
});
