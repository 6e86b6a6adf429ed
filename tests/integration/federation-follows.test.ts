// Issue 33, finding 6: where Marquee delivers to a follower is read from the follower's own actor
// document, fetched by its id, never from the actor object a Follow carries inside it. A Marquee
// site served on a port and minimal fediverse servers beside it (tests/helpers/fediverse-server.ts).
import type { Server as HttpServer } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Endpoints, Person } from '@fedify/fedify/vocab';
import { federationFollowers } from '../../src/server/db/schema.ts';
import { followerDelivery } from '../../src/server/features/federation/create-federation.ts';
import { serveApp } from '../../src/server/http/serve-app.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { startFediverseServer, waitForDelivery, type FediverseServer } from '../helpers/fediverse-server.ts';
import { freePort } from '../helpers/free-port.ts';

let t: TestApp;
let http: HttpServer;
let origin: string;
const remotes: FediverseServer[] = [];

beforeAll(async () => {
  const port = await freePort();
  origin = `http://localhost:${port}`;
  t = await createTestApp({ env: { PUBLIC_URL: origin, FEDERATION_ALLOW_PRIVATE: 'true' }, startJobs: true });
  http = serveApp(t.app, { port });
}, 60_000);

afterAll(async () => {
  await Promise.all(remotes.map((remote) => remote.close()));
  await new Promise((resolve) => http?.close(resolve));
  await t?.close();
});

/** A remote account of its own, so no other test's follows are in the way. */
async function remoteAccount(username: string) {
  const remote = await startFediverseServer({ username });
  remotes.push(remote);
  return remote;
}

const followerRow = async (remote: FediverseServer) => (await t.db.select().from(federationFollowers).where(eq(federationFollowers.followerUri, remote.actorId())))[0] ?? null;
const regionActor = () => `${origin}/ap/actors/region.chicagoland`;

describe("a Follow's embedded actor object", () => {
  it('does not choose the inbox: the inbox and shared inbox stored are those of the actor document fetched by its id', async () => {
    const mallory = await remoteAccount('mallory');
    const response = await mallory.post(`${regionActor()}/inbox`, {
      id: `${mallory.origin}/follows/embedded`,
      type: 'Follow',
      actor: { type: 'Person', id: mallory.actorId(), inbox: 'https://victim.example/users/someone/inbox', endpoints: { sharedInbox: 'https://victim.example/inbox' } },
      object: regionActor(),
    });
    expect(response.status, await response.text()).toBe(202);
    await expect.poll(() => followerRow(mallory), { timeout: 10_000 }).not.toBeNull();
    expect(await followerRow(mallory)).toMatchObject({ actor: 'region.chicagoland', inboxUrl: `${mallory.origin}/users/mallory/inbox`, sharedInboxUrl: `${mallory.origin}/inbox` });
    // The Accept went to the follower's own inbox.
    const accept = await waitForDelivery(mallory, 'the Accept', (d) => d.activity.type === 'Accept');
    expect(accept.path).toBe('/users/mallory/inbox');
  });

  it("an actor's own document may not point deliveries at another server either: an inbox elsewhere refuses the follow, a shared inbox elsewhere is not used", () => {
    const actor = (inbox: string, sharedInbox?: string) =>
      new Person({ id: new URL('https://fans.example/users/ada'), inbox: new URL(inbox), endpoints: sharedInbox ? new Endpoints({ sharedInbox: new URL(sharedInbox) }) : null });
    expect(followerDelivery(actor('https://fans.example/users/ada/inbox', 'https://fans.example/inbox'))).toEqual({ inbox: 'https://fans.example/users/ada/inbox', sharedInbox: 'https://fans.example/inbox' });
    expect(followerDelivery(actor('https://fans.example/users/ada/inbox', 'https://victim.example/inbox'))).toEqual({ inbox: 'https://fans.example/users/ada/inbox', sharedInbox: null });
    expect(followerDelivery(actor('https://fans.example/users/ada/inbox'))).toEqual({ inbox: 'https://fans.example/users/ada/inbox', sharedInbox: null });
    expect(followerDelivery(actor('https://victim.example/users/someone/inbox', 'https://fans.example/inbox'))).toBeNull();
    expect(followerDelivery(actor('http://fans.example/users/ada/inbox'))).toBeNull();
  });
});
