import { createHash } from 'node:crypto';
import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * Issue 22: every read the app repeats is prepared once and then only bound and executed, so
 * PostgreSQL parses and plans it once per session instead of on every request (a public gig
 * list spent 1 to 3 ms planning to run for 0.3 to 1.4 ms). The same idea as postgres.js's
 * automatic prepared statements, for the two drivers Marquee uses:
 *
 * - PGlite (one session): a named statement sent as Parse and Describe once, then Bind, Execute,
 *   Sync for each call, under PGlite's own locks, so a read never runs inside another's transaction.
 * - node-postgres: a statement name derived from the SQL text, which the driver prepares once
 *   per pooled connection.
 *
 * Only plain reads (one SELECT, no blob) outside transactions are prepared; anything else goes
 * the usual way. PostgreSQL's plan cache decides between custom and generic plans as usual.
 */
const MAX_STATEMENTS = 500;
// A select, and only a select: a statement starting with WITH may write (a data-modifying CTE).
// Not one with 33 parameters or more: those are lists of ids of every length (`in ($1, …)`), whose
// texts are too many to keep a statement for each in every database session.
const isPlainRead = (text: string) => /^\s*select\b/i.test(text) && !text.includes(';') && !text.includes('$33');

const PREPARED = Symbol('marquee.preparedReads');

export type PgliteStatement = { name: string; paramTypes: number[]; rowDescription: ReturnType<typeof findRowDescription> };
type Statement = PgliteStatement;

function findRowDescription(messages: { name: string }[]) {
  return messages.find((m) => m.name === 'rowDescription');
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** PGlite's internal locks, which its own query() takes (transaction, then query). */
export type Exclusive = { _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>; _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T> };

/** Runs `fn` under PGlite's lock(s): both outside a transaction, the query lock alone inside the caller's own. */
type RunLocked = <T>(fn: () => Promise<T>) => Promise<T>;

/** A named statement parsed and described once (Parse, Describe, Sync), under `locked`; null if it cannot be. */
export async function preparePgliteStatement(pglite: PGlite, name: string, text: string, locked: RunLocked): Promise<PgliteStatement | null> {
  const { serialize } = protocol;
  try {
    const { messages } = await locked(() =>
      pglite.execProtocol(concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]), { syncToFs: false }),
    );
    return { name, paramTypes: parse.parseDescribeStatementResults(messages), rowDescription: findRowDescription(messages) };
  } catch {
    // Not preparable (an error in the SQL, say): the usual path gives the usual error.
    return null;
  }
}

/**
 * Binds and executes a prepared statement (Bind, Execute, Sync), under `locked`, each value
 * serialised as PGlite's own query() does. `syncToFs`: for a write outside a transaction, as
 * PGlite's query() syncs its file system then (a no-op for Node's file system).
 */
export async function runPgliteStatement<T>(
  pglite: PGlite,
  statement: PgliteStatement,
  params: unknown[],
  options: QueryOptions | undefined,
  locked: RunLocked,
  { syncToFs = false }: { syncToFs?: boolean } = {},
): Promise<Results<T>> {
  const { serialize } = protocol;
  const values = params.map((value, i) => {
    if (value === null || value === undefined) return null;
    const type = statement.paramTypes[i]!;
    const serializer = options?.serializers?.[type] ?? pglite.serializers[type];
    // As PGlite's own query() does: its serializer for the type, else the value's text.
    return serializer ? serializer(value) : (value as { toString(): string }).toString();
  });
  const { messages } = await locked(() =>
    pglite.execProtocol(concat([serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()]), { syncToFs }),
  );
  const described = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
  return parse.parseResults(described as Parameters<typeof parse.parseResults>[0], pglite.parsers, options)[0] as Results<T>;
}

export function prepareRepeatedReadsOnPglite(pglite: PGlite): void {
  const target = pglite as PGlite & { [PREPARED]?: true } & Exclusive;
  if (target[PREPARED]) return;
  target[PREPARED] = true;
  const unprepared = pglite.query.bind(pglite);
  const statements = new Map<string, Promise<Statement | null>>();
  let counter = 0;
  const { serialize } = protocol;
  const exclusive = <T>(fn: () => Promise<T>) => target._runExclusiveTransaction(() => target._runExclusiveQuery(fn));

  const prepare = (text: string) => preparePgliteStatement(pglite, `marquee_read_${++counter}`, text, exclusive);

  async function close(name: string): Promise<void> {
    await exclusive(() => pglite.execProtocol(concat([serialize.close({ type: 'S', name }), serialize.sync()]), { syncToFs: false })).catch(() => {});
  }

  function statementFor(text: string): Promise<Statement | null> {
    let statement = statements.get(text);
    if (!statement) {
      if (statements.size >= MAX_STATEMENTS) {
        // Forget the oldest, and close its named statement in the session.
        const [oldest, evicted] = statements.entries().next().value!;
        statements.delete(oldest);
        void evicted.then((statement) => statement && close(statement.name));
      }
      statement = prepare(text);
      statements.set(text, statement);
    }
    return statement;
  }

  const query = async <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
    if (!isPlainRead(text) || options?.blob) return unprepared<T>(text, params, options);
    const statement = await statementFor(text);
    if (!statement) return unprepared<T>(text, params, options);
    return runPgliteStatement<T>(pglite, statement, params, options, exclusive);
  };
  pglite.query = query as PGlite['query'];
}

/** The name node-postgres prepares a read under: the same for the same text on every connection. */
const statementName = (text: string) => `marquee_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;

export function prepareRepeatedReadsOnPool(pool: pg.Pool): void {
  const target = pool as pg.Pool & { [PREPARED]?: true };
  if (target[PREPARED]) return;
  target[PREPARED] = true;
  const unprepared = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const names = new Map<string, string>();
  (pool as { query: unknown }).query = (config: unknown, ...rest: unknown[]) => {
    if (typeof config === 'object' && config !== null && 'text' in config && !('name' in config && (config as { name?: string }).name)) {
      const { text } = config as { text: string };
      if (isPlainRead(text)) {
        let name = names.get(text);
        if (!name) {
          if (names.size >= MAX_STATEMENTS) names.delete(names.keys().next().value!);
          names.set(text, (name = statementName(text)));
        }
        return unprepared({ ...config, name }, ...rest);
      }
    }
    return unprepared(config, ...rest);
  };
}
