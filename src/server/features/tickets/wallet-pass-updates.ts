import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { appleWalletRegistrations, tickets, ticketTypes, walletPasses } from '../../db/schema.ts';
import type { Services } from '../../services.ts';
import { signTicketCode } from '../door/door-keys.ts';
import { buildAppleWalletPass } from './apple-wallet-pass.ts';
import type { TicketShow } from './find-ticket-show.ts';
import { googleWalletSaveUrl } from './google-wallet-link.ts';
import { ticketPageUrl } from './ticket-links.ts';
import { applePassAuthToken, appleWebServiceUrl, googleObjectId, passSerial, type WalletPassShow } from './wallet-pass-details.ts';

type PassServices = Pick<Services, 'db' | 'env' | 'wallets' | 'ticketLinkKey' | 'doorKeySecret'>;

/** A ticket's show with its type's name (issue 34 item 6), as both passes show it. */
export async function withTicketType(db: DbOrTx, show: TicketShow): Promise<WalletPassShow> {
  if ('ticketTypeName' in show) return show as WalletPassShow;
  const [row] = await db.select({ name: ticketTypes.name }).from(tickets).innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId)).where(eq(tickets.id, show.ticketId));
  return { ...show, ticketTypeName: row?.name ?? null };
}

/** Remembers that a pass for the ticket went out, so its changes are sent on (a Google link: Google may hold the object). */
async function recordWalletPass(db: DbOrTx, ticketId: string, { isGoogle }: { isGoogle: boolean }) {
  await db
    .insert(walletPasses)
    .values({ serialNumber: passSerial(ticketId), ticketId, googleLinkedAt: isGoogle ? sql`now()` : null })
    .onConflictDoUpdate({ target: walletPasses.serialNumber, set: isGoogle ? { googleLinkedAt: sql`coalesce(${walletPasses.googleLinkedAt}, now())` } : { ticketId } });
}

/** The ticket's Apple Wallet pass as it is now, with the web service that keeps it so (issue 34). */
export async function applePassOf(services: PassServices, show: TicketShow, { isRecorded = true } = {}): Promise<Buffer> {
  const settings = services.wallets.apple!;
  if (isRecorded) await recordWalletPass(services.db, show.ticketId, { isGoogle: false });
  return buildAppleWalletPass(settings, await withTicketType(services.db, show), {
    ticketPageUrl: ticketPageUrl(services, show.ticketId),
    code: await signTicketCode(services, show.ticketId, show.gigId),
    webService: { url: appleWebServiceUrl(services.env.PUBLIC_URL), authenticationToken: applePassAuthToken(services.ticketLinkKey, passSerial(show.ticketId)) },
  });
}

/** 'Save to Google Wallet' for the ticket, remembered so that its object's state follows the ticket (issue 34). */
export async function googleSaveUrlOf(services: PassServices, show: TicketShow): Promise<string> {
  await recordWalletPass(services.db, show.ticketId, { isGoogle: true });
  return googleWalletSaveUrl(services.wallets.google!, await withTicketType(services.db, show), { publicUrl: services.env.PUBLIC_URL, code: await signTicketCode(services, show.ticketId, show.gigId) });
}

/**
 * Issue 34: the ticket changed (refunded, passed on): its saved passes must show it. Called in
 * the change's own transaction, so the mark commits with the change or not at all; the
 * `update-wallet-passes` job then tells the devices and Google. A ticket with no pass costs one
 * indexed update that touches nothing. The pass's Last-Modified moves on by at least a second
 * (HTTP dates have seconds), so a device that fetched it moments ago still sees it changed.
 */
export async function refreshWalletPasses(db: DbOrTx, ticketId: string): Promise<void> {
  await db
    .update(walletPasses)
    .set({
      changedAt: sql`greatest(clock_timestamp(), date_trunc('second', ${walletPasses.changedAt}) + interval '1 second')`,
      pendingSince: sql`coalesce(${walletPasses.pendingSince}, clock_timestamp())`,
    })
    .where(eq(walletPasses.ticketId, ticketId));
}

/** Passes marked this long ago and still not sent are given up (a device that stays away, a broken account). */
const GIVE_UP_MS = 3 * 24 * 60 * 60_000;
const BATCH = 50;

/**
 * The job (issue 34): each pass marked changed is pushed to every device that registered it
 * (APNs drops the ones that no longer hold it) and, where a Google link went out, its object's
 * state is set (EXPIRED once the ticket no longer admits). The mark is cleared only if the pass
 * did not change again meanwhile; a failure leaves it for the next run.
 */
export async function sendWalletPassUpdates(services: Pick<Services, 'db' | 'wallets' | 'logger'>, { now = new Date() }: { now?: Date } = {}): Promise<{ pushed: number; googleUpdated: number; failed: number }> {
  const { db, wallets, logger } = services;
  const totals = { pushed: 0, googleUpdated: 0, failed: 0 };
  const due = await db
    .select({ serialNumber: walletPasses.serialNumber, ticketId: walletPasses.ticketId, changedAt: sql<string>`${walletPasses.changedAt}::text`, pendingSince: walletPasses.pendingSince, googleLinkedAt: walletPasses.googleLinkedAt, status: tickets.status })
    .from(walletPasses)
    .innerJoin(tickets, eq(tickets.id, walletPasses.ticketId))
    .where(isNotNull(walletPasses.pendingSince))
    .orderBy(asc(walletPasses.pendingSince))
    .limit(BATCH);
  for (const pass of due) {
    let isDone = true;
    if (wallets.apple) {
      const devices = await db.select({ pushToken: appleWalletRegistrations.pushToken }).from(appleWalletRegistrations).where(eq(appleWalletRegistrations.serialNumber, pass.serialNumber));
      const tokens = [...new Set(devices.map((d) => d.pushToken))];
      const { sent, gone, failed } = await wallets.apple.push.push(tokens).catch((error: unknown) => {
        logger.warn({ err: error }, 'wallet pass update push failed');
        return { sent: [], gone: [], failed: tokens };
      });
      if (gone.length) await db.delete(appleWalletRegistrations).where(and(eq(appleWalletRegistrations.serialNumber, pass.serialNumber), inArray(appleWalletRegistrations.pushToken, gone)));
      totals.pushed += sent.length;
      totals.failed += failed.length;
      if (failed.length) isDone = false;
      if (sent.length && wallets.apple.push.kind === 'record') logger.info({ devices: sent.length }, 'wallet pass update recorded, not pushed (WALLET_UPDATES=record)');
    }
    if (wallets.google && pass.googleLinkedAt) {
      try {
        await wallets.google.objects.setState(googleObjectId(wallets.google.issuerId, pass.ticketId), pass.status === 'valid' ? 'ACTIVE' : 'EXPIRED');
        totals.googleUpdated += 1;
      } catch (error) {
        logger.warn({ err: error }, 'Google Wallet object update failed');
        totals.failed += 1;
        isDone = false;
      }
    }
    const isGivenUp = !isDone && now.getTime() - pass.pendingSince!.getTime() > GIVE_UP_MS;
    if (isGivenUp) logger.warn({ pendingSince: pass.pendingSince }, 'wallet pass update given up');
    if (isDone || isGivenUp) {
      await db.update(walletPasses).set({ pendingSince: null }).where(and(eq(walletPasses.serialNumber, pass.serialNumber), sql`${walletPasses.changedAt}::text = ${pass.changedAt}`));
    }
  }
  return totals;
}
