// Issue 25: a scene's old export into Marquee, as the operator runs it: a dry run names every
// broken record, the import carries accounts, addresses, images and money over exactly, and
// running it again changes nothing; a newer export updates only what changed.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { signUpAs } from '../../../../tests/helpers/accounts.ts';
import type { LegacyExportSummary } from '../../../../scripts/legacy-export/generate-legacy-export.ts';
import {
  account,
  bandGalleryImages,
  bandProfiles,
  gigApplications,
  gigs,
  heldPayments,
  jamSessions,
  jamSongSlots,
  jamSongs,
  legacyRecords,
  promoterProfiles,
  promoterVenues,
  user,
  venueProfiles,
} from '../../db/schema.ts';
import { importLegacyExport, type ImportReport } from './import-legacy.ts';
import { formatRefusedCsv } from './import-report.ts';
import { readFixes } from './read-legacy-export.ts';

const FIXTURE = fileURLToPath(new URL('../../../../tests/fixtures/legacy-export', import.meta.url));
const summary = JSON.parse(await fs.readFile(path.join(FIXTURE, 'summary.json'), 'utf8')) as LegacyExportSummary;

/** What each kind of broken record's reason starts with. */
const REASON_OF_FAULT: Record<string, RegExp> = {
  'missing-field': /^missing /,
  'bad-date': /^bad date/,
  'unknown-role': /^unknown role/,
  'duplicate-email': /^duplicate e-mail/,
  'missing-venue': /^missing venue/,
  'missing-gig': /^missing gig/,
  'missing-user': /^missing user/,
  'reserved-slug': /^reserved name/,
  'taken-slug': /^name taken/,
  'bad-money': /^bad amount/,
};

const tallyOf = (report: ImportReport, collection: string) => report.tallies.find((t) => t.collection === collection)!.tally;
const totals = (report: ImportReport) =>
  report.tallies.reduce((sum, { tally }) => ({ imported: sum.imported + tally.imported, updated: sum.updated + tally.updated, unchanged: sum.unchanged + tally.unchanged, refused: sum.refused + tally.refused }), { imported: 0, updated: 0, unchanged: 0, refused: 0 });

async function copyFixture(): Promise<string> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'marquee-legacy-'));
  await fs.cp(FIXTURE, folder, { recursive: true });
  return folder;
}

/** Every table's row count: a rerun that changes nothing leaves each the same. */
async function countRows(t: TestApp): Promise<Record<string, number>> {
  const result = await t.db.execute<{ table_name: string; n: string }>(sql`
    select t.table_name, (xpath('/row/n/text()', query_to_xml(format('select count(*) as n from %I', t.table_name), false, true, '')))[1]::text as n
    from information_schema.tables t where t.table_schema = 'public' and t.table_type = 'BASE TABLE' and t.table_name not like 'pgboss%'`);
  return Object.fromEntries(((result as { rows?: unknown[] }).rows ?? (result as unknown as unknown[])).map((row) => [(row as { table_name: string }).table_name, Number((row as { n: string }).n)]));
}

const newIdOf = async (t: TestApp, collection: string, legacyId: string) =>
  (await t.db.select({ id: legacyRecords.newId }).from(legacyRecords).where(and(eq(legacyRecords.collection, collection), eq(legacyRecords.legacyId, legacyId))))[0]?.id;

describe('importing the old system (issue 25)', () => {
  let t: TestApp;
  let folder: string;
  const run = (options: Partial<Parameters<typeof importLegacyExport>[2]> = {}, from = folder) =>
    importLegacyExport({ db: t.db, storage: t.services.storage, maxBytes: t.services.env.UPLOAD_MAX_BYTES }, from, { isDryRun: false, ...options });

  beforeAll(async () => {
    t = await createTestApp();
    folder = await copyFixture();
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(folder, { recursive: true, force: true });
  });

  it('a dry run names every broken record with its reason and writes nothing', async () => {
    const before = await countRows(t);
    const report = await run({ isDryRun: true });
    for (const broken of summary.broken) {
      const refusal = report.refusals.find((r) => r.collection === broken.collection && r.legacyId === broken.id);
      expect(refusal, `${broken.collection}/${broken.id} (${broken.fault})`).toBeDefined();
      expect(refusal!.reason).toMatch(REASON_OF_FAULT[broken.fault]!);
    }
    expect(report.refusals).toHaveLength(summary.broken.length);
    expect(tallyOf(report, 'users').imported).toBe(summary.counts.users + summary.authOnly.length - summary.broken.filter((b) => b.collection === 'users').length);
    expect(await countRows(t)).toEqual(before);
  });

  it('imports every collection, and the report counts what it wrote', async () => {
    const report = await run();
    expect(report.refusals.map((r) => `${r.collection}/${r.legacyId}`).sort()).toEqual(summary.broken.map((b) => `${b.collection}/${b.id}`).sort());
    expect(tallyOf(report, 'storage')).toMatchObject({ imported: summary.counts.images, refused: 0 });
    expect(tallyOf(report, 'gigs').imported).toBe(summary.counts.gigs - summary.broken.filter((b) => b.collection === 'gigs').length);
    expect(tallyOf(report, 'gigApplications').imported).toBe(summary.counts.gigApplications - 2);
    expect(tallyOf(report, 'jamSessions').imported).toBe(summary.counts.jamSessions);
    const [songs] = await t.db.select({ n: count() }).from(jamSongs);
    expect(songs!.n).toBe(summary.counts.songs);
    // The missing gallery image is noted, not fatal.
    expect(report.notes.some((n) => n.note.includes(summary.missingImages[0]!))).toBe(true);
  });

  it('a band keeps its old password, its subdomain, its images and its upcoming gigs', async () => {
    const bandId = (await newIdOf(t, 'users', summary.bandWithSite))!;
    const [band] = await t.db.select().from(bandProfiles).where(eq(bandProfiles.userId, bandId));
    const [person] = await t.db.select().from(user).where(eq(user.id, bandId));
    expect(band!.slug).toBe('thevelvetstatic');

    const client = t.client();
    const signIn = await client.post('/api/auth/sign-in/email', { email: person!.email, password: summary.passwords[summary.bandWithSite] });
    expect(signIn.status, signIn.text).toBe(200);
    const [credential] = await t.db.select({ password: account.password }).from(account).where(eq(account.userId, bandId));
    expect(credential!.password).not.toMatch(/^firebase-scrypt\$/);
    expect((await client.post('/api/auth/sign-in/email', { email: person!.email, password: 'not-the-old-one-9' })).status).toBe(401);

    const site = await client.get('/api/sites/thevelvetstatic');
    expect(site.status).toBe(200);
    expect(site.json.band.name).toBe(band!.name);
    expect(site.json.band.imageUrl).toMatch(/^\/files\//);
    const upcoming = await Promise.all(summary.ids.upcomingGigsOfBandWithSite.map((id) => newIdOf(t, 'gigs', id)));
    expect(site.json.band.gigs.map((g: { id: string }) => g.id).sort()).toEqual(upcoming.sort());
    // The stored image answers, and an old download address someone saved redirects to it.
    const image = await t.app.fetch(new Request(`http://localhost:3000${site.json.band.imageUrl}`));
    expect(image.status).toBe(200);
    const [gallery] = await t.db.select().from(bandGalleryImages).where(eq(bandGalleryImages.bandId, bandId)).limit(1);
    expect(gallery!.url).toMatch(/^\/files\//);
  });

  it('money is exact cents: 12.1 dollars is 1210, and sold tickets are counted', async () => {
    const doc = JSON.parse(await fs.readFile(path.join(FIXTURE, 'firestore.json'), 'utf8')) as { gigs: Record<string, { ticketing?: { enabled?: boolean; price?: number; sold?: number } }> };
    const [legacyId, old] = Object.entries(doc.gigs).find(([, g]) => g.ticketing?.enabled && g.ticketing.price === 12.1 && (g.ticketing.sold ?? 0) > 0)!;
    const [gig] = await t.db.select().from(gigs).where(eq(gigs.id, (await newIdOf(t, 'gigs', legacyId))!));
    expect(gig!.ticketPriceCents).toBe(1210);
    expect(gig!.ticketsSold).toBe(old.ticketing!.sold);
    expect(gig!.bandPercent + gig!.organiserPercent).toBe(75);
    // Imported news is not news: nobody is e-mailed about these gigs or applications.
    const [unnotified] = await t.db.select({ n: count() }).from(gigs).where(sql`${gigs.isApproved} and ${gigs.followersNotifiedAt} is null`);
    expect(unnotified!.n).toBe(0);
    const [unmailed] = await t.db.select({ n: count() }).from(gigApplications).where(sql`${gigApplications.status} <> 'pending' and ${gigApplications.outcomeMailedAt} is null`);
    expect(unmailed!.n).toBe(0);
  });

  it('held payments are history: completing one is refused, and nothing moves money', async () => {
    const held = await t.db.select().from(heldPayments);
    expect(held.length).toBeGreaterThan(0);
    expect(held.every((h) => h.importedAt !== null)).toBe(true);
    const holding = held.find((h) => h.status === 'holding')!;
    const admin = await signUpAs(t, 'admin');
    const refused = await admin.client.post('/api/admin/gig-management/complete', { gigId: holding.gigId, action: 'release', isBeforeShowConfirmed: true });
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toBe('This payment was held by the old system, so its money never reached Marquee: settle it there.');
    const [after] = await t.db.select().from(heldPayments).where(eq(heldPayments.id, holding.id));
    expect(after).toEqual(holding);
  });

  it('no account becomes admin, promoters’ venues wait for the venue, and both promoter shapes are read', async () => {
    const [admins] = await t.db
      .select({ n: count() })
      .from(user)
      .innerJoin(legacyRecords, and(eq(legacyRecords.collection, 'users'), eq(legacyRecords.newId, user.id)))
      .where(eq(user.role, 'admin'));
    expect(admins!.n).toBe(0);
    const [wasAdmin] = await t.db.select({ role: user.role }).from(user).where(eq(user.id, (await newIdOf(t, 'users', summary.ids.admin))!));
    expect(wasAdmin!.role).toBe('fan');
    const links = await t.db.select().from(promoterVenues);
    expect(links.length).toBeGreaterThan(0);
    expect(links.every((l) => l.status === 'pending')).toBe(true);
    for (const id of [summary.ids.promoterRegistrationShape, summary.ids.promoterEditorShape]) {
      const [promoter] = await t.db.select().from(promoterProfiles).where(eq(promoterProfiles.userId, (await newIdOf(t, 'users', id))!));
      expect(promoter!.website, id).toMatch(/^https:\/\//);
      expect(promoter!.facebookUrl, id).toMatch(/^https:\/\//);
    }
    const [venue] = await t.db.select().from(venueProfiles).where(eq(venueProfiles.userId, (await newIdOf(t, 'users', summary.ids.venueWithYouTubeLink))!));
    expect(venue!.youtubeUrl).toMatch(/^https:\/\//);
    expect(venue!.verifiedAt).toBeNull();
  });

  it('the venue sees the applications, and the jam sheet has its songs with their players', async () => {
    const venueId = (await newIdOf(t, 'users', summary.venueWithApplications))!;
    const [venue] = await t.db.select({ email: user.email }).from(user).where(eq(user.id, venueId));
    const client = t.client();
    expect((await client.post('/api/auth/sign-in/email', { email: venue!.email, password: summary.passwords[summary.venueWithApplications] })).status).toBe(200);
    const dashboard = await client.get('/api/booking/dashboard?tab=pending');
    expect(dashboard.status, dashboard.text).toBe(200);
    const openGigIds = await Promise.all(summary.ids.openGigsAtVenue.map((id) => newIdOf(t, 'gigs', id)));
    const [applications] = await t.db.select({ n: count() }).from(gigApplications).where(sql`${gigApplications.gigId} in ${openGigIds}`);
    expect(applications!.n).toBeGreaterThan(0);
    expect(JSON.stringify(dashboard.json)).toContain(openGigIds[0]);

    const sessionId = (await newIdOf(t, 'jamSessions', summary.ids.upcomingJamSession))!;
    const [session] = await t.db.select().from(jamSessions).where(eq(jamSessions.id, sessionId));
    expect(session!.localDate >= '2031-01-01').toBe(true);
    const sheet = await t.client().get(`/api/jam/sessions/${sessionId}`);
    expect(sheet.status, sheet.text).toBe(200);
    expect(JSON.stringify(sheet.json)).toContain((await t.db.select({ song: jamSongs.song }).from(jamSongs).where(eq(jamSongs.sessionId, sessionId)).limit(1))[0]!.song);
    const [slots] = await t.db.select({ n: count() }).from(jamSongSlots).innerJoin(jamSongs, eq(jamSongs.id, jamSongSlots.songId)).where(eq(jamSongs.sessionId, sessionId));
    expect(slots!.n).toBeGreaterThan(0);
  });

  it('running the same export again changes nothing', async () => {
    const before = await countRows(t);
    const report = await run();
    const [records] = await t.db.select({ n: count() }).from(legacyRecords).where(sql`${legacyRecords.collection} <> 'promoterVenues'`);
    // Every record is counted, as unchanged: the accounts known only to the auth service too.
    expect(totals(report)).toEqual({ imported: 0, updated: 0, unchanged: records!.n + summary.counts.images, refused: summary.broken.length });
    expect(await countRows(t)).toEqual(before);
  });

  it('a newer export updates what changed and adds what is new, keeping Marquee’s own sales', async () => {
    const newer = await copyFixture();
    const file = path.join(newer, 'firestore.json');
    const doc = JSON.parse(await fs.readFile(file, 'utf8')) as Record<string, Record<string, Record<string, unknown>>>;
    doc.users![summary.bandWithSite]!.bandDescription = 'Now with a horn section.';
    const [soldLegacyId, soldGig] = Object.entries(doc.gigs!).find(([, g]) => (g.ticketing as { enabled?: boolean; sold?: number } | undefined)?.enabled && ((g.ticketing as { sold: number }).sold ?? 0) > 0)!;
    const ticketing = soldGig.ticketing as { sold: number };
    const soldGigId = (await newIdOf(t, 'gigs', soldLegacyId))!;
    // Marquee sold 2 since the import; the old system sold 3 more before it was switched off.
    await t.db.update(gigs).set({ ticketsSold: sql`${gigs.ticketsSold} + 2` }).where(eq(gigs.id, soldGigId));
    ticketing.sold += 3;
    doc.gigs!.brandNewGig = { ...doc.gigs![summary.ids.upcomingGigsOfBandWithSite[0]!]!, description: 'Added after the first import' };
    await fs.writeFile(file, JSON.stringify(doc));

    const report = await run({}, newer);
    expect(tallyOf(report, 'users')).toMatchObject({ imported: 0, updated: 1 });
    expect(tallyOf(report, 'gigs')).toMatchObject({ imported: 1, updated: 1 });
    expect(tallyOf(report, 'gigApplications')).toMatchObject({ imported: 0, updated: 0 });
    const [band] = await t.db.select().from(bandProfiles).where(eq(bandProfiles.userId, (await newIdOf(t, 'users', summary.bandWithSite))!));
    expect(band!.description).toBe('Now with a horn section.');
    const [gig] = await t.db.select({ sold: gigs.ticketsSold }).from(gigs).where(eq(gigs.id, soldGigId));
    expect(gig!.sold).toBe(ticketing.sold + 2);
    await fs.rm(newer, { recursive: true, force: true });
  });

  it('a refused record corrected in the CSV imports with --fixes', async () => {
    const report = await run({ isDryRun: true });
    const csvFile = path.join(folder, 'refused.csv');
    const missingName = summary.broken.find((b) => b.collection === 'users' && b.fault === 'missing-field' && !summary.noPassword.includes(b.id))!;
    const fixedCsv = formatRefusedCsv({ ...report, refusals: report.refusals.filter((r) => r.legacyId === missingName.id).map((r) => ({ ...r, document: { ...(r.document as object), bandName: 'The Corrected Name' } })) });
    await fs.writeFile(csvFile, fixedCsv);
    const fixed = await run({ fixes: await readFixes(csvFile) });
    expect(tallyOf(fixed, 'users').imported).toBe(1);
    const [band] = await t.db.select().from(bandProfiles).where(eq(bandProfiles.slug, 'thecorrectedname'));
    expect(band).toBeDefined();
  });

  it('a record corrected with --fixes stays imported on later runs, with the same fixes or without them (issue 36)', async () => {
    const csvFile = path.join(folder, 'refused.csv');
    const missingName = summary.broken.find((b) => b.collection === 'users' && b.fault === 'missing-field' && !summary.noPassword.includes(b.id))!;
    const isListed = (report: ImportReport) => report.refusals.some((r) => r.collection === 'users' && r.legacyId === missingName.id);
    const brokenUsers = summary.broken.filter((b) => b.collection === 'users').length;

    const again = await run({ fixes: await readFixes(csvFile) });
    expect(tallyOf(again, 'users')).toMatchObject({ imported: 0, updated: 0, refused: brokenUsers - 1 });
    expect(isListed(again)).toBe(false);

    // The export still has the record wrong; the corrected import is kept, with a note that says so.
    const withoutFixes = await run();
    expect(tallyOf(withoutFixes, 'users')).toMatchObject({ imported: 0, updated: 0, refused: brokenUsers - 1 });
    expect(isListed(withoutFixes)).toBe(false);
    expect(withoutFixes.notes).toContainEqual({ collection: 'users', legacyId: missingName.id, note: expect.stringMatching(/^kept as corrected with --fixes: this export's document is still the one refused \(missing /) as unknown });
    const [band] = await t.db.select({ name: bandProfiles.name }).from(bandProfiles).where(eq(bandProfiles.slug, 'thecorrectedname'));
    expect(band?.name).toBe('The Corrected Name');
  });
});

describe('an interrupted import (issue 25)', () => {
  it('run again, finishes the work with nothing doubled', async () => {
    const t = await createTestApp();
    const folder = await copyFixture();
    const deps = { db: t.db, storage: t.services.storage, maxBytes: t.services.env.UPLOAD_MAX_BYTES };
    try {
      // Stopped while writing the applications, after accounts and gigs were written.
      await expect(
        importLegacyExport(deps, folder, {
          isDryRun: false,
          batchSize: 10,
          onProgress: (progress) => {
            if (progress.collection === 'gigApplications' && progress.done > 0) throw new Error('power cut');
          },
        }),
      ).rejects.toThrow('power cut');
      const [gigCount] = await t.db.select({ n: count() }).from(gigs);
      expect(gigCount!.n).toBeGreaterThan(0);

      const report = await importLegacyExport(deps, folder, { isDryRun: false });
      expect(tallyOf(report, 'users')).toMatchObject({ imported: 0 });
      expect(tallyOf(report, 'gigApplications').imported).toBe(summary.counts.gigApplications - 2);
      const [users] = await t.db.select({ n: count() }).from(user);
      expect(users!.n).toBe(summary.counts.users + summary.authOnly.length - summary.broken.filter((b) => b.collection === 'users').length);
    } finally {
      await t.close();
      await fs.rm(folder, { recursive: true, force: true });
    }
  });
});

describe('a newer export never undoes what happened on Marquee, nor breaks on bad input (issue 25)', () => {
  let t: TestApp;
  let folder: string;
  const run = (from: string, options: Partial<Parameters<typeof importLegacyExport>[2]> = {}) =>
    importLegacyExport({ db: t.db, storage: t.services.storage, maxBytes: t.services.env.UPLOAD_MAX_BYTES }, from, { isDryRun: false, ...options });
  type Firestore = Record<string, Record<string, Record<string, unknown> | null>>;
  /** A copy of the fixture with its documents changed by `change`. */
  async function changedExport(change: (doc: Firestore, auth: { users: Array<Record<string, unknown>> }) => void): Promise<string> {
    const copy = await copyFixture();
    const doc = JSON.parse(await fs.readFile(path.join(copy, 'firestore.json'), 'utf8')) as Firestore;
    const auth = JSON.parse(await fs.readFile(path.join(copy, 'users.json'), 'utf8')) as { users: Array<Record<string, unknown>> };
    change(doc, auth);
    await fs.writeFile(path.join(copy, 'firestore.json'), JSON.stringify(doc));
    await fs.writeFile(path.join(copy, 'users.json'), JSON.stringify(auth));
    return copy;
  }

  beforeAll(async () => {
    t = await createTestApp();
    folder = await copyFixture();
    await run(folder);
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(folder, { recursive: true, force: true });
  });

  it('a dry run after the import finds everything unchanged', async () => {
    const report = await run(folder, { isDryRun: true });
    expect(totals(report)).toMatchObject({ imported: 0, updated: 0 });
  });

  it('an export of the auth accounts alone leaves every imported account, its role and its lists as they are', async () => {
    const before = await countRows(t);
    const roles = await t.db.select({ id: user.id, role: user.role }).from(user);
    const authOnly = await fs.mkdtemp(path.join(os.tmpdir(), 'marquee-legacy-auth-'));
    await fs.cp(path.join(FIXTURE, 'users.json'), path.join(authOnly, 'users.json'));
    await fs.cp(path.join(FIXTURE, 'hash-config.json'), path.join(authOnly, 'hash-config.json'));
    const report = await run(authOnly);
    expect(report.missing.some((m) => m.startsWith('firestore.json'))).toBe(true);
    expect(tallyOf(report, 'users')).toMatchObject({ imported: 0, updated: 0 });
    expect(report.refusals.every((r) => r.reason.startsWith('no users document'))).toBe(true);
    expect(await t.db.select({ id: user.id, role: user.role }).from(user)).toEqual(roles);
    expect(await countRows(t)).toEqual(before);
    await fs.rm(authOnly, { recursive: true, force: true });
  });

  it('a ban, a deleted account, a password chosen on Marquee and the told news all stand after a newer export', async () => {
    const bandId = (await newIdOf(t, 'users', summary.bandWithSite))!;
    await t.db.update(user).set({ banned: true, banReason: 'Spam' }).where(eq(user.id, bandId));
    const deletedLegacyId = summary.ids.fanWithoutRole;
    await t.db.delete(user).where(eq(user.id, (await newIdOf(t, 'users', deletedLegacyId))!));
    // The venue chose a password through a set-your-password link: its own credential row.
    const venueId = (await newIdOf(t, 'users', summary.venueWithApplications))!;
    await t.db.delete(account).where(eq(account.userId, venueId));
    await t.db.insert(account).values({ id: 'chosen-on-marquee', userId: venueId, accountId: venueId, providerId: 'credential', password: 'salt:hash-of-a-new-password' });
    const openGigLegacyId = summary.ids.openGigsAtVenue[0]!;

    const newer = await changedExport((doc) => {
      doc.users![summary.bandWithSite]!.bandDescription = 'Changed in the old system';
      doc.users![deletedLegacyId]!.location = 'cleveland';
      doc.users![summary.venueWithApplications]!.venuePhone = '(312) 555-0199';
      doc.gigs![openGigLegacyId]!.approved = true;
      for (const application of Object.values(doc.gigApplications!)) {
        if (application && (application.gigID ?? application.gigId) === openGigLegacyId) application.status = 'accepted';
      }
    });
    const report = await run(newer);
    expect(report.refusals.find((r) => r.legacyId === deletedLegacyId)?.reason).toBe('deleted on Marquee since it was imported: not brought back');
    expect(await newIdOf(t, 'users', deletedLegacyId)).toBeDefined();
    const [band] = await t.db.select({ banned: user.banned, banReason: user.banReason }).from(user).where(eq(user.id, bandId));
    expect(band).toEqual({ banned: true, banReason: 'Spam' });
    const credentials = await t.db.select({ id: account.id }).from(account).where(eq(account.userId, venueId));
    expect(credentials).toEqual([{ id: 'chosen-on-marquee' }]);
    const [gig] = await t.db.select().from(gigs).where(eq(gigs.id, (await newIdOf(t, 'gigs', openGigLegacyId))!));
    expect(gig!.isApproved).toBe(true);
    expect(gig!.followersNotifiedAt).not.toBeNull();
    const [unmailed] = await t.db.select({ n: count() }).from(gigApplications).where(sql`${gigApplications.status} <> 'pending' and ${gigApplications.outcomeMailedAt} is null`);
    expect(unmailed!.n).toBe(0);
    await fs.rm(newer, { recursive: true, force: true });
  });

  it('documents that are not documents are refused, never a crash, and refusals carry no password hash', async () => {
    const broken = await changedExport((doc, auth) => {
      doc.gigs!.nullGig = null;
      doc.heldPayments!.nullPayment = null;
      const session = Object.values(doc.jamSessions!)[0] as { __collections__: { songs: Record<string, unknown> } };
      session.__collections__.songs.nullSong = null;
      const manager = doc.users![summary.ids.manager]! as { content: { managedArtists: Array<Record<string, unknown>> } };
      manager.content.managedArtists.push({ name: 'Zed', addedAt: 'not a date' });
      auth.users.push({ localId: 123, email: 'numbers@legacy.test' }, { email: 'no-id@legacy.test' });
      auth.users.push({ localId: 'authOnlyRefused', email: 'bad address', passwordHash: 'c2VjcmV0', salt: 'c2FsdA==' });
    });
    const report = await run(broken, { isDryRun: true });
    expect(report.refusals.find((r) => r.legacyId === 'nullGig')?.reason).toBe('not a document');
    expect(report.refusals.find((r) => r.legacyId === 'nullPayment')?.reason).toBe('not a document');
    expect(report.refusals.find((r) => r.legacyId === summary.ids.manager)?.reason).toMatch(/^bad date in managedArtists.addedAt/);
    expect(report.missing).toContain('users.json: 2 entries without a localId (left out)');
    const authRefusal = report.refusals.find((r) => r.legacyId === 'authOnlyRefused')!;
    expect(authRefusal.reason).toMatch(/^bad e-mail/);
    expect(JSON.stringify(authRefusal.document)).not.toContain('c2VjcmV0');
    await fs.rm(broken, { recursive: true, force: true });
  });

  it('cancelling an imported gig refunds Marquee’s own tickets and says the old system’s are refunded there', async () => {
    const gigId = (await newIdOf(t, 'gigs', summary.ids.upcomingGigsOfBandWithSite[0]!))!;
    // As an export gives it: 7 tickets sold on the old system, none yet on Marquee.
    const [gig] = await t.db.update(gigs).set({ isTicketed: true, ticketPriceCents: 1500, ticketsSold: 7, legacyTicketsSold: 7 }).where(eq(gigs.id, gigId)).returning({ id: gigs.id, legacyTicketsSold: gigs.legacyTicketsSold });
    const admin = await signUpAs(t, 'admin');
    const cancelled = await admin.client.post(`/api/admin/gigs/${gig!.id}/cancel`, { reason: 'The band split up', isConfirmed: true });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.json.message).toBe(`The gig is cancelled and is off Marquee's public pages. The ${gig!.legacyTicketsSold} tickets sold on the old system must be refunded there.`);
  });

  it('a hash configuration that cannot be right stops the run before anything is written', async () => {
    const bad = await copyFixture();
    await fs.writeFile(path.join(bad, 'hash-config.json'), JSON.stringify({ base64_signer_key: '', base64_salt_separator: 'Bw==', rounds: 8, mem_cost: 14 }));
    await expect(run(bad)).rejects.toThrow(/base64_signer_key/);
    await fs.rm(bad, { recursive: true, force: true });
  });
});
