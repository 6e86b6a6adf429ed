// ActivityPub (issue 26, decision 56): a Marquee site served on a port, and a minimal server of
// the fediverse beside it, as Mastodon would be. The remote account follows a venue and a band,
// hears of a new gig (the venue's Create, the band's boost), its change and its deletion, each
// delivery signed and checked; after an Undo it hears nothing more. Bad requests are refused.
import { Ajv } from 'ajv';
import nodeInfoSchema from '../fixtures/nodeinfo-2.1.schema.json' with { type: 'json' };
import { request as httpRequest, type Server as HttpServer } from 'node:http';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { federatedGigs, federationFollowers, gigs } from '../../src/server/db/schema.ts';
import { federatePendingGigs, markGigsForFederation, UPDATE_QUIET_SECONDS } from '../../src/server/features/federation/federate-gigs.ts';
import { declineBookingAsBand, FOLLOWER_MAIL_WAIT_HOURS, recordBandBookings } from '../../src/server/features/booking/band-bookings.ts';
import type { SessionUser } from '../../src/server/http/session.ts';
import { QUEUES } from '../../src/server/jobs/job-queue.ts';
import { serveApp } from '../../src/server/http/serve-app.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createBand, createGig, createVenue, dayIn } from '../helpers/factories.ts';
import { startFediverseServer, waitForDelivery, type FediverseServer } from '../helpers/fediverse-server.ts';
import { freePort } from '../helpers/free-port.ts';

/**
 * Posts a body with node:http and reads the status, which arrives even when the server answers
 * (413) before reading the whole body and closes the connection under the sender (fetch then fails).
 */
function postRaw(url: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: 'POST', headers: { 'Content-Type': 'application/activity+json', 'Content-Length': Buffer.byteLength(body) } }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', (error) => (request.writableEnded ? undefined : reject(error)));
    request.end(body);
  });
}

let t: TestApp;
let http: HttpServer;
let origin: string;
let remote: FediverseServer;
let venue: { id: string; name: string; slug: string };
let band: { id: string; name: string; slug: string };

const AS = 'application/activity+json';
const getJson = async (path: string, accept = AS) => {
  const response = await fetch(`${origin}${path}`, { headers: { Accept: accept }, redirect: 'manual' });
  return { status: response.status, headers: response.headers, body: response.headers.get('content-type')?.includes('json') ? ((await response.json()) as Record<string, unknown>) : null };
};
/** Wakes the job that sends marked gigs (the live wake-up is not on in tests). */
const wake = () => t.services.jobs!.send(QUEUES.federateGigs);

beforeAll(async () => {
  const port = await freePort();
  origin = `http://localhost:${port}`;
  t = await createTestApp({
    env: { PUBLIC_URL: origin, FEDERATION_ALLOW_PRIVATE: 'true', FEDERATION_BLOCKED_HOSTS: 'blocked.example,*.spam.example' },
    startJobs: true,
  });
  // Every interface (IPv4 and IPv6), as `localhost` may be either.
  http = serveApp(t.app, { port });
  remote = await startFediverseServer();
  venue = await createVenue(t.db, { name: 'Fedi Hall', address: '12 Wire St, Chicago, IL 60607' });
  band = await createBand(t.db, { name: 'The Fedi Tones', genres: ['Post Punk'] });
}, 60_000);

afterAll(async () => {
  await remote?.close();
  await new Promise((resolve) => http?.close(resolve));
  await t?.close();
});

describe('actors others can find', () => {
  it('WebFinger names a venue by its handle and NodeInfo says the site speaks ActivityPub', async () => {
    const finger = await getJson(`/.well-known/webfinger?resource=acct:fedihall@localhost:${new URL(origin).port}`, 'application/jrd+json');
    expect(finger.status).toBe(200);
    const links = finger.body!.links as { rel: string; href?: string; type?: string }[];
    expect(links.find((l) => l.rel === 'self')?.href).toBe(`${origin}/ap/actors/venue.fedihall`);
    const unknown = await getJson(`/.well-known/webfinger?resource=acct:nobody-here@localhost:${new URL(origin).port}`, 'application/jrd+json');
    expect(unknown.status).toBe(404);

    const wellKnown = await getJson('/.well-known/nodeinfo', 'application/json');
    const href = (wellKnown.body!.links as { href: string }[])[0]!.href;
    const nodeinfo = await getJson(new URL(href).pathname, 'application/json');
    expect(nodeinfo.body).toMatchObject({ software: { name: 'marquee' }, protocols: ['activitypub'] });
    // Issue 35: the document passes the published NodeInfo 2.1 schema (which has no top-level "$schema").
    const validate = new Ajv({ strict: false, allErrors: true }).compile(nodeInfoSchema);
    expect(validate(nodeinfo.body), JSON.stringify(validate.errors)).toBe(true);
  });

  it("an actor has its name, page, inbox and public key; a browser is sent to the venue's page", async () => {
    const actor = await getJson('/ap/actors/venue.fedihall');
    expect(actor.status).toBe(200);
    expect(actor.body).toMatchObject({ type: 'Organization', preferredUsername: 'fedihall', name: 'Fedi Hall', url: `${origin}/venue/fediHall`, inbox: `${origin}/ap/actors/venue.fedihall/inbox` });
    expect((actor.body!.publicKey as { publicKeyPem: string }).publicKeyPem).toContain('BEGIN PUBLIC KEY');
    const region = await getJson('/ap/actors/region.chicagoland');
    expect(region.body).toMatchObject({ type: 'Service', preferredUsername: 'chicagoland' });
    const page = await getJson('/ap/actors/venue.fedihall', 'text/html');
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe(`${origin}/venue/fediHall`);
    expect((await getJson('/ap/actors/venue.nosuchplace')).status).toBe(404);
  });

  it("a page's address pasted into a fediverse search leads to its actor; a browser still gets the page", async () => {
    const venuePage = await getJson('/venue/fediHall');
    expect(venuePage.status).toBe(302);
    expect(venuePage.headers.get('location')).toBe(`${origin}/ap/actors/venue.fedihall`);
    const regionPath = (await t.db.select({ path: sql<string>`path` }).from(sql`regions`).where(sql`slug = 'chicagoland'`))[0]!.path;
    expect((await getJson(regionPath)).headers.get('location')).toBe(`${origin}/ap/actors/region.chicagoland`);
    const bandSite = await t.app.request('/', { headers: { host: `thefeditones.${new URL(origin).host}`, accept: AS } });
    expect(bandSite.headers.get('location')).toBe(`${origin}/ap/actors/band.thefeditones`);
    expect(venuePage.headers.get('vary')).toContain('Accept');
    const browser = await getJson('/venue/fediHall', 'text/html');
    expect(browser.status).not.toBe(302);
    expect(browser.headers.get('vary')).toContain('Accept');
    expect((await getJson('/venue/noSuchVenue')).status).not.toBe(302);
    // Other addresses go on as before, whatever is asked for.
    const robots = await fetch(`${origin}/robots.txt`, { headers: { Accept: AS } });
    expect(robots.status).toBe(200);
    expect(await robots.text()).toContain('User-agent');
  });
});

describe('following, hearing of gigs, unfollowing', () => {
  const inboxOf = (identifier: string) => `${origin}/ap/actors/${identifier}/inbox`;
  let gigId: string;

  it('a follow is accepted with a signed Accept and recorded', async () => {
    for (const [n, identifier] of [[1, 'venue.fedihall'], [2, 'band.thefeditones']] as const) {
      const response = await remote.post(inboxOf(identifier), { id: `${remote.origin}/follows/${n}`, type: 'Follow', actor: remote.actorId(), object: `${origin}/ap/actors/${identifier}` });
      expect(response.status, await response.text()).toBe(202);
    }
    const accept = await waitForDelivery(remote, 'the Accept', (d) => d.activity.type === 'Accept' && d.activity.actor === `${origin}/ap/actors/venue.fedihall`);
    expect(accept.signedBy).toBe(`${origin}/ap/actors/venue.fedihall`);
    // Inbox work runs from the queue: both follows are recorded within moments.
    await expect
      .poll(async () => (await t.db.select().from(federationFollowers).where(eq(federationFollowers.followerUri, remote.actorId()))).map((f) => f.actor).sort(), { timeout: 10_000 })
      .toEqual(['band.thefeditones', 'venue.fedihall']);
    const collection = await getJson('/ap/actors/venue.fedihall/followers');
    expect(collection.body).toMatchObject({ totalItems: 1 });
  });

  it("a new gig reaches the venue's followers as a signed Create of an Event with its time, zone and place, and the band's as a boost", async () => {
    // The remote server fails the first two deliveries of the Create: the queue retries it with backoff.
    remote.failNext('Create', 2);
    gigId = await createGig(t.db, { venueId: venue.id, bandId: band.id, localDate: dayIn('America/Chicago', 10), startTime: '20:00', endTime: '23:00', isTicketed: true, ticketPriceCents: 1500, ticketQuantity: 100 });
    await markGigsForFederation(t.db, [gigId]);
    await wake();
    const create = await waitForDelivery(remote, 'the Create', (d) => d.activity.type === 'Create');
    expect(create.signedBy).toBe(`${origin}/ap/actors/venue.fedihall`);
    const event = create.activity.object as Record<string, unknown>;
    expect(event).toMatchObject({
      type: 'Event',
      id: `${origin}/ap/gigs/${gigId}`,
      name: 'The Fedi Tones at Fedi Hall',
      timezone: 'America/Chicago',
      attributedTo: `${origin}/ap/actors/venue.fedihall`,
      location: { type: 'Place', name: 'Fedi Hall', address: { type: 'PostalAddress', streetAddress: '12 Wire St', addressLocality: 'Chicago', addressRegion: 'IL', postalCode: '60607', addressCountry: 'US' } },
      'ical:status': 'CONFIRMED',
      joinMode: 'external',
    });
    expect(event.startTime).toMatch(/^\d{4}-\d\d-\d\dT20:00:00-0[56]:00$/);
    expect(String(event.externalParticipationUrl)).toContain(`gigId=${gigId}`);

    expect(remote.refusedCount()).toBe(2);
    expect(remote.received.filter((d) => d.activity.type === 'Create')).toHaveLength(1);
    const boost = await waitForDelivery(remote, 'the band’s boost', (d) => d.activity.type === 'Announce');
    expect(boost.signedBy).toBe(`${origin}/ap/actors/band.thefeditones`);
    expect(boost.activity.object).toBe(`${origin}/ap/gigs/${gigId}`);
    // The boosted Event can be fetched by its address.
    const fetched = await getJson(`/ap/gigs/${gigId}`);
    expect(fetched.body).toMatchObject({ type: 'Event', name: 'The Fedi Tones at Fedi Hall' });

    // Issue 35 (ActivityPub §4.1): each actor has an outbox listing what it sent: the venue's Create, the band's boost.
    for (const [actor, type] of [['venue.fedihall', 'Create'], ['band.thefeditones', 'Announce']] as const) {
      const document = await getJson(`/ap/actors/${actor}`);
      expect(document.body!.outbox).toBe(`${origin}/ap/actors/${actor}/outbox`);
      const outbox = await getJson(`/ap/actors/${actor}/outbox`);
      expect(outbox.body).toMatchObject({ type: 'OrderedCollection', totalItems: 1 });
      const first = await getJson(new URL(outbox.body!.first as string).pathname + new URL(outbox.body!.first as string).search);
      expect(first.body).toMatchObject({ type: 'OrderedCollectionPage' });
      expect(first.body!.orderedItems).toEqual([expect.objectContaining({ type, actor: `${origin}/ap/actors/${actor}`, object: `${origin}/ap/gigs/${gigId}` })]);
    }
  });

  it('a change is sent once as an Update, and a deleted gig as a Delete', async () => {
    await t.db.update(gigs).set({ startTime: '21:00', updatedAt: new Date() }).where(eq(gigs.id, gigId));
    await markGigsForFederation(t.db, [gigId]);
    // An Update waits until the gig has been quiet a while (issue 33): the job's run after that.
    await federatePendingGigs(t.services, { now: new Date(Date.now() + (UPDATE_QUIET_SECONDS + 1) * 1000) });
    const update = await waitForDelivery(remote, 'the Update', (d) => d.activity.type === 'Update');
    expect((update.activity.object as { startTime: string }).startTime).toMatch(/T21:00:00/);
    // Issue 35: Mastodon ignores an Event's Update, so a change of when or who is also the venue's reply to the gig's post.
    const note = await waitForDelivery(remote, 'the change note', (d) => d.activity.type === 'Create' && (d.activity.object as { type: string }).type === 'Note');
    expect(note.signedBy).toBe(`${origin}/ap/actors/venue.fedihall`);
    expect(note.activity.object).toMatchObject({ type: 'Note', inReplyTo: `${origin}/ap/gigs/${gigId}`, attributedTo: `${origin}/ap/actors/venue.fedihall` });
    expect((note.activity.object as { content: string }).content).toMatch(/^<p>Changed: The Fedi Tones at Fedi Hall is now on .+, 9:00 PM - 11:00 PM C[SD]T\. <a href="/);

    // As deleteGig does: the row goes, marked in the same transaction.
    await t.db.transaction(async (tx) => {
      await tx.delete(gigs).where(eq(gigs.id, gigId));
      await markGigsForFederation(tx, [gigId]);
    });
    await wake();
    const deletion = await waitForDelivery(remote, 'the Delete', (d) => d.activity.type === 'Delete');
    expect(deletion.signedBy).toBe(`${origin}/ap/actors/venue.fedihall`);
    expect(deletion.activity.object).toMatchObject({ id: `${origin}/ap/gigs/${gigId}`, type: 'Tombstone' });
    expect(remote.received.filter((d) => d.activity.type === 'Update')).toHaveLength(1);
    expect(remote.received.filter((d) => d.activity.type === 'Create' && (d.activity.object as { type: string }).type === 'Event')).toHaveLength(1);
    expect(remote.received.filter((d) => d.activity.type === 'Create' && (d.activity.object as { type: string }).type === 'Note')).toHaveLength(1);
    expect(remote.received.every((d) => d.signedBy !== null)).toBe(true);
  });

  it('a gig reopened (Delete) and booked again comes back under a new address; a cancelled one is deleted', async () => {
    const again = await createGig(t.db, { venueId: venue.id, bandId: band.id, localDate: dayIn('America/Chicago', 11) });
    const creates = () => remote.received.filter((d) => d.activity.type === 'Create' && (d.activity.object as { id: string }).id.includes(again));
    const deletes = () => remote.received.filter((d) => d.activity.type === 'Delete' && (d.activity.object as { id: string }).id.includes(again));
    const step = async (change: Partial<typeof gigs.$inferInsert>) => {
      await t.db.update(gigs).set(change).where(eq(gigs.id, again));
      await markGigsForFederation(t.db, [again]);
      await wake();
    };
    await step({ updatedAt: new Date() });
    await expect.poll(() => creates().length, { timeout: 20_000 }).toBe(1);
    await step({ isApproved: false, bandId: null });
    await expect.poll(() => deletes().length, { timeout: 20_000 }).toBe(1);
    await step({ isApproved: true, bandId: band.id });
    await expect.poll(() => creates().length, { timeout: 20_000 }).toBe(2);
    // Servers keep a tombstone for the first address, so the second publication has its own.
    expect((creates()[1]!.activity.object as { id: string }).id).toBe(`${origin}/ap/gigs/${again}.1`);
    expect((await getJson(`/ap/gigs/${again}`)).status).toBe(404);
    expect((await getJson(`/ap/gigs/${again}.1`)).status).toBe(200);
    await step({ cancelledAt: new Date() });
    await expect.poll(() => deletes().length, { timeout: 20_000 }).toBe(2);
    expect(deletes()[1]!.activity.object).toMatchObject({ id: `${origin}/ap/gigs/${again}.1` });
  });

  it('after an Undo of the follows, a new gig reaches nobody', async () => {
    for (const [n, identifier] of [[1, 'venue.fedihall'], [2, 'band.thefeditones']] as const) {
      const follow = { id: `${remote.origin}/follows/${n}`, type: 'Follow', actor: remote.actorId(), object: `${origin}/ap/actors/${identifier}` };
      const response = await remote.post(inboxOf(identifier), { id: `${remote.origin}/undo/${n}`, type: 'Undo', actor: remote.actorId(), object: follow });
      expect(response.status).toBe(202);
    }
    await expect.poll(async () => (await t.db.select().from(federationFollowers).where(eq(federationFollowers.followerUri, remote.actorId()))).length, { timeout: 10_000 }).toBe(0);
    const before = remote.received.length;
    const quiet = await createGig(t.db, { venueId: venue.id, bandId: band.id, localDate: dayIn('America/Chicago', 12) });
    await markGigsForFederation(t.db, [quiet]);
    await wake();
    // The job ran to its end (the gig is neither pending nor claimed) and sent nothing.
    await expect
      .poll(async () => {
        const [row] = await t.db.select().from(federatedGigs).where(eq(federatedGigs.gigId, quiet));
        return row && !row.isPending && row.claimedUntil === null && row.lastSentAt !== null;
      }, { timeout: 10_000 })
      .toBe(true);
    await new Promise((r) => setTimeout(r, 3000));
    expect(remote.received.length).toBe(before);
  });
});

describe('edit bursts and pre-picked bands (issue 33)', () => {
  let fan: FediverseServer;
  const inboxOf = (identifier: string) => `${origin}/ap/actors/${identifier}/inbox`;
  /** The job's clock, moved on (the job reads it for its waits; leases keep the real time). */
  const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000);
  const about = (gigId: string, type: string) => fan.received.filter((d) => d.activity.type === type && JSON.stringify(d.activity).includes(gigId));
  const rowOf = async (gigId: string) => (await t.db.select().from(federatedGigs).where(eq(federatedGigs.gigId, gigId)))[0];
  /** Booked with 'Band already Chosen', as createGigOpportunities does: the consent row and the mark in one transaction. */
  async function prePicked(days: number) {
    const gigId = await createGig(t.db, { venueId: venue.id, bandId: band.id, localDate: dayIn('America/Chicago', days) });
    await t.db.transaction(async (tx) => {
      await recordBandBookings(t.services, tx, band.id, [gigId]);
      await markGigsForFederation(tx, [gigId]);
    });
    return gigId;
  }

  beforeAll(async () => {
    fan = await startFediverseServer({ username: 'burstfan' });
    for (const [n, identifier] of [[1, 'venue.fedihall'], [2, 'band.thefeditones']] as const) {
      const response = await fan.post(inboxOf(identifier), { id: `${fan.origin}/follows/${n}`, type: 'Follow', actor: fan.actorId(), object: `${origin}/ap/actors/${identifier}` });
      expect(response.status, await response.text()).toBe(202);
    }
    // Inbox work runs from the queue: both follows are recorded within moments.
    for (let tries = 0; (await t.db.select().from(federationFollowers).where(eq(federationFollowers.followerUri, fan.actorId()))).length < 2; tries++) {
      if (tries === 100) throw new Error('the follows were not recorded');
      await new Promise((r) => setTimeout(r, 100));
    }
  });
  afterAll(() => fan?.close());

  it('20 edits of a sent gig, with the job running between them, go out as one Update once the gig is quiet', async () => {
    const gigId = await createGig(t.db, { venueId: venue.id, bandId: band.id, localDate: dayIn('America/Chicago', 13) });
    await markGigsForFederation(t.db, [gigId]);
    await federatePendingGigs(t.services);
    await waitForDelivery(fan, 'the Create', (d) => d.activity.type === 'Create' && JSON.stringify(d.activity).includes(gigId));

    let sentWhileEditing = 0;
    for (let i = 1; i <= 20; i++) {
      await t.db.update(gigs).set({ description: `Edit number ${i}`, updatedAt: new Date() }).where(eq(gigs.id, gigId));
      await markGigsForFederation(t.db, [gigId]);
      sentWhileEditing += await federatePendingGigs(t.services);
    }
    expect(sentWhileEditing).toBe(0);
    expect((await rowOf(gigId))?.isPending).toBe(true);

    expect(await federatePendingGigs(t.services, { now: inSeconds(UPDATE_QUIET_SECONDS + 1) })).toBe(1);
    const update = await waitForDelivery(fan, 'the Update', (d) => d.activity.type === 'Update' && JSON.stringify(d.activity).includes(gigId));
    expect(JSON.stringify(update.activity.object)).toContain('Edit number 20');
    expect((await rowOf(gigId))?.isPending).toBe(false);
    expect(await federatePendingGigs(t.services, { now: inSeconds(UPDATE_QUIET_SECONDS * 2) })).toBe(0);
    expect(about(gigId, 'Update')).toHaveLength(1);
    // Only the description changed: no reply note (its when and who are as sent).
    expect(fan.received.filter((d) => d.activity.type === 'Create' && (d.activity.object as { type: string }).type === 'Note' && JSON.stringify(d.activity).includes(gigId))).toHaveLength(0);
  });

  it("a pre-picked band's gig is neither created nor boosted before the band's window to decline has passed, then once each", async () => {
    const gigId = await prePicked(14);
    expect(await federatePendingGigs(t.services)).toBe(0);
    expect(await federatePendingGigs(t.services, { now: inSeconds((FOLLOWER_MAIL_WAIT_HOURS * 60 - 1) * 60) })).toBe(0);
    expect((await rowOf(gigId))?.firstSentAt).toBeNull();
    expect(about(gigId, 'Create')).toHaveLength(0);
    expect(about(gigId, 'Announce')).toHaveLength(0);

    expect(await federatePendingGigs(t.services, { now: inSeconds((FOLLOWER_MAIL_WAIT_HOURS * 60 + 1) * 60) })).toBe(1);
    await waitForDelivery(fan, 'the Create', (d) => d.activity.type === 'Create' && JSON.stringify(d.activity).includes(gigId));
    await waitForDelivery(fan, 'the band’s boost', (d) => d.activity.type === 'Announce' && JSON.stringify(d.activity).includes(gigId));
    expect(await federatePendingGigs(t.services, { now: inSeconds((FOLLOWER_MAIL_WAIT_HOURS * 60 + 2) * 60) })).toBe(0);
    expect(about(gigId, 'Create')).toHaveLength(1);
    expect(about(gigId, 'Announce')).toHaveLength(1);
  });

  it('a band that declines within the window: the gig was never sent', async () => {
    const gigId = await prePicked(15);
    expect(await federatePendingGigs(t.services)).toBe(0);
    await declineBookingAsBand(t.services, { id: band.id, role: 'band' } as SessionUser, gigId);
    expect(await federatePendingGigs(t.services, { now: inSeconds((FOLLOWER_MAIL_WAIT_HOURS * 60 + 1) * 60) })).toBe(0);
    const row = await rowOf(gigId);
    expect(row?.isPending).toBe(false);
    expect(row?.firstSentAt).toBeNull();
    expect(fan.received.some((d) => JSON.stringify(d.activity).includes(gigId))).toBe(false);
  });
});

describe('refused inbox requests', () => {
  const inbox = () => `${origin}/ap/actors/venue.fedihall/inbox`;
  const follow = () => ({ id: `${remote.origin}/follows/x`, type: 'Follow', actor: remote.actorId(), object: `${origin}/ap/actors/venue.fedihall` });

  it('an unsigned activity, or one whose signature does not match its body, is refused', async () => {
    const unsigned = await remote.post(inbox(), follow(), { isSigned: false });
    expect(unsigned.status, await unsigned.text()).toBe(401);
    // Signed, then altered on the way: the same signature over another body.
    const original = await remote.sign(inbox(), follow());
    const altered = await fetch(inbox(), { method: 'POST', headers: original.headers, body: JSON.stringify({ ...follow(), id: `${remote.origin}/follows/altered` }) });
    expect([400, 401]).toContain(altered.status);
    expect(await t.db.select().from(federationFollowers).where(eq(federationFollowers.followerUri, remote.actorId()))).toHaveLength(0);
  });

  it('a blocked server, an oversized body, a wrong type and a malformed envelope are refused, and the site keeps serving', async () => {
    const fromBlocked = { ...follow(), actor: 'https://mastodon.blocked.example/users/troll' };
    const blocked = await remote.post(inbox(), fromBlocked);
    expect(blocked.status).toBe(403);
    const sub = await remote.post(inbox(), { ...follow(), actor: 'https://a.spam.example/users/x' });
    expect(sub.status).toBe(403);
    expect(await postRaw(inbox(), JSON.stringify({ ...follow(), content: 'x'.repeat(300 * 1024) }))).toBe(413);
    const wrongType = await fetch(inbox(), { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'hello' });
    expect(wrongType.status).toBe(415);
    const notJson = await remote.post(inbox(), {}, { body: '{"type": "Follow", ' });
    expect(notJson.status).toBe(400);
    const noActor = await remote.post(inbox(), {}, { body: JSON.stringify({ type: 'Follow', object: 'x' }) });
    expect(noActor.status).toBe(400);
    expect(await noActor.json()).toEqual({ error: 'The activity needs an actor.' });
    expect((await getJson('/ap/actors/venue.fedihall')).status).toBe(200);
  });
});

describe('the operator switch', () => {
  it('with FEDERATION off, WebFinger, NodeInfo, actors and inboxes are 404', async () => {
    const off = await createTestApp({ env: { FEDERATION: 'false' } });
    try {
      for (const path of ['/.well-known/webfinger?resource=acct:fedihall@localhost:3000', '/.well-known/nodeinfo', '/nodeinfo/2.1', '/ap/actors/region.chicagoland']) {
        expect((await off.app.request(path, { headers: { Accept: AS } })).status, path).toBe(404);
      }
      expect((await off.app.request('/ap/inbox', { method: 'POST', headers: { 'Content-Type': AS }, body: '{}' })).status).toBe(404);
    } finally {
      await off.close();
    }
  });
});
