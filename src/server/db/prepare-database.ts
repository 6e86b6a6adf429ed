import { count } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import type { Logger } from '../logger.ts';
import type { Storage } from '../storage/storage.ts';
import { applyMigrations, withStartupLock, type Database } from './client.ts';
import { user } from './schema.ts';
import { seedDemoData } from './seed/seed-demo-data.ts';
import { seedOutreachPackages } from './seed/seed-outreach-packages.ts';
import { seedRegions } from './seed/seed-regions.ts';

type PrepareOptions = { isDemoDataEnabled: boolean; storage: Storage; logger: Logger };

/**
 * Migrations, reference data (regions, packages), and demo data into an empty database; under the
 * start-up lock, so instances starting together on one server prepare it once.
 */
export function prepareDatabase(database: Database, options: PrepareOptions): Promise<void> {
  return withStartupLock(database, () => prepareLocked(database, options));
}

async function prepareLocked(database: Database, { isDemoDataEnabled, storage, logger }: PrepareOptions): Promise<void> {
  await applyMigrations(database);
  await seedRegions(database.db);
  await seedOutreachPackages(database.db);
  if (!isDemoDataEnabled) return;
  const [users] = await database.db.select({ n: count() }).from(user);
  if ((users?.n ?? 0) > 0) return;
  const started = performance.now();
  const { accounts } = await seedDemoData({ db: database.db, storage, hashPassword });
  logger.info({ accounts: accounts.length, ms: Math.round(performance.now() - started) }, 'demo data seeded');
}
