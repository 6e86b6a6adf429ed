import pg from 'pg';
import type { Database } from '../../src/server/db/client.ts';

/** A statement's text (its first characters), or the name it was prepared under. */
const describe = (args: unknown[]) => {
  const first = args[0] as string | { text?: string; name?: string } | undefined;
  return typeof first === 'string' ? first : (first?.text ?? `(prepared ${first?.name ?? '?'})`);
};

/** The statement a protocol message binds (Bind: 'B', length, portal name, statement name), if it is a Bind. */
function boundStatement(message: unknown): string | null {
  if (!(message instanceof Uint8Array) || message[0] !== 0x42) return null;
  const portalEnd = message.indexOf(0, 5);
  const statementEnd = message.indexOf(0, portalEnd + 1);
  return new TextDecoder().decode(message.subarray(portalEnd + 1, statementEnd));
}

/**
 * Counts the statements the app sends to its database (bench/tickets.ts and the tests' statement
 * budgets): on PostgreSQL every pg.Client query (BEGIN and COMMIT included); on PGlite every query
 * and exec, outside a transaction and inside one, a transaction counting as its BEGIN and COMMIT,
 * plus every named statement executed through PGlite's protocol (prepareStatement's; the plain
 * reads prepared-reads.ts names marquee_read_… are counted as the query they serve).
 * `onStatement` sees each one's text. `stop()` puts the drivers back.
 */
export function countStatements(database: Database, { onStatement }: { onStatement?: (text: string) => void } = {}) {
  let count = 0;
  const counted = (text: string) => {
    count += 1;
    onStatement?.(text);
  };
  const restore: Array<() => void> = [];
  const wrap = <T extends object>(target: T, method: keyof T & string, describeCall: (args: unknown[]) => string | null = describe) => {
    const original = target[method] as (...args: unknown[]) => unknown;
    (target as Record<string, unknown>)[method] = function (this: unknown, ...args: unknown[]) {
      const text = describeCall(args);
      if (text !== null) counted(text);
      return original.apply(this, args);
    };
    restore.push(() => ((target as Record<string, unknown>)[method] = original));
  };
  if (database.pglite) {
    type Runner = { query: (...args: unknown[]) => Promise<unknown>; exec: (...args: unknown[]) => Promise<unknown> };
    const pglite = database.pglite as unknown as Runner & { transaction: (fn: (tx: Runner) => Promise<unknown>) => Promise<unknown>; execProtocol: (...args: unknown[]) => Promise<unknown> };
    wrap(pglite, 'query');
    wrap(pglite, 'exec');
    wrap(pglite, 'execProtocol', (args) => {
      const name = boundStatement(args[0]);
      return name && !name.startsWith('marquee_read_') ? `(prepared ${name})` : null;
    });
    const transaction = pglite.transaction;
    pglite.transaction = function (this: unknown, fn) {
      counted('BEGIN');
      counted('COMMIT (sent at the end of the transaction)');
      return transaction.call(this, (tx: Runner) => {
        for (const method of ['query', 'exec'] as const) {
          const original = tx[method].bind(tx);
          tx[method] = (...args: unknown[]) => (counted(describe(args)), original(...args));
        }
        return fn(tx);
      });
    };
    restore.push(() => (pglite.transaction = transaction));
  } else {
    wrap(pg.Client.prototype, 'query');
  }
  return {
    get count() {
      return count;
    },
    stop: () => restore.reverse().forEach((undo) => undo()),
  };
}
