// Rotates the door's signing key (decision 51): `npm run door:rotate-key`. Retires the current key
// and makes the next (k1 → k2 …); every instance signs with the new key within a minute. Codes
// signed with a retired key still admit online, and offline only for tickets already on the door's
// list, so rotate before doors download their lists (not during a show). Uses the server's settings
// (AUTH_SECRET or DATA_DIR's secret; DATABASE_URL, or the embedded database in DATA_DIR, which must
// not be in use by a running server).
import { lockDataFolder, openEmbeddedDatabase, openServerDatabase, migrateDatabase } from '../src/server/db/client.ts';
import { readEnv } from '../src/server/env.ts';
import { resolveSecret } from '../src/server/create-services.ts';
import { deriveDoorKeySecret, ensureDoorKey, rotateDoorKey } from '../src/server/features/door/door-keys.ts';

const env = readEnv();
const release = env.DATABASE_URL ? undefined : await lockDataFolder(env.DATA_DIR);
const database = env.DATABASE_URL ? await openServerDatabase(env.DATABASE_URL, 1) : await openEmbeddedDatabase(env.DATA_DIR);
try {
  await migrateDatabase(database);
  const secret = deriveDoorKeySecret(await resolveSecret(env));
  await ensureDoorKey(database.db, secret);
  const { retired, current } = await rotateDoorKey(database.db, secret);
  console.log(`door key retired: ${retired.join(', ') || '(none)'}; signing now with: ${current}`);
} finally {
  await database.close();
  await release?.();
}
