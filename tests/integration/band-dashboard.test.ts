// Issue 21 item 18, decision 41: the band dashboard's data. Its own shows come first (applied or
// booked straight onto it), with their ticket sales; open opportunities are filtered on the
// server by region (the band's own by default), dates, genre and pay, and paged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { gigs } from '../../src/server/db/schema.ts';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app.ts';
import { signUpAs, verifyVenue } from '../helpers/accounts.ts';
import { createBand, createGig, createVenue, dayIn } from '../helpers/factories.ts';

const ZONE = 'America/Chicago';
let t: TestApp;
type Account = { client: TestClient; id: string; email: string };
type Listed = { id: string };

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const openGigIds = async (band: Account, query = '') => {
  const res = await band.client.get(`/api/booking/open-gigs${query}`);
  expect(res.status, res.text).toBe(200);
  return (res.json.gigs as Listed[]).map((g) => g.id);
};

describe('open gig opportunities, filtered on the server', () => {
  let band: Account;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    band = await signUpAs(t, 'band'); // in Chicagoland
    const venue = await createVenue(t.db);
    const jazzClub = await createVenue(t.db, { location: 'cleveland' });
    const jazzBand = await createBand(t.db, { genres: ['Modal Jazz'] });
    // The jazz club has booked a jazz band before: it books that genre.
    await createGig(t.db, { venueId: jazzClub.id, bandId: jazzBand.id, localDate: dayIn(ZONE, -30), regionSlug: 'cleveland' });
    const open = (over: Partial<typeof gigs.$inferInsert> & { venueId: string; localDate: string }) => createGig(t.db, { isApproved: false, ...over });
    ids.soonFee = await open({ venueId: venue.id, localDate: dayIn(ZONE, 3), compensation: '$250 guarantee', description: 'Filter test: a rockabilly night' });
    ids.laterTicketed = await open({ venueId: venue.id, localDate: dayIn(ZONE, 40), compensation: 'Door deal', isTicketed: true, ticketPriceCents: 1500, ticketQuantity: 80 });
    ids.cleveland = await open({ venueId: jazzClub.id, localDate: dayIn(ZONE, 10), regionSlug: 'cleveland', compensation: 'Exposure', description: 'Filter test: a quiet evening' });
    ids.booked = await createGig(t.db, { venueId: venue.id, localDate: dayIn(ZONE, 4), bandId: (await createBand(t.db, { genres: ['Polka'] })).id });
  });

  it("lists the band's own region by default, another region or all of them when asked, never a booked gig", async () => {
    const mine = await band.client.get('/api/booking/open-gigs');
    expect(mine.json.region).toBe('chicagoland');
    expect(mine.json.gigs.map((g: Listed) => g.id)).toEqual([ids.soonFee, ids.laterTicketed]);
    expect(mine.json.total).toBe(2);
    expect(await openGigIds(band, '?region=cleveland')).toEqual([ids.cleveland]);
    expect(await openGigIds(band, '?region=all')).toEqual([ids.soonFee, ids.cleveland, ids.laterTicketed]);
    expect(await openGigIds(band, '?region=all')).not.toContain(ids.booked);
  });

  it('filters by dates, genre (the gig names it, or its venue books it) and pay', async () => {
    expect(await openGigIds(band, `?region=all&from=${dayIn(ZONE, 5)}&to=${dayIn(ZONE, 30)}`)).toEqual([ids.cleveland]);
    expect(await openGigIds(band, `?region=all&from=${dayIn(ZONE, 20)}`)).toEqual([ids.laterTicketed]);
    expect(await openGigIds(band, '?region=all&genre=ROCKABILLY')).toEqual([ids.soonFee]);
    expect(await openGigIds(band, '?region=all&genre=jazz')).toEqual([ids.cleveland]);
    // Wildcards are taken literally.
    expect(await openGigIds(band, '?region=all&genre=%25')).toEqual([]);
    expect(await openGigIds(band, '?region=all&pay=ticketed')).toEqual([ids.laterTicketed]);
    expect(await openGigIds(band, '?region=all&pay=fee')).toEqual([ids.soonFee]);
    const res = await band.client.get('/api/booking/open-gigs?region=all&genre=jazz&pay=fee');
    expect(res.json).toMatchObject({ total: 0, gigs: [] });
  });

  it('refuses filters that are not ones, with the field named', async () => {
    const backwards = await band.client.get(`/api/booking/open-gigs?from=${dayIn(ZONE, 9)}&to=${dayIn(ZONE, 2)}`);
    expect(backwards.status).toBe(422);
    expect(backwards.json.error.fields).toMatchObject({ to: 'Please choose an end date on or after the start date.' });
    expect((await band.client.get('/api/booking/open-gigs?pay=lots')).status).toBe(422);
    expect((await band.client.get('/api/booking/open-gigs?from=tomorrow')).status).toBe(422);
  });
});

describe("the band's own shows", () => {
  it('lists every upcoming booked show soonest first, chosen or applied, with ticket sales; nobody else sees them', async () => {
    const band = await signUpAs(t, 'band');
    const venue = await createVenue(t.db);
    const applied = await createGig(t.db, { venueId: venue.id, bandId: band.id, localDate: dayIn(ZONE, 9), isTicketed: true, ticketPriceCents: 1200, ticketQuantity: 100 });
    await t.db.update(gigs).set({ ticketsSold: 12 }).where(eq(gigs.id, applied));
    const past = await createGig(t.db, { venueId: venue.id, bandId: band.id, localDate: dayIn(ZONE, -2) });
    const stillOpen = await createGig(t.db, { venueId: venue.id, bandId: band.id, localDate: dayIn(ZONE, 3), isApproved: false });

    // A verified venue books the band directly (D34).
    const bookingVenue = await signUpAs(t, 'venue');
    await verifyVenue(t, bookingVenue.id);
    const res = await bookingVenue.client.post('/api/booking/gigs', {
      localDate: dayIn(ZONE, 2),
      startTime: '20:00',
      endTime: '23:00',
      description: 'Chosen directly',
      loadInSoundCheck: '6pm',
      compensation: '$100',
      isBandChosen: true,
      bandId: band.id,
    });
    expect(res.status, res.text).toBe(201);
    const [chosen] = res.json.gigIds as string[];

    const shows = (await band.client.get('/api/booking/my-shows')).json.shows;
    expect(shows.map((s: { gigId: string }) => s.gigId)).toEqual([chosen, applied]);
    expect(shows.map((s: { gigId: string }) => s.gigId)).not.toContain(past);
    expect(shows.map((s: { gigId: string }) => s.gigId)).not.toContain(stillOpen);
    expect(shows[0]).toMatchObject({ isBookedForYou: true, hasTickets: false, isTicketed: false, organiserName: expect.stringMatching(/^Venue /) });
    expect(shows[1]).toMatchObject({ isBookedForYou: false, isTicketed: true, ticketsSold: 12, ticketQuantity: 100, ticketCounts: { sold: 12, checkedIn: 0, guests: 0, doorSales: 0, refunded: 0, noShows: null }, venueName: venue.name, when: expect.any(String) });

    const other = await signUpAs(t, 'band');
    expect((await other.client.get('/api/booking/my-shows')).json.shows).toEqual([]);
    expect((await bookingVenue.client.get('/api/booking/my-shows')).status).toBe(403);
  });
});
