// Issue 8: gig opportunities, applications and approval, as venues, promoters, bands and
// managers meet them through the API.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNull, like } from 'drizzle-orm';
import { bandBookings, bandFollowers, bandNotices, bandProfiles, gigApplications, gigs, managedArtists, outbox, promoterProfiles, venueProfiles } from '../../src/server/db/schema.ts';
import { mailApplicationOutcomes } from '../../src/server/features/booking/mail-application-outcomes.ts';
import { formatLocalDate, formatTimeRange } from '../../src/core/time.ts';
import { startTestSmtpServer } from '../helpers/smtp-server.ts';
import { BAND_NOT_CHOSEN_MESSAGE, PROMOTER_SPLIT_MESSAGE, VENUE_SPLIT_MESSAGE } from '../../src/core/schemas/gigs.ts';
import { sendPendingBandNotices } from '../../src/server/features/booking/notify-bands.ts';
import { createServices } from '../../src/server/create-services.ts';
import { sendNewGigNotices } from '../../src/server/features/followers/notify-followers.ts';
import { createLogger } from '../../src/server/logger.ts';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app.ts';
import { signUpAs, verifyVenue } from '../helpers/accounts.ts';
import { createBand, dayIn } from '../helpers/factories.ts';

const ZONE = 'America/Chicago';
let t: TestApp;
let venue: { client: TestClient; id: string };
let otherVenue: { client: TestClient; id: string };
let band: { client: TestClient; id: string };
let manager: { client: TestClient; id: string };
let artistId: string;
let venueName: string;

const gigForm = (over: Record<string, unknown> = {}) => ({
  localDate: dayIn(ZONE, 14),
  startTime: '19:00',
  endTime: '22:00',
  description: 'Friday night rock',
  loadInSoundCheck: '5pm load in, 6pm sound check',
  compensation: '$200 guarantee',
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  venue = await signUpAs(t, 'venue');
  otherVenue = await signUpAs(t, 'venue');
  // Ticket sales and a directly booked band need a verified venue (decision 33; its own suite tests the rule).
  await verifyVenue(t, venue.id);
  await verifyVenue(t, otherVenue.id);
  band = await signUpAs(t, 'band');
  manager = await signUpAs(t, 'artist_manager');
  const [artist] = await t.db.insert(managedArtists).values({ managerId: manager.id, name: 'The Managed Ones', genre: 'Jazz' }).returning();
  artistId = artist!.id;
});
afterAll(() => t.close());

async function postGig(client: TestClient, over: Record<string, unknown> = {}) {
  const res = await client.post('/api/booking/gigs', gigForm(over));
  expect(res.status, res.text).toBe(201);
  return res.json.gigIds[0] as string;
}

describe('posting gig opportunities', () => {
  it('a venue posts a gig: unapproved, at its own venue, in its region', async () => {
    const res = await venue.client.post('/api/booking/gigs', gigForm({ coverCharge: '$10' }));
    expect(res.status, res.text).toBe(201);
    expect(res.json.message).toBe('Gig opportunity created successfully!');
    const [gig] = await t.db.select().from(gigs).where(eq(gigs.id, res.json.gigIds[0]));
    expect(gig).toMatchObject({ venueId: venue.id, isApproved: false, status: 'open', regionSlug: 'chicagoland', coverCharge: '$10', isTicketed: false });
  });

  it.each([
    [{ startTime: '19:05' }, 'startTime'],
    [{ endTime: '24:00' }, 'endTime'],
    [{ description: '' }, 'description'],
    [{ loadInSoundCheck: ' ' }, 'loadInSoundCheck'],
    [{ compensation: undefined }, 'compensation'],
    [{ localDate: '2026-02-30' }, 'localDate'],
    [{ localDate: dayIn(ZONE, -1) }, 'localDate'],
  ])('refuses %j, naming the field', async (over, field) => {
    const res = await venue.client.post('/api/booking/gigs', gigForm(over));
    expect(res.status).toBe(422);
    expect(res.json.error.fields).toHaveProperty(field);
  });

  it('checks the ticket split: each 0-75, totalling 75, with the venue and promoter messages', async () => {
    const bad = await venue.client.post('/api/booking/gigs', gigForm({ ticketing: { isEnabled: true, priceCents: '15.00', quantity: 100, bandPercent: 50, organiserPercent: 30 } }));
    expect(bad.status).toBe(422);
    expect(bad.json.error.message).toBe(VENUE_SPLIT_MESSAGE);
    const over = await venue.client.post('/api/booking/gigs', gigForm({ ticketing: { isEnabled: true, priceCents: '15', quantity: 100, bandPercent: 80, organiserPercent: -5 } }));
    expect(over.status).toBe(422);
    const ok = await venue.client.post('/api/booking/gigs', gigForm({ ticketing: { isEnabled: true, priceCents: '15.50', quantity: 120, bandPercent: 60, organiserPercent: 15 } }));
    expect(ok.status, ok.text).toBe(201);
    const [gig] = await t.db.select().from(gigs).where(eq(gigs.id, ok.json.gigIds[0]));
    expect(gig).toMatchObject({ isTicketed: true, ticketPriceCents: 1550, ticketQuantity: 120, ticketsSold: 0, bandPercent: 60, organiserPercent: 15 });
  });

  it("a gig with its band already chosen is booked at once and public; without a band it says so", async () => {
    const missing = await venue.client.post('/api/booking/gigs', gigForm({ isBandChosen: true }));
    expect(missing.status).toBe(422);
    expect(missing.json.error.fields.bandId).toBe(BAND_NOT_CHOSEN_MESSAGE);
    const id = await postGig(venue.client, { isBandChosen: true, bandId: band.id, localDate: dayIn(ZONE, 3) });
    const [gig] = await t.db.select().from(gigs).where(eq(gigs.id, id));
    expect(gig).toMatchObject({ isApproved: true, status: 'confirmed', bandId: band.id });
    const publicList = await t.client().get('/api/regions/chicago/gigs');
    expect(publicList.json.gigs.map((g: { id: string }) => g.id)).toContain(id);
  });

  it('a weekly series makes 1 to 10 gigs 7 days apart, keeping 7 pm across the end of daylight saving (D8)', async () => {
    const res = await venue.client.post('/api/booking/gigs', gigForm({ localDate: '2027-10-24', recurringWeeks: 3 }));
    expect(res.status, res.text).toBe(201);
    expect(res.json.message).toBe('Successfully created 3 recurring gig opportunities!');
    const series = await t.db.select().from(gigs).where(inArray(gigs.id, res.json.gigIds)).orderBy(gigs.localDate);
    expect(series.map((g) => g.localDate)).toEqual(['2027-10-24', '2027-10-31', '2027-11-07']);
    expect(series.every((g) => g.startTime === '19:00')).toBe(true);
    // 19:00 CDT is 00:00 UTC; after the clocks go back on 7 November, 19:00 CST is 01:00 UTC.
    expect(series.map((g) => g.startsAt.toISOString())).toEqual(['2027-10-25T00:00:00.000Z', '2027-11-01T00:00:00.000Z', '2027-11-08T01:00:00.000Z']);
    expect((await venue.client.post('/api/booking/gigs', gigForm({ recurringWeeks: 11 }))).status).toBe(422);
  });

  it('a promoter posts only for its associated venues, with its own split message', async () => {
    const promoter = await signUpAs(t, 'promoter', { venueIds: [venue.id] });
    expect((await venue.client.post(`/api/venue/promoters/${promoter.id}`, { decision: 'accept' })).status).toBe(200);
    const noVenue = await promoter.client.post('/api/booking/gigs', gigForm());
    expect(noVenue.status).toBe(422);
    expect(noVenue.json.error.fields.venueId).toBeTruthy();
    expect((await promoter.client.post('/api/booking/gigs', gigForm({ venueId: otherVenue.id }))).status).toBe(403);
    const split = await promoter.client.post('/api/booking/gigs', gigForm({ venueId: venue.id, ticketing: { isEnabled: true, priceCents: '10', quantity: 50, bandPercent: 50, organiserPercent: 20 } }));
    expect(split.json.error.message).toBe(PROMOTER_SPLIT_MESSAGE);
    const id = await postGig(promoter.client, { venueId: venue.id });
    const [gig] = await t.db.select().from(gigs).where(eq(gigs.id, id));
    expect(gig).toMatchObject({ venueId: venue.id, promoterId: promoter.id });
    // The promoter runs its gig; the venue's dashboard does not offer it for approval.
    const venueDashboard = await venue.client.get('/api/booking/dashboard');
    expect(venueDashboard.json.gigs.map((g: { id: string }) => g.id)).not.toContain(id);
    const promoterDashboard = await promoter.client.get('/api/booking/dashboard');
    expect(promoterDashboard.json.gigs.map((g: { id: string }) => g.id)).toEqual([id]);
    expect(promoterDashboard.json.venues.map((v: { id: string }) => v.id)).toEqual([venue.id]);

    const lonely = await signUpAs(t, 'promoter');
    const none = await lonely.client.post('/api/booking/gigs', gigForm());
    expect(none.status).toBe(409);
  });
});

describe('editing and deleting', () => {
  it('the owner edits inline: ticketing on with a split, then off; band % stays 0-75', async () => {
    const id = await postGig(venue.client);
    const on = await venue.client.put(`/api/booking/gigs/${id}`, gigForm({ description: 'Now ticketed', ticketing: { isEnabled: true, priceCents: '12', quantity: 80, bandPercent: 75, organiserPercent: 0 } }));
    expect(on.status, on.text).toBe(200);
    expect(on.json.message).toBe('Gig updated successfully!');
    expect((await venue.client.put(`/api/booking/gigs/${id}`, gigForm({ ticketing: { isEnabled: true, priceCents: '12', quantity: 80, bandPercent: 76, organiserPercent: -1 } }))).status).toBe(422);
    expect((await venue.client.put(`/api/booking/gigs/${id}`, gigForm({ ticketing: { isEnabled: false } }))).status).toBe(200);
    const [gig] = await t.db.select().from(gigs).where(eq(gigs.id, id));
    expect(gig).toMatchObject({ description: 'Friday night rock', isTicketed: false, ticketPriceCents: null });
  });

  it("another venue's gig id is not found, to edit or to delete", async () => {
    const id = await postGig(venue.client);
    expect((await otherVenue.client.put(`/api/booking/gigs/${id}`, gigForm())).status).toBe(404);
    expect((await otherVenue.client.delete(`/api/booking/gigs/${id}`)).status).toBe(404);
    expect((await band.client.delete(`/api/booking/gigs/${id}`)).status).toBe(403);
  });

  it('deleting removes the gig and its applications; a gig with sold tickets stays, and says why', async () => {
    const id = await postGig(venue.client);
    expect((await band.client.post(`/api/booking/gigs/${id}/applications`, {})).status).toBe(201);
    const res = await venue.client.delete(`/api/booking/gigs/${id}`);
    expect(res.json.message).toBe('Gig deleted successfully!');
    expect(await t.db.select().from(gigApplications).where(eq(gigApplications.gigId, id))).toEqual([]);

    const sold = await postGig(venue.client, { ticketing: { isEnabled: true, priceCents: '10', quantity: 10, bandPercent: 50, organiserPercent: 25 } });
    await t.db.update(gigs).set({ ticketsSold: 2 }).where(eq(gigs.id, sold));
    const refused = await venue.client.delete(`/api/booking/gigs/${sold}`);
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toMatch(/sold tickets/);
    const turnOff = await venue.client.put(`/api/booking/gigs/${sold}`, gigForm({ ticketing: { isEnabled: false } }));
    expect(turnOff.status).toBe(409);
  });
});

describe('applying and approving', () => {
  it('a band applies once; a manager applies for one of its own artists only; other roles cannot', async () => {
    const id = await postGig(venue.client);
    expect((await band.client.post(`/api/booking/gigs/${id}/applications`, {})).status).toBe(201);
    const again = await band.client.post(`/api/booking/gigs/${id}/applications`, {});
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe('You have already applied to this gig.');

    expect((await manager.client.post(`/api/booking/gigs/${id}/applications`, {})).status).toBe(422);
    const stranger = await signUpAs(t, 'artist_manager');
    const [theirs] = await t.db.insert(managedArtists).values({ managerId: stranger.id, name: 'Not Yours' }).returning();
    expect((await manager.client.post(`/api/booking/gigs/${id}/applications`, { managedArtistId: theirs!.id })).status).toBe(422);
    expect((await manager.client.post(`/api/booking/gigs/${id}/applications`, { managedArtistId: artistId })).status).toBe(201);

    const fan = await signUpAs(t, 'fan');
    expect((await fan.client.post(`/api/booking/gigs/${id}/applications`, {})).status).toBe(403);
    expect((await venue.client.post(`/api/booking/gigs/${id}/applications`, {})).status).toBe(403);
  });

  it('approving books the band, accepts it, rejects the rest, and the gig goes public; the manager sees Rejected', async () => {
    const id = await postGig(venue.client, { localDate: dayIn(ZONE, 5) });
    await band.client.post(`/api/booking/gigs/${id}/applications`, {});
    await manager.client.post(`/api/booking/gigs/${id}/applications`, { managedArtistId: artistId });
    const open = await band.client.get('/api/booking/open-gigs');
    expect(open.json.gigs.find((g: { id: string }) => g.id === id).applications).toEqual([{ status: 'pending', artistId: null, artistName: null }]);

    const dashboard = await venue.client.get('/api/booking/dashboard');
    const card = dashboard.json.gigs.find((g: { id: string }) => g.id === id);
    expect(card.tab).toBe('pending');
    const bandCard = card.applications.find((a: { siteSlug: string | null }) => a.siteSlug);
    expect(bandCard).toMatchObject({ status: 'pending', genres: [] });
    expect(card.applications.find((a: { managerName: string | null }) => a.managerName)).toMatchObject({ name: 'The Managed Ones', genres: ['Jazz'] });

    expect((await otherVenue.client.post(`/api/booking/applications/${bandCard.id}/approve`)).status).toBe(404);
    expect((await venue.client.post(`/api/booking/applications/${bandCard.id}/approve`)).status).toBe(200);
    const [gig] = await t.db.select().from(gigs).where(eq(gigs.id, id));
    expect(gig).toMatchObject({ isApproved: true, status: 'confirmed', bandId: band.id });
    const statuses = await t.db.select({ bandId: gigApplications.bandId, status: gigApplications.status }).from(gigApplications).where(eq(gigApplications.gigId, id));
    expect(statuses.find((s) => s.bandId === band.id)?.status).toBe('accepted');
    expect(statuses.find((s) => s.bandId === null)?.status).toBe('rejected');

    const mine = await manager.client.get('/api/booking/my-applications');
    expect(mine.json.applications.find((a: { gigId: string }) => a.gigId === id)).toMatchObject({ status: 'rejected', artistName: 'The Managed Ones' });
    const publicList = await t.client().get('/api/regions/chicago/gigs');
    expect(publicList.json.gigs.map((g: { id: string }) => g.id)).toContain(id);
    const approvedTab = await venue.client.get('/api/booking/dashboard?tab=approved');
    expect(approvedTab.json.gigs.find((g: { id: string }) => g.id === id)).toMatchObject({ tab: 'approved', bookedName: expect.any(String) });
    expect(approvedTab.json.counts.approved).toBeGreaterThan(0);
    // A booked gig takes no more applications.
    expect((await (await signUpAs(t, 'band')).client.post(`/api/booking/gigs/${id}/applications`, {})).status).toBe(409);
  });

  it('rejecting touches only that application', async () => {
    const id = await postGig(venue.client);
    await band.client.post(`/api/booking/gigs/${id}/applications`, {});
    await manager.client.post(`/api/booking/gigs/${id}/applications`, { managedArtistId: artistId });
    const [first] = await t.db.select().from(gigApplications).where(and(eq(gigApplications.gigId, id), eq(gigApplications.bandId, band.id)));
    expect((await venue.client.post(`/api/booking/applications/${first!.id}/reject`)).status).toBe(200);
    const rows = await t.db.select({ status: gigApplications.status }).from(gigApplications).where(eq(gigApplications.gigId, id));
    expect(rows.map((r) => r.status).sort()).toEqual(['pending', 'rejected']);
    const [gig] = await t.db.select().from(gigs).where(eq(gigs.id, id));
    expect(gig?.isApproved).toBe(false);
  });
});

describe('a hundred approvals at once on one gig', () => {
  async function gigWithApplicants(n: number) {
    const id = await postGig(venue.client);
    const bands = await Promise.all(Array.from({ length: n }, () => createBand(t.db)));
    return { id, applications: await t.db.insert(gigApplications).values(bands.map((b) => ({ gigId: id, bandId: b.id }))).returning({ id: gigApplications.id }) };
  }

  it('exactly one is accepted and books the gig; the rest are told it is taken', async () => {
    const { id, applications } = await gigWithApplicants(100);
    const answers = await Promise.all(applications.map((a) => venue.client.post(`/api/booking/applications/${a.id}/approve`)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409).every((r) => r.json.error.message === 'This gig already has its band.')).toBe(true);
    const rows = await t.db.select({ status: gigApplications.status, bandId: gigApplications.bandId }).from(gigApplications).where(eq(gigApplications.gigId, id));
    expect(rows.filter((r) => r.status === 'accepted')).toHaveLength(1);
    expect(rows.filter((r) => r.status === 'rejected')).toHaveLength(99);
    const [gig] = await t.db.select().from(gigs).where(eq(gigs.id, id));
    expect(gig?.bandId).toBe(rows.find((r) => r.status === 'accepted')?.bandId);
  });

  it('control: reading "still open?" and then writing lets several approvals through', async () => {
    const { id, applications } = await gigWithApplicants(20);
    const naiveApprove = async (applicationId: string) => {
      const [gig] = await t.db.select({ isApproved: gigs.isApproved }).from(gigs).where(eq(gigs.id, id));
      if (gig?.isApproved) return false;
      await t.db.update(gigs).set({ isApproved: true }).where(eq(gigs.id, id));
      await t.db.update(gigApplications).set({ status: 'accepted' }).where(eq(gigApplications.id, applicationId));
      return true;
    };
    const wins = await Promise.all(applications.map((a) => naiveApprove(a.id)));
    expect(wins.filter(Boolean).length).toBeGreaterThan(1);
  });
});

describe("telling a band's followers about its new gig (D19)", () => {
  it('confirmed followers hear once; pending and unsubscribed ones do not', async () => {
    const booked = await createBand(t.db, { name: 'Followed Band' });
    const now = new Date();
    await t.db.insert(bandFollowers).values([
      { bandId: booked.id, email: 'fan-confirmed@followers.test', unsubscribeToken: randomUUID(), confirmedAt: now },
      { bandId: booked.id, email: 'fan-pending@followers.test', unsubscribeToken: randomUUID() },
      { bandId: booked.id, email: 'fan-gone@followers.test', unsubscribeToken: randomUUID(), confirmedAt: now, unsubscribedAt: now },
    ]);
    await sendNewGigNotices(t.services);
    const gigId = await postGig(venue.client, { isBandChosen: true, bandId: booked.id, localDate: dayIn(ZONE, 6) });
    // D34: the venue chose the band itself, so followers wait while the band may still decline.
    expect(await sendNewGigNotices(t.services)).toBe(0);
    await t.db.update(bandBookings).set({ createdAt: new Date(Date.now() - 25 * 3600_000) }).where(eq(bandBookings.gigId, gigId));
    expect(await sendNewGigNotices(t.services)).toBe(1);
    expect(await sendNewGigNotices(t.services)).toBe(0);
    const mails = await t.db.select().from(outbox).where(and(eq(outbox.kind, 'new_gig'), like(outbox.subject, 'Followed Band has a new show:%')));
    expect(mails.map((m) => m.toAddress)).toEqual(['fan-confirmed@followers.test']);
    expect(mails[0]!.textBody).toContain('{{secret:unsubscribe}}');
    expect(mails[0]!.secrets).toMatchObject({ unsubscribe: expect.stringContaining('/unsubscribe?token=') });
  });
});

describe('notify bands', () => {
  it('e-mails each chosen band about the venue once, however often the form is sent', async () => {
    await postGig(venue.client, { localDate: dayIn(ZONE, 9) });
    const bands = await Promise.all([createBand(t.db, { name: 'Notice One' }), createBand(t.db, { name: 'Notice Two' })]);
    const requestId = randomUUID();
    const body = { bandIds: bands.map((b) => b.id), requestId };
    const first = await venue.client.post('/api/booking/notify-bands', body);
    expect(first.status, first.text).toBe(202);
    expect(first.json.message).toMatch(/^2 bands will get an e-mail about Venue [\w]+'s open gigs\.$/);
    expect((await venue.client.post('/api/booking/notify-bands', body)).status).toBe(202);
    expect(await t.db.select().from(bandNotices).where(eq(bandNotices.id, requestId))).toHaveLength(1);

    expect(await sendPendingBandNotices(t.services)).toBe(1);
    expect(await sendPendingBandNotices(t.services)).toBe(0);
    const mails = await t.db.select().from(outbox).where(eq(outbox.kind, 'band_notice'));
    expect(mails).toHaveLength(2);
    expect(mails[0]!.textBody).toContain('/dashboard');
    expect(mails[0]!.subject).toMatch(/^Venue \w+ is booking: open gigs on Marquee$/);
    venueName = mails[0]!.subject.replace(' is booking: open gigs on Marquee', '');

    expect((await venue.client.post('/api/booking/notify-bands', { bandIds: [], requestId: randomUUID() })).status).toBe(422);
    expect((await band.client.post('/api/booking/notify-bands', body)).status).toBe(403);
  });

  it('a notice recorded before a restart is sent by the job queue when the server comes back', async () => {
    const band = await createBand(t.db, { name: 'After Restart' });
    // This app runs no job queue: the notice is recorded, and its wake-up is lost.
    const res = await venue.client.post('/api/booking/notify-bands', { bandIds: [band.id], requestId: randomUUID() });
    expect(res.status).toBe(202);
    const restarted = await createServices(t.services.env, t.services.database, createLogger('silent'), { startJobs: true, listenLive: false });
    try {
      await expect
        .poll(async () => (await t.db.select().from(outbox).where(and(eq(outbox.kind, 'band_notice'), eq(outbox.subject, `${venueName} is booking: open gigs on Marquee`)))).length, { timeout: 15_000 })
        .toBeGreaterThanOrEqual(3);
      expect((await t.db.select().from(bandNotices).where(isNull(bandNotices.sentAt))).length).toBe(0);
    } finally {
      await restarted.close();
    }
  });
});

describe('telling applicants the outcome (decision 37)', () => {
  const outcomeMails = (to: string) => t.db.select().from(outbox).where(and(eq(outbox.kind, 'application_outcome'), eq(outbox.toAddress, to)));

  it('approving says what happened; then the booked band and every applicant turned down get one e-mail each, however often the job runs', async () => {
    const id = await postGig(venue.client, { localDate: dayIn(ZONE, 8), description: 'Outcome night' });
    const chosen = await signUpAs(t, 'band');
    const turnedDownEarlier = await signUpAs(t, 'band');
    const outcomeManager = await signUpAs(t, 'artist_manager');
    const [artist] = await t.db.insert(managedArtists).values({ managerId: outcomeManager.id, name: 'The Outcome Trio' }).returning();
    for (const applicant of [chosen, turnedDownEarlier]) expect((await applicant.client.post(`/api/booking/gigs/${id}/applications`, {})).status).toBe(201);
    expect((await outcomeManager.client.post(`/api/booking/gigs/${id}/applications`, { managedArtistId: artist!.id })).status).toBe(201);
    const applicationOf = async (bandId: string) => (await t.db.select().from(gigApplications).where(and(eq(gigApplications.gigId, id), eq(gigApplications.bandId, bandId))))[0]!;

    // Turned down while the gig is open: told once the gig is booked, not before.
    expect((await venue.client.post(`/api/booking/applications/${(await applicationOf(turnedDownEarlier.id)).id}/reject`)).status).toBe(200);
    await mailApplicationOutcomes(t.services);
    expect(await outcomeMails(turnedDownEarlier.email)).toHaveLength(0);

    const approved = await venue.client.post(`/api/booking/applications/${(await applicationOf(chosen.id)).id}/approve`);
    expect(approved.status, approved.text).toBe(200);
    const [chosenProfile] = await t.db.select({ name: bandProfiles.name }).from(bandProfiles).where(eq(bandProfiles.userId, chosen.id));
    const name = chosenProfile!.name;
    const [venueProfile] = await t.db.select({ name: venueProfiles.name }).from(venueProfiles).where(eq(venueProfiles.userId, venue.id));
    const venueName = venueProfile!.name;
    expect(approved.json.message).toBe(`${name} is booked for ${formatLocalDate(dayIn(ZONE, 8))}. ${name} and the other 2 applicants will get an e-mail with the outcome.`);

    // The job twice at once, then again: each applicant's e-mail is written once.
    await Promise.all([mailApplicationOutcomes(t.services), mailApplicationOutcomes(t.services)]);
    await mailApplicationOutcomes(t.services);
    const [booked] = await outcomeMails(chosen.email);
    expect(await outcomeMails(chosen.email)).toHaveLength(1);
    expect(booked!.subject).toBe(`You're booked: ${name} at ${venueName}, ${formatLocalDate(dayIn(ZONE, 8))}, ${formatTimeRange(dayIn(ZONE, 8), '19:00', '22:00', ZONE)}`);
    expect(booked!.textBody).toContain(`${venueName} approved your application: ${name} is booked to play`);
    const [toManager] = await outcomeMails(outcomeManager.email);
    expect(await outcomeMails(outcomeManager.email)).toHaveLength(1);
    expect(toManager!.subject).toMatch(/: another act was booked$/);
    expect(toManager!.textBody).toContain('Thank you for applying for The Outcome Trio');
    expect(await outcomeMails(turnedDownEarlier.email)).toHaveLength(1);
    expect(await t.db.select().from(gigApplications).where(and(eq(gigApplications.gigId, id), isNull(gigApplications.outcomeMailedAt)))).toEqual([]);
  });

  it('the e-mails reach a real mail server once each, even when the job runs twice', async () => {
    const smtp = await startTestSmtpServer();
    const app = await createTestApp({ env: smtp.env });
    try {
      const organiser = await signUpAs(app, 'venue');
      const chosen = await signUpAs(app, 'band');
      const other = await signUpAs(app, 'band');
      const res = await organiser.client.post('/api/booking/gigs', gigForm({ localDate: dayIn(ZONE, 12) }));
      const id = res.json.gigIds[0] as string;
      for (const applicant of [chosen, other]) await applicant.client.post(`/api/booking/gigs/${id}/applications`, {});
      const [application] = await app.db.select().from(gigApplications).where(and(eq(gigApplications.gigId, id), eq(gigApplications.bandId, chosen.id)));
      expect((await organiser.client.post(`/api/booking/applications/${application!.id}/approve`)).status).toBe(200);
      expect(await mailApplicationOutcomes(app.services)).toBe(2);
      expect(await mailApplicationOutcomes(app.services)).toBe(0);
      await app.services.mailer.deliverQueued();
      await app.services.mailer.deliverQueued();
      // Headers unfolded, as a mail client reads them.
      const outcomes = (to: string) => smtp.received.map((m) => ({ ...m, raw: m.raw.replace(/\r?\n[ \t]+/g, ' ') })).filter((m) => m.to.includes(to) && /Subject: .*booked/.test(m.raw));
      expect(outcomes(chosen.email)).toHaveLength(1);
      expect(outcomes(chosen.email)[0]!.raw).toMatch(/Subject: You're booked:/);
      expect(outcomes(other.email)).toHaveLength(1);
      expect(outcomes(other.email)[0]!.raw).toMatch(/another act was booked/);
    } finally {
      await app.close();
      await smtp.close();
    }
  }, 120_000);
});

describe("a venue's view of promoters' gigs at it (issue 21)", () => {
  it('lists them read-only with the promoter name; the venue cannot edit, delete or decide them', async () => {
    const promoter = await signUpAs(t, 'promoter', { venueIds: [venue.id] });
    expect((await venue.client.post(`/api/venue/promoters/${promoter.id}`, { decision: 'accept' })).status).toBe(200);
    const id = await postGig(promoter.client, { venueId: venue.id, localDate: dayIn(ZONE, 4), description: 'Promoter night' });
    expect((await band.client.post(`/api/booking/gigs/${id}/applications`, {})).status).toBe(201);

    const dashboard = await venue.client.get('/api/booking/dashboard');
    const listed = dashboard.json.promoterGigs.gigs.find((g: { id: string }) => g.id === id);
    const [promoterProfile] = await t.db.select({ name: promoterProfiles.name }).from(promoterProfiles).where(eq(promoterProfiles.userId, promoter.id));
    expect(listed).toMatchObject({ description: 'Promoter night', promoterName: promoterProfile!.name, isApproved: false, applicantCount: 1, bookedName: null });
    expect(dashboard.json.promoterGigs.total).toBeGreaterThanOrEqual(1);
    expect(dashboard.json.gigs.map((g: { id: string }) => g.id)).not.toContain(id);

    const [application] = await t.db.select().from(gigApplications).where(eq(gigApplications.gigId, id));
    expect((await venue.client.put(`/api/booking/gigs/${id}`, gigForm())).status).toBe(404);
    expect((await venue.client.delete(`/api/booking/gigs/${id}`)).status).toBe(404);
    expect((await venue.client.post(`/api/booking/applications/${application!.id}/approve`)).status).toBe(404);
    expect((await venue.client.post(`/api/booking/applications/${application!.id}/reject`)).status).toBe(404);
    expect((await t.db.select().from(gigApplications).where(eq(gigApplications.id, application!.id)))[0]!.status).toBe('pending');

    // The promoter sees it as its own gig, and no list of others'.
    const own = await promoter.client.get('/api/booking/dashboard');
    expect(own.json.gigs.map((g: { id: string }) => g.id)).toContain(id);
    expect(own.json.promoterGigs).toEqual({ total: 0, gigs: [] });
    // Another venue sees nothing of it.
    expect((await otherVenue.client.get('/api/booking/dashboard')).json.promoterGigs.gigs.map((g: { id: string }) => g.id)).not.toContain(id);
  });
});

describe('the link to a gig just posted (issue 21)', () => {
  it('opens the tab and page that show the gig; a gig not the organiser’s is ignored', async () => {
    const id = await postGig(venue.client, { localDate: dayIn(ZONE, 700), description: 'Far ahead' });
    const res = await venue.client.get(`/api/booking/dashboard?gigId=${id}`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ tab: 'pending', focusGigId: id });
    expect(res.json.page).toBe(Math.ceil(res.json.counts.pending / res.json.pageSize));
    expect(res.json.gigs.map((g: { id: string }) => g.id)).toContain(id);

    const booked = await postGig(venue.client, { localDate: dayIn(ZONE, 2), isBandChosen: true, bandId: band.id });
    const approved = await venue.client.get(`/api/booking/dashboard?gigId=${booked}`);
    expect(approved.json).toMatchObject({ tab: 'approved', page: 1, focusGigId: booked });

    const theirs = await otherVenue.client.get(`/api/booking/dashboard?gigId=${id}`);
    expect(theirs.json).toMatchObject({ focusGigId: null, page: 1 });
    expect(theirs.json.gigs.map((g: { id: string }) => g.id)).not.toContain(id);
  });
});
