// Issue 23 item 8 (decision 46): with Apple's pass certificates, each valid ticket has an 'Add to
// Apple Wallet' .pkpass; with a Google Wallet service account, a 'Save to Google Wallet' link.
// Both carry exactly what the door admits. The certificates here are thrown away with the test:
// a stand-in for Apple's WWDR authority, and a pass signing certificate it issued.
import { ticketDisplayRefOf } from '../../../core/door-codes.ts';
import { createHash, createVerify, generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import forge from 'node-forge';
import { unzipSync } from 'fflate';
import { importSPKI, jwtVerify } from 'jose';
import { orders, tickets } from '../../db/schema.ts';
import { InvalidSettingsError, readEnv } from '../../env.ts';
import { placeTicketOrder } from './place-ticket-order.ts';
import { applyPaymentEvent } from './apply-payment-event.ts';
import { admitTicket } from './admit-ticket.ts';
import { ticketPageToken, ticketPageUrl } from './ticket-links.ts';
import { loadWalletSettings } from './wallet-settings.ts';
import { parseSignedCode } from '../../../core/door-codes.ts';
import { passSerial } from './wallet-pass-details.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { createBand, createGig, createVenue, dayIn } from '../../../../tests/helpers/factories.ts';

const ZONE = 'America/Chicago';
const PASSPHRASE = 'correct horse battery';
const rsaKeys = () => generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });

/** A certificate for `subject`'s key, signed by `issuer`'s (itself when it is the authority). */
function certificate({ subject, publicKey, issuer, issuerKey, isAuthority, serial }: { subject: string; publicKey: string; issuer: string; issuerKey: string; isAuthority: boolean; serial: string }) {
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey);
  cert.serialNumber = serial;
  cert.validity.notBefore = new Date(Date.now() - 24 * 60 * 60_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 24 * 60 * 60_000);
  cert.setSubject([{ name: 'commonName', value: subject }]);
  cert.setIssuer([{ name: 'commonName', value: issuer }]);
  cert.setExtensions(isAuthority ? [{ name: 'basicConstraints', cA: true }, { name: 'keyUsage', keyCertSign: true, cRLSign: true }] : [{ name: 'basicConstraints', cA: false }, { name: 'keyUsage', digitalSignature: true }]);
  cert.sign(forge.pki.privateKeyFromPem(issuerKey), forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}

let dir: string;
let signerCertPem: string;
let googlePublicKey: string;
let walletEnv: Record<string, string>;
let t: TestApp;

beforeAll(async () => {
  const authority = rsaKeys();
  const wwdr = certificate({ subject: 'Test WWDR Authority', publicKey: authority.publicKey, issuer: 'Test WWDR Authority', issuerKey: authority.privateKey, isAuthority: true, serial: '01' });
  const signer = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: PASSPHRASE } });
  signerCertPem = certificate({ subject: 'Pass Type ID: pass.test.marquee', publicKey: signer.publicKey, issuer: 'Test WWDR Authority', issuerKey: authority.privateKey, isAuthority: false, serial: '02' });
  const google = rsaKeys();
  googlePublicKey = google.publicKey;
  // The signer's certificate and key as files, the authority's and Google's key inline (one line, as an .env holds them).
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'marquee-wallet-'));
  await fs.writeFile(path.join(dir, 'signer.pem'), signerCertPem);
  await fs.writeFile(path.join(dir, 'signer.key'), signer.privateKey);
  walletEnv = {
    APPLE_WALLET_PASS_TYPE_ID: 'pass.test.marquee',
    APPLE_WALLET_TEAM_ID: 'ABCDE12345',
    APPLE_WALLET_SIGNER_CERT: path.join(dir, 'signer.pem'),
    APPLE_WALLET_SIGNER_KEY: path.join(dir, 'signer.key'),
    APPLE_WALLET_KEY_PASSPHRASE: PASSPHRASE,
    APPLE_WALLET_WWDR_CERT: wwdr.replace(/\n/g, '\\n'),
    GOOGLE_WALLET_ISSUER_ID: '3388000000012345678',
    GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: 'wallet@marquee-test.iam.gserviceaccount.com',
    GOOGLE_WALLET_PRIVATE_KEY: google.privateKey.replace(/\n/g, '\\n'),
  };
  t = await createTestApp({ env: walletEnv });
}, 240_000);
afterAll(async () => {
  await t.close();
  await fs.rm(dir, { recursive: true, force: true });
});

async function buyTicket() {
  const venueId = (await createVenue(t.db, { name: `The Wallet Room ${Date.now()}`, address: '2 Pocket St, Chicago' })).id;
  const bandId = (await createBand(t.db, { name: `Pass Holders ${Date.now()}` })).id;
  const gigId = await createGig(t.db, { venueId, bandId, localDate: dayIn(ZONE, 20), startTime: '20:00', endTime: '23:00', isTicketed: true, ticketPriceCents: 2000, ticketQuantity: 10 });
  const sandbox = t.services.sandbox!;
  const placed = await placeTicketOrder(t.db, { gigId, buyerEmail: 'wallet@ticket-page.test', provider: 'sandbox' });
  const { sessionId } = await sandbox.createCheckout({ orderId: placed.id, totalCents: placed.totalCents, description: 'Ticket', buyerEmail: 'wallet@ticket-page.test', successUrl: '', cancelUrl: '', expiresAt: placed.expiresAt, transferGroup: `order_${placed.id}` });
  await t.db.update(orders).set({ providerSessionId: sessionId }).where(eq(orders.id, placed.id));
  await applyPaymentEvent(t.services, 'sandbox', { id: sandbox.newEventId(), type: 'checkout.paid', orderId: placed.id, sessionId, paymentId: sandbox.newPaymentId() });
  const [ticket] = await t.db.select().from(tickets).where(eq(tickets.orderId, placed.id));
  return { ticketId: ticket!.id, token: ticketPageToken(t.services, ticket!.id), venueId, gigId };
}

const OID_MESSAGE_DIGEST = forge.pki.oids['messageDigest']!;

describe('Apple Wallet', () => {
  it('a valid ticket\'s .pkpass: every file in the manifest with its SHA-1, the door\'s QR payload, the show, and a detached PKCS #7 signature of the manifest', async () => {
    const { ticketId, token } = await buyTicket();
    const page = await t.client().get(`/api/ticket-page/${token}`);
    expect(page.json.wallets).toEqual({ applePath: `/api/ticket-page/${token}/apple-wallet.pkpass`, googlePath: `/api/ticket-page/${token}/google-wallet` });

    const res = await t.app.request(page.json.wallets.applePath as string);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.apple.pkpass');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));

    // The manifest names every file but itself and the signature, each with its SHA-1.
    const manifest = JSON.parse(Buffer.from(files['manifest.json']!).toString()) as Record<string, string>;
    const listed = Object.keys(files).filter((name) => name !== 'manifest.json' && name !== 'signature').sort();
    expect(Object.keys(manifest).sort()).toEqual(listed);
    expect(listed).toEqual(expect.arrayContaining(['pass.json', 'icon.png', 'icon@2x.png', 'icon@3x.png', 'logo.png']));
    for (const name of listed) expect(manifest[name], name).toBe(createHash('sha1').update(files[name]!).digest('hex'));

    const pass = JSON.parse(Buffer.from(files['pass.json']!).toString());
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: 'pass.test.marquee',
      teamIdentifier: 'ABCDE12345',
      organizationName: 'Marquee',
      serialNumber: passSerial(ticketId),
      barcodes: [{ format: 'PKBarcodeFormatQR', message: expect.stringMatching(/^MQ1\./), messageEncoding: 'iso-8859-1', altText: await ticketDisplayRefOf(ticketId) }],
      semantics: { eventType: 'PKEventTypeLivePerformance', eventStartDate: expect.stringMatching(/T20:00:00-0[56]:00$/), eventEndDate: expect.stringMatching(/T23:00:00-0[56]:00$/) },
    });
    // Decision 51: the barcode is the ticket's signed code (a door with no signal checks it).
    expect(parseSignedCode(pass.barcodes[0].message)).toMatchObject({ ticketId });
    // The serial number is not the ticket: only the barcode carries what the door admits.
    expect(pass.serialNumber).not.toContain(ticketId);
    expect(pass.semantics.venueName).toMatch(/^The Wallet Room/);
    expect(pass.semantics.eventName).toMatch(/^Pass Holders \d+ at The Wallet Room/);
    expect(new Date(pass.relevantDate).toISOString()).toBe(new Date(pass.semantics.eventStartDate).toISOString());
    expect(pass.relevantDates).toHaveLength(1);
    expect(pass.eventTicket.primaryFields[0].value).toMatch(/^Pass Holders/);
    expect(pass.eventTicket.auxiliaryFields[0]).toMatchObject({ key: 'address', value: '2 Pocket St, Chicago' });
    expect(pass.eventTicket.backFields.find((f: { key: string }) => f.key === 'page').value).toBe(ticketPageUrl(t.services, ticketId));

    // The signature: PKCS #7 signed data, detached (it holds no content), both certificates, and
    // a signature by the pass certificate's key over attributes whose digest is the manifest's.
    const signature = forge.pkcs7.messageFromAsn1(forge.asn1.fromDer(Buffer.from(files['signature']!).toString('binary'))) as forge.pkcs7.PkcsSignedData & {
      type: string;
      rawCapture: { authenticatedAttributes: forge.asn1.Asn1[]; signature: string };
      content?: unknown;
    };
    expect(signature.type).toBe(forge.pki.oids['signedData']);
    expect(signature.content).toBeUndefined();
    expect(signature.certificates.map((c) => c.subject.getField('CN').value)).toEqual(['Test WWDR Authority', 'Pass Type ID: pass.test.marquee']);
    const attributes = signature.rawCapture.authenticatedAttributes;
    const digestAttribute = attributes.find((a) => forge.asn1.derToOid((a.value as forge.asn1.Asn1[])[0]!.value as string) === OID_MESSAGE_DIGEST)!;
    const signedDigest = ((digestAttribute.value as forge.asn1.Asn1[])[1]!.value as forge.asn1.Asn1[])[0]!.value as string;
    expect(Buffer.from(signedDigest, 'binary').toString('hex')).toBe(createHash('sha1').update(files['manifest.json']!).digest('hex'));
    const signedAttributes = forge.asn1.toDer(forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, attributes)).getBytes();
    expect(createVerify('sha1').update(Buffer.from(signedAttributes, 'binary')).verify(signerCertPem, Buffer.from(signature.rawCapture.signature, 'binary'))).toBe(true);
  });

  it('a ticket that no longer admits offers no pass', async () => {
    const { ticketId, token, venueId } = await buyTicket();
    await admitTicket(t.db, { id: venueId, role: 'venue', email: 'door@wallet.test', emailVerified: true, name: 'Door', location: 'chicagoland', createdAt: new Date() }, ticketId);
    expect((await t.client().get(`/api/ticket-page/${token}`)).json.wallets).toEqual({ applePath: null, googlePath: null });
    expect((await t.app.request(`/api/ticket-page/${token}/apple-wallet.pkpass`)).status).toBe(409);
    expect((await t.app.request(`/api/ticket-page/${token}/google-wallet`)).status).toBe(409);
  });
});

describe('Google Wallet', () => {
  it('\'Save to Google Wallet\' goes to Google with a JWT the service account signed: the gig as the class, the ticket with the door\'s QR payload as the object', async () => {
    const { ticketId, token, gigId } = await buyTicket();
    const res = await t.app.request(`/api/ticket-page/${token}/google-wallet`);
    expect(res.status).toBe(302);
    const location = res.headers.get('location')!;
    expect(location).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/);
    const jwt = location.split('/').pop()!;
    const { payload, protectedHeader } = await jwtVerify(jwt, await importSPKI(googlePublicKey, 'RS256'), {
      issuer: 'wallet@marquee-test.iam.gserviceaccount.com',
      audience: 'google',
      algorithms: ['RS256'],
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload).toMatchObject({ typ: 'savetowallet', origins: [TEST_ORIGIN] });
    const { eventTicketClasses: [eventClass], eventTicketObjects: [ticketObject] } = payload['payload'] as { eventTicketClasses: Record<string, any>[]; eventTicketObjects: Record<string, any>[] };
    expect(eventClass).toMatchObject({ id: `3388000000012345678.marquee-gig-${gigId}`, issuerName: 'Marquee', reviewStatus: 'UNDER_REVIEW' });
    expect(eventClass!.eventName.defaultValue.value).toMatch(/^Pass Holders \d+ at The Wallet Room/);
    expect(eventClass!.venue.address.defaultValue.value).toBe('2 Pocket St, Chicago');
    expect(eventClass!.dateTime.start).toMatch(/T20:00:00-0[56]:00$/);
    expect(ticketObject).toEqual({
      id: `3388000000012345678.marquee-ticket-${passSerial(ticketId)}`,
      classId: eventClass!.id,
      state: 'ACTIVE',
      ticketHolderName: 'wallet@ticket-page.test',
      barcode: { type: 'QR_CODE', value: expect.stringMatching(/^MQ1\./), alternateText: await ticketDisplayRefOf(ticketId) },
    });
    expect(parseSignedCode(ticketObject!.barcode.value)).toMatchObject({ ticketId, gigId });
    // Google's ids allow letters, digits, '.', '_' and '-' only.
    expect(`${eventClass!.id}${ticketObject!.id}`).toMatch(/^[\w.-]+$/);
  });
});

describe('settings', () => {
  it('without wallet settings no button is offered, and each wallet is set whole or not at all', async () => {
    expect(await loadWalletSettings(readEnv({}))).toEqual({ apple: null, google: null });
    expect(() => readEnv({ APPLE_WALLET_PASS_TYPE_ID: 'pass.test.marquee' })).toThrow(/APPLE_WALLET_TEAM_ID: Set APPLE_WALLET_PASS_TYPE_ID/);
    expect(() => readEnv({ GOOGLE_WALLET_ISSUER_ID: '123' })).toThrow(/GOOGLE_WALLET_PRIVATE_KEY/);
    expect(() => readEnv({ ...walletEnv, APPLE_WALLET_TEAM_ID: 'team' })).toThrow(/APPLE_WALLET_TEAM_ID must be a 10-character/);
  });

  it('a certificate or key that does not open stops the start, naming the setting', async () => {
    const load = (over: Record<string, string>) => loadWalletSettings(readEnv({ ...walletEnv, ...over }));
    await expect(load({ APPLE_WALLET_KEY_PASSPHRASE: 'wrong' })).rejects.toThrow(InvalidSettingsError);
    await expect(load({ APPLE_WALLET_KEY_PASSPHRASE: 'wrong' })).rejects.toThrow(/APPLE_WALLET_SIGNER_KEY/);
    await expect(load({ APPLE_WALLET_SIGNER_CERT: path.join(dir, 'missing.pem') })).rejects.toThrow(/APPLE_WALLET_SIGNER_CERT: must be a PEM or the path of a readable PEM file \(ENOENT/);
    await expect(load({ APPLE_WALLET_WWDR_CERT: '-----BEGIN CERTIFICATE-----\\nnot a certificate\\n-----END CERTIFICATE-----' })).rejects.toThrow(/APPLE_WALLET_WWDR_CERT: is not a PEM certificate/);
    await expect(load({ GOOGLE_WALLET_PRIVATE_KEY: signerCertPem.replace(/\n/g, '\\n') })).rejects.toThrow(/GOOGLE_WALLET_PRIVATE_KEY/);
  });
});
