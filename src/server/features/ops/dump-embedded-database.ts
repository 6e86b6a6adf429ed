import type { PGlite } from '@electric-sql/pglite';
import { readDatabaseFacts, type DatabaseFacts } from './read-database-facts.ts';

export type EmbeddedDump = { tarball: Buffer; facts: DatabaseFacts };

/**
 * A consistent copy of an open embedded database, whether or not it is serving requests: its data
 * folder as PGlite's gzipped tarball, and the row counts of that same moment.
 */
export async function dumpEmbeddedDatabase(pglite: PGlite): Promise<EmbeddedDump> {
  // Writes the data pages out, so that opening the copy has little write-ahead log to replay.
  await pglite.exec('checkpoint');
  // Every query and transaction on the instance waits for its transaction lock, which this holds:
  // nothing changes between the counts and the tarball (the dump itself takes only the query lock).
  return pglite.transaction(async (tx) => {
    const facts = await readDatabaseFacts(async (text) => (await tx.query<Record<string, unknown>>(text)).rows);
    const tarball = Buffer.from(await (await pglite.dumpDataDir('gzip')).arrayBuffer());
    return { tarball, facts };
  });
}
