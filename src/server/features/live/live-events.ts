import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database, DbOrTx } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';

export const GIGS_CHANGED = 'marquee_gigs_changed';

/**
 * Tells every open page that public gigs changed. Called in the same transaction as the change,
 * so the notice goes out on commit; Postgres NOTIFY reaches every server process (PGlite too).
 */
export async function publishGigsChanged(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_notify(${GIGS_CHANGED}, '')`);
}

export type LiveEvents = { events: EventEmitter; close(): Promise<void> };

/** Listens for database notices and re-emits them to the server's open event streams. */
export async function listenForLiveEvents(database: Database, logger: Logger): Promise<LiveEvents> {
  const events = new EventEmitter();
  events.setMaxListeners(0);
  if (database.kind === 'pglite') {
    const unlisten = await database.pglite!.listen(GIGS_CHANGED, () => events.emit('gigs'));
    return { events, close: unlisten };
  }
  const client = new pg.Client({ connectionString: database.url });
  client.on('error', (error) => logger.error({ err: error }, 'live events connection failed'));
  client.on('notification', (message) => message.channel === GIGS_CHANGED && events.emit('gigs'));
  await client.connect();
  await client.query(`listen ${GIGS_CHANGED}`);
  return { events, close: () => client.end() };
}
