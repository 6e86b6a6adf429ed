// Issue 33, finding 9: the old export's links and image addresses go through the profile editors'
// URL rule and a public-host check; what fails is left out with a note, and is never served.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import type { LegacyExportSummary } from '../../../../scripts/legacy-export/generate-legacy-export.ts';
import { bandLinks, bandProfiles, gigs, legacyRecords, venueProfiles } from '../../db/schema.ts';
import { importLegacyExport, type ImportReport } from './import-legacy.ts';
import { toPublicWebAddress } from './public-web-address.ts';

const FIXTURE = fileURLToPath(new URL('../../../../tests/fixtures/legacy-export', import.meta.url));
const summary = JSON.parse(await fs.readFile(path.join(FIXTURE, 'summary.json'), 'utf8')) as LegacyExportSummary;
const BAND = '7HAfooUBiz0dGLEgHhfxLxVfYY4W';
const VENUE = summary.venueWithApplications;
const GIG = summary.ids.upcomingGigsOfBandWithSite[0]!;

/** What the probe put in the export: none of it may come out of Marquee. */
const HOSTILE = ['javascript:', 'data:', '127.0.0.1', '10.0.0.1', 'localhost:3000/api/me', '169.254.169.254', '[::1]', '2130706433', 'intranet'];

let t: TestApp;
let folder: string;
let report: ImportReport;

beforeAll(async () => {
  t = await createTestApp();
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'marquee-legacy-links-'));
  await fs.cp(FIXTURE, folder, { recursive: true });
  const file = path.join(folder, 'firestore.json');
  const doc = JSON.parse(await fs.readFile(file, 'utf8')) as Record<string, Record<string, Record<string, unknown>>>;
  Object.assign(doc.users![BAND]!, {
    website: 'javascript:alert(document.cookie)',
    instagramLink: 'http://127.0.0.1/admin',
    facebookLink: 'http://10.0.0.1/',
    spotifyLink: 'http://localhost:3000/api/me',
    youtubeChannelLink: 'data:text/html,<script>alert(1)</script>',
    youtubeHighlightLink: 'http://intranet/wiki',
    youtubeLink: 'youtube.com/@harborlights',
    bandImageURL: 'http://169.254.169.254/latest/meta-data/',
    logoURL: 'javascript:alert(1)',
    content: {
      ...(doc.users![BAND]!.content as Record<string, unknown>),
      youtube: 'http://[::1]/embed',
      spotify: 'https://open.spotify.com/embed/artist/harbor',
      links: [
        { label: 'Shop', url: 'javascript:alert(1)' },
        { label: 'Merch', url: 'https://merch.example/harbor' },
      ],
    },
  });
  Object.assign(doc.users![VENUE]!, { venueImageURL: 'data:image/png;base64,iVBORw0KGgo=', website: 'https://lanternroom.example' });
  Object.assign(doc.gigs![GIG]!, { advanceTicketSalesLink: 'http://2130706433/buy' });
  await fs.writeFile(file, JSON.stringify(doc));
  report = await importLegacyExport({ db: t.db, storage: t.services.storage, maxBytes: t.services.env.UPLOAD_MAX_BYTES }, folder, { isDryRun: false });
});
afterAll(async () => {
  await t.close();
  await fs.rm(folder, { recursive: true, force: true });
});

const newIdOf = async (collection: string, legacyId: string) =>
  (await t.db.select({ id: legacyRecords.newId }).from(legacyRecords).where(and(eq(legacyRecords.collection, collection), eq(legacyRecords.legacyId, legacyId))))[0]!.id;

describe('imported links and image addresses (issue 33)', () => {
  it('keeps only public web addresses, as the profile editors would, and notes each one left out', async () => {
    const bandId = await newIdOf('users', BAND);
    const [band] = await t.db.select().from(bandProfiles).where(eq(bandProfiles.userId, bandId));
    expect(band).toMatchObject({
      website: null,
      instagramUrl: null,
      facebookUrl: null,
      spotifyUrl: null,
      youtubeChannelUrl: null,
      youtubeHighlightUrl: null,
      imageUrl: null,
      logoUrl: null,
      youtubeEmbedUrl: null,
      // The editor's rule adds the scheme a link was typed without.
      youtubeUrl: 'https://youtube.com/@harborlights',
      spotifyEmbedUrl: 'https://open.spotify.com/embed/artist/harbor',
    });
    expect((await t.db.select({ label: bandLinks.label, url: bandLinks.url }).from(bandLinks).where(eq(bandLinks.bandId, bandId)))).toEqual([{ label: 'Merch', url: 'https://merch.example/harbor' }]);
    const [venue] = await t.db.select({ imageUrl: venueProfiles.imageUrl, website: venueProfiles.website }).from(venueProfiles).where(eq(venueProfiles.userId, await newIdOf('users', VENUE)));
    expect(venue).toEqual({ imageUrl: null, website: 'https://lanternroom.example' });
    const [gig] = await t.db.select({ advanceTicketUrl: gigs.advanceTicketUrl }).from(gigs).where(eq(gigs.id, await newIdOf('gigs', GIG)));
    expect(gig!.advanceTicketUrl).toBeNull();

    const notesOf = (legacyId: string) => report.notes.filter((n) => n.legacyId === legacyId && n.note.endsWith('is not a public web address: left out')).map((n) => n.note.split(' ')[0]);
    expect(notesOf(BAND).sort()).toEqual(['content.links.url', 'content.youtube', 'facebookLink', 'image', 'image', 'instagramLink', 'spotifyLink', 'website', 'youtubeChannelLink', 'youtubeHighlightLink']);
    expect(notesOf(VENUE)).toEqual(['image']);
    expect(notesOf(GIG)).toEqual(['advanceTicketSalesLink']);
  });

  it('the band site, the public API and the gig list serve none of them', async () => {
    const bandId = await newIdOf('users', BAND);
    const [band] = await t.db.select({ slug: bandProfiles.slug }).from(bandProfiles).where(eq(bandProfiles.userId, bandId));
    const [venue] = await t.db.select({ slug: venueProfiles.slug }).from(venueProfiles).where(eq(venueProfiles.userId, await newIdOf('users', VENUE)));
    const visitor = t.client();
    const answers = await Promise.all(
      [`/api/bands/site?id=${bandId}`, `/api/v1/bands/${band!.slug}`, `/api/v1/venues/${venue!.slug}`, `/api/v1/gigs/${await newIdOf('gigs', GIG)}`, `/api/gigs?region=chicagoland`].map((p) => visitor.get(p)),
    );
    for (const answer of answers) expect(answer.status).toBe(200);
    const served = answers.map((a) => a.text).join('\n');
    for (const probe of HOSTILE) expect(served).not.toContain(probe);
    expect(served).toContain('https://merch.example/harbor');
  });
});

describe('toPublicWebAddress', () => {
  it.each([
    ['https://band.example/shop', 'https://band.example/shop'],
    ['band.example', 'https://band.example'],
    ['http://203.0.114.9/x', 'http://203.0.114.9/x'],
    ['javascript:alert(1)', null],
    ['JAVASCRIPT://%0aalert(1)', null],
    ['data:image/png;base64,AAAA', null],
    ['ftp://files.example/a', null],
    ['http://127.0.0.1/', null],
    ['http://10.0.0.1/', null],
    ['http://192.168.1.1/', null],
    ['http://169.254.169.254/latest', null],
    ['http://[::1]/', null],
    ['http://[fe80::1]/', null],
    ['http://[::ffff:127.0.0.1]/', null],
    ['http://2130706433/', null],
    ['http://0x7f.1/', null],
    ['http://localhost:3000/', null],
    ['http://api.localhost/', null],
    ['http://printer.local/', null],
    ['http://metadata.google.internal/', null],
    ['http://intranet/', null],
    ['https://user:secret@band.example/', null],
  ])('%s → %s', (raw, expected) => {
    expect(toPublicWebAddress(raw)).toBe(expected);
  });
});
