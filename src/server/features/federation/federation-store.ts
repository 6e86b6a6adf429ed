import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions, MessageQueue, MessageQueueEnqueueOptions, MessageQueueListenOptions } from '@fedify/fedify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { QUEUES, type JobQueue } from '../../jobs/job-queue.ts';

// Decision 56: Fedify keeps its caches and its work in Marquee's own database, through these two
// small adapters (no second database driver): its key-value store is a table, its message queue is
// a pg-boss queue beside Marquee's other jobs. Every instance of a site shares both.

const keyText = (key: KvKey) => JSON.stringify(key);
/** A Temporal.Duration in milliseconds (typed structurally: the lint's TypeScript has no Temporal types). */
const millisecondsOf = (duration: unknown) => (duration as { total(options: { unit: 'millisecond' }): number }).total({ unit: 'millisecond' });
const expiry = (options?: KvStoreSetOptions) => (options?.ttl ? new Date(Date.now() + millisecondsOf(options.ttl)) : null);
const json = (value: unknown) => JSON.stringify(value ?? null);
/** LIKE's own characters in a key, escaped so that a prefix matches only itself. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function databaseKvStore(db: Db): KvStore {
  return {
    async get<T = unknown>(key: KvKey): Promise<T | undefined> {
      const { rows } = await db.execute<{ value: T }>(sql`
        select value from federation_kv where key = ${keyText(key)} and (expires_at is null or expires_at > now())`);
      return rows[0]?.value;
    },
    async set(key, value, options) {
      await db.execute(sql`
        insert into federation_kv (key, value, expires_at) values (${keyText(key)}, ${json(value)}::jsonb, ${expiry(options)})
        on conflict (key) do update set value = excluded.value, expires_at = excluded.expires_at`);
    },
    async delete(key) {
      await db.execute(sql`delete from federation_kv where key = ${keyText(key)}`);
    },
    /**
     * Compare-and-swap in one statement: an expired value counts as none, and a new value of
     * `undefined` deletes the key (as Fedify's own stores do).
     */
    async cas(key, expectedValue, newValue, options) {
      const live = sql`(expires_at is null or expires_at > now())`;
      const { rows } =
        newValue === undefined
          ? expectedValue === undefined
            ? await db.execute<{ key: string }>(sql`select ${keyText(key)} as key where not exists (select 1 from federation_kv where key = ${keyText(key)} and ${live})`)
            : await db.execute<{ key: string }>(sql`delete from federation_kv where key = ${keyText(key)} and value = ${json(expectedValue)}::jsonb and ${live} returning key`)
          : expectedValue === undefined
            ? await db.execute<{ key: string }>(sql`
                insert into federation_kv (key, value, expires_at) values (${keyText(key)}, ${json(newValue)}::jsonb, ${expiry(options)})
                on conflict (key) do update set value = excluded.value, expires_at = excluded.expires_at
                  where federation_kv.expires_at is not null and federation_kv.expires_at <= now()
                returning key`)
            : await db.execute<{ key: string }>(sql`
                update federation_kv set value = ${json(newValue)}::jsonb, expires_at = ${expiry(options)}
                where key = ${keyText(key)} and value = ${json(expectedValue)}::jsonb and ${live}
                returning key`);
      return rows.length > 0;
    },
    async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
      const whole = prefix ? keyText(prefix) : null;
      const { rows } = await db.execute<{ key: string; value: unknown }>(sql`
        select key, value from federation_kv
        where (expires_at is null or expires_at > now())
          ${whole ? sql`and (key = ${whole} or key like ${`${likeEscaped(whole.slice(0, -1))},%`})` : sql``}
        order by key`);
      for (const row of rows) yield { key: JSON.parse(row.key) as KvKey, value: row.value };
    },
  };
}

/** Forgets the cached values whose time is up. */
export async function pruneFederationKv(db: Db): Promise<number> {
  const { rows } = await db.execute<{ key: string }>(sql`delete from federation_kv where expires_at < now() returning key`);
  return rows.length;
}

/**
 * Fedify's messages on the job queue. Fedify retries a failed delivery itself, with its own
 * backoff (nativeRetrial false); the queue runs a message again only when its run was cut short
 * (an instance stopped or crashed), so an answered Follow or a queued delivery is not lost. Four
 * at once per instance: one slow server does not hold up the others.
 */
export function jobQueueMessages(jobs: JobQueue): MessageQueue {
  return {
    nativeRetrial: false,
    async enqueue(message: unknown, options?: MessageQueueEnqueueOptions) {
      const delaySeconds = options?.delay ? millisecondsOf(options.delay) / 1000 : undefined;
      await jobs.send(QUEUES.federation, { message }, { delaySeconds, retryLimit: 2 });
    },
    async listen(handler: (message: unknown) => Promise<void> | void, options?: MessageQueueListenOptions) {
      await jobs.work<{ message: unknown }>(
        QUEUES.federation,
        async (data) => {
          await handler(data.message);
        },
        { concurrency: 4 },
      );
      // Fedify expects listen() to last while the queue is worked: until the instance stops.
      await new Promise<void>((resolve) => {
        if (!options?.signal || options.signal.aborted) return resolve();
        options.signal.addEventListener('abort', () => resolve(), { once: true });
      });
    },
  };
}
