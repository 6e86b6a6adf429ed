import { and, eq, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { appleWalletLogSchema, appleWalletPathPart, appleWalletRegistrationSchema } from '../../../core/schemas/apple-wallet.ts';
import { appleWalletRegistrations, walletPasses } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { clientAddressKey } from '../../http/client-ip.ts';
import { limitHits } from '../../http/rate-limit.ts';
import { parseInput, readJsonBody } from '../../http/validate.ts';
import type { Services } from '../../services.ts';
import { findTicketShow } from './find-ticket-show.ts';
import { isApplePassAuthToken } from './wallet-pass-details.ts';
import { applePassOf } from './wallet-pass-updates.ts';


const NOT_AUTHORIZED = 'This pass is not known here.';
/** Registrations and unregistrations from one client address in an hour; log posts too. */
const REGISTRATIONS_PER_HOUR = 600;
const LOGS_PER_HOUR = 60;

/**
 * Apple's PassKit web service (issue 34), at `{PUBLIC_URL}/api/wallet/apple` (the pass's
 * `webServiceURL`), as Apple documents it:
 * - `POST|DELETE /v1/devices/{device}/registrations/{passType}/{serial}` with
 *   `Authorization: ApplePass {authenticationToken}`: a device starts (201; 200 if it already
 *   had) or stops getting updates for a pass, with the APNs push token it gives.
 * - `GET /v1/devices/{device}/registrations/{passType}?passesUpdatedSince={tag}`: the serial
 *   numbers of its passes changed since the tag (or all), and the new tag; 204 when none.
 * - `GET /v1/passes/{passType}/{serial}`: the pass as it is now (voided once the ticket no
 *   longer admits), with Last-Modified; 304 for an If-Modified-Since not older than the change.
 * - `POST /v1/log`: the device's error messages, written to the server log.
 * A missing or wrong token, or a pass this server did not issue, answers 401 alike.
 */
export function appleWalletWebServiceRoutes(services: Services) {
  const app = new Hono();
  const path = (c: Context, name: string) => {
    const result = appleWalletPathPart.safeParse(c.req.param(name));
    if (!result.success) throw new AppError('NOT_FOUND', 'Not found.');
    return result.data;
  };
  const settingsFor = (c: Context) => {
    const apple = services.wallets.apple;
    if (!apple || path(c, 'passType') !== apple.passTypeId) throw new AppError('NOT_FOUND', 'Not found.');
    return apple;
  };
  /** The pass named in the path, if the request carries its token and this server issued it. */
  async function authorizedPass(c: Context) {
    settingsFor(c);
    const serialNumber = path(c, 'serial');
    const token = /^ApplePass (\S+)$/.exec(c.req.header('authorization') ?? '')?.[1];
    if (!token || !isApplePassAuthToken(services.ticketLinkKey, serialNumber, token)) throw new AppError('UNAUTHENTICATED', NOT_AUTHORIZED);
    const [pass] = await services.db.select({ ticketId: walletPasses.ticketId, changedAt: walletPasses.changedAt }).from(walletPasses).where(eq(walletPasses.serialNumber, serialNumber));
    if (!pass) throw new AppError('UNAUTHENTICATED', NOT_AUTHORIZED);
    return { serialNumber, ...pass };
  }
  const limit = (c: Context, what: string, max: number) =>
    limitHits(services, `apple-wallet-${what}:${clientAddressKey(c)}`, { windowMs: 60 * 60_000, max, message: 'Too many requests from here. Please try again later.' });
  const requireJson = (c: Context) => {
    if ((c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase() !== 'application/json') throw new AppError('UNSUPPORTED_MEDIA', 'Please send this as application/json.');
  };

  app.post('/wallet/apple/v1/devices/:device/registrations/:passType/:serial', async (c) => {
    await limit(c, 'registrations', REGISTRATIONS_PER_HOUR);
    const { serialNumber } = await authorizedPass(c);
    requireJson(c);
    const { pushToken } = parseInput(appleWalletRegistrationSchema, await readJsonBody(c));
    const deviceLibraryId = path(c, 'device');
    const [existing] = await services.db
      .select({ pushToken: appleWalletRegistrations.pushToken })
      .from(appleWalletRegistrations)
      .where(and(eq(appleWalletRegistrations.deviceLibraryId, deviceLibraryId), eq(appleWalletRegistrations.serialNumber, serialNumber)));
    await services.db
      .insert(appleWalletRegistrations)
      .values({ deviceLibraryId, serialNumber, pushToken })
      .onConflictDoUpdate({ target: [appleWalletRegistrations.deviceLibraryId, appleWalletRegistrations.serialNumber], set: { pushToken } });
    // A device's push token is one for all its passes: a new one replaces the old everywhere.
    await services.db.update(appleWalletRegistrations).set({ pushToken }).where(eq(appleWalletRegistrations.deviceLibraryId, deviceLibraryId));
    return c.body(null, existing ? 200 : 201);
  });

  app.delete('/wallet/apple/v1/devices/:device/registrations/:passType/:serial', async (c) => {
    await limit(c, 'registrations', REGISTRATIONS_PER_HOUR);
    const { serialNumber } = await authorizedPass(c);
    await services.db.delete(appleWalletRegistrations).where(and(eq(appleWalletRegistrations.deviceLibraryId, path(c, 'device')), eq(appleWalletRegistrations.serialNumber, serialNumber)));
    return c.body(null, 200);
  });

  app.get('/wallet/apple/v1/devices/:device/registrations/:passType', async (c) => {
    settingsFor(c);
    const since = c.req.query('passesUpdatedSince');
    const sinceMicros = since && /^\d{1,20}$/.test(since) ? since : null;
    const micros = sql<string>`(extract(epoch from ${walletPasses.changedAt}) * 1000000)::bigint::text`;
    const rows = await services.db
      .select({ serialNumber: walletPasses.serialNumber, tag: micros })
      .from(appleWalletRegistrations)
      .innerJoin(walletPasses, eq(walletPasses.serialNumber, appleWalletRegistrations.serialNumber))
      .where(and(eq(appleWalletRegistrations.deviceLibraryId, path(c, 'device')), sinceMicros ? sql`(extract(epoch from ${walletPasses.changedAt}) * 1000000)::bigint > ${sinceMicros}::bigint` : undefined));
    if (rows.length === 0) return c.body(null, 204);
    const lastUpdated = rows.map((r) => BigInt(r.tag)).reduce((a, b) => (a > b ? a : b)).toString();
    return c.json({ serialNumbers: rows.map((r) => r.serialNumber), lastUpdated });
  });

  app.get('/wallet/apple/v1/passes/:passType/:serial', async (c) => {
    const pass = await authorizedPass(c);
    // HTTP dates have whole seconds; a change always moves the pass on by at least one (refreshWalletPasses).
    const modified = Math.floor(pass.changedAt.getTime() / 1000) * 1000;
    const since = Date.parse(c.req.header('if-modified-since') ?? '');
    const headers = { 'Last-Modified': new Date(modified).toUTCString(), 'Cache-Control': 'no-store' };
    if (!Number.isNaN(since) && modified <= since) return c.body(null, 304, headers);
    const show = await findTicketShow(services.db, pass.ticketId);
    if (!show) throw new AppError('UNAUTHENTICATED', NOT_AUTHORIZED);
    const body = await applePassOf(services, show, { isRecorded: false });
    return c.body(new Uint8Array(body), 200, { ...headers, 'Content-Type': 'application/vnd.apple.pkpass' });
  });

  app.post('/wallet/apple/v1/log', async (c) => {
    await limit(c, 'log', LOGS_PER_HOUR);
    requireJson(c);
    const { logs } = parseInput(appleWalletLogSchema, await readJsonBody(c));
    for (const message of logs) services.logger.warn({ message }, 'Apple Wallet reported a problem with a pass');
    return c.body(null, 200);
  });

  return app;
}
