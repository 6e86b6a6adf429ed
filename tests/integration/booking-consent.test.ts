// Issue 20, findings 2 (consent half) and 3, decision 34: a band booked with 'Band already
// Chosen' is told and can decline; a promoter's venues are requests the venue decides on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { gigs, outbox } from '../../src/server/db/schema.ts';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app.ts';
import { signUpAs, verifyVenue } from '../helpers/accounts.ts';
import { createVenue, dayIn } from '../helpers/factories.ts';

const ZONE = 'America/Chicago';
type Account = { client: TestClient; id: string; email: string };
let t: TestApp;

const gigForm = (over: Record<string, unknown> = {}) => ({
  localDate: dayIn(ZONE, 10),
  startTime: '20:00',
  endTime: '23:00',
  description: 'Saturday headline show',
  loadInSoundCheck: '6pm load in',
  compensation: '$300 guarantee',
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const mailsTo = (to: string, kind: string) => t.db.select().from(outbox).where(and(eq(outbox.toAddress, to), eq(outbox.kind, kind)));
/** The decline link's token, as the band's mail client receives it (the outbox row's secret). */
const tokenOf = (link: string) => link.split('/booking/decline/')[1]!;

describe("a band booked with 'Band already Chosen' (D34)", () => {
  let venue: Account;
  let band: Account;
  beforeAll(async () => {
    venue = await signUpAs(t, 'venue');
    // Only a verified venue books a band directly (D33).
    await verifyVenue(t, venue.id);
    band = await signUpAs(t, 'band');
  });

  async function bookBand(over: Record<string, unknown> = {}) {
    const res = await venue.client.post('/api/booking/gigs', gigForm({ isBandChosen: true, bandId: band.id, ...over }));
    expect(res.status, res.text).toBe(201);
    return res.json.gigIds as string[];
  }

  it('is e-mailed at once with a secret decline link that declines once, reopens the gig and tells the organiser', async () => {
    const [gigId] = await bookBand({ localDate: dayIn(ZONE, 11) });
    // The spec's immediate booking stays: the gig is booked and public at once.
    expect((await t.client().get('/api/regions/chicago/gigs')).json.gigs.map((g: { id: string }) => g.id)).toContain(gigId);

    const [mail] = await mailsTo(band.email, 'band_booked');
    expect(mail!.subject).toMatch(/^Venue \w+ booked Band \w+ on Marquee$/);
    expect(mail!.textBody).toContain('Decline this booking: {{secret:decline0}}');
    const link = mail!.secrets!.decline0!;
    expect(link).toMatch(/^http:\/\/localhost:3000\/booking\/decline\/[\w-]{43}$/);
    // The outbox keeps only the hash: nothing stored in the gig's booking row reveals the token.
    expect(JSON.stringify(await t.db.select().from(gigs).where(eq(gigs.id, gigId!)))).not.toContain(tokenOf(link));

    // Opening the page (or a mail scanner prefetching it) only reads.
    const preview = await t.client().get(`/api/booking/declines/${tokenOf(link)}`);
    expect(preview.status, preview.text).toBe(200);
    expect(preview.json).toMatchObject({ gigId, canDecline: true, isDeclined: false, venueName: expect.stringMatching(/^Venue /) });
    expect((await t.client().get(`/api/booking/declines/${tokenOf(link)}`)).json.canDecline).toBe(true);

    const declined = await t.client().post('/api/booking/declines', { token: tokenOf(link) });
    expect(declined.status, declined.text).toBe(200);
    expect(declined.json.message).toMatch(/^You declined the gig at Venue \w+ on .+ has been told, and the gig is open to other bands again\.$/);
    const [gig] = await t.db.select().from(gigs).where(eq(gigs.id, gigId!));
    expect(gig).toMatchObject({ bandId: null, isApproved: false, status: 'open' });
    // Open again for applicants, and off the public lists.
    expect((await t.client().get('/api/regions/chicago/gigs')).json.gigs.map((g: { id: string }) => g.id)).not.toContain(gigId);
    const open = await band.client.get('/api/booking/open-gigs');
    expect(open.json.gigs.map((g: { id: string }) => g.id)).toContain(gigId);

    const [told] = await mailsTo(venue.email, 'band_declined_booking');
    expect(told!.subject).toMatch(/^Band \w+ declined your booking at Venue \w+$/);
    expect(told!.textBody).toContain('The gig is open again');

    const again = await t.client().post('/api/booking/declines', { token: tokenOf(link) });
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe('You have already declined this booking. The organiser has been told.');
    expect(await mailsTo(venue.email, 'band_declined_booking')).toHaveLength(1);
    expect((await t.client().get(`/api/booking/declines/${tokenOf(link)}`)).json).toMatchObject({ isDeclined: true, canDecline: false });
  });

  it('a wrong or partial link says so and changes nothing', async () => {
    const wrong = await t.client().post('/api/booking/declines', { token: 'x'.repeat(43) });
    expect(wrong.status).toBe(404);
    expect(wrong.json.error.message).toMatch(/^This decline link is not valid\./);
    expect((await t.client().get(`/api/booking/declines/${'y'.repeat(43)}`)).status).toBe(404);
    expect((await t.client().post('/api/booking/declines', { token: 'short' })).status).toBe(422);
  });

  it("shows on the band's dashboard, where only that band can decline it", async () => {
    const [gigId] = await bookBand({ localDate: dayIn(ZONE, 12) });
    const mine = await band.client.get('/api/booking/my-shows');
    expect(mine.json.shows.find((b: { gigId: string }) => b.gigId === gigId)).toMatchObject({ isBookedForYou: true, hasTickets: false });

    const stranger = await signUpAs(t, 'band');
    expect((await stranger.client.get('/api/booking/my-shows')).json.shows).toEqual([]);
    expect((await stranger.client.post(`/api/booking/gigs/${gigId}/decline`, {})).status).toBe(404);
    expect((await venue.client.post(`/api/booking/gigs/${gigId}/decline`, {})).status).toBe(403);

    const declined = await band.client.post(`/api/booking/gigs/${gigId}/decline`, {});
    expect(declined.status, declined.text).toBe(200);
    expect((await band.client.get('/api/booking/my-shows')).json.shows.map((b: { gigId: string }) => b.gigId)).not.toContain(gigId);
    expect((await band.client.post(`/api/booking/gigs/${gigId}/decline`, {})).status).toBe(409);
  });

  it('a weekly series sends one e-mail with a link per date', async () => {
    const before = (await mailsTo(band.email, 'band_booked')).length;
    const gigIds = await bookBand({ localDate: dayIn(ZONE, 20), recurringWeeks: 3 });
    const mails = await mailsTo(band.email, 'band_booked');
    expect(mails).toHaveLength(before + 1);
    const series = mails.find((m) => m.textBody.includes('3 gigs'))!;
    expect(Object.keys(series.secrets!)).toEqual(['decline0', 'decline1', 'decline2']);
    const first = await t.client().get(`/api/booking/declines/${tokenOf(series.secrets!.decline0!)}`);
    expect(first.json.gigId).toBe(gigIds[0]);
  });

  it('once tickets are being bought, declining is refused with whom to contact, and the gig stays booked', async () => {
    const [gigId] = await bookBand({ localDate: dayIn(ZONE, 13), ticketing: { isEnabled: true, priceCents: '15', quantity: 100, bandPercent: 50, organiserPercent: 25 } });
    const checkout = await t.client().post('/api/tickets/checkout', { gigId, email: 'early-fan@consent.test' });
    expect(checkout.status, checkout.text).toBe(201);

    const refused = await band.client.post(`/api/booking/gigs/${gigId}/decline`, {});
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toBe(
      `Tickets have already been sold for this gig, so it can no longer be declined here. Please write to ${(await venue.client.get('/api/me')).json.me.profile.name} at ${venue.email}, or to Marquee through the Contact page.`,
    );
    const [gig] = await t.db.select().from(gigs).where(eq(gigs.id, gigId!));
    expect(gig).toMatchObject({ bandId: band.id, isApproved: true });
    expect((await band.client.get('/api/booking/my-shows')).json.shows.find((b: { gigId: string }) => b.gigId === gigId)).toMatchObject({ hasTickets: true });
  });
});

describe('a promoter and the venues it works with (D34)', () => {
  let venue: Account;
  let promoter: Account;

  beforeAll(async () => {
    venue = await signUpAs(t, 'venue');
    await verifyVenue(t, venue.id);
    // The probe: a stranger registers as a promoter naming this venue's id.
    promoter = await signUpAs(t, 'promoter', { venueIds: [venue.id] });
  });

  const postAtVenue = () => promoter.client.post('/api/booking/gigs', gigForm({ venueId: venue.id }));

  it('a venue chosen at registration is only a request: the promoter cannot post there or tell bands about it', async () => {
    const posted = await postAtVenue();
    expect(posted.status).toBe(409);
    expect(posted.json.error.message).toBe('Please add the venues you work with to your promoter profile before posting a gig.');
    const notice = await promoter.client.post('/api/booking/notify-bands', { venueId: venue.id, bandIds: [venue.id], requestId: crypto.randomUUID() });
    expect(notice.status).toBe(403);
    expect((await promoter.client.get('/api/booking/dashboard')).json.venues).toEqual([]);
    const own = (await promoter.client.get('/api/profile')).json.profile;
    expect(own.venueRequests).toEqual([{ id: venue.id, name: expect.stringMatching(/^Venue /), status: 'pending' }]);
    expect((await promoter.client.get('/api/me')).json.me.profile.venues).toEqual([expect.stringMatching(/^Venue \w+ \(waiting for the venue\)$/)]);

    const [asked] = await mailsTo(venue.email, 'promoter_venue_request');
    expect(asked!.subject).toMatch(/^Promoter \w+ asks to put on gigs at Venue \w+$/);
    const requests = (await venue.client.get('/api/venue/promoters')).json.requests;
    expect(requests).toEqual([expect.objectContaining({ promoterId: promoter.id, status: 'pending', email: promoter.email })]);
  });

  it('after the venue accepts, the promoter posts there', async () => {
    const accepted = await venue.client.post(`/api/venue/promoters/${promoter.id}`, { decision: 'accept' });
    expect(accepted.status, accepted.text).toBe(200);
    expect((await mailsTo(promoter.email, 'promoter_venue_decision'))[0]!.subject).toMatch(/accepted your promoter request$/);
    expect((await postAtVenue()).status).toBe(201);
    expect((await venue.client.post(`/api/venue/promoters/${promoter.id}`, { decision: 'accept' })).status).toBe(409);
  });

  it('after the venue ends it, the promoter posts no new gigs there but still runs the ones it has', async () => {
    const existing = (await promoter.client.get('/api/booking/dashboard')).json.gigs[0].id as string;
    expect((await venue.client.post(`/api/venue/promoters/${promoter.id}`, { decision: 'end' })).status).toBe(200);
    expect((await postAtVenue()).status).toBe(409);
    const edited = await promoter.client.put(`/api/booking/gigs/${existing}`, { ...gigForm(), description: 'Still on', ticketing: { isEnabled: false } });
    expect(edited.status, edited.text).toBe(200);
    expect((await promoter.client.get('/api/booking/dashboard')).json.gigs.map((g: { id: string }) => g.id)).toEqual([existing]);
    // Listing the venue again in the editor asks nothing: the venue's answer stands until it accepts again.
    await promoter.client.put('/api/profile/promoter', { venueIds: [venue.id] });
    expect((await promoter.client.get('/api/profile')).json.profile.venueRequests[0].status).toBe('ended');
    expect(await mailsTo(venue.email, 'promoter_venue_request')).toHaveLength(1);
  });

  it('a venue declines a request; only venues decide, and only on their own requests', async () => {
    const other = await signUpAs(t, 'promoter');
    expect((await other.client.put('/api/profile/promoter', { venueIds: [venue.id] })).status).toBe(200);
    const stranger = await signUpAs(t, 'venue');
    expect((await stranger.client.post(`/api/venue/promoters/${other.id}`, { decision: 'accept' })).status).toBe(404);
    expect((await other.client.post(`/api/venue/promoters/${other.id}`, { decision: 'accept' })).status).toBe(403);
    expect((await venue.client.post(`/api/venue/promoters/${other.id}`, { decision: 'end' })).status).toBe(409);
    expect((await venue.client.post(`/api/venue/promoters/${other.id}`, { decision: 'decline' })).status).toBe(200);
    expect((await other.client.get('/api/profile')).json.profile.venueRequests[0].status).toBe('declined');
    expect((await other.client.post('/api/booking/gigs', gigForm({ venueId: venue.id }))).status).toBe(409);
  });
});

describe('limits (D34)', () => {
  it('a promoter asks at most 20 new venues a day, so venues are not e-mailed again and again', async () => {
    const limited = await createTestApp({ isRateLimitEnabled: true });
    try {
      const promoter = await signUpAs(limited, 'promoter');
      const venues = await Promise.all(Array.from({ length: 21 }, () => createVenue(limited.db)));
      const first = await promoter.client.put('/api/profile/promoter', { venueIds: venues.slice(0, 20).map((v) => v.id) });
      expect(first.status, first.text).toBe(200);
      // Withdrawing and asking again counts as asking again.
      expect((await promoter.client.put('/api/profile/promoter', { venueIds: [] })).status).toBe(200);
      const again = await promoter.client.put('/api/profile/promoter', { venueIds: [venues[20]!.id] });
      expect(again.status).toBe(429);
      expect(again.json.error.fields.venueIds).toBe('You have asked many venues today. Please try again tomorrow.');
      expect((await promoter.client.get('/api/profile')).json.profile.venueRequests).toEqual([]);
    } finally {
      await limited.close();
    }
  });
});
