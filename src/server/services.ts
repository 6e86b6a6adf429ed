import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createAuth, type Auth } from './auth/create-auth.ts';
import { createSessionReader, type SessionReader } from './auth/read-session.ts';
import type { Database } from './db/client.ts';
import type { Env } from './env.ts';
import { QUEUES, startJobQueue, type JobQueue } from './jobs/job-queue.ts';
import type { Logger } from './logger.ts';
import { createMailer, type Mailer } from './mail/send-mail.ts';
import { createSmtpTransport } from './mail/smtp-transport.ts';
import { createSmsSender, type SmsSender } from './sms/sms-sender.ts';
import { createTwilioSender } from './sms/twilio-sender.ts';
import { createStorage } from './storage/create-storage.ts';
import type { Storage } from './storage/storage.ts';
import { listenForLiveEvents, type LiveEvents } from './features/live/live-events.ts';
import { createResponseCache, type ResponseCache } from './http/response-cache.ts';
import type { PaymentEvent, PaymentProvider } from './payments/payment-provider.ts';
import { createSandboxProvider, type SandboxProvider } from './payments/sandbox-provider.ts';
import { createStripeProvider, stripeOptionsFor } from './payments/stripe-provider.ts';
import { sendPendingBandNotices } from './features/booking/notify-bands.ts';
import { sendNewGigNotices } from './features/followers/notify-followers.ts';
import { sendPendingTransfers } from './features/payouts/send-pending-transfers.ts';
import { processPendingRefunds } from './features/payouts/process-pending-refunds.ts';
import { deliverSandboxEvent } from './features/tickets/receive-payment-event.ts';
import { deliverSandboxEvents } from './features/tickets/deliver-sandbox-events.ts';
import { settleExpiredOrders } from './features/tickets/settle-expired-orders.ts';
import { createDisabledProvider } from './payments/disabled-provider.ts';
import { sendOutreachCampaigns } from './features/outreach/send-outreach-campaigns.ts';
import { sendWeeklyDigests } from './features/digest/send-weekly-digest.ts';

export type Services = {
  env: Env;
  database: Database;
  db: Database['db'];
  logger: Logger;
  auth: Auth;
  /** Who is asking, on Marquee's own routes (decision 31). */
  readSession: SessionReader;
  mailer: Mailer;
  /** Texts (D29): through Twilio when configured, else kept in the outbox. */
  sms: SmsSender;
  storage: Storage;
  jobs?: JobQueue;
  live?: LiveEvents;
  /** Public data every visitor sees alike (PUBLIC_CACHE_SECONDS), cleared when gigs change. */
  publicCache: ResponseCache;
  /** The card provider (D13, decision 35): Stripe, the built-in sandbox, or none (PAYMENTS=off: sales refused). */
  payments: PaymentProvider;
  /** The sandbox itself, whose hosted checkout Marquee serves; null when a real provider is in use. */
  sandbox: SandboxProvider | null;
  /** Off in tests that sign in and register many times from one address. */
  isRateLimitEnabled: boolean;
  /**
   * Aborted when the instance begins to stop (SIGTERM): /readyz answers 503, live streams end,
   * and long jobs end at their next batch and go back to the queue (graceful stop, issue 13).
   */
  stopping: AbortSignal;
  /** Aborts `stopping` at once, waits for the running jobs (or hands them back), then closes the queue, live events and SMTP. */
  close(): Promise<void>;
};

/** AUTH_SECRET, or one made once and kept in the data folder so sessions survive restarts. */
async function resolveSecret(env: Env): Promise<string> {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const file = path.join(env.DATA_DIR, 'auth-secret');
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch {
    const secret = randomBytes(32).toString('base64url');
    await fs.mkdir(env.DATA_DIR, { recursive: true });
    await fs.writeFile(file, secret, { mode: 0o600 });
    return secret;
  }
}

export type ServiceOptions = { isRateLimitEnabled?: boolean; startJobs?: boolean; listenLive?: boolean };

export async function createServices(
  env: Env,
  database: Database,
  logger: Logger,
  { isRateLimitEnabled = true, startJobs = true, listenLive = true }: ServiceOptions = {},
): Promise<Services> {
  const transport = createSmtpTransport(env);
  const stop = new AbortController();
  const jobs = startJobs ? await startJobQueue(database, logger, { stopping: stop.signal }) : undefined;
  const mailer = createMailer({
    db: database.db,
    from: env.MAIL_FROM,
    transport,
    stopping: stop.signal,
    requestDelivery: jobs ? () => jobs.send(QUEUES.deliverEmail) : undefined,
  });
  if (jobs && transport) {
    await jobs.work(QUEUES.deliverEmail, async () => {
      const delivered = await mailer.deliverQueued();
      if (delivered) logger.info({ delivered }, 'e-mail delivered over SMTP');
    });
    await jobs.schedule(QUEUES.deliverEmail, '* * * * *');
  }
  const live = listenLive ? await listenForLiveEvents(database, logger) : undefined;
  const publicCache = createResponseCache(env.PUBLIC_CACHE_SECONDS * 1000);
  live?.events.on('gigs', () => publicCache.clear());
  const secret = await resolveSecret(env);
  // env.PAYMENTS (decision 35): Stripe (env.ts requires its keys), the sandbox, which signs its
  // events with a key of its own derived from the server's secret, or none, refusing every sale.
  let payments: PaymentProvider;
  let sandbox: SandboxProvider | null = null;
  if (env.PAYMENTS === 'stripe') {
    payments = createStripeProvider({ secretKey: env.STRIPE_SECRET_KEY!, webhookSecret: env.STRIPE_WEBHOOK_SECRET!, stripeOptions: stripeOptionsFor(env.STRIPE_API_BASE), logger });
  } else if (env.PAYMENTS === 'sandbox') {
    payments = sandbox = createSandboxProvider({ db: database.db, publicUrl: env.PUBLIC_URL, secret: createHmac('sha256', secret).update('marquee sandbox payments').digest('hex') });
  } else {
    payments = createDisabledProvider();
    logger.warn('Ticket sales are off: no payment provider is set up (set PAYMENTS, or the Stripe keys).');
  }
  const auth = createAuth({
    db: database.db,
    publicUrl: env.PUBLIC_URL,
    secret,
    adminEmails: env.ADMIN_EMAILS,
    mailer,
    isRateLimitEnabled,
    signInPerMinute: env.SIGN_IN_RATE_LIMIT_PER_MINUTE,
  });
  const services: Services = {
    env,
    database,
    db: database.db,
    logger,
    auth,
    readSession: createSessionReader(auth, database.db),
    mailer,
    sms: createSmsSender({ db: database.db, from: env.TWILIO_FROM_NUMBER ?? env.SMS_NUMBER, sendText: createTwilioSender(env) }),
    storage: await createStorage(env),
    jobs,
    live,
    publicCache,
    payments,
    sandbox,
    isRateLimitEnabled,
    stopping: stop.signal,
    async close() {
      stop.abort();
      await jobs?.stop();
      await live?.close();
      transport?.close();
    },
  };
  if (jobs) {
    await jobs.work(QUEUES.notifyBands, async () => {
      const sent = await sendPendingBandNotices(services);
      if (sent) logger.info({ sent }, 'band notices sent');
    });
    // A sweep, for a notice whose wake-up was lost to a restart between recording and queueing;
    // and one pass at start-up, so such a notice goes out now rather than within the minute.
    await jobs.schedule(QUEUES.notifyBands, '* * * * *');
    await jobs.send(QUEUES.notifyBands);
    await jobs.work(QUEUES.notifyFollowers, async () => {
      const announced = await sendNewGigNotices(services);
      if (announced) logger.info({ announced }, 'new gigs announced to followers');
    });
    await jobs.schedule(QUEUES.notifyFollowers, '* * * * *');
    await jobs.send(QUEUES.notifyFollowers);
    // Money owed (D11): sent after each payment, completion or refund, with a sweep for retries.
    await jobs.work(QUEUES.sendTransfers, async () => {
      const sent = await sendPendingTransfers(services);
      if (sent) logger.info({ sent }, 'transfers sent');
    });
    await jobs.schedule(QUEUES.sendTransfers, '* * * * *');
    await jobs.work(QUEUES.processRefunds, async () => {
      const refunded = await processPendingRefunds(services);
      if (refunded) logger.info({ refunded }, 'refunds completed');
    });
    await jobs.schedule(QUEUES.processRefunds, '* * * * *');
    // Outreach campaigns (D26): woken after each payment, with a sweep that finishes any a restart cut short.
    await jobs.work<{ campaignId?: string }>(QUEUES.sendOutreach, async (data) => {
      const sent = await sendOutreachCampaigns(services, { campaignId: data?.campaignId });
      if (sent) logger.info({ sent }, 'outreach e-mails written');
    });
    await jobs.schedule(QUEUES.sendOutreach, '* * * * *');
    // Texts (D29): queued in the outbox, sent through the provider after the transaction, with a sweep for retries.
    if (services.sms.name !== 'outbox') {
      await jobs.work(QUEUES.deliverTexts, async () => {
        await services.sms.deliverQueued();
      });
      await jobs.schedule(QUEUES.deliverTexts, '* * * * *');
    }
    // The weekly digest (D30): each region's, once its local send time has come, checked every 15 minutes.
    await jobs.work(QUEUES.weeklyDigest, async () => {
      await sendWeeklyDigests(services);
    });
    await jobs.schedule(QUEUES.weeklyDigest, '*/15 * * * *');
    // The sandbox's webhook (decision 35): each event is recorded on its checkout and delivered
    // until applied; a failed delivery is retried by pg-boss with backoff, and the sweep every
    // minute (and once at start-up) delivers any a crash left behind. ({ event } is a job queued
    // by an older version.)
    if (services.sandbox) {
      const sandboxProvider = services.sandbox;
      await jobs.work<{ sessionId?: string; event?: PaymentEvent }>(QUEUES.deliverSandboxEvents, async ({ sessionId, event }) => {
        if (event) await deliverSandboxEvent(services, sandboxProvider, event);
        const delivered = await deliverSandboxEvents(services, sandboxProvider, { sessionId });
        if (delivered && !sessionId) logger.info({ delivered }, 'sandbox payment events delivered by the sweep');
      });
      await jobs.schedule(QUEUES.deliverSandboxEvents, '* * * * *');
      await jobs.send(QUEUES.deliverSandboxEvents);
    }
    // Checkouts whose time is up (decision 35): asks the provider about each (reconciliation), then gives unpaid holds' seats back.
    if (env.PAYMENTS !== 'off') {
      await jobs.work(QUEUES.settleExpiredOrders, async () => {
        const { reconciled, released } = await settleExpiredOrders(services);
        if (released) logger.info({ released, reconciled }, 'expired checkouts settled');
      });
      await jobs.schedule(QUEUES.settleExpiredOrders, '* * * * *');
    }
  }
  return services;
}
