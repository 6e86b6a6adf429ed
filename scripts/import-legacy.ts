// Moving from the old system (issue 25, decision 52):
//   npm run import:legacy -- <export folder> [--dry-run] [--fixes refused.csv] [--report-dir DIR] [--send-password-emails]
// Uses the server's settings (DATABASE_URL, or the embedded database in DATA_DIR, which must not be
// in use by a running server; S3_ settings for the images). Safe to run again: what is unchanged
// stays as it is, what changed is updated, what is new is added.
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { eq } from 'drizzle-orm';
import { DataFolderLockedError, lockDataFolder, openEmbeddedDatabase, openServerDatabase, type Database } from '../src/server/db/client.ts';
import { prepareDatabase } from '../src/server/db/prepare-database.ts';
import { legacyRecords } from '../src/server/db/schema.ts';
import { InvalidSettingsError, readEnv, type Env } from '../src/server/env.ts';
import { importLegacyExport, type ImportProgress } from '../src/server/features/legacy-import/import-legacy.ts';
import { formatImportReport, formatNotesCsv, formatRefusedCsv } from '../src/server/features/legacy-import/import-report.ts';
import { LegacyExportError, readFixes } from '../src/server/features/legacy-import/read-legacy-export.ts';
import { createLogger } from '../src/server/logger.ts';
import { createStorage } from '../src/server/storage/create-storage.ts';

const USAGE = 'Usage: npm run import:legacy -- <export folder> [--dry-run] [--fixes refused.csv] [--report-dir DIR] [--send-password-emails]';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      'dry-run': { type: 'boolean', default: false },
      fixes: { type: 'string' },
      'report-dir': { type: 'string' },
      'send-password-emails': { type: 'boolean', default: false },
    },
  });
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}
const folder = parsed.positionals[0];
if (!folder || parsed.positionals.length > 1) fail(USAGE);
const isDryRun = parsed.values['dry-run'];
const reportDir = path.resolve(parsed.values['report-dir'] ?? folder);

let env: Env;
try {
  env = readEnv();
} catch (error) {
  if (error instanceof InvalidSettingsError) fail(error.message);
  throw error;
}
const logger = createLogger('warn');
const dataDir = path.resolve(env.DATA_DIR);
const isInDataDir = (target: string) => !env.DATABASE_URL && !path.relative(dataDir, target).startsWith('..') && !path.isAbsolute(path.relative(dataDir, target));

/**
 * The database to import into. A dry run writes nothing at all (issue 36): it takes no lock and
 * opens the embedded database from a copy in the temporary folder (or an empty one in memory when
 * there is none yet), which is removed afterwards; on a PostgreSQL server it only reads.
 */
async function openTarget(): Promise<{ database: Database; where: string; close: () => Promise<void> }> {
  if (env.DATABASE_URL) {
    const database = await openServerDatabase(env.DATABASE_URL, 2);
    return { database, where: 'the PostgreSQL server', close: () => database.close() };
  }
  if (!isDryRun) {
    let release: () => Promise<void>;
    try {
      release = await lockDataFolder(env.DATA_DIR);
    } catch (error) {
      if (error instanceof DataFolderLockedError) fail(`${env.DATA_DIR} is in use by a running Marquee: stop it first (the embedded database has one user at a time).`);
      throw error;
    }
    const database = await openEmbeddedDatabase(env.DATA_DIR);
    return { database, where: env.DATA_DIR, close: async () => (await database.close(), await release()) };
  }
  if (existsSync(path.join(dataDir, 'marquee.lock'))) fail(`${env.DATA_DIR} is in use by a running Marquee: stop it first (a dry run reads a copy of its database, which must not change meanwhile).`);
  if (!existsSync(path.join(dataDir, 'db'))) {
    const database = await openEmbeddedDatabase();
    return { database, where: `${env.DATA_DIR} (no database there yet: an empty one in memory)`, close: () => database.close() };
  }
  const copy = await fs.mkdtemp(path.join(os.tmpdir(), 'marquee-dry-run-'));
  try {
    await fs.cp(path.join(dataDir, 'db'), path.join(copy, 'db'), { recursive: true });
    const database = await openEmbeddedDatabase(copy);
    return { database, where: `${env.DATA_DIR} (a copy of its database in ${copy}, removed afterwards)`, close: async () => (await database.close(), await fs.rm(copy, { recursive: true, force: true })) };
  } catch (error) {
    await fs.rm(copy, { recursive: true, force: true });
    throw error;
  }
}

/** Live progress: a bar per collection on a terminal, one line per finished collection otherwise (CI, a pipe). */
function createProgressRenderer(): { onProgress: (progress: ImportProgress) => void; stop: () => void } {
  const isTerminal = process.stdout.isTTY === true;
  let bar: cliProgress.SingleBar | undefined;
  const stop = () => {
    bar?.stop();
    bar = undefined;
  };
  const onProgress = (progress: ImportProgress) => {
    const unit = progress.collection === 'storage' ? 'files' : 'records';
    if (progress.isFinished) {
      stop();
      const { tally } = progress;
      console.log(`${progress.collection.padEnd(COLLECTION_WIDTH)} ${String(progress.total).padStart(6)} ${unit.padEnd(7)} ${formatSeconds(progress.seconds).padStart(7)}   ${tally.imported} ${isDryRun ? 'to import' : 'imported'}, ${tally.updated} ${isDryRun ? 'to update' : 'updated'}, ${tally.unchanged} unchanged, ${tally.refused} refused`);
      return;
    }
    if (!isTerminal) return;
    if (!bar) {
      bar = new cliProgress.SingleBar(
        { format: `{collection} {bar} {value}/{total} {unit} ({duration_formatted})`, clearOnComplete: true, hideCursor: true, barsize: 30 },
        cliProgress.Presets.shades_classic,
      );
      bar.start(progress.total, progress.done, { collection: progress.collection.padEnd(COLLECTION_WIDTH), unit });
    } else {
      bar.update(progress.done);
    }
  };
  return { onProgress, stop };
}
const COLLECTION_WIDTH = 22;
const formatSeconds = (seconds: number) => `${seconds.toFixed(1)} s`;
const secondsSince = (start: number) => (performance.now() - start) / 1000;

const openStarted = performance.now();
console.log(`Opening the database${isDryRun ? ' (a dry run: nothing will be written)' : ''}…`);
const target = await openTarget();
const { database } = target;
const progress = createProgressRenderer();
try {
  const storage = await createStorage(env);
  // Migrations and reference data (regions, packages); never the demo scene. A dry run on a
  // PostgreSQL server leaves even these to the server (it needs a database the server prepared).
  if (!(isDryRun && env.DATABASE_URL)) await prepareDatabase(database, { isDemoDataEnabled: false, storage, logger });
  const openSeconds = secondsSince(openStarted);
  const fixes = parsed.values.fixes ? await readFixes(parsed.values.fixes) : undefined;
  console.log(`${isDryRun ? 'Dry run of' : 'Importing'} ${path.resolve(folder)} into ${target.where}${fixes ? ` with ${fixes.length} corrected records` : ''}`);
  console.log(`${'database opened'.padEnd(COLLECTION_WIDTH)} ${''.padStart(14)} ${formatSeconds(openSeconds).padStart(7)}   migrations and reference data included`);
  const report = await importLegacyExport({ db: database.db, storage, maxBytes: env.UPLOAD_MAX_BYTES }, folder, { isDryRun, fixes, onProgress: progress.onProgress });
  progress.stop();
  for (const part of report.missing) console.log(`Not in the export: ${part}`);

  const reportStarted = performance.now();
  // A dry run writes its report beside the export (or to --report-dir), never into the data folder.
  const isReportWritten = !(isDryRun && isInDataDir(reportDir));
  const refusedFile = path.join(reportDir, 'import-refused.csv');
  const notesFile = path.join(reportDir, 'import-notes.csv');
  if (isReportWritten) {
    await fs.mkdir(reportDir, { recursive: true });
    await fs.writeFile(refusedFile, formatRefusedCsv(report));
    await fs.writeFile(notesFile, formatNotesCsv(report));
  }
  const reportSeconds = secondsSince(reportStarted);

  for (const refusal of report.refusals) console.log(`refused ${refusal.collection}/${refusal.legacyId}: ${refusal.reason}`);
  console.log(`\n${formatImportReport(report)}\n`);
  if (isReportWritten) {
    console.log(`Report: ${refusedFile} (${report.refusals.length} refused, with their reasons) and ${notesFile} (${report.notes.length} imported with a note).`);
    if (report.refusals.length > 0) console.log(`Correct the document column of the refused and run again with --fixes ${refusedFile}.`);
  } else {
    console.log(`Report: not written (a dry run writes nothing into ${env.DATA_DIR}; give --report-dir outside it to keep one).`);
  }
  const recordSeconds = report.tallies.filter((t) => t.collection !== 'storage').reduce((sum, t) => sum + t.seconds, 0);
  const fileSeconds = report.tallies.find((t) => t.collection === 'storage')?.seconds ?? 0;
  console.log(
    `Times: starting ${formatSeconds(openStarted / 1000)}, opening the database ${formatSeconds(openSeconds)}, reading the export ${formatSeconds(report.readSeconds)}, files ${formatSeconds(fileSeconds)}, records ${formatSeconds(recordSeconds)}, writing the report ${formatSeconds(reportSeconds)}; ` +
      `${isDryRun ? 'dry run: nothing was written, ' : ''}took ${formatSeconds(secondsSince(0))} in all (since the command started).`,
  );

  if (parsed.values['send-password-emails']) {
    if (isDryRun) {
      console.log('No set-your-password e-mails in a dry run.');
    } else {
      // The whole server (mail, jobs…) loads only for the e-mails: over a second the import itself does without.
      const [{ createServices }, { sendSetPasswordEmails }] = await Promise.all([import('../src/server/create-services.ts'), import('../src/server/features/legacy-import/send-set-password-emails.ts')]);
      const services = await createServices(env, database, logger, { isRateLimitEnabled: false, startJobs: false, listenLive: false });
      try {
        const imported = await database.db.select({ id: legacyRecords.newId }).from(legacyRecords).where(eq(legacyRecords.collection, 'users'));
        const { sent, skipped } = await sendSetPasswordEmails(services, imported.map((row) => row.id));
        const delivered = await services.mailer.deliverQueued();
        console.log(`Set-your-password e-mails: ${sent} queued (${skipped} skipped: they have a password, or are admins or banned); ${delivered ? `${delivered} delivered over SMTP now` : 'the server delivers them from the outbox'}.`);
      } finally {
        await services.close();
      }
    }
  } else if (!isDryRun && report.accountsWithoutPassword.length > 0) {
    console.log(`${report.accountsWithoutPassword.length} new accounts have no old password: run again with --send-password-emails to e-mail each a link to choose one.`);
  }
} catch (error) {
  progress.stop();
  if (!(error instanceof LegacyExportError)) throw error;
  // Not fail(): the database is closed (and a dry run's copy removed) on the way out.
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await target.close();
}
