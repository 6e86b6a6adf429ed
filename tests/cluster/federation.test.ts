// Decision 56 on two instances of one site (issue 13's shape): a front that spreads requests over
// both, as a load balancer does, and a server of the fediverse following a venue. Fedify's store
// and queue are Marquee's database, so either instance takes the Follow, either sends the
// Accept and the gig's Event, each once, signed with the one key both serve.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { federationActorKeys, federationFollowers } from '../../src/server/db/schema.ts';
import { markGigsForFederation } from '../../src/server/features/federation/federate-gigs.ts';
import { publishGigsChanged } from '../../src/server/features/live/live-events.ts';
import { createGig, createVenue, dayIn } from '../helpers/factories.ts';
import { startFediverseServer, waitForDelivery, type FediverseServer } from '../helpers/fediverse-server.ts';
import { startCluster, waitFor, type Cluster } from './cluster.ts';

let cluster: Cluster;
let front: http.Server;
let origin: string;
let remote: FediverseServer;

/** A front on its own port: each request goes to the next instance in turn. */
async function startFront(): Promise<{ server: http.Server; port: number; setTargets: (urls: string[]) => void }> {
  let targets: string[] = [];
  let next = 0;
  const server = http.createServer((req, res) => {
    const target = new URL(req.url ?? '/', targets[next++ % targets.length]);
    const upstream = http.request(target, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, setTargets: (urls) => (targets = urls) };
}

beforeAll(async () => {
  const started = await startFront();
  front = started.server;
  origin = `http://localhost:${started.port}`;
  cluster = await startCluster({ env: { PUBLIC_URL: origin, FEDERATION_ALLOW_PRIVATE: 'true' } });
  started.setTargets(cluster.instances.map((i) => i.url));
  remote = await startFediverseServer();
}, 120_000);
afterAll(async () => {
  await remote?.close();
  await cluster?.close();
  await new Promise((resolve) => front?.close(resolve));
});

describe('federation on two instances', () => {
  it('a follow taken by either instance is accepted once, and a new gig reaches the follower once, signed with the one key both serve', async () => {
    const venue = await createVenue(cluster.db, { name: 'Cluster Hall' });
    const actor = `${origin}/ap/actors/venue.clusterhall`;
    // Both instances asked for the actor at once make its keys once.
    const [fromA, fromB] = await Promise.all(
      cluster.instances.map(async (i) => (await (await fetch(`${i.url}/ap/actors/venue.clusterhall`, { headers: { Accept: 'application/activity+json' } })).json()) as { publicKey: { publicKeyPem: string } }),
    );
    expect(fromA!.publicKey.publicKeyPem).toBe(fromB!.publicKey.publicKeyPem);
    expect(await cluster.db.select().from(federationActorKeys).where(eq(federationActorKeys.actor, 'venue.clusterhall'))).toHaveLength(1);

    const response = await remote.post(`${actor}/inbox`, { id: `${remote.origin}/follows/1`, type: 'Follow', actor: remote.actorId(), object: actor });
    expect(response.status).toBe(202);
    const accept = await waitForDelivery(remote, 'the Accept', (d) => d.activity.type === 'Accept');
    expect(accept.signedBy).toBe(actor);
    await waitFor('the follower recorded', async () => (await cluster.db.select().from(federationFollowers).where(eq(federationFollowers.actor, 'venue.clusterhall'))).length === 1);

    const gigId = await createGig(cluster.db, { venueId: venue.id, localDate: dayIn('America/Chicago', 9) });
    await cluster.db.transaction(async (tx) => {
      await markGigsForFederation(tx, [gigId]);
      await publishGigsChanged(tx); // what a booking does: every instance hears it and wakes the job
    });
    const create = await waitForDelivery(remote, 'the Create', (d) => d.activity.type === 'Create', 30_000);
    expect(create.signedBy).toBe(actor);
    expect((create.activity.object as { id: string }).id).toBe(`${origin}/ap/gigs/${gigId}`);
    // Both instances ran the job; the gig went out once.
    await new Promise((r) => setTimeout(r, 4000));
    expect(remote.received.filter((d) => d.activity.type === 'Create')).toHaveLength(1);
    expect(remote.received.filter((d) => d.activity.type === 'Accept')).toHaveLength(1);
  });
});
