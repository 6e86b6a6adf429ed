import pg from 'pg';
import { AppError } from '../../http/app-error.ts';
import { describeDatabaseUrl, runPostgresTool, toolConnection } from './postgres-tools.ts';
import { readDatabaseFacts, type DatabaseFacts } from './read-database-facts.ts';

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** A restore goes only into a database with no tables, views or sequences of its own. */
export async function assertEmptyServerDatabase(url: string): Promise<void> {
  const found = await withClient(url, async (client) => {
    const { rows } = await client.query<{ name: string }>(
      `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
       order by 1`,
    );
    return rows.map((row) => row.name);
  });
  if (found.length === 0) return;
  throw new AppError(
    'CONFLICT',
    `The database ${describeDatabaseUrl(url)} is not empty (${found.length} tables and other relations, such as ${found.slice(0, 3).join(', ')}). ` +
      'A restore goes only into an empty database: create a new one (createdb marquee_restored) and set DATABASE_URL to it.',
  );
}

/** Loads a pg_dump custom-format file in one transaction: all of it or, on any error, nothing. */
export async function restoreServerDatabase(url: string, file: string): Promise<DatabaseFacts> {
  const { dbname, env } = toolConnection(url);
  await runPostgresTool('pg_restore', ['--no-owner', '--no-acl', '--single-transaction', '--exit-on-error', '--no-password', `--dbname=${dbname}`, file], env);
  return withClient(url, (client) => readDatabaseFacts(async (text) => (await client.query<Record<string, unknown>>(text)).rows));
}
