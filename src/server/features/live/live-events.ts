import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database, DbOrTx } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';

/**
 * What open pages follow: public gigs, the gear-swap list, each jam session's sheet, and (decision
 * 51) each gig's door counts (`door`, detail the gig's id: the door app and the organiser's gig card
 * then ask for the counts, which the stream itself never carries).
 */
export const LIVE_TOPICS = ['gigs', 'gear', 'jam', 'door'] as const;
/**
 * What the server itself follows and no page is shown (issue 35): `webhooks`, a webhook event was
 * recorded, so the delivery job is woken at once instead of at its next minute.
 */
export const INTERNAL_TOPICS = ['webhooks'] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number] | (typeof INTERNAL_TOPICS)[number];
const ALL_TOPICS: readonly LiveTopic[] = [...LIVE_TOPICS, ...INTERNAL_TOPICS];

const channelOf = (topic: LiveTopic) => `marquee_${topic}_changed`;
export const GIGS_CHANGED = channelOf('gigs');

/**
 * Tells every open page that something it shows changed; `detail` says what (a jam session's
 * id), at most a few hundred bytes. Called in the same transaction as the change, so the notice
 * goes out on commit; Postgres NOTIFY reaches every server process (PGlite too).
 */
export async function publishChange(tx: DbOrTx, topic: LiveTopic, detail = ''): Promise<void> {
  await tx.execute(sql`select ${liveNotice(topic, detail)}`);
}

export const publishGigsChanged = (tx: DbOrTx) => publishChange(tx, 'gigs');

/** The notice as an expression, for a statement that has other work to do (the door's sync records its device's last sync in the same one). */
export const liveNotice = (topic: LiveTopic, detail = '') => sql`pg_notify(${channelOf(topic)}, ${detail})`;

/** Emits each topic by name, with the notice's detail as its argument. */
export type LiveEvents = { events: EventEmitter; close(): Promise<void> };

/** Listens for database notices and re-emits them to the server's open event streams. */
export async function listenForLiveEvents(database: Database, logger: Logger): Promise<LiveEvents> {
  const events = new EventEmitter();
  events.setMaxListeners(0);
  if (database.kind === 'pglite') {
    const unlisten = await Promise.all(ALL_TOPICS.map((topic) => database.pglite!.listen(channelOf(topic), (detail) => events.emit(topic, detail))));
    return { events, close: async () => void (await Promise.all(unlisten.map((stop) => stop()))) };
  }
  const client = new pg.Client({ connectionString: database.url });
  const topicOf = new Map(ALL_TOPICS.map((topic) => [channelOf(topic), topic]));
  client.on('error', (error) => logger.error({ err: error }, 'live events connection failed'));
  client.on('notification', (message) => {
    const topic = topicOf.get(message.channel);
    if (topic) events.emit(topic, message.payload ?? '');
  });
  await client.connect();
  for (const topic of ALL_TOPICS) await client.query(`listen ${channelOf(topic)}`);
  return { events, close: () => client.end() };
}
