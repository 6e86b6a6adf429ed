import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bandPayoutLine, bandPayoutOf } from '../../../core/band-payouts.ts';
import { todayIn } from '../../../core/time.ts';
import { createLocalStorage, isSafeKey, type Storage } from '../../storage/storage.ts';
import { migrateDatabase, type Database } from '../client.ts';
import { openTestDatabase } from '../../../../tests/helpers/test-database.ts';
import * as schema from '../schema.ts';
import { DEMO_ACCOUNTS, seedDemoData } from './seed-demo-data.ts';
import { seedOutreachPackages } from './seed-outreach-packages.ts';
import { PAGE_REGIONS, REGIONS, seedRegions } from './seed-regions.ts';

let database: Database;
let storage: Storage;
let storageRoot: string;
let accounts: Awaited<ReturnType<typeof seedDemoData>>['accounts'];
const now = new Date();

beforeAll(async () => {
  storageRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'marquee-seed-'));
  storage = createLocalStorage(storageRoot);
  database = await openTestDatabase();
  await migrateDatabase(database);
  await seedRegions(database.db);
  await seedOutreachPackages(database.db);
  const started = performance.now();
  ({ accounts } = await seedDemoData({ db: database.db, storage, hashPassword: async (p) => `hash:${p}`, now }));
  console.info(`seedDemoData took ${Math.round(performance.now() - started)} ms on PGlite`);
}, 60_000);

afterAll(async () => {
  await database?.close();
  if (storageRoot) await fs.rm(storageRoot, { recursive: true, force: true });
});

describe('reference data', () => {
  it('upserts regions and outreach packages without duplicating them', async () => {
    await seedRegions(database.db);
    await seedOutreachPackages(database.db);
    const regions = await database.db.select().from(schema.regions);
    expect(regions).toHaveLength(REGIONS.length);
    expect(regions.filter((r) => r.isDefault).map((r) => r.slug)).toEqual(['chicagoland']);
    expect(regions.find((r) => r.slug === 'cleveland')).toMatchObject({ path: '/cleveland', timeZone: 'America/New_York', sortOrder: 2 });
    expect(regions.find((r) => r.slug === 'syracuse')?.path).toBeNull();

    const packages = await database.db.select().from(schema.outreachPackages);
    expect(packages.map((p) => p.id).sort()).toEqual(
      ['basic', 'headline-basic', 'opener-basic', 'opener-premium', 'premium', 'pro', 'single-location'].sort(),
    );
    expect(packages.find((p) => p.id === 'pro')).toMatchObject({ priceCents: 9999, venueLimit: 999, allowsCustomMessage: true });
    expect(packages.find((p) => p.id === 'opener-premium')?.features).toContain('Follow-up after 1 week');
    for (const p of packages) expect(p.features.length).toBeGreaterThanOrEqual(3);
  });
});

describe('demo data', () => {
  it('creates a credential login for every role, all with the demo password', async () => {
    const users = await database.db.select().from(schema.user);
    const credentials = await database.db.select().from(schema.account);
    expect(accounts.map((a) => a.role).sort()).toEqual(
      ['admin', 'artist_manager', 'band', 'fan', 'musician', 'promoter', 'rehearsal_space', 'venue'].sort(),
    );
    for (const demo of DEMO_ACCOUNTS) {
      const row = users.find((u) => u.email === demo.email);
      expect(row, demo.email).toMatchObject({ role: demo.role, emailVerified: true });
      const login = credentials.find((c) => c.userId === row!.id);
      expect(login).toMatchObject({ providerId: 'credential', accountId: row!.id, password: 'hash:marquee-demo-2026' });
    }
    // Only the demo users can sign in; the rest of the scene has no credentials.
    expect(credentials).toHaveLength(DEMO_ACCOUNTS.length);
  });

  it('gives the demo band, venue, promoter, manager and rehearsal accounts real profiles', async () => {
    const { db } = database;
    const byEmail = async (email: string) => (await db.select().from(schema.user)).find((u) => u.email === email)!.id;
    const bandId = await byEmail('band@demo.marquee.test');
    const band = (await db.select().from(schema.bandProfiles)).find((b) => b.userId === bandId);
    expect(band).toMatchObject({ name: 'The Velvet Static', slug: 'thevelvetstatic' });
    expect((await db.select().from(schema.bandMembers)).filter((m) => m.bandId === bandId).length).toBeGreaterThanOrEqual(2);
    expect((await db.select().from(schema.bandGalleryImages)).filter((g) => g.bandId === bandId).length).toBeGreaterThanOrEqual(2);

    const venueId = await byEmail('venue@demo.marquee.test');
    expect((await db.select().from(schema.venueProfiles)).find((v) => v.userId === venueId)?.slug).toBe('theLanternRoom');
    const promoterId = await byEmail('promoter@demo.marquee.test');
    expect((await db.select().from(schema.promoterVenues)).filter((pv) => pv.promoterId === promoterId).length).toBeGreaterThan(0);
    const managerId = await byEmail('manager@demo.marquee.test');
    expect((await db.select().from(schema.managedArtists)).filter((a) => a.managerId === managerId)).toHaveLength(3);
    const rehearsalId = await byEmail('rehearsal@demo.marquee.test');
    expect((await db.select().from(schema.rehearsalSpaceProfiles)).some((r) => r.userId === rehearsalId)).toBe(true);
  });

  it('has about thirty bands with valid profiles, including "Salt & Static" and a Goldtop band with beta outreach', async () => {
    const bands = await database.db.select().from(schema.bandProfiles);
    expect(bands.length).toBeGreaterThanOrEqual(28);
    expect(new Set(bands.map((b) => b.slug)).size).toBe(bands.length);
    expect(bands.find((b) => b.name === 'Salt & Static')?.slug).toBe('saltandstatic');
    const goldtop = bands.filter((b) => /goldtop/i.test(b.name));
    expect(goldtop.length).toBeGreaterThan(0);
    for (const b of goldtop) expect(b.hasBetaOutreach).toBe(true);
    for (const b of bands) {
      expect(b.description.length, b.name).toBeLessThanOrEqual(150);
      expect(b.genres.length, b.name).toBeGreaterThanOrEqual(1);
      expect(b.imageUrl, b.name).toBeTruthy();
    }
    for (const slug of ['chicagoland', 'cleveland', 'cortland']) {
      const venues = await database.db.select().from(schema.venueProfiles);
      const users = await database.db.select().from(schema.user);
      const inRegion = venues.filter((v) => users.find((u) => u.id === v.userId)?.location === slug);
      expect(inRegion.length, slug).toBeGreaterThanOrEqual(4);
    }
  });

  it('starts every demo venue verified but one, which waits in the admins’ queue (decision 33)', async () => {
    const venues = await database.db.select().from(schema.venueProfiles);
    const waiting = venues.filter((v) => v.verifiedAt === null).map((v) => v.name);
    expect(waiting).toEqual(['The Side Door']);
    const users = await database.db.select().from(schema.user);
    for (const venue of venues) expect(users.find((u) => u.id === venue.userId)?.emailVerified, venue.name).toBe(true);
  });

  it('has about a hundred gigs, and every page region shows an approved gig today or later', async () => {
    const gigs = await database.db.select().from(schema.gigs);
    expect(gigs.length).toBeGreaterThanOrEqual(90);
    expect(gigs.length).toBeLessThanOrEqual(115);
    for (const region of PAGE_REGIONS) {
      const today = todayIn(region.timeZone, now);
      const upcoming = gigs.filter((g) => g.regionSlug === region.slug && g.isApproved && g.localDate >= today);
      expect(upcoming.length, region.slug).toBeGreaterThan(0);
    }
    const pending = gigs.filter((g) => !g.isApproved);
    expect(pending.length / gigs.length).toBeGreaterThan(0.1);
    expect(pending.length / gigs.length).toBeLessThan(0.3);
    expect(gigs.some((g) => g.promoterId !== null)).toBe(true);
    expect(gigs.some((g) => g.endTime < g.startTime)).toBe(true);
  });

  it('keeps gig times, zones and states consistent', async () => {
    const gigs = await database.db.select().from(schema.gigs);
    const users = await database.db.select().from(schema.user);
    const promoterVenues = await database.db.select().from(schema.promoterVenues);
    for (const gig of gigs) {
      expect(gig.startTime).toMatch(/^([01]\d|2[0-3]):(00|10|15|20|30|40|45|50)$/);
      expect(gig.endTime).toMatch(/^([01]\d|2[0-3]):(00|10|15|20|30|40|45|50)$/);
      expect(users.find((u) => u.id === gig.venueId)?.location).toBe(gig.regionSlug);
      const zone = REGIONS.find((r) => r.slug === gig.regionSlug)!.timeZone;
      expect(todayIn(zone, gig.startsAt)).toBe(gig.localDate);
      if (gig.isApproved) {
        expect(gig).toMatchObject({ status: 'confirmed' });
        expect(gig.bandId).not.toBeNull();
        expect(gig.approvedAt).not.toBeNull();
      } else {
        expect(gig).toMatchObject({ status: 'open', bandId: null });
      }
      if (gig.isTicketed) {
        expect(gig.ticketPriceCents).toBeGreaterThanOrEqual(1000);
        expect(gig.ticketQuantity).toBeGreaterThanOrEqual(100);
        expect(gig.bandPercent + gig.organiserPercent).toBe(75);
      }
      if (gig.promoterId) {
        expect(promoterVenues.some((pv) => pv.promoterId === gig.promoterId && pv.venueId === gig.venueId)).toBe(true);
      }
    }
    const upcomingApproved = gigs.filter((g) => g.isApproved && g.startsAt > now);
    const ticketed = upcomingApproved.filter((g) => g.isTicketed);
    expect(ticketed.length / upcomingApproved.length).toBeGreaterThan(0.15);
    expect(ticketed.length / upcomingApproved.length).toBeLessThan(0.45);
  });

  it('gives every pending gig applicants, each band applying at most once', async () => {
    const gigs = await database.db.select().from(schema.gigs);
    const applications = await database.db.select().from(schema.gigApplications);
    for (const gig of gigs.filter((g) => !g.isApproved)) {
      const forGig = applications.filter((a) => a.gigId === gig.id);
      expect(forGig.length).toBeGreaterThanOrEqual(1);
      expect(forGig.length).toBeLessThanOrEqual(4);
      const bandIds = forGig.map((a) => a.bandId).filter(Boolean);
      expect(new Set(bandIds).size).toBe(bandIds.length);
      for (const a of forGig) expect(a.status).toBe('pending');
    }
  });

  it('gives the demo venue and demo band upcoming approved gigs and a pending gig with applicants', async () => {
    const users = await database.db.select().from(schema.user);
    const venueId = users.find((u) => u.email === 'venue@demo.marquee.test')!.id;
    const bandId = users.find((u) => u.email === 'band@demo.marquee.test')!.id;
    const gigs = await database.db.select().from(schema.gigs);
    const applications = await database.db.select().from(schema.gigApplications);
    const today = todayIn('America/Chicago', now);

    const venueUpcoming = gigs.filter((g) => g.venueId === venueId && g.localDate >= today);
    expect(venueUpcoming.filter((g) => g.isApproved).length).toBeGreaterThanOrEqual(3);
    const venuePending = venueUpcoming.filter((g) => !g.isApproved);
    expect(venuePending.some((g) => applications.some((a) => a.gigId === g.id))).toBe(true);

    const bandUpcoming = gigs.filter((g) => g.bandId === bandId && g.isApproved && g.localDate >= today);
    expect(bandUpcoming.length).toBeGreaterThanOrEqual(3);
    expect(bandUpcoming.some((g) => g.isTicketed)).toBe(true);
    const bandApplied = applications.filter((a) => a.bandId === bandId);
    expect(bandApplied.length).toBeGreaterThan(0);
    for (const a of bandApplied) {
      const others = applications.filter((o) => o.gigId === a.gigId && o.bandId !== bandId);
      expect(others.length).toBeGreaterThan(0);
    }
  });

  it('leaves the demo band a held share of a past show, which its dashboard explains (issue 34)', async () => {
    const bandId = (await database.db.select().from(schema.user)).find((u) => u.email === 'band@demo.marquee.test')!.id;
    const transfers = await database.db.select().from(schema.transfers);
    const held = transfers.filter((tr) => tr.payeeUserId === bandId && tr.kind === 'band_share');
    expect(held).toEqual([expect.objectContaining({ status: 'held', amountCents: 1500, reversedCents: 0 })]);
    const [order] = await database.db.select().from(schema.orders).where(eq(schema.orders.id, held[0]!.orderId!));
    const [gig] = await database.db.select().from(schema.gigs).where(eq(schema.gigs.id, order!.gigId));
    expect(gig!.localDate < todayIn('America/Chicago', now)).toBe(true);
    const sold = await database.db.select().from(schema.tickets).where(eq(schema.tickets.orderId, order!.id));
    expect(sold.map((t) => t.bandShareCents)).toEqual([750, 750]);
    expect(gig).toMatchObject({ isTicketed: true, ticketsSold: 2 });
    // The band reads it in one line on 'Your shows'.
    expect(bandPayoutLine(bandPayoutOf({ held: 1500 }, gig!.localDate))).toMatch(/^Your share of \$15\.00 is held until you set up payouts\. Set them up by /);
  });

  it('stores every image and points profiles at it', async () => {
    const stored = await database.db.select().from(schema.files);
    expect(stored.length).toBeGreaterThanOrEqual(40);
    for (const file of stored) {
      expect(isSafeKey(file.key), file.key).toBe(true);
      const body = await storage.get(file.key);
      expect(body?.byteLength, file.key).toBe(file.bytes);
    }
    const urls = new Set(stored.map((f) => storage.urlFor(f.key)));
    const bands = await database.db.select().from(schema.bandProfiles);
    const venues = await database.db.select().from(schema.venueProfiles);
    for (const url of [...bands.map((b) => b.imageUrl), ...venues.map((v) => v.imageUrl)]) expect(urls.has(url!)).toBe(true);
    expect(stored.some((f) => f.contentType === 'image/png')).toBe(true);
  });

  it('sets up the open jam, gear swap, venue directory and followers', async () => {
    const { db } = database;
    const [session] = await db.select().from(schema.jamSessions);
    expect(session).toMatchObject({ regionSlug: 'chicagoland', timeZone: 'America/Chicago', houseBand: ['The Velvet Static'] });
    expect(session!.localDate > todayIn('America/Chicago', now)).toBe(true);
    const songs = await db.select().from(schema.jamSongs);
    expect(songs.length).toBeGreaterThanOrEqual(5);
    const slots = await db.select().from(schema.jamSongSlots);
    for (const song of songs) {
      expect(slots.find((s) => s.songId === song.id && s.slot === 'artist')?.userId).toBeNull();
      expect(slots.some((s) => s.songId === song.id && s.slot === 'key')).toBe(true);
    }
    expect(slots.some((s) => s.userId !== null)).toBe(true);

    const gear = await db.select().from(schema.gearListings);
    expect(gear.length).toBeGreaterThanOrEqual(8);
    expect(gear.filter((g) => g.isSold && g.soldAt).length).toBeGreaterThanOrEqual(2);
    for (const g of gear) {
      expect(g.imageUrls.length).toBeLessThanOrEqual(2);
      expect(g.email ?? g.phone).toBeTruthy();
    }

    const directory = await db.select().from(schema.venueDirectory);
    expect(directory.length).toBeGreaterThanOrEqual(40);
    expect(directory.some((d) => !d.isActive)).toBe(true);
    expect(new Set(directory.map((d) => d.regionSlug)).size).toBeGreaterThanOrEqual(6);

    const followers = await db.select().from(schema.bandFollowers);
    expect(followers.length).toBeGreaterThanOrEqual(3);
    for (const f of followers) expect(f.unsubscribeToken).toMatch(/^[0-9a-f]{64}$/);
  });
});
