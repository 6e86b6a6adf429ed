// Grants admin to existing accounts by e-mail (D2): `npm run grant-admin -- ops@example.com`.
// Uses the same settings as the server (DATABASE_URL, or the embedded database in DATA_DIR,
// which must not be in use by a running server).
import { lockDataFolder, openEmbeddedDatabase, openServerDatabase, migrateDatabase } from '../src/server/db/client.ts';
import { readEnv } from '../src/server/env.ts';
import { grantAdmins } from '../src/server/features/admin/grant-admins.ts';

const emails = process.argv.slice(2).map((e) => e.trim().toLowerCase()).filter(Boolean);
if (emails.length === 0) {
  console.error('Usage: npm run grant-admin -- someone@example.com [another@example.com …]');
  process.exit(2);
}
const env = readEnv();
const release = env.DATABASE_URL ? undefined : await lockDataFolder(env.DATA_DIR);
const database = env.DATABASE_URL ? await openServerDatabase(env.DATABASE_URL, 1) : await openEmbeddedDatabase(env.DATA_DIR);
try {
  await migrateDatabase(database);
  const granted = await grantAdmins(database.db, emails);
  const missing = emails.filter((e) => !granted.includes(e));
  for (const email of granted) console.log(`admin granted: ${email}`);
  for (const email of missing) console.log(`no change for ${email} (no such account, or already admin)`);
} finally {
  await database.close();
  await release?.();
}
