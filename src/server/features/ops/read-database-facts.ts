/** What a backup records about its database and a restore checks again: every table's rows. */
export type DatabaseFacts = {
  /** The server's `server_version` (PGlite's own PostgreSQL, or the server's). */
  postgresVersion: string;
  /** Migrations applied (drizzle's table). */
  migrations: number;
  /** Rows in each table, by `schema.table`: Marquee's, drizzle's and pg-boss's. */
  tables: Record<string, number>;
};

/** One SQL statement in, its rows out: a pg client's or a PGlite transaction's `query`. */
export type RunQuery = (text: string) => Promise<Record<string, unknown>[]>;

// One statement that counts every ordinary table outside PostgreSQL's own schemas (partitioned
// parents are left out: their partitions hold the rows and are counted themselves).
const COUNT_STATEMENT = `
  select coalesce(string_agg(format('select %L as name, count(*)::int as n from %I.%I', n.nspname || '.' || c.relname, n.nspname, c.relname), ' union all '), '') as statement
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`;

/** Reads the facts in whatever snapshot `query` sees; run it in the dump's own transaction. */
export async function readDatabaseFacts(query: RunQuery): Promise<DatabaseFacts> {
  const [version] = (await query('show server_version')) as { server_version?: string }[];
  const [counting] = (await query(COUNT_STATEMENT)) as { statement?: string | null }[];
  const statement = counting?.statement ?? '';
  const rows = (statement ? await query(statement) : []) as { name: string; n: number }[];
  const tables: Record<string, number> = {};
  for (const row of rows.sort((a, b) => a.name.localeCompare(b.name))) tables[row.name] = Number(row.n);
  return { postgresVersion: version?.server_version ?? 'unknown', migrations: tables['drizzle.__drizzle_migrations'] ?? 0, tables };
}

/** The tables whose counts differ between two sets of facts, as readable lines. */
export function describeTableDifferences(expected: Record<string, number>, found: Record<string, number>): string[] {
  const names = [...new Set([...Object.keys(expected), ...Object.keys(found)])].sort();
  return names.filter((name) => expected[name] !== found[name]).map((name) => `${name}: ${expected[name] ?? 'missing'} in the backup, ${found[name] ?? 'missing'} restored`);
}
