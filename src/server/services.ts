// The `Services` type every feature receives: what a request or job may use. Types only, so a
// feature that imports it never imports the composition root (`create-services.ts`) or another
// feature's job handlers.
import type { Auth } from './auth/create-auth.ts';
import type { SessionReader } from './auth/read-session.ts';
import type { Database } from './db/client.ts';
import type { Env } from './env.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import type { Logger } from './logger.ts';
import type { Mailer } from './mail/send-mail.ts';
import type { SmsSender } from './sms/sms-sender.ts';
import type { Storage } from './storage/storage.ts';
import type { LiveEvents } from './features/live/live-events.ts';
import type { ResponseCache } from './http/response-cache.ts';
import type { PaymentProvider } from './payments/payment-provider.ts';
import type { SandboxProvider } from './payments/sandbox-provider.ts';
import type { WalletSettings } from './features/tickets/wallet-settings.ts';

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
  /** Signs each ticket's own page link (decision 46), derived from the server's secret. */
  ticketLinkKey: Buffer;
  /** The door's signing keys are derived from it with each key's id (decision 51): see door-keys.ts. */
  doorKeySecret: Buffer;
  /** Apple and Google Wallet passes, where configured (decision 46). */
  wallets: WalletSettings;
  /** Off in tests that sign in and register many times from one address. */
  isRateLimitEnabled: boolean;
  /** Issue 23: the key that signs on-sale proof-of-work challenges (derived from the server's secret). */
  proofOfWorkKey: string;
  /**
   * Aborted when the instance begins to stop (SIGTERM): /readyz answers 503, live streams end,
   * and long jobs end at their next batch and go back to the queue (graceful stop, issue 13).
   */
  stopping: AbortSignal;
  /** Aborts `stopping` at once, waits for the running jobs (or hands them back), then closes the queue, live events and SMTP. */
  close(): Promise<void>;
};
