// The composition root: builds the services from the settings, and starts the job queue with every job.
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createAuth } from './auth/create-auth.ts';
import { createSessionReader } from './auth/read-session.ts';
import type { Database } from './db/client.ts';
import type { Env } from './env.ts';
import type { Services } from './services.ts';
import { QUEUES, startJobQueue } from './jobs/job-queue.ts';
import { registerJobs } from './jobs/register-jobs.ts';
import type { Logger } from './logger.ts';
import { createMailer } from './mail/send-mail.ts';
import { createSmtpTransport } from './mail/smtp-transport.ts';
import { createSmsSender } from './sms/sms-sender.ts';
import { createTwilioSender } from './sms/twilio-sender.ts';
import { createStorage } from './storage/create-storage.ts';
import { listenForLiveEvents } from './features/live/live-events.ts';
import { createResponseCache } from './http/response-cache.ts';
import type { PaymentProvider } from './payments/payment-provider.ts';
import { createSandboxProvider, type SandboxProvider } from './payments/sandbox-provider.ts';
import { createDisabledProvider } from './payments/disabled-provider.ts';
import { deriveTicketLinkKey } from './features/tickets/ticket-links.ts';
import { loadWalletSettings } from './features/tickets/wallet-settings.ts';
import { deriveDoorKeySecret, loadDoorKey } from './features/door/door-keys.ts';

/** AUTH_SECRET, or one made once and kept in the data folder so sessions survive restarts. */
export async function resolveSecret(env: Env): Promise<string> {
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
  // Read first: a wallet certificate that does not open stops the start before anything runs.
  const wallets = await loadWalletSettings(env);
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
  const doorKeySecret = deriveDoorKeySecret(secret);
  // env.PAYMENTS (decision 35): Stripe (env.ts requires its keys), the sandbox, which signs its
  // events with a key of its own derived from the server's secret, or none, refusing every sale.
  let payments: PaymentProvider;
  let sandbox: SandboxProvider | null = null;
  if (env.PAYMENTS === 'stripe') {
    // Loaded only when used, as the SMS and S3 adapters are: the SDK adds about 0.1 s to every start.
    const { createStripeProvider, stripeOptionsFor } = await import('./payments/stripe-provider.ts');
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
  // The door's signing key (decision 51), made if there is none and read now, so a sale need not.
  const { retiredForSecret } = await loadDoorKey({ db: database.db, doorKeySecret });
  if (retiredForSecret) logger.warn({ retiredKey: retiredForSecret }, "the server's secret changed: the door signing key made with the old one is retired and a new one signs from now on");
  const services: Services = {
    env,
    database,
    db: database.db,
    logger,
    auth,
    readSession: createSessionReader(auth, database.db),
    proofOfWorkKey: createHmac('sha256', secret).update('marquee on-sale proof of work').digest('hex'),
    mailer,
    sms: createSmsSender({ db: database.db, from: env.TWILIO_FROM_NUMBER ?? env.SMS_NUMBER, sendText: createTwilioSender(env) }),
    storage: await createStorage(env),
    jobs,
    live,
    publicCache,
    payments,
    sandbox,
    ticketLinkKey: deriveTicketLinkKey(secret),
    doorKeySecret,
    wallets,
    isRateLimitEnabled,
    stopping: stop.signal,
    async close() {
      stop.abort();
      await jobs?.stop();
      await live?.close();
      transport?.close();
    },
  };
  if (jobs) await registerJobs(services, jobs);
  return services;
}
