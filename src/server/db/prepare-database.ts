import { count } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import type { Logger } from '../logger.ts';
import type { Storage } from '../storage/storage.ts';
import { migrateDatabase, type Database } from './client.ts';
import { user } from './schema.ts';
import { seedDemoData } from './seed/seed-demo-data.ts';
import { seedOutreachPackages } from './seed/seed-outreach-packages.ts';
import { seedRegions } from './seed/seed-regions.ts';

/** Migrations, reference data (regions, packages), and demo data into an empty database. */
export async function prepareDatabase(
  database: Database,
  { isDemoDataEnabled, storage, logger }: { isDemoDataEnabled: boolean; storage: Storage; logger: Logger },
): Promise<void> {
  await migrateDatabase(database);
  await seedRegions(database.db);
  await seedOutreachPackages(database.db);
  if (!isDemoDataEnabled) return;
  const [users] = await database.db.select({ n: count() }).from(user);
  if ((users?.n ?? 0) > 0) return;
  const started = performance.now();
  const { accounts } = await seedDemoData({ db: database.db, storage, hashPassword });
  logger.info({ accounts: accounts.length, ms: Math.round(performance.now() - started) }, 'demo data seeded');
}
