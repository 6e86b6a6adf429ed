// Moving from the old system (issue 25, decision 52):
//   npm run import:legacy -- <export folder> [--dry-run] [--fixes refused.csv] [--report-dir DIR] [--send-password-emails]
// Uses the server's settings (DATABASE_URL, or the embedded database in DATA_DIR, which must not be
// in use by a running server; S3_ settings for the images). Safe to run again: what is unchanged
// stays as it is, what changed is updated, what is new is added.
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { DataFolderLockedError, lockDataFolder, openEmbeddedDatabase, openServerDatabase } from '../src/server/db/client.ts';
import { prepareDatabase } from '../src/server/db/prepare-database.ts';
import { legacyRecords } from '../src/server/db/schema.ts';
import { createServices } from '../src/server/create-services.ts';
import { InvalidSettingsError, readEnv } from '../src/server/env.ts';
import { importLegacyExport } from '../src/server/features/legacy-import/import-legacy.ts';
import { formatImportReport, formatNotesCsv, formatRefusedCsv } from '../src/server/features/legacy-import/import-report.ts';
import { LegacyExportError, readFixes } from '../src/server/features/legacy-import/read-legacy-export.ts';
import { sendSetPasswordEmails } from '../src/server/features/legacy-import/send-set-password-emails.ts';
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

let env;
try {
  env = readEnv();
} catch (error) {
  if (error instanceof InvalidSettingsError) fail(error.message);
  throw error;
}
const logger = createLogger('warn');
let release: (() => Promise<void>) | undefined;
try {
  release = env.DATABASE_URL ? undefined : await lockDataFolder(env.DATA_DIR);
} catch (error) {
  if (error instanceof DataFolderLockedError) fail(`${env.DATA_DIR} is in use by a running Marquee: stop it first (the embedded database has one user at a time).`);
  throw error;
}
const database = env.DATABASE_URL ? await openServerDatabase(env.DATABASE_URL, 2) : await openEmbeddedDatabase(env.DATA_DIR);
try {
  const storage = await createStorage(env);
  // Migrations and reference data (regions, packages); never the demo scene.
  await prepareDatabase(database, { isDemoDataEnabled: false, storage, logger });
  const fixes = parsed.values.fixes ? await readFixes(parsed.values.fixes) : undefined;
  console.log(`${isDryRun ? 'Dry run of' : 'Importing'} ${path.resolve(folder)} into ${env.DATABASE_URL ? 'the PostgreSQL server' : env.DATA_DIR}${fixes ? ` with ${fixes.length} corrected records` : ''}…`);
  const report = await importLegacyExport({ db: database.db, storage, maxBytes: env.UPLOAD_MAX_BYTES }, folder, {
    isDryRun,
    fixes,
    onProgress: (step) => process.stdout.isTTY && process.stdout.write(`  ${step}\r`),
  });
  for (const part of report.missing) console.log(`Not in the export: ${part}`);
  console.log(`\n${formatImportReport(report)}\n`);
  await fs.mkdir(reportDir, { recursive: true });
  const refusedFile = path.join(reportDir, 'import-refused.csv');
  const notesFile = path.join(reportDir, 'import-notes.csv');
  await fs.writeFile(refusedFile, formatRefusedCsv(report));
  await fs.writeFile(notesFile, formatNotesCsv(report));
  for (const refusal of report.refusals) console.log(`refused ${refusal.collection}/${refusal.legacyId}: ${refusal.reason}`);
  if (report.refusals.length > 0) console.log(`\n${report.refusals.length} refused: ${refusedFile} lists them with their reasons. Correct the document column and run again with --fixes ${refusedFile}.`);
  if (report.notes.length > 0) console.log(`${report.notes.length} imported with a note (an admin imported as a fan, an image left out…): ${notesFile}`);
  console.log(`${isDryRun ? 'Dry run: nothing was written. ' : ''}Took ${report.seconds} s.`);

  if (parsed.values['send-password-emails']) {
    if (isDryRun) {
      console.log('No set-your-password e-mails in a dry run.');
    } else {
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
  if (error instanceof LegacyExportError) fail(error.message);
  throw error;
} finally {
  await database.close();
  await release?.();
}
