// Issue 13: two Marquee processes on one PostgreSQL database, one S3 bucket and one mail server act as one
// site. Requests are spread over both instances in turn; outcomes are read from the shared
// database and the mail server. Runs with `npm run test:cluster` (DATABASE_URL required).
import { ORDER_MESSAGES, PROOF_MESSAGES } from '../../src/core/schemas/tickets.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { gigApplications, gigs, jamSongSlots, outbox, outreachCampaigns, tickets, venueDirectory } from '../../src/server/db/schema.ts';
import { JAM_MESSAGES } from '../../src/core/jam.ts';
import { markEmailVerified, signUpAs } from '../helpers/accounts.ts';
import { createBand, createGig, dayIn } from '../helpers/factories.ts';
import { givePaymentAccount } from '../helpers/payments.ts';
import { imageForm, makeImage } from '../helpers/images.ts';
import { startTestS3Server, type TestS3Server } from '../helpers/s3-server.ts';
import { startTestSmtpServer } from '../helpers/smtp-server.ts';
import { TEST_ORIGIN, type TestClient } from '../helpers/test-app.ts';
import { startCluster, waitFor, type Cluster, type Instance } from './cluster.ts';

const ZONE = 'America/Chicago';
let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
let s3: TestS3Server;
let cluster: Cluster;
let a: Instance;
let b: Instance;
/** What signUpAs needs: a client spread over both instances, and the shared database. */
let site: { client: () => TestClient; db: Cluster['db'] };
let venue: Awaited<ReturnType<typeof signUpAs>>;
let band: Awaited<ReturnType<typeof signUpAs>>;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  s3 = await startTestS3Server();
  cluster = await startCluster({ env: { ...smtp.env, ...s3.env, PUBLIC_CACHE_SECONDS: '300', SIGN_IN_RATE_LIMIT_PER_MINUTE: '5' } });
  [a, b] = cluster.instances as [Instance, Instance];
  site = { client: () => cluster.client(), db: cluster.db };
  venue = await signUpAs(site, 'venue');
  band = await signUpAs(site, 'band');
  await givePaymentAccount(cluster.db, venue.id);
  await givePaymentAccount(cluster.db, band.id);
}, 120_000);
afterAll(async () => {
  await cluster?.close();
  await smtp?.close();
  await s3?.stop();
});

/** Reads a server-sent event stream into a list of event names, until stopped. */
function followLive(instance: Instance) {
  const events: string[] = [];
  const controller = new AbortController();
  const done = (async () => {
    const res = await fetch(`${instance.url}/api/live`, { signal: controller.signal });
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done: ended } = await reader.read();
      if (ended) return 'ended';
      buffer += value;
      for (const match of buffer.matchAll(/^event: (\w+)$/gm)) events.push(match[1]!);
      buffer = buffer.slice(buffer.lastIndexOf('\n') + 1);
    }
  })().catch(() => 'aborted');
  return { events, done, stop: () => controller.abort() };
}

/** The sandbox's hosted checkout page, paid with its test card (a form post, on either instance). */
let payments = 0;
const pay = (url: string) =>
  fetch(`${cluster.instances[payments++ % 2]!.url}${new URL(url).pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_ORIGIN },
    body: new URLSearchParams({ card: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', action: 'pay' }),
    redirect: 'manual',
  });

describe('one site on two instances', () => {
  it('starting together, they prepared the database once', async () => {
    const migrations = await cluster.db.execute(sql`select count(*)::int as n, count(distinct hash)::int as distinct_n from drizzle.__drizzle_migrations`);
    const [row] = migrations.rows as { n: number; distinct_n: number }[];
    expect(row!.n).toBe(row!.distinct_n);
    for (const instance of [a, b]) expect((await fetch(`${instance.url}/readyz`)).status).toBe(200);
  });

  it('a session made on one instance works on the other, and signing out on either ends it', async () => {
    const onA = cluster.clientOf(a);
    const fan = await signUpAs({ client: () => onA, db: cluster.db }, 'fan');
    const onB = cluster.clientOf(b);
    for (const [name, value] of fan.client.cookies) onB.cookies.set(name, value);
    expect((await onB.get('/api/me')).json.me.user).toMatchObject({ id: fan.id });
    expect((await onB.post('/api/auth/sign-out')).status).toBe(200);
    expect((await fan.client.get('/api/me')).json.me).toBeNull();
  });

  it('a photo uploaded through one instance is in the bucket and served by the other', async () => {
    const onA = cluster.clientOf(a);
    for (const [name, value] of band.client.cookies) onA.cookies.set(name, value);
    const uploaded = await onA.post('/api/profile/images?kind=photo', imageForm(await makeImage(640, 360)));
    expect(uploaded.status, uploaded.text).toBe(201);
    const url = uploaded.json.url as string;
    expect((await s3.objects()).has(url.slice('/files/'.length))).toBe(true);
    const fromB = await fetch(`${b.url}${url}`);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe('image/jpeg');
    const fromA = await fetch(`${a.url}${url}`);
    expect(Buffer.from(await fromB.arrayBuffer())).toEqual(Buffer.from(await fromA.arrayBuffer()));
    // Saved through B, shown on the band's site by either.
    const onB = cluster.clientOf(b);
    for (const [name, value] of band.client.cookies) onB.cookies.set(name, value);
    expect((await onB.put('/api/profile/band', { imageUrl: url })).status).toBe(200);
  });

  it('sign-in attempts from one address count on both instances together', async () => {
    const from = cluster.client('203.0.113.7');
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await from.post('/api/auth/sign-in/email', { email: `nobody${i}@cluster.test`, password: 'wrong-password-1' })).status);
    // SIGN_IN_RATE_LIMIT_PER_MINUTE is 5: the sixth attempt is refused, whichever instance takes it.
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });

  it('a gig approved through one instance reaches live pages on the other and clears its public cache', async () => {
    const onA = venue.client; // requests alternate; the approval below is sent to A alone
    const live = followLive(b);
    await waitFor('the live stream on B', () => live.events.includes('ready'));
    const publicOnB = cluster.clientOf(b);
    const listed = async () => ((await publicOnB.get('/api/gigs?region=chicagoland')).json.gigs as { id: string; description?: string }[]).map((g) => g.id);
    const before = await listed();

    const posted = await onA.post('/api/booking/gigs', { localDate: dayIn(ZONE, 5), startTime: '20:00', endTime: '23:00', description: 'Cluster night', loadInSoundCheck: '6pm load in', compensation: '$300' });
    expect(posted.status, posted.text).toBe(201);
    const gigId = posted.json.gigIds[0] as string;
    expect((await band.client.post(`/api/booking/gigs/${gigId}/applications`, {})).status).toBe(201);
    const [application] = await cluster.db.select({ id: gigApplications.id }).from(gigApplications).where(eq(gigApplications.gigId, gigId));
    expect((await cluster.clientOf(a).post(`/api/booking/applications/${application!.id}/approve`)).status).toBe(401); // no session: a stranger
    const venueOnA = cluster.clientOf(a);
    for (const [name, value] of venue.client.cookies) venueOnA.cookies.set(name, value);
    expect((await venueOnA.post(`/api/booking/applications/${application!.id}/approve`)).status).toBe(200);

    await waitFor('the gigs event on B', () => live.events.includes('gigs'));
    expect(before).not.toContain(gigId);
    expect(await listed()).toContain(gigId);
    live.stop();
  });

  it('control: B really caches; a change nobody announces stays unseen there', async () => {
    const publicOnB = cluster.clientOf(b);
    const [gig] = await cluster.db.select({ id: gigs.id }).from(gigs).where(eq(gigs.isApproved, true)).limit(1);
    const read = async () => ((await publicOnB.get('/api/gigs?region=chicagoland')).json.gigs as { id: string; endTime: string }[]).find((g) => g.id === gig!.id);
    const cached = await read();
    await cluster.db.update(gigs).set({ endTime: '23:59' }).where(eq(gigs.id, gig!.id));
    expect(await read()).toEqual(cached);
  });
});

describe('the concurrency guards hold with requests spread over both instances', () => {
  const ticketedGig = (quantity: number) =>
    createGig(cluster.db, { venueId: venue.id, bandId: band.id, localDate: dayIn(ZONE, 10), isTicketed: true, ticketPriceCents: 2000, ticketQuantity: quantity, bandPercent: 60, organiserPercent: 15 });

  it('300 buyers at once for 100 tickets on two instances: never more seats held than exist, and every other buyer told why', async () => {
    const gigId = await ticketedGig(100);
    const answers = await Promise.all(Array.from({ length: 300 }, (_, i) => cluster.client().post('/api/tickets/checkout', { gigId, email: `buyer${i}@cluster.test` })));
    const held = answers.filter((r) => r.status === 201).length;
    // Issue 23 (decision 47): once more seats are held than free, a checkout needs a proof of work
    // (422), and with every seat held buyers are told seats are being paid for (409), not 'Sold out'.
    expect(held).toBeGreaterThanOrEqual(50);
    expect(held).toBeLessThanOrEqual(100);
    for (const refused of answers.filter((r) => r.status !== 201)) {
      expect([PROOF_MESSAGES.needed, ORDER_MESSAGES.beingPaidFor]).toContain(refused.json.error.message);
    }
    const [seats] = await cluster.db.select({ held: gigs.ticketsHeld, sold: gigs.ticketsSold }).from(gigs).where(eq(gigs.id, gigId));
    expect(seats).toEqual({ held, sold: 0 });
  }, 60_000);

  it('200 scans of one ticket at once admit it once; the rest say it was used', async () => {
    const gigId = await ticketedGig(5);
    const buyer = cluster.client();
    const checkout = await buyer.post('/api/tickets/checkout', { gigId, email: 'door@cluster.test' });
    expect((await pay(checkout.json.url as string)).status).toBe(303);
    const ticket = await waitFor('the ticket', async () => (await cluster.db.select({ id: tickets.id }).from(tickets).where(eq(tickets.orderId, checkout.json.orderId as string)))[0]);
    const answers = await Promise.all(Array.from({ length: 200 }, () => venue.client.post('/api/tickets/admit', { code: ticket.id })));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(answers.filter((r) => r.json.isValid)).toHaveLength(1);
    expect(answers.filter((r) => !r.json.isValid).every((r) => r.json.reason === 'already_used')).toBe(true);
  }, 60_000);

  it('200 claims of one empty jam slot at once: exactly one gets it', async () => {
    const session = await venue.client.post('/api/jam/manage/sessions', { localDate: dayIn(ZONE, 3), timeStart: '19:00', timeEnd: '23:00', location: 'The Back Room', houseBand: ['The House Band'] });
    expect(session.status, session.text).toBe(201);
    const host = await signUpAs(site, 'musician');
    const song = await host.client.post(`/api/jam/sessions/${session.json.id as string}/songs`, {});
    expect(song.status, song.text).toBe(201);
    const songId = song.json.songId as string;
    expect((await host.client.put(`/api/jam/songs/${songId}/song`, { value: 'Rush Hour', expected: '' })).status).toBe(200);
    const claimants = await Promise.all(Array.from({ length: 20 }, () => signUpAs(site, 'musician')));
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => claimants[i % 20]!.client.put(`/api/jam/songs/${songId}/drums`, { value: `Drummer ${i}`, expected: '' })));
    expect(answers.filter((r) => r.status === 200), answers[0]!.text).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409 && r.json.error.message === JAM_MESSAGES.changedMeanwhile)).toHaveLength(199);
    const [slot] = await cluster.db.select().from(jamSongSlots).where(and(eq(jamSongSlots.songId, songId), eq(jamSongSlots.slot, 'drums')));
    expect(slot!.name).toBe(`Drummer ${answers.findIndex((r) => r.status === 200)}`);
  }, 90_000);

  it('100 approvals at once on one gig: exactly one books it', async () => {
    const posted = await venue.client.post('/api/booking/gigs', { localDate: dayIn(ZONE, 21), startTime: '20:00', endTime: '23:00', description: 'Race night', loadInSoundCheck: '6pm load in', compensation: '$100' });
    const gigId = posted.json.gigIds[0] as string;
    const bands = await Promise.all(Array.from({ length: 100 }, () => createBand(cluster.db)));
    const applications = await cluster.db.insert(gigApplications).values(bands.map((x) => ({ gigId, bandId: x.id }))).returning({ id: gigApplications.id });
    const answers = await Promise.all(applications.map((x) => venue.client.post(`/api/booking/applications/${x.id}/approve`)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(99);
    const rows = await cluster.db.select({ status: gigApplications.status }).from(gigApplications).where(eq(gigApplications.gigId, gigId));
    expect(rows.filter((r) => r.status === 'accepted')).toHaveLength(1);
  }, 60_000);
});

describe('jobs and e-mail run once', () => {
  it('the weekly digest asked of both instances at once reaches each fan once', async () => {
    await createGig(cluster.db, { venueId: venue.id, bandId: band.id, localDate: dayIn(ZONE, 2) });
    const fans = await Promise.all(Array.from({ length: 6 }, () => signUpAs(site, 'fan')));
    // The digest goes to confirmed addresses only (decision 32).
    for (const fan of fans) await markEmailVerified(cluster, fan.id);
    const admin = await signUpAs(site, 'admin');
    const adminOnA = cluster.clientOf(a);
    const adminOnB = cluster.clientOf(b);
    for (const [name, value] of admin.client.cookies) {
      adminOnA.cookies.set(name, value);
      adminOnB.cookies.set(name, value);
    }
    const answers = await Promise.all([adminOnA.post('/api/admin/weekly-digest'), adminOnB.post('/api/admin/weekly-digest')]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const digestsTo = (email: string) => cluster.db.select({ status: outbox.status }).from(outbox).where(and(eq(outbox.kind, 'weekly_digest'), eq(outbox.toAddress, email)));
    for (const fan of fans) await waitFor(`${fan.email}'s digest to be sent`, async () => (await digestsTo(fan.email)).some((m) => m.status === 'sent'));
    await new Promise((r) => setTimeout(r, 1500)); // time for a second copy, were one coming
    for (const fan of fans) {
      expect(await digestsTo(fan.email)).toHaveLength(1);
      const subject = (await cluster.db.select({ subject: outbox.subject }).from(outbox).where(and(eq(outbox.kind, 'weekly_digest'), eq(outbox.toAddress, fan.email))))[0]!.subject;
      expect(smtp.received.filter((m) => m.to.includes(fan.email) && m.raw.includes(subject.slice(0, 20)))).toHaveLength(1);
    }
  }, 60_000);
});

describe('scheduled jobs run once', () => {
  it('a per-minute job scheduled by both instances runs once a minute, not twice', async () => {
    // process-refunds is only ever queued by its schedule here (nothing in this test refunds).
    const perMinute = async () =>
      (await cluster.db.execute(sql`select date_trunc('minute', created_on) as minute, count(*)::int as runs from pgboss.job where name = 'process-refunds' group by 1 order by 1`)).rows as { minute: string; runs: number }[];
    const minutes = await waitFor('a scheduled run of process-refunds', async () => ((await perMinute()).length ? perMinute() : undefined), 75_000);
    expect(minutes.every((m) => m.runs === 1), JSON.stringify(minutes)).toBe(true);
  }, 90_000);
});

describe('a stopped instance (SIGTERM)', () => {
  it('ends its live streams, hands its campaign to the other instance, and nobody is e-mailed twice', async () => {
    const venues = await cluster.db
      .insert(venueDirectory)
      .values(Array.from({ length: 100 }, (_, i) => ({ name: `Cluster Venue ${i}`, regionSlug: 'denver', email: `v${i}@denver-venues.test` })))
      .returning({ email: venueDirectory.email });
    smtp.delayMs = 100; // several seconds of delivery for the whole campaign, on both instances
    const liveOnA = followLive(a);
    await waitFor('the live stream on A', () => liveOnA.events.includes('ready'));

    const buyer = cluster.client();
    for (const [name, value] of band.client.cookies) buyer.cookies.set(name, value);
    const checkout = await buyer.post('/api/outreach/checkout', { packageId: 'premium', regionSlug: 'denver' });
    expect(checkout.status, checkout.text).toBe(201);
    expect((await pay(checkout.json.url as string)).status).toBe(303);
    const delivered = () => smtp.received.filter((m) => m.to.some((to) => to.endsWith('@denver-venues.test')));
    await waitFor('the campaign to be under way', () => delivered().length >= 10);

    // Either instance may have taken the delivery. B is paused (SIGSTOP) until A has stopped, so
    // the mail still to send is A's: A is certainly delivering when it is told to stop.
    b.process.kill('SIGSTOP');
    try {
      const before = delivered().length;
      await waitFor('A to deliver on its own', () => delivered().length >= before + 3, 90_000);
      const stoppedAt = Date.now();
      a.process.kill('SIGTERM');
      expect(await liveOnA.done).toBe('ended');
      expect(await a.exited).toBe(0);
      expect(Date.now() - stoppedAt).toBeLessThan(20_000);
    } finally {
      b.process.kill('SIGCONT');
    }
    expect(a.output()).toMatch(/stopping: finishing the requests and jobs in flight/);
    // It was delivering when told to stop: the rest of its batch went back to the queue.
    expect(a.output()).toMatch(/job handed back to the queue/);

    const campaignId = checkout.json.campaignId as string;
    await waitFor('B to finish the campaign', async () => (await cluster.db.select({ status: outreachCampaigns.status }).from(outreachCampaigns).where(eq(outreachCampaigns.id, campaignId)))[0]!.status === 'completed', 120_000);
    smtp.delayMs = 0;
    const recipients = delivered().flatMap((m) => m.to);
    expect(recipients).toHaveLength(100);
    expect(new Set(recipients)).toEqual(new Set(venues.map((v) => v.email)));
    const [campaign] = await cluster.db.select().from(outreachCampaigns).where(eq(outreachCampaigns.id, campaignId));
    expect(campaign).toMatchObject({ status: 'completed', venuesReached: 100 });
  }, 180_000);

  it('every e-mail either instance sent reached the mail server exactly once', async () => {
    const sent = await cluster.db.select({ to: outbox.toAddress }).from(outbox).where(eq(outbox.status, 'sent'));
    const tally = (addresses: string[]) => addresses.reduce((counts, to) => counts.set(to.toLowerCase(), (counts.get(to.toLowerCase()) ?? 0) + 1), new Map<string, number>());
    expect(smtp.received.length).toBe(sent.length);
    expect(tally(smtp.received.map((m) => m.to[0]!))).toEqual(tally(sent.map((m) => m.to)));
  });
});
