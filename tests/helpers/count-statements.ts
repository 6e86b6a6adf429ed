import pg from 'pg';
import type { Database } from '../../src/server/db/client.ts';

/**
 * Counts the statements the app sends to its database, as bench/tickets.ts does: on PostgreSQL
 * every pg.Client query (BEGIN and COMMIT included); on PGlite every query and exec, outside a
 * transaction and inside one, a transaction counting as its BEGIN and COMMIT. `stop()` puts the
 * drivers back.
 */
export function countStatements(database: Database) {
  let count = 0;
  const restore: Array<() => void> = [];
  const wrap = <T extends object>(target: T, method: keyof T & string) => {
    const original = target[method] as (...args: unknown[]) => unknown;
    (target as Record<string, unknown>)[method] = function (this: unknown, ...args: unknown[]) {
      count += 1;
      return original.apply(this, args);
    };
    restore.push(() => ((target as Record<string, unknown>)[method] = original));
  };
  if (database.pglite) {
    type Runner = { query: (...args: unknown[]) => Promise<unknown>; exec: (...args: unknown[]) => Promise<unknown> };
    const pglite = database.pglite as unknown as Runner & { transaction: (fn: (tx: Runner) => Promise<unknown>) => Promise<unknown> };
    wrap(pglite, 'query');
    wrap(pglite, 'exec');
    const transaction = pglite.transaction;
    pglite.transaction = function (this: unknown, fn) {
      count += 2;
      return transaction.call(this, (tx: Runner) => {
        for (const method of ['query', 'exec'] as const) {
          const original = tx[method].bind(tx);
          tx[method] = (...args: unknown[]) => ((count += 1), original(...args));
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
