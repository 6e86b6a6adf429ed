// Issue 34 item 10: a saved pass changes when its ticket does. Apple Wallet registers the pass
// with Marquee's PassKit web service and, told by an APNs push, fetches it again (void once the
// ticket is refunded or passed on); Google's object is set EXPIRED through the Wallet API. The
// push services are local stand-ins here (tests/helpers/wallet-stand-ins.ts), reached by the
// real adapters with the throwaway pass certificate and service account key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { decodeJwt } from 'jose';
import { appleWalletRegistrations, orders, tickets, ticketTypes, walletPasses } from '../../db/schema.ts';
import { readEnv } from '../../env.ts';
import { refundTicket } from '../payouts/refund-ticket.ts';
import { placeTicketOrder } from './place-ticket-order.ts';
import { applyPaymentEvent } from './apply-payment-event.ts';
import { ticketPageToken } from './ticket-links.ts';
import { isWalletConfigured, loadWalletSettings } from './wallet-settings.ts';
import { googleObjectId, passSerial } from './wallet-pass-details.ts';
import { sendWalletPassUpdates } from './wallet-pass-updates.ts';
import { apnsPush, googleWalletApi } from './wallet-update-senders.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { createBand, createGig, createVenue, dayIn } from '../../../../tests/helpers/factories.ts';
import { makeWalletCredentials, startApnsStandIn, startGoogleWalletStandIn } from '../../../../tests/helpers/wallet-stand-ins.ts';

const ZONE = 'America/Chicago';
const PASS_TYPE = 'pass.test.marquee';
const SERVICE = '/api/wallet/apple/v1';

let creds: Awaited<ReturnType<typeof makeWalletCredentials>>;
let apns: Awaited<ReturnType<typeof startApnsStandIn>>;
let google: Awaited<ReturnType<typeof startGoogleWalletStandIn>>;
let t: TestApp;
const goneTokens = new Set<string>();

beforeAll(async () => {
  creds = await makeWalletCredentials();
  apns = await startApnsStandIn({ clientCa: creds.wwdr, statusFor: (token) => (goneTokens.has(token) ? 410 : 200) });
  google = await startGoogleWalletStandIn({ publicKey: creds.googlePublicKey, serviceAccountEmail: creds.env.GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL });
  t = await createTestApp({ env: creds.env });
  // The real adapters, pointed at the stand-ins (in production: api.push.apple.com and Google).
  const apple = t.services.wallets.apple!;
  apple.push = apnsPush({ url: apns.url, ca: apns.ca, passTypeId: apple.passTypeId, cert: apple.signerCert, key: apple.signerKey, passphrase: apple.keyPassphrase });
  const googleSettings = t.services.wallets.google!;
  googleSettings.objects = googleWalletApi({ apiUrl: google.apiUrl, tokenUrl: google.tokenUrl, serviceAccountEmail: googleSettings.serviceAccountEmail, privateKey: googleSettings.privateKey });
}, 240_000);
afterAll(async () => {
  await t.close();
  await apns.close();
  await google.close();
  await creds.cleanup();
});

async function buyTicket({ typeName }: { typeName?: string } = {}) {
  const venueId = (await createVenue(t.db, { name: `The Wallet Room ${Date.now()}`, address: '2 Pocket St, Chicago' })).id;
  const bandId = (await createBand(t.db, { name: `Pass Holders ${Date.now()}` })).id;
  const gigId = await createGig(t.db, { venueId, bandId, localDate: dayIn(ZONE, 20), startTime: '20:00', endTime: '23:00', isTicketed: true, ticketPriceCents: 2000, ticketQuantity: 10 });
  const sandbox = t.services.sandbox!;
  const placed = await placeTicketOrder(t.db, { gigId, buyerEmail: 'wallet@updates.test', provider: 'sandbox' });
  const { sessionId } = await sandbox.createCheckout({ orderId: placed.id, totalCents: placed.totalCents, description: 'Ticket', buyerEmail: 'wallet@updates.test', successUrl: '', cancelUrl: '', expiresAt: placed.expiresAt, transferGroup: `order_${placed.id}` });
  await t.db.update(orders).set({ providerSessionId: sessionId }).where(eq(orders.id, placed.id));
  await applyPaymentEvent(t.services, 'sandbox', { id: sandbox.newEventId(), type: 'checkout.paid', orderId: placed.id, sessionId, paymentId: sandbox.newPaymentId() });
  const [ticket] = await t.db.select().from(tickets).where(eq(tickets.orderId, placed.id));
  if (typeName) {
    const [type] = await t.db.insert(ticketTypes).values({ gigId, name: typeName, priceCents: 2000, quantity: 10, sold: 1 }).returning();
    await t.db.update(tickets).set({ ticketTypeId: type!.id }).where(eq(tickets.id, ticket!.id));
  }
  return { ticketId: ticket!.id, token: ticketPageToken(t.services, ticket!.id) };
}

const passJsonOf = async (res: Response) => JSON.parse(Buffer.from(unzipSync(new Uint8Array(await res.arrayBuffer()))['pass.json']!).toString());

/** The fan taps 'Add to Apple Wallet': the pass as Wallet reads it. */
async function addToAppleWallet(token: string) {
  const pass = await passJsonOf(await t.app.request(`/api/ticket-page/${token}/apple-wallet.pkpass`));
  return { pass, serial: pass.serialNumber as string, auth: { authorization: `ApplePass ${pass.authenticationToken as string}` } };
}

/** What a device sends: no Origin, no cookie. */
const device = (method: string, path: string, { headers = {}, body }: { headers?: Record<string, string>; body?: unknown } = {}) =>
  t.app.request(`${SERVICE}${path}`, { method, headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });

describe('the PassKit web service', () => {
  it('a pass names the web service and its own token; a device registers it, lists it, fetches it (304 while unchanged) and unregisters; a wrong token answers 401', async () => {
    const { ticketId, token } = await buyTicket({ typeName: 'VIP' });
    const other = await buyTicket();
    const { pass, serial, auth } = await addToAppleWallet(token);
    expect(pass.webServiceURL).toBe(`${TEST_ORIGIN}/api/wallet/apple`);
    expect(serial).toBe(passSerial(ticketId));
    // The token proves the pass: at least 16 characters (Apple's minimum), not the id, its serial or another ticket's.
    expect(pass.authenticationToken).toMatch(/^[\w-]{16,}$/);
    expect(pass.authenticationToken).not.toContain(ticketId);
    expect(pass.authenticationToken).not.toBe(serial);
    const otherPass = await addToAppleWallet(other.token);
    expect(otherPass.pass.authenticationToken).not.toBe(pass.authenticationToken);
    // Issue 34 item 6: the type is on the pass.
    expect(pass.eventTicket.auxiliaryFields[0]).toEqual({ key: 'type', label: 'TYPE', value: 'VIP' });
    expect(pass.eventTicket.headerFields[0]).toMatchObject({ key: 'status', value: 'Valid' });
    expect(pass.voided).toBeUndefined();

    const registration = `/devices/device-one/registrations/${PASS_TYPE}/${serial}`;
    expect((await device('POST', registration, { body: { pushToken: 'aa11' } })).status).toBe(401);
    expect((await device('POST', registration, { headers: { authorization: 'ApplePass wrong-token-wrong-token' }, body: { pushToken: 'aa11' } })).status).toBe(401);
    expect((await device('POST', registration, { headers: otherPass.auth, body: { pushToken: 'aa11' } })).status).toBe(401);
    expect((await device('POST', registration, { headers: auth, body: { pushToken: 'aa11' } })).status).toBe(201);
    expect((await device('POST', registration, { headers: auth, body: { pushToken: 'aa11' } })).status).toBe(200);
    expect((await device('POST', registration, { headers: auth, body: { pushToken: '' } })).status).toBe(422);

    const list = await device('GET', `/devices/device-one/registrations/${PASS_TYPE}`);
    expect(list.status).toBe(200);
    const { serialNumbers, lastUpdated } = (await list.json()) as { serialNumbers: string[]; lastUpdated: string };
    expect(serialNumbers).toEqual([serial]);
    expect((await device('GET', `/devices/device-one/registrations/${PASS_TYPE}?passesUpdatedSince=${lastUpdated}`)).status).toBe(204);
    expect((await device('GET', `/devices/someone-else/registrations/${PASS_TYPE}`)).status).toBe(204);

    expect((await device('GET', `/passes/${PASS_TYPE}/${serial}`)).status).toBe(401);
    expect((await device('GET', `/passes/${PASS_TYPE}/${serial}`, { headers: otherPass.auth })).status).toBe(401);
    const current = await device('GET', `/passes/${PASS_TYPE}/${serial}`, { headers: auth });
    expect(current.status).toBe(200);
    expect(current.headers.get('content-type')).toBe('application/vnd.apple.pkpass');
    const lastModified = current.headers.get('last-modified')!;
    expect(lastModified).toMatch(/GMT$/);
    expect((await passJsonOf(current)).serialNumber).toBe(serial);
    expect((await device('GET', `/passes/${PASS_TYPE}/${serial}`, { headers: { ...auth, 'if-modified-since': lastModified } })).status).toBe(304);

    expect((await device('POST', '/log', { body: { logs: ['[2026-11-29] Web service error for pass.test.marquee: something'] } })).status).toBe(200);

    expect((await device('DELETE', registration)).status).toBe(401);
    expect((await device('DELETE', registration, { headers: auth })).status).toBe(200);
    expect((await device('GET', `/devices/device-one/registrations/${PASS_TYPE}`)).status).toBe(204);
  });
});

describe('a saved pass follows its ticket', () => {
  it('a refund pushes through APNs (with the pass certificate) to each device holding the pass, and the pass fetched afterwards is void', async () => {
    const { ticketId, token } = await buyTicket();
    const { serial, auth } = await addToAppleWallet(token);
    await device('POST', `/devices/phone/registrations/${PASS_TYPE}/${serial}`, { headers: auth, body: { pushToken: 'beef01' } });
    await device('POST', `/devices/old-phone/registrations/${PASS_TYPE}/${serial}`, { headers: auth, body: { pushToken: 'dead02' } });
    goneTokens.add('dead02'); // a device that deleted the pass: APNs answers 410
    const before = await device('GET', `/passes/${PASS_TYPE}/${serial}`, { headers: auth });
    const lastModified = before.headers.get('last-modified')!;
    const { lastUpdated } = (await (await device('GET', `/devices/phone/registrations/${PASS_TYPE}`)).json()) as { lastUpdated: string };
    const pushesBefore = apns.pushes.length;

    await refundTicket(t.db, { ticketId, reason: 'The organiser refunded it.', actorId: null });
    // Marked with the refund; sent by the job, not inside the refund's transaction.
    expect(apns.pushes.length).toBe(pushesBefore);
    expect(await sendWalletPassUpdates(t.services)).toMatchObject({ pushed: 1, failed: 0 });
    const pushes = apns.pushes.slice(pushesBefore);
    expect(pushes.map((p) => p.token).sort()).toEqual(['beef01', 'dead02']);
    for (const push of pushes) {
      expect(push).toMatchObject({ topic: PASS_TYPE, clientCertificate: 'Pass Type ID: pass.test.marquee' });
      expect(JSON.parse(push.body)).toEqual({ aps: {} });
    }
    // APNs said the old phone no longer has it: its registration is gone.
    expect((await t.db.select().from(appleWalletRegistrations).where(eq(appleWalletRegistrations.serialNumber, serial))).map((r) => r.deviceLibraryId)).toEqual(['phone']);

    // The phone, woken by the push, asks what changed and fetches it: void, saying why.
    const changed = await device('GET', `/devices/phone/registrations/${PASS_TYPE}?passesUpdatedSince=${lastUpdated}`);
    expect(((await changed.json()) as { serialNumbers: string[] }).serialNumbers).toEqual([serial]);
    const after = await device('GET', `/passes/${PASS_TYPE}/${serial}`, { headers: { ...auth, 'if-modified-since': lastModified } });
    expect(after.status).toBe(200);
    const pass = await passJsonOf(after);
    expect(pass.voided).toBe(true);
    expect(pass.eventTicket.headerFields[0]).toMatchObject({ value: 'Refunded', changeMessage: 'Your ticket: %@' });
    expect(pass.eventTicket.backFields.find((f: { key: string }) => f.key === 'admits').value).toBe('This ticket was refunded: it no longer admits anyone.');

    // Sent once: the next run has nothing to do.
    expect(await sendWalletPassUpdates(t.services)).toEqual({ pushed: 0, googleUpdated: 0, failed: 0 });
  });

  it('a ticket passed on: the old holder\'s Apple pass turns void and its Google object is set EXPIRED through the Wallet API', async () => {
    const { ticketId, token } = await buyTicket({ typeName: 'Early bird' });
    const { serial, auth } = await addToAppleWallet(token);
    await device('POST', `/devices/phone-two/registrations/${PASS_TYPE}/${serial}`, { headers: auth, body: { pushToken: 'cafe03' } });
    const saveLink = await t.app.request(`/api/ticket-page/${token}/google-wallet`);
    // Issue 35: with the Wallet API the object is created at Google first; the link's JWT names it only.
    const { id } = (decodeJwt(saveLink.headers.get('location')!.split('/').pop()!)['payload'] as { eventTicketObjects: { id: string }[] }).eventTicketObjects[0]!;
    const object = google.inserted.eventTicketObject.get(id)!;
    expect(object['ticketType']).toEqual({ defaultValue: { language: 'en-US', value: 'Early bird' } });
    expect(google.inserted.eventTicketClass.has(object['classId'] as string)).toBe(true);
    const patchesBefore = google.patches.length;
    const pushesBefore = apns.pushes.length;

    const passedOn = await t.client().post(`/api/ticket-page/${token}/transfer`, { toEmail: 'friend@updates.test' });
    expect(passedOn.status).toBe(200);
    expect(await sendWalletPassUpdates(t.services)).toEqual({ pushed: 1, googleUpdated: 1, failed: 0 });

    expect(apns.pushes.slice(pushesBefore).map((p) => p.token)).toEqual(['cafe03']);
    expect(google.patches.slice(patchesBefore)).toEqual([{ objectId: googleObjectId('3388000000012345678', ticketId), body: { state: 'EXPIRED' }, authorization: expect.stringMatching(/^Bearer ya29\.stand-in-/) }]);
    expect(google.grants.at(-1)).toMatchObject({ iss: 'wallet@marquee-test.iam.gserviceaccount.com', scope: 'https://www.googleapis.com/auth/wallet_object.issuer' });
    const pass = await passJsonOf(await device('GET', `/passes/${PASS_TYPE}/${serial}`, { headers: auth }));
    expect(pass.voided).toBe(true);
    expect(pass.eventTicket.headerFields[0].value).toBe('Passed on');
  });

  it('a push that fails stays marked and goes at the next run; a Google object nobody saved is updated all the same', async () => {
    const { ticketId, token } = await buyTicket();
    const { serial, auth } = await addToAppleWallet(token);
    await device('POST', `/devices/phone-three/registrations/${PASS_TYPE}/${serial}`, { headers: auth, body: { pushToken: 'f00d04' } });
    await t.app.request(`/api/ticket-page/${token}/google-wallet`); // a link, never saved: Google has the object (inserted) all the same
    const apple = t.services.wallets.apple!;
    const working = apple.push;
    apple.push = apnsPush({ url: 'https://127.0.0.1:1', passTypeId: apple.passTypeId, cert: apple.signerCert, key: apple.signerKey, passphrase: apple.keyPassphrase });
    await refundTicket(t.db, { ticketId, reason: 'Refunded.', actorId: null });
    try {
      expect(await sendWalletPassUpdates(t.services)).toMatchObject({ pushed: 0, failed: 1 });
    } finally {
      apple.push = working;
    }
    const [marked] = await t.db.select({ pendingSince: walletPasses.pendingSince }).from(walletPasses).where(eq(walletPasses.serialNumber, serial));
    expect(marked!.pendingSince).not.toBeNull();
    const pushesBefore = apns.pushes.length;
    expect(await sendWalletPassUpdates(t.services)).toEqual({ pushed: 1, googleUpdated: 1, failed: 0 });
    expect(apns.pushes.slice(pushesBefore).map((p) => p.token)).toEqual(['f00d04']);
    const [done] = await t.db.select({ pendingSince: walletPasses.pendingSince }).from(walletPasses).where(eq(walletPasses.serialNumber, serial));
    expect(done!.pendingSince).toBeNull();
  });
});

describe('the Google save link (issue 35)', () => {
  it('names the object only, so it stays under Google\'s 1,800 characters however long the names; the class is made once per gig, even asked twice at once', async () => {
    const long = 'x'.repeat(100);
    const { token } = await buyTicket({ typeName: `Very long type name ${long.slice(0, 40)}` });
    const classesBefore = google.inserted.eventTicketClass.size;
    const links = await Promise.all([0, 1].map(async () => (await t.app.request(`/api/ticket-page/${token}/google-wallet`)).headers.get('location')!));
    for (const link of links) {
      expect(link.length).toBeLessThanOrEqual(1800);
      const payload = decodeJwt(link.split('/').pop()!)['payload'] as Record<string, unknown>;
      expect(Object.keys(payload)).toEqual(['eventTicketObjects']);
    }
    // Asked twice: the second insert of each is 'exists' (409), and the link is the same object.
    expect(google.inserted.eventTicketClass.size - classesBefore).toBe(1);
  });
});

describe('settings', () => {
  it('isWalletConfigured says whether any wallet (or a given one) is offered; updates are sent in production and recorded elsewhere unless WALLET_UPDATES says', async () => {
    const none = await loadWalletSettings(readEnv({}));
    expect(isWalletConfigured(none)).toBe(false);
    expect(isWalletConfigured(t.services.wallets)).toBe(true);
    expect(isWalletConfigured({ ...t.services.wallets, apple: null }, 'apple')).toBe(false);
    expect(isWalletConfigured({ ...t.services.wallets, apple: null })).toBe(true);
    expect(readEnv({ NODE_ENV: 'production' }).WALLET_UPDATES).toBe('send');
    expect(readEnv({ NODE_ENV: 'test' }).WALLET_UPDATES).toBe('record');
    expect(() => readEnv({ WALLET_UPDATES: 'sometimes' })).toThrow(/WALLET_UPDATES must be send or record/);
    const recorded = await loadWalletSettings(readEnv({ ...creds.env, NODE_ENV: 'development' }));
    expect([recorded.apple!.push.kind, recorded.google!.objects.kind]).toEqual(['record', 'record']);
    const sent = await loadWalletSettings(readEnv({ ...creds.env, WALLET_UPDATES: 'send' }));
    expect([sent.apple!.push.kind, sent.google!.objects.kind]).toEqual(['apns', 'wallet-api']);
  });
});
