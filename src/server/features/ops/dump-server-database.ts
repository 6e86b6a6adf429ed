import pg from 'pg';
import { assertPostgresTool, runPostgresTool, toolConnection } from './postgres-tools.ts';
import { readDatabaseFacts, type DatabaseFacts } from './read-database-facts.ts';

/**
 * pg_dump's custom format of the database at `url`, written to `file`. The dump and the row counts
 * share one snapshot: this connection exports it and holds it open while pg_dump imports it.
 */
export async function dumpServerDatabase(url: string, file: string): Promise<{ facts: DatabaseFacts; pgDumpMajor: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version_num: string }>('show server_version_num');
    const serverMajor = Math.floor(Number(rows[0]?.server_version_num) / 10_000);
    const pgDumpMajor = await assertPostgresTool('pg_dump', serverMajor, `the server is PostgreSQL ${serverMajor}`);
    await client.query('begin isolation level repeatable read read only');
    const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]!.id;
    const facts = await readDatabaseFacts(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
    const { dbname, env } = toolConnection(url);
    await runPostgresTool('pg_dump', ['--format=custom', `--snapshot=${snapshot}`, '--no-password', `--file=${file}`, `--dbname=${dbname}`], env);
    await client.query('commit');
    return { facts, pgDumpMajor };
  } finally {
    await client.end();
  }
}
