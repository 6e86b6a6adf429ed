// Issue 25: `npm run import:legacy -- <folder>`: the old system's export into Marquee (decision 52).
// Collections are mapped in dependency order (accounts, then gigs, then what points at gigs…),
// each into rows and an old id → new id record; a real run writes them in batches, one
// transaction each. A dry run maps everything the same way and writes nothing.
import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { gigs, legacyHashConfigs, outreachPackages } from '../../db/schema.ts';
import type { Storage } from '../../storage/storage.ts';
import { LEGACY_COLLECTIONS, type LegacyDocument } from './export-format.ts';
import { loadImportContext, type Note, type Refusal } from './import-context.ts';
import { importLegacyFiles, loadLegacyFileUrls } from './import-legacy-files.ts';
import { publishGigsChanged } from '../live/live-events.ts';
import type { Mapped } from './map-collection.ts';
import { CONTACT_WRITERS, GEAR_WRITERS, JAM_WRITERS, mapContactMessages, mapGearListings, mapJamSessions } from './map-community.ts';
import { APPLICATION_WRITERS, GIG_WRITERS, HELD_PAYMENT_WRITERS, mapApplications, mapGigs, mapHeldPayments } from './map-gigs.ts';
import { CAMPAIGN_WRITERS, mapCampaigns, mapVenueDatabase, VENUE_DATABASE_WRITERS } from './map-outreach.ts';
import { mapUsers, PROMOTER_VENUE_WRITERS, USER_WRITERS } from './map-users.ts';
import { digestOf, firstText } from './legacy-values.ts';
import { readLegacyExport, type LegacyExport } from './read-legacy-export.ts';
import { writeLegacyBatch, type PlannedRecord, type TableWriter } from './write-legacy-batch.ts';

export type Tally = { imported: number; updated: number; unchanged: number; refused: number };

/**
 * What the importer tells its caller as it works (issue 36): a collection (or 'storage', the
 * files) as it starts, as each batch of records or each file is done, and when it is finished,
 * with its tally and how long it took. The caller draws it; the importer draws nothing.
 */
export type ImportProgress =
  | { collection: string; done: number; total: number; isFinished: false }
  | { collection: string; done: number; total: number; isFinished: true; tally: Tally; seconds: number };

export type ImportReport = {
  isDryRun: boolean;
  /** Per collection (and 'storage' for files), in the order they were imported, with the seconds each took. */
  tallies: Array<{ collection: string; tally: Tally; seconds: number }>;
  refusals: Refusal[];
  notes: Note[];
  missing: string[];
  /** Imported accounts with no old password (they need a set-your-password e-mail). */
  accountsWithoutPassword: string[];
  /** Reading and checking the export's files. */
  readSeconds: number;
  /** The whole import, from reading the export to the last write (not opening the database). */
  seconds: number;
};

export type ImportDeps = { db: DbOrTx; storage: Storage; maxBytes: number };
export type ImportOptions = {
  isDryRun: boolean;
  now?: Date;
  /** Corrected documents from a refused-records CSV: they replace the export's of the same id. */
  fixes?: Array<{ collection: string; legacyId: string; document: Record<string, unknown> }>;
  batchSize?: number;
  onProgress?: (progress: ImportProgress) => void;
};

const emptyTally = (): Tally => ({ imported: 0, updated: 0, unchanged: 0, refused: 0 });
const secondsSince = (start: number) => Math.round((performance.now() - start) / 100) / 10;

/** Writes a collection's records in batches; a batch the database refuses is retried record by record, so one bad row refuses only itself. */
async function writeRecords(
  db: DbOrTx,
  collection: string,
  writers: TableWriter[],
  records: PlannedRecord[],
  batchSize: number,
  refusals: Refusal[],
  onBatch: (written: number) => void = () => {},
): Promise<PlannedRecord[]> {
  const failed: PlannedRecord[] = [];
  for (let start = 0; start < records.length; start += batchSize) {
    const batch = records.slice(start, start + batchSize);
    onBatch(start);
    try {
      await writeLegacyBatch(db, collection, writers, batch);
    } catch {
      for (const record of batch) {
        try {
          await writeLegacyBatch(db, collection, writers, [record]);
        } catch (error) {
          const cause = (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message;
          refusals.push({ collection, legacyId: record.legacyId, reason: `the database refused it: ${cause.split('\n')[0]}` });
          failed.push(record);
        }
      }
    }
  }
  return failed;
}

/** The digest prefix of a record corrected with --fixes: the export's own (refused) document's digest. */
function fixedDigestOf(legacy: LegacyExport, collection: string, legacyId: string): string {
  return `fixed:${digestOf(legacy.firestore?.[collection]?.[legacyId] ?? null)}:`;
}

function documentsOf(legacy: LegacyExport, collection: string, fixes: ImportOptions['fixes']): Record<string, LegacyDocument> {
  const documents: Record<string, LegacyDocument> = { ...(legacy.firestore?.[collection] ?? {}) };
  for (const fix of fixes ?? []) if (fix.collection === collection) documents[fix.legacyId] = fix.document;
  return documents;
}

export async function importLegacyExport(deps: ImportDeps, folder: string, options: ImportOptions): Promise<ImportReport> {
  const started = performance.now();
  const { db } = deps;
  const { isDryRun, batchSize = 1000, onProgress = () => {} } = options;
  const legacy = await readLegacyExport(folder);
  const report: ImportReport = { isDryRun, tallies: [], refusals: [], notes: [], missing: legacy.missing, accountsWithoutPassword: [], readSeconds: secondsSince(started), seconds: 0 };
  const knownCollections = new Set<string>([...LEGACY_COLLECTIONS]);
  for (const name of Object.keys(legacy.firestore ?? {})) {
    if (!knownCollections.has(name)) report.missing.push(`collection ${name} is not one Marquee imports: left alone`);
  }

  // Images first: every document's addresses are rewritten to the imported files.
  let fileUrls: Map<string, string>;
  if (legacy.storageFolder) {
    const filesStarted = performance.now();
    const files = await importLegacyFiles(deps, legacy.storageFolder, {
      isDryRun,
      onFile: (done, total) => onProgress({ collection: 'storage', done, total, isFinished: false }),
    });
    fileUrls = files.urls;
    const total = files.tally.imported + files.tally.updated + files.tally.unchanged + files.tally.refused;
    const seconds = secondsSince(filesStarted);
    report.tallies.push({ collection: 'storage', tally: files.tally, seconds });
    onProgress({ collection: 'storage', done: total, total, isFinished: true, tally: files.tally, seconds });
    report.refusals.push(...files.refusals);
  } else {
    fileUrls = await loadLegacyFileUrls(db);
  }

  let hashConfigId: number | null = null;
  if (legacy.hashConfig) {
    const config = { signerKey: legacy.hashConfig.base64_signer_key, saltSeparator: legacy.hashConfig.base64_salt_separator, rounds: legacy.hashConfig.rounds, memCost: legacy.hashConfig.mem_cost };
    const findConfig = async () =>
      (
        await db
          .select({ id: legacyHashConfigs.id })
          .from(legacyHashConfigs)
          .where(sql`${legacyHashConfigs.signerKey} = ${config.signerKey} and ${legacyHashConfigs.saltSeparator} = ${config.saltSeparator} and ${legacyHashConfigs.rounds} = ${config.rounds} and ${legacyHashConfigs.memCost} = ${config.memCost}`)
      )[0]?.id;
    if (!isDryRun) await db.insert(legacyHashConfigs).values(config).onConflictDoNothing();
    // A dry run names the config a real run would use, so it reports the same records as changed.
    hashConfigId = (await findConfig()) ?? 0;
  }

  const context = await loadImportContext(db, { now: options.now ?? new Date(), fileUrls });
  const packageIds = new Set((await db.select({ id: outreachPackages.id }).from(outreachPackages)).map((row) => row.id));

  // A record corrected with --fixes remembers the export's document it corrected in its digest
  // (legacy_records), so later runs know the refused document is the one already corrected.
  const fixedDigests = new Map<string, Map<string, string>>();
  for (const fix of options.fixes ?? []) {
    let byId = fixedDigests.get(fix.collection);
    if (!byId) fixedDigests.set(fix.collection, (byId = new Map<string, string>()));
    byId.set(fix.legacyId, fixedDigestOf(legacy, fix.collection, fix.legacyId));
  }

  // Mapping is timed with its collection: `run` is handed the time its mapping started.
  let mappingStarted = performance.now();
  const run = async (collection: string, mapped: Mapped, writers: TableWriter[]) => {
    const collectionStarted = mappingStarted;
    const tally = emptyTally();
    const total = mapped.records.length + mapped.refusals.length;
    onProgress({ collection, done: 0, total, isFinished: false });
    for (const record of mapped.records) {
      const fixedDigest = fixedDigests.get(collection)?.get(record.legacyId);
      if (fixedDigest === undefined) continue;
      record.digest = `${fixedDigest}${record.digest}`;
      const knownDigest = context.known.get(collection)?.get(record.legacyId)?.digest;
      record.state = knownDigest === undefined ? 'new' : knownDigest === record.digest ? 'unchanged' : 'changed';
    }
    for (const refusal of mapped.refusals) {
      // A record imported corrected with --fixes whose document this export still has as it was
      // refused is kept as corrected (issue 36), with the fixes or without them. A document that
      // changed since (a newer export) is refused like any other; so is an account deleted on
      // Marquee since (it is not brought back).
      const knownDigest = context.known.get(collection)?.get(refusal.legacyId)?.digest;
      if (knownDigest?.startsWith(fixedDigestOf(legacy, collection, refusal.legacyId)) && (collection !== 'users' || context.users.has(refusal.legacyId))) {
        tally.unchanged += 1;
        context.notes.push({ collection, legacyId: refusal.legacyId, note: `kept as corrected with --fixes: this export's document is still the one refused (${refusal.reason})` });
        continue;
      }
      report.refusals.push({ collection, ...refusal });
      tally.refused += 1;
    }
    if (!isDryRun) {
      const failed = new Set(
        await writeRecords(db, collection, writers, mapped.records, batchSize, report.refusals, (written) => onProgress({ collection, done: mapped.refusals.length + written, total, isFinished: false })),
      );
      for (const record of failed) {
        context.accepted.get(collection)?.delete(record.legacyId);
        // A refused account is no venue or band for the gigs and applications that follow.
        if (collection === 'users') context.users.delete(record.legacyId);
      }
      tally.refused += failed.size;
      mapped.records = mapped.records.filter((record) => !failed.has(record));
    }
    for (const record of mapped.records) {
      if (record.state === 'new') tally.imported += 1;
      else if (record.state === 'changed') tally.updated += 1;
      else tally.unchanged += 1;
    }
    const seconds = secondsSince(collectionStarted);
    report.tallies.push({ collection, tally, seconds });
    onProgress({ collection, done: total, total, isFinished: true, tally, seconds });
    mappingStarted = performance.now();
  };

  const userDocuments = documentsOf(legacy, 'users', options.fixes);
  const users = mapUsers(context, userDocuments, legacy.auth?.users ?? [], { hashConfigId, hasDocuments: legacy.firestore?.users !== undefined });
  await run('users', users, USER_WRITERS);
  for (const record of users.records) if (!record.rows.account && record.state === 'new') report.accountsWithoutPassword.push(record.newId);
  // A promoter's venue links are counted with its account; they are written once both exist.
  if (!isDryRun) await writeRecords(db, 'promoterVenues', PROMOTER_VENUE_WRITERS, users.promoterVenues, batchSize, report.refusals);

  const gigsMapped = mapGigs(context, documentsOf(legacy, 'gigs', options.fixes));
  await run('gigs', gigsMapped, GIG_WRITERS);
  await run('gigApplications', mapApplications(context, documentsOf(legacy, 'gigApplications', options.fixes)), APPLICATION_WRITERS);

  // Held payments name their gig's organiser; a gig from an earlier run is looked up.
  const heldDocuments = documentsOf(legacy, 'heldPayments', options.fixes);
  const organiserOf = gigsMapped.organiserOf;
  const earlierGigIds = Object.values(heldDocuments)
    .map((doc) => (typeof doc === 'object' && doc !== null ? firstText(doc, 'gigId', 'gigID') : null))
    .map((gigLegacyId) => (gigLegacyId === null ? undefined : context.known.get('gigs')?.get(gigLegacyId)?.newId))
    .filter((id): id is string => id !== undefined && !organiserOf.has(id));
  for (let start = 0; start < earlierGigIds.length; start += 5000) {
    const rows = await db
      .select({ id: gigs.id, organiser: sql<string>`coalesce(${gigs.promoterId}, ${gigs.venueId})` })
      .from(gigs)
      .where(inArray(gigs.id, earlierGigIds.slice(start, start + 5000)));
    for (const row of rows) organiserOf.set(row.id, row.organiser);
  }
  await run('heldPayments', mapHeldPayments(context, heldDocuments, organiserOf), HELD_PAYMENT_WRITERS);
  await run('jamSessions', mapJamSessions(context, documentsOf(legacy, 'jamSessions', options.fixes)), JAM_WRITERS);
  await run('gearSwap', mapGearListings(context, documentsOf(legacy, 'gearSwap', options.fixes)), GEAR_WRITERS);
  await run('contactMessages', mapContactMessages(context, documentsOf(legacy, 'contactMessages', options.fixes)), CONTACT_WRITERS);
  await run('venueDatabase', mapVenueDatabase(context, documentsOf(legacy, 'venueDatabase', options.fixes)), VENUE_DATABASE_WRITERS);
  for (const collection of ['outreachCampaigns', 'betaOutreachCampaigns'] as const) {
    await run(collection, mapCampaigns(context, collection, documentsOf(legacy, collection, options.fixes), packageIds), CAMPAIGN_WRITERS);
  }

  // Running servers forget their cached public answers at once (decision 42): imported gigs and
  // profiles show, and accounts the export disabled (banned here) leave the public pages (issue 33).
  if (!isDryRun) await publishGigsChanged(db);
  report.notes = context.notes;
  report.seconds = secondsSince(started);
  return report;
}
