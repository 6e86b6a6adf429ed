import type { Db } from './client.ts';

/**
 * `build(db)` made once per database and kept with it: for statements built and prepared once
 * (the door's scan, the public gig lists, the venue page), so a request sends only its parameters.
 */
export function oncePerDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let value = built.get(db);
    if (value === undefined) built.set(db, (value = build(db)));
    return value;
  };
}
