// A minimal server of the fediverse (issue 26): one account with a key, an inbox that records
// what arrives and checks each delivery's HTTP signature (with Fedify's verifier, which fetches
// the sender's key from Marquee), and a way to post signed activities, as Mastodon does.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateCryptoKeyPair, signRequest, verifyRequest } from '@fedify/fedify';
import { getDocumentLoader } from '@fedify/fedify/runtime';
import { CryptographicKey, Endpoints, Person } from '@fedify/fedify/vocab';

export type Delivery = { activity: Record<string, unknown>; signedBy: string | null; path: string };

export async function startFediverseServer({ username = 'fan', host = '127.0.0.1' }: { username?: string; host?: string } = {}) {
  const keys = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
  const loader = getDocumentLoader({ allowPrivateAddress: true });
  const received: Delivery[] = [];
  /** Deliveries of these types answered 500 (each a count to spend), as a server having a bad moment. */
  const failures = new Map<string, number>();
  let refused = 0;
  let origin = '';
  const actorId = () => new URL(`/users/${username}`, origin);
  const keyId = () => new URL(`/users/${username}#main-key`, origin);

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', origin);
        if (req.method === 'GET' && url.pathname === `/users/${username}`) {
          const person = new Person({
            id: actorId(),
            preferredUsername: username,
            inbox: new URL(`/users/${username}/inbox`, origin),
            endpoints: new Endpoints({ sharedInbox: new URL('/inbox', origin) }),
            publicKey: new CryptographicKey({ id: keyId(), owner: actorId(), publicKey: keys.publicKey }),
          });
          res.writeHead(200, { 'Content-Type': 'application/activity+json' });
          res.end(JSON.stringify(await person.toJsonLd()));
          return;
        }
        if (req.method === 'POST' && (url.pathname === '/inbox' || url.pathname === `/users/${username}/inbox`)) {
          const body = Buffer.concat(chunks);
          const headers = new Headers();
          for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
          const request = new Request(url, { method: 'POST', headers, body });
          const key = await verifyRequest(request, { documentLoader: loader, contextLoader: loader }).catch(() => null);
          const activity = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
          const failuresLeft = failures.get(String(activity.type)) ?? 0;
          if (failuresLeft > 0) {
            failures.set(String(activity.type), failuresLeft - 1);
            refused++;
            res.writeHead(500).end();
            return;
          }
          received.push({ activity: JSON.parse(body.toString('utf8')) as Record<string, unknown>, signedBy: key?.ownerId?.href ?? null, path: url.pathname });
          res.writeHead(202).end();
          return;
        }
        res.writeHead(404).end();
      })().catch((error: unknown) => {
        res.writeHead(500).end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  origin = `http://${host}:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    actorId: () => actorId().href,
    received,
    /** Answers the next `times` deliveries of `type` with 500. */
    failNext(type: string, times: number) {
      failures.set(type, times);
    },
    refusedCount: () => refused,
    /** A signed request for an activity, not sent (to alter it on the way). */
    async sign(inbox: string, activity: Record<string, unknown>) {
      const request = new Request(inbox, { method: 'POST', headers: { 'Content-Type': 'application/activity+json' }, body: JSON.stringify({ '@context': 'https://www.w3.org/ns/activitystreams', ...activity }) });
      return signRequest(request, keys.privateKey, keyId());
    },
    /** Posts an activity to an inbox, signed with this account's key unless told otherwise. */
    async post(inbox: string, activity: Record<string, unknown>, { isSigned = true, body }: { isSigned?: boolean; body?: string } = {}) {
      let request = new Request(inbox, {
        method: 'POST',
        headers: { 'Content-Type': 'application/activity+json', Accept: 'application/activity+json' },
        body: body ?? JSON.stringify({ '@context': 'https://www.w3.org/ns/activitystreams', ...activity }),
      });
      if (isSigned) request = await signRequest(request, keys.privateKey, keyId());
      return fetch(request);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FediverseServer = Awaited<ReturnType<typeof startFediverseServer>>;

/** Waits until `check` finds what it looks for among the deliveries (polling), or fails naming `what`. */
export async function waitForDelivery(server: FediverseServer, what: string, check: (d: Delivery) => boolean, timeoutMs = 20_000): Promise<Delivery> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = server.received.find(check);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No delivery of ${what} within ${timeoutMs} ms; received: ${JSON.stringify(server.received.map((d) => d.activity.type))}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
