import { PgBoss, fromPglite } from 'pg-boss';
import type { Database } from '../db/client.ts';
import { AppError } from '../http/app-error.ts';
import type { Logger } from '../logger.ts';

/** What a long job or request sees when its instance is told to stop (SIGTERM). */
export const STOPPING_MESSAGE = 'Marquee is restarting. Please try again in a moment.';

/**
 * Called between batches by long work (a campaign, a digest, SMTP delivery): once the instance
 * is stopping, it ends the work here, with every finished batch committed. A job so ended is
 * handed back to the queue, where another instance (or this one, restarted) carries on.
 */
export function stopIfStopping(stopping: AbortSignal | undefined): void {
  if (stopping?.aborted) throw new AppError('UNAVAILABLE', STOPPING_MESSAGE);
}

const isStoppedEarly = (error: unknown) => error instanceof AppError && error.code === 'UNAVAILABLE';
const RETRY = { retryLimit: 5, retryDelay: 30, retryBackoff: true };

export type JobQueue = {
  /**
   * Queues a job, retried with backoff when it fails (5 times, or `retryLimit`). `delaySeconds`
   * holds it back.
   */
  send(queue: string, data?: object, options?: { delaySeconds?: number; retryLimit?: number }): Promise<void>;
  /** Works a queue's jobs, one at a time, or `concurrency` at once on this instance. */
  work<T extends object>(queue: string, handler: (data: T) => Promise<void>, options?: { concurrency?: number }): Promise<void>;
  /** Runs a queue's job on a cron schedule (minute granularity). */
  schedule(queue: string, cron: string): Promise<void>;
  stop(): Promise<void>;
  /** Each queue's backlog (ready now), jobs running, and recent failures: for /metrics. */
  stats(): Promise<{ queue: string; ready: number; active: number; failed: number }[]>;
};

export const QUEUES = {
  deliverEmail: 'deliver-email',
  notifyBands: 'notify-bands',
  notifyFollowers: 'notify-followers',
  mailApplicationOutcomes: 'mail-application-outcomes',
  sendTransfers: 'send-transfers',
  /** Issue 34: held band shares released, forfeited at their deadline, and their e-mails. */
  bandShareHolds: 'band-share-holds',
  processRefunds: 'process-refunds',
  deliverSandboxEvents: 'deliver-sandbox-events',
  settleExpiredOrders: 'settle-expired-orders',
  sendOutreach: 'send-outreach',
  outreachFollowUps: 'outreach-follow-ups',
  weeklyDigest: 'weekly-digest',
  deliverTexts: 'deliver-texts',
  offerWaitlist: 'offer-waitlist',
  sendHolderMessages: 'send-holder-messages',
  showReminders: 'show-reminders',
  settleGigCancellations: 'settle-gig-cancellations',
  pruneApiCounters: 'prune-api-counters',
  deliverWebhooks: 'deliver-webhooks',
  federateGigs: 'federate-gigs',
  /** Issue 34: saved wallet passes told that their ticket changed. */
  updateWalletPasses: 'update-wallet-passes',
  /** Fedify's own messages (deliveries to other servers, inbox work), decision 56. */
  federation: 'federation',
} as const;

/** A durable queue on the same database (pg-boss), so a restart loses no job. */
export async function startJobQueue(database: Database, logger: Logger, { stopping }: { stopping?: AbortSignal } = {}): Promise<JobQueue> {
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(database.pglite!), backend: 'pglite' })
      : new PgBoss({ db: { executeSql: (text: string, values?: unknown[]) => database.pool!.query(text, values as unknown[]) } });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();
  for (const queue of Object.values(QUEUES)) await boss.createQueue(queue);
  return {
    async send(queue, data = {}, { delaySeconds, retryLimit } = {}) {
      await boss.send(queue, data, { ...RETRY, ...(retryLimit === undefined ? {} : { retryLimit }), ...(delaySeconds ? { startAfter: Math.ceil(delaySeconds) } : {}) });
    },
    async work(queue, handler, { concurrency } = {}) {
      await boss.work(queue, { pollingIntervalSeconds: 1, ...(concurrency ? { localConcurrency: concurrency } : {}) }, async (jobs) => {
        for (const job of jobs) {
          try {
            await handler(job.data as never);
          } catch (error) {
            if (!(isStoppedEarly(error) && stopping?.aborted)) throw error;
            // Stopped between batches: a fresh copy goes back on the queue at once for another instance.
            await boss.send(queue, (job.data as object | null) ?? {}, RETRY);
            logger.info({ queue }, 'job handed back to the queue: this instance is stopping');
          }
        }
      });
    },
    async schedule(queue, cron) {
      await boss.schedule(queue, cron);
    },
    async stop() {
      // Waits for running handlers (which end at their next batch once `stopping` is set); any
      // still running at the deadline are failed back to the queue and retried elsewhere.
      await boss.stop({ graceful: true, timeout: 10_000, close: false });
    },
    async stats() {
      const queues = await boss.getQueues(Object.values(QUEUES));
      return queues.map((q) => ({ queue: q.name, ready: q.readyCount, active: q.activeCount, failed: q.failedCount }));
    },
  };
}
