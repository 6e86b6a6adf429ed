import { PgBoss, fromPglite } from 'pg-boss';
import type { Database } from '../db/client.ts';
import type { Logger } from '../logger.ts';

export type JobQueue = {
  send(queue: string, data?: object): Promise<void>;
  work<T extends object>(queue: string, handler: (data: T) => Promise<void>): Promise<void>;
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
  sendTransfers: 'send-transfers',
  processRefunds: 'process-refunds',
  deliverSandboxEvents: 'deliver-sandbox-events',
  sendOutreach: 'send-outreach',
  weeklyDigest: 'weekly-digest',
  deliverTexts: 'deliver-texts',
} as const;

/** A durable queue on the same database (pg-boss), so a restart loses no job. */
export async function startJobQueue(database: Database, logger: Logger): Promise<JobQueue> {
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(database.pglite!), backend: 'pglite' })
      : new PgBoss({ db: { executeSql: (text: string, values?: unknown[]) => database.pool!.query(text, values as unknown[]) } });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();
  for (const queue of Object.values(QUEUES)) await boss.createQueue(queue);
  return {
    async send(queue, data = {}) {
      await boss.send(queue, data, { retryLimit: 5, retryDelay: 30, retryBackoff: true });
    },
    async work(queue, handler) {
      await boss.work(queue, { pollingIntervalSeconds: 1 }, async (jobs) => {
        for (const job of jobs) await handler(job.data as never);
      });
    },
    async schedule(queue, cron) {
      await boss.schedule(queue, cron);
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 5000, close: false });
    },
    async stats() {
      const queues = await boss.getQueues(Object.values(QUEUES));
      return queues.map((q) => ({ queue: q.name, ready: q.readyCount, active: q.activeCount, failed: q.failedCount }));
    },
  };
}
