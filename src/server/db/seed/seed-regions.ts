import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { regions } from '../schema.ts';

export type RegionSeed = typeof regions.$inferInsert & {
  path: string | null;
  timeZone: string;
  sortOrder: number;
};

/** The regions of D6: the three with a public page first, then Syracuse and the outreach locations. */
export const REGIONS: readonly RegionSeed[] = [
  { slug: 'chicagoland', name: 'Chicagoland', path: '/chicago', timeZone: 'America/Chicago', isDefault: true, sortOrder: 1 },
  { slug: 'cleveland', name: 'Cleveland', path: '/cleveland', timeZone: 'America/New_York', isDefault: false, sortOrder: 2 },
  { slug: 'cortland', name: 'Cortland, NY', path: '/cortland', timeZone: 'America/New_York', isDefault: false, sortOrder: 3 },
  { slug: 'syracuse', name: 'Syracuse', path: null, timeZone: 'America/New_York', isDefault: false, sortOrder: 4 },
  { slug: 'milwaukee', name: 'Milwaukee', path: null, timeZone: 'America/Chicago', isDefault: false, sortOrder: 5 },
  { slug: 'madison', name: 'Madison', path: null, timeZone: 'America/Chicago', isDefault: false, sortOrder: 6 },
  { slug: 'indianapolis', name: 'Indianapolis', path: null, timeZone: 'America/Indiana/Indianapolis', isDefault: false, sortOrder: 7 },
  { slug: 'detroit', name: 'Detroit', path: null, timeZone: 'America/Detroit', isDefault: false, sortOrder: 8 },
  { slug: 'st-louis', name: 'St. Louis', path: null, timeZone: 'America/Chicago', isDefault: false, sortOrder: 9 },
  { slug: 'minneapolis', name: 'Minneapolis', path: null, timeZone: 'America/Chicago', isDefault: false, sortOrder: 10 },
  { slug: 'nashville', name: 'Nashville', path: null, timeZone: 'America/Chicago', isDefault: false, sortOrder: 11 },
  { slug: 'austin', name: 'Austin', path: null, timeZone: 'America/Chicago', isDefault: false, sortOrder: 12 },
  { slug: 'denver', name: 'Denver', path: null, timeZone: 'America/Denver', isDefault: false, sortOrder: 13 },
];

/** Regions with a public page (a path); the demo scene fills these. */
export const PAGE_REGIONS: readonly RegionSeed[] = REGIONS.filter((r) => r.path !== null);

/** Runs on every start: reference data, upserted so edits to the list reach existing databases. */
export async function seedRegions(db: DbOrTx): Promise<void> {
  await db
    .insert(regions)
    .values([...REGIONS])
    .onConflictDoUpdate({
      target: regions.slug,
      set: {
        name: sql`excluded.name`,
        path: sql`excluded.path`,
        timeZone: sql`excluded.time_zone`,
        isDefault: sql`excluded.is_default`,
        sortOrder: sql`excluded.sort_order`,
      },
    });
}
