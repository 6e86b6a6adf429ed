// Issue 25: what the importer knows while it maps records: Marquee's regions, what earlier runs
// imported (old id → new id, digest), the names and addresses already taken, and the new image
// addresses. Mappers read it to resolve references; the orchestrator adds each accepted record.
import { createHash, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { account, bandProfiles, legacyRecords, managedArtists, promoterProfiles, regions, user, venueProfiles } from '../../db/schema.ts';
import type { Role } from '../../../core/roles.ts';

export type Refusal = { collection: string; legacyId: string; reason: string; document?: unknown };
export type Note = { collection: string; legacyId: string; note: string };

/** An imported (or being imported) account, as later collections need it. */
export type KnownUser = { newId: string; role: Role; regionSlug: string; name: string };

export type ImportContext = {
  now: Date;
  regions: Map<string, { timeZone: string }>;
  defaultRegion: string;
  /** Earlier runs: collection → old id → { new id, digest }. */
  known: Map<string, Map<string, { newId: string; digest: string }>>;
  /** This run's accepted records, added as each collection is mapped: collection → old id → new id. */
  accepted: Map<string, Map<string, string>>;
  users: Map<string, KnownUser>;
  /** Site slugs (bands and promoters share them) and venue slugs (lower-cased) → the owning account's new id. */
  siteSlugs: Map<string, string>;
  venueSlugs: Map<string, string>;
  /** Lower-cased e-mail → account id, for every Marquee account. */
  emails: Map<string, string>;
  /** A manager's artists by lower-cased name → managed_artists id. */
  managedArtists: Map<string, Map<string, string>>;
  /** An account's credential row (user id → its id), where it has one. */
  credentials: Map<string, string>;
  /** Old storage path → new address. */
  fileUrls: Map<string, string>;
  notes: Note[];
};

/** The new id an old record has: from this run, or from an earlier one. */
export function newIdOf(context: ImportContext, collection: string, legacyId: string): string | undefined {
  return context.accepted.get(collection)?.get(legacyId) ?? context.known.get(collection)?.get(legacyId)?.newId;
}

/** Whether an old record is known to this run or an earlier one, and the id it keeps (or a new one). */
export function assignId(context: ImportContext, collection: string, legacyId: string, makeId: () => string = randomUUID): { newId: string; digest?: string } {
  const known = context.known.get(collection)?.get(legacyId);
  return known ? { newId: known.newId, digest: known.digest } : { newId: makeId() };
}

/** A uuid derived from its parts: child rows keep their id from one run to the next. */
export function stableUuid(...parts: string[]): string {
  const hex = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export async function loadImportContext(db: DbOrTx, { now, fileUrls }: { now: Date; fileUrls: Map<string, string> }): Promise<ImportContext> {
  const [regionRows, recordRows, userRows, bandRows, promoterRows, venueRows, artistRows, credentialRows] = await Promise.all([
    db.select().from(regions),
    db.select({ collection: legacyRecords.collection, legacyId: legacyRecords.legacyId, newId: legacyRecords.newId, digest: legacyRecords.digest }).from(legacyRecords),
    db.select({ id: user.id, email: user.email, role: user.role, location: user.location, name: user.name }).from(user),
    db.select({ id: bandProfiles.userId, slug: bandProfiles.slug }).from(bandProfiles),
    db.select({ id: promoterProfiles.userId, slug: promoterProfiles.slug }).from(promoterProfiles),
    db.select({ id: venueProfiles.userId, slug: sql<string>`lower(${venueProfiles.slug})` }).from(venueProfiles),
    db.select({ id: managedArtists.id, managerId: managedArtists.managerId, name: sql<string>`lower(${managedArtists.name})` }).from(managedArtists),
    db.select({ id: account.id, userId: account.userId }).from(account).where(eq(account.providerId, 'credential')),
  ]);
  const known = new Map<string, Map<string, { newId: string; digest: string }>>();
  for (const row of recordRows) {
    let byId = known.get(row.collection);
    if (!byId) known.set(row.collection, (byId = new Map<string, { newId: string; digest: string }>()));
    byId.set(row.legacyId, { newId: row.newId, digest: row.digest });
  }
  const usersById = new Map(userRows.map((row) => [row.id, row]));
  const users = new Map<string, KnownUser>();
  for (const [legacyId, { newId }] of known.get('users') ?? []) {
    const row = usersById.get(newId);
    if (row) users.set(legacyId, { newId, role: row.role, regionSlug: row.location, name: row.name });
  }
  const managed = new Map<string, Map<string, string>>();
  for (const row of artistRows) {
    let byName = managed.get(row.managerId);
    if (!byName) managed.set(row.managerId, (byName = new Map<string, string>()));
    byName.set(row.name, row.id);
  }
  const defaultRegion = regionRows.find((r) => r.isDefault)?.slug ?? regionRows[0]!.slug;
  return {
    now,
    regions: new Map(regionRows.map((r) => [r.slug, { timeZone: r.timeZone }])),
    defaultRegion,
    known,
    accepted: new Map(),
    users,
    siteSlugs: new Map([...bandRows, ...promoterRows].map((row) => [row.slug, row.id])),
    venueSlugs: new Map(venueRows.map((row) => [row.slug, row.id])),
    emails: new Map(userRows.map((row) => [row.email.toLowerCase(), row.id])),
    managedArtists: managed,
    credentials: new Map(credentialRows.map((row) => [row.userId, row.id])),
    fileUrls,
    notes: [],
  };
}
