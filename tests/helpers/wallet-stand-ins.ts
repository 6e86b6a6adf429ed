// Issue 34: local stand-ins of the services that update saved wallet passes, so the real adapters
// are tested without credentials or network: APNs (HTTP/2 over TLS, the client authenticated by
// its pass certificate) and Google's OAuth token service and Wallet API.
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import http2 from 'node:http2';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import forge from 'node-forge';
import { importSPKI, jwtVerify } from 'jose';

export const rsaKeys = () => generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });

/** A certificate for `subject`'s key, signed by `issuer`'s (itself when it is the authority). */
export function certificate({ subject, publicKey, issuer, issuerKey, isAuthority, serial, ipAddress }: { subject: string; publicKey: string; issuer: string; issuerKey: string; isAuthority: boolean; serial: string; ipAddress?: string }) {
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey);
  cert.serialNumber = serial;
  cert.validity.notBefore = new Date(Date.now() - 24 * 60 * 60_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 24 * 60 * 60_000);
  cert.setSubject([{ name: 'commonName', value: subject }]);
  cert.setIssuer([{ name: 'commonName', value: issuer }]);
  cert.setExtensions(
    isAuthority
      ? [{ name: 'basicConstraints', cA: true }, { name: 'keyUsage', keyCertSign: true, cRLSign: true }]
      : [{ name: 'basicConstraints', cA: false }, { name: 'keyUsage', digitalSignature: true, keyEncipherment: true }, ...(ipAddress ? [{ name: 'subjectAltName', altNames: [{ type: 7, ip: ipAddress }] }] : [])],
  );
  cert.sign(forge.pki.privateKeyFromPem(issuerKey), forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}

/** Throwaway wallet credentials: a WWDR stand-in authority, a pass certificate it issued, and a Google service account key; as the settings hold them. */
export async function makeWalletCredentials(passphrase = 'correct horse battery') {
  const authority = rsaKeys();
  const wwdr = certificate({ subject: 'Test WWDR Authority', publicKey: authority.publicKey, issuer: 'Test WWDR Authority', issuerKey: authority.privateKey, isAuthority: true, serial: '01' });
  const signer = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase } });
  const signerCertPem = certificate({ subject: 'Pass Type ID: pass.test.marquee', publicKey: signer.publicKey, issuer: 'Test WWDR Authority', issuerKey: authority.privateKey, isAuthority: false, serial: '02' });
  const google = rsaKeys();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'marquee-wallet-'));
  await fs.writeFile(path.join(dir, 'signer.pem'), signerCertPem);
  await fs.writeFile(path.join(dir, 'signer.key'), signer.privateKey);
  const env = {
    APPLE_WALLET_PASS_TYPE_ID: 'pass.test.marquee',
    APPLE_WALLET_TEAM_ID: 'ABCDE12345',
    APPLE_WALLET_SIGNER_CERT: path.join(dir, 'signer.pem'),
    APPLE_WALLET_SIGNER_KEY: path.join(dir, 'signer.key'),
    APPLE_WALLET_KEY_PASSPHRASE: passphrase,
    APPLE_WALLET_WWDR_CERT: wwdr.replace(/\n/g, '\\n'),
    GOOGLE_WALLET_ISSUER_ID: '3388000000012345678',
    GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: 'wallet@marquee-test.iam.gserviceaccount.com',
    GOOGLE_WALLET_PRIVATE_KEY: google.privateKey.replace(/\n/g, '\\n'),
  };
  return { env, wwdr, signerCertPem, googlePublicKey: google.publicKey, dir, cleanup: () => fs.rm(dir, { recursive: true, force: true }) };
}

export type ApnsPush = { path: string; token: string; topic: string | undefined; body: string; clientCertificate: string | undefined };

/**
 * APNs as a device-facing pass update sees it: HTTP/2 over TLS, refusing any client without a
 * certificate `clientCa` signed (the pass certificate), answering 200, or `statusFor(token)`.
 */
export async function startApnsStandIn({ clientCa, statusFor = () => 200 }: { clientCa: string; statusFor?: (token: string) => number }) {
  const authority = rsaKeys();
  const ca = certificate({ subject: 'Test APNs Authority', publicKey: authority.publicKey, issuer: 'Test APNs Authority', issuerKey: authority.privateKey, isAuthority: true, serial: '11' });
  const serverKeys = rsaKeys();
  const cert = certificate({ subject: '127.0.0.1', publicKey: serverKeys.publicKey, issuer: 'Test APNs Authority', issuerKey: authority.privateKey, isAuthority: false, serial: '12', ipAddress: '127.0.0.1' });
  const pushes: ApnsPush[] = [];
  const server = http2.createSecureServer({ key: serverKeys.privateKey, cert, ca: clientCa, requestCert: true, rejectUnauthorized: true });
  server.on('stream', (stream, headers) => {
    let body = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (body += chunk));
    stream.on('end', () => {
      const requestPath = String(headers[':path']);
      const token = decodeURIComponent(requestPath.replace(/^\/3\/device\//, ''));
      const peer = (stream.session?.socket as import('node:tls').TLSSocket | undefined)?.getPeerCertificate();
      pushes.push({ path: requestPath, token, topic: headers['apns-topic'] as string | undefined, body, clientCertificate: peer?.subject?.CN as string | undefined });
      const status = statusFor(token);
      stream.respond({ ':status': status, 'apns-id': crypto.randomUUID() });
      stream.end(status === 200 ? '' : JSON.stringify({ reason: status === 410 ? 'Unregistered' : 'BadDeviceToken' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `https://127.0.0.1:${port}`, ca, pushes, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export type GooglePatch = { objectId: string; body: unknown; authorization: string | undefined };

/**
 * Google's token service (a JWT-bearer grant, checked against the service account's public key,
 * scope and audience) and the Wallet API's eventTicketObject PATCH, for the ids in `savedObjects`
 * (404 for others, as for an object no one saved).
 */
export async function startGoogleWalletStandIn({ publicKey, serviceAccountEmail }: { publicKey: string; serviceAccountEmail: string }) {
  const key = await importSPKI(publicKey, 'RS256');
  const accessToken = `ya29.stand-in-${crypto.randomUUID()}`;
  const savedObjects = new Set<string>();
  const inserted = { eventTicketClass: new Map<string, Record<string, any>>(), eventTicketObject: new Map<string, Record<string, any>>() };
  const patches: GooglePatch[] = [];
  const grants: Record<string, unknown>[] = [];
  let base = '';
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => void answer(req, res, body));
  });
  async function answer(req: http.IncomingMessage, res: http.ServerResponse, body: string) {
    if (req.method === 'POST' && req.url === '/token') {
      const form = new URLSearchParams(body);
      try {
        if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') throw new Error('grant');
        const { payload } = await jwtVerify(form.get('assertion') ?? '', key, { issuer: serviceAccountEmail, audience: `${base}/token`, algorithms: ['RS256'] });
        if (payload['scope'] !== 'https://www.googleapis.com/auth/wallet_object.issuer') throw new Error('scope');
        grants.push(payload);
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ access_token: accessToken, expires_in: 3599, token_type: 'Bearer' }));
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'invalid_grant' }));
      }
      return;
    }
    // Issue 35: classes and objects inserted before the save link (409 for an id Google has).
    const insert = /^\/walletobjects\/v1\/(eventTicketClass|eventTicketObject)$/.exec(req.url ?? '');
    if (req.method === 'POST' && insert) {
      if (req.headers.authorization !== `Bearer ${accessToken}`) return void res.writeHead(401).end();
      const resource = JSON.parse(body) as { id: string };
      const kind = insert[1] as 'eventTicketClass' | 'eventTicketObject';
      if (inserted[kind].has(resource.id)) return void res.writeHead(409, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 409 } }));
      inserted[kind].set(resource.id, resource);
      if (kind === 'eventTicketObject') savedObjects.add(resource.id);
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(resource));
    }
    const match = /^\/walletobjects\/v1\/eventTicketObject\/([^/?]+)$/.exec(req.url ?? '');
    if (req.method === 'PATCH' && match) {
      if (req.headers.authorization !== `Bearer ${accessToken}`) return void res.writeHead(401).end();
      const objectId = decodeURIComponent(match[1]!);
      patches.push({ objectId, body: JSON.parse(body), authorization: req.headers.authorization });
      if (!savedObjects.has(objectId)) return void res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 404 } }));
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: objectId, ...JSON.parse(body) }));
    }
    res.writeHead(404).end();
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { apiUrl: base, tokenUrl: `${base}/token`, savedObjects, inserted, patches, grants, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
