import { randomBytes, randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import type { Role } from '../../../core/roles.ts';
import { toSiteSlug, toVenueSlug } from '../../../core/slugs.ts';
import { todayIn } from '../../../core/time.ts';
import type { Storage } from '../../storage/storage.ts';
import type { Db, Tx } from '../client.ts';
import {
  account,
  bandExtraGigs,
  bandFollowers,
  bandGalleryImages,
  bandLinks,
  bandMembers,
  bandProfiles,
  files,
  gearListings,
  gigApplications,
  gigs,
  jamSessions,
  jamSongs,
  jamSongSlots,
  managedArtists,
  managerProfiles,
  promoterProfiles,
  promoterVenues,
  rehearsalSpaceProfiles,
  user,
  venueDirectory,
  venueProfiles,
  paymentAccounts,
  sandboxAccounts,
  orders,
} from '../schema.ts';
import { splitOrderPayment } from '../../../core/money.ts';
import { recordTicketShares } from '../../features/payouts/record-ticket-shares.ts';
import { fulfilPaidOrder } from '../../features/tickets/fulfil-paid-order.ts';
import {
  BANDS,
  DEMO_ACCOUNTS,
  DEMO_BAND_FOLLOWERS,
  DEMO_BAND_NAME,
  DEMO_VENUE_NAME,
  DIRECTORY_CITIES,
  DIRECTORY_VENUES,
  GEAR_LISTINGS,
  JAM_SONGS,
  MANAGED_ARTISTS,
  PROMOTERS,
  REHEARSAL_SPACES,
  VENUES,
  WAITING_VENUE,
  type BandContent,
  type DemoAccount,
  type PageRegionSlug,
} from './demo-content.ts';
import { storeDemoImages, type DemoImageSpec } from './demo-images.ts';
import { planDemoGigs, type GigBand, type GigVenue } from './plan-demo-gigs.ts';
import { REGIONS } from './seed-regions.ts';
import { createRandom, type Random } from './seeded-random.ts';
import { addressColumnsOf } from '../../../core/postal-address.ts';

export { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-content.ts';
export type { DemoAccount } from './demo-content.ts';

export type SeedDemoDataDeps = {
  db: Db;
  storage: Storage;
  hashPassword: (password: string) => Promise<string>;
  now?: Date;
};

/** Fixed, so every fresh demo database tells the same story. */
const DEMO_SEED = 20_260_301;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

type Scene = {
  images: DemoImageSpec[];
  users: Insert<typeof user>[];
  bandProfiles: Insert<typeof bandProfiles>[];
  bandMembers: Insert<typeof bandMembers>[];
  bandGallery: Insert<typeof bandGalleryImages>[];
  bandLinks: Insert<typeof bandLinks>[];
  bandExtraGigs: Insert<typeof bandExtraGigs>[];
  venueProfiles: Insert<typeof venueProfiles>[];
  promoterProfiles: Insert<typeof promoterProfiles>[];
  promoterVenues: Insert<typeof promoterVenues>[];
  managerProfiles: Insert<typeof managerProfiles>[];
  managedArtists: Insert<typeof managedArtists>[];
  rehearsalSpaces: Insert<typeof rehearsalSpaceProfiles>[];
  gigs: Insert<typeof gigs>[];
  gigApplications: Insert<typeof gigApplications>[];
  jamSessions: Insert<typeof jamSessions>[];
  jamSongs: Insert<typeof jamSongs>[];
  jamSongSlots: Insert<typeof jamSongSlots>[];
  gearListings: Insert<typeof gearListings>[];
  venueDirectory: Insert<typeof venueDirectory>[];
  bandFollowers: Insert<typeof bandFollowers>[];
  /** Issue 34: the demo band's past show whose share is held (two tickets sold, no payout account). */
  heldShareGig: Insert<typeof gigs> | null;
  demoUserIds: Map<Role, string>;
};

function toKebab(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function regionName(slug: string): string {
  return REGIONS.find((r) => r.slug === slug)?.name ?? slug;
}

function timeZoneOf(slug: string): string {
  const region = REGIONS.find((r) => r.slug === slug);
  if (!region) throw new Error(`Unknown region ${slug}`);
  return region.timeZone;
}

function cityOf(address: string): string {
  return address.split(',').at(-2)?.trim() ?? '';
}

function spotifyId(random: Random): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  return Array.from({ length: 22 }, () => random.pick([...alphabet])).join('');
}

function daysBefore(now: Date, days: number, random: Random): Date {
  return new Date(now.getTime() - days * DAY_MS - random.int(0, 20) * HOUR_MS);
}

const DEMO_BAND_BIO = [
  'The Velvet Static started in a Logan Square basement in 2019, when Nora Vance answered a Craigslist ad that asked for "someone who owns too many pedals". Eli Marsh had placed it; Sam Okafor and Priya Lund were the only two people who replied.',
  'Five years, two EPs and one very tired van later, they have become one of the most dependable live bands in Chicago: loud enough to feel, melodic enough to hum on the way home. Their debut album, Afterglow Radio, was recorded to tape over one snowed-in week in January.',
  'They play most months somewhere in Chicagoland and are always happy to share a bill with a band they have not met yet.',
].join('\n\n');

const BIO_LINES = [
  (band: BandContent) => `Expect ${band.genres.join(', ').toLowerCase()} and a set that changes every night.`,
  (band: BandContent) => `They have shared bills with half the ${regionName(band.region)} scene and are always up for more.`,
  () => 'A new EP is on the way; until then, the best way to hear the songs is live.',
  (band: BandContent) => `No backing tracks, no click: ${band.members.length > 1 ? `${band.members.length} players` : 'one performer'} and a room full of people.`,
];

const LINK_OPTIONS = [
  ['Bandcamp', (slug: string) => `https://bandcamp.example.com/${slug}`],
  ['Merch store', (slug: string) => `https://shop.example.com/${slug}`],
  ['Press kit', (slug: string) => `https://${slug}.example.com/press`],
  ['Tour dates', (slug: string) => `https://${slug}.example.com/tour`],
] as const;

const AREA_CODES: Readonly<Record<PageRegionSlug, string>> = { chicagoland: '773', cleveland: '216', cortland: '607' };

const LOGO_BANDS = new Set([DEMO_BAND_NAME, 'Goldtop Revival', 'Salt & Static']);

const CONTACT_PEOPLE = [
  'Megan Walsh',
  'Carlos Mendes',
  'Dave Kowalski',
  'Tina Brooks',
  'Raj Malhotra',
  'Colleen Murphy',
  'Jerome Price',
  'Anya Petrova',
  'Greg Lindholm',
  'Shonda Harris',
];
const DIRECTORY_NOTES = [
  'Prefers original acts with a local draw.',
  'All ages until 9 PM, 21+ after.',
  'Books 6-8 weeks out; e-mail only, no calls.',
  'Tuesday to Thursday nights are easiest to get.',
  'House PA and drum kit; bring your own amps.',
  null,
  null,
] as const;
const PAYMENT_STRUCTURES = [
  'Door split 70/30',
  'Guarantee + percentage of bar',
  'Flat fee',
  'Tips + drink tickets',
  'Ticket split 80/20 after costs',
] as const;

/** Builds every row of the demo scene in memory; images are only described here, rendered later. */
function buildScene(random: Random, now: Date, storage: Storage): Scene {
  const scene: Scene = {
    images: [],
    users: [],
    bandProfiles: [],
    bandMembers: [],
    bandGallery: [],
    bandLinks: [],
    bandExtraGigs: [],
    venueProfiles: [],
    promoterProfiles: [],
    promoterVenues: [],
    managerProfiles: [],
    managedArtists: [],
    rehearsalSpaces: [],
    gigs: [],
    gigApplications: [],
    jamSessions: [],
    jamSongs: [],
    jamSongSlots: [],
    gearListings: [],
    venueDirectory: [],
    bandFollowers: [],
    heldShareGig: null,
    demoUserIds: new Map(),
  };

  const addImage = (spec: Omit<DemoImageSpec, 'key'> & { folder: string; name: string }): string => {
    const key = `images/demo/${spec.folder}/${toKebab(spec.name)}.${spec.kind === 'logo' ? 'png' : 'jpg'}`;
    scene.images.push({ key, title: spec.title, subtitle: spec.subtitle, kind: spec.kind, isTextless: spec.isTextless, ownerId: spec.ownerId });
    return storage.urlFor(key);
  };
  const addUser = (input: { name: string; email: string; role: Role; location: string; daysAgo: number }): string => {
    const id = randomUUID();
    const createdAt = daysBefore(now, input.daysAgo, random);
    scene.users.push({
      id,
      name: input.name,
      email: input.email,
      emailVerified: true,
      role: input.role,
      location: input.location,
      createdAt,
      updatedAt: createdAt,
    });
    return id;
  };

  for (const demo of DEMO_ACCOUNTS) {
    scene.demoUserIds.set(demo.role, addUser({ ...demo, location: 'chicagoland', daysAgo: 60 }));
  }
  const demoId = (role: Role) => scene.demoUserIds.get(role)!;

  // ---------- Bands ----------
  const gigBands: GigBand[] = [];
  for (const band of BANDS) {
    const isDemo = band.name === DEMO_BAND_NAME;
    const slug = toSiteSlug(band.name);
    const kebab = toKebab(band.name);
    const userId = isDemo
      ? demoId('band')
      : addUser({ name: band.name, email: `${kebab}@example.com`, role: 'band', location: band.region, daysAgo: random.int(30, 400) });
    const imageUrl = addImage({ folder: 'bands', name: band.name, title: band.name, subtitle: band.genres.join(' / '), kind: 'photo', isTextless: true, ownerId: userId });
    const logoUrl = LOGO_BANDS.has(band.name)
      ? addImage({ folder: 'logos', name: band.name, title: band.name, kind: 'logo', ownerId: userId })
      : null;
    let contentImageUrl: string | null = null;
    const gallery = [imageUrl];
    if (isDemo) {
      const shots = [
        ['live-at-the-lantern-room', 'Live at The Lantern Room'],
        ['in-the-studio', 'Recording Afterglow Radio'],
        ['summer-tour', 'On the road'],
      ] as const;
      for (const [suffix, subtitle] of shots) {
        gallery.push(addImage({ folder: 'bands', name: `${band.name} ${suffix}`, title: band.name, subtitle, kind: 'photo', isTextless: true, ownerId: userId }));
      }
      contentImageUrl = gallery[1]!;
    }
    const phone = isDemo ? '312-555-0102' : random.chance(0.5) ? `${AREA_CODES[band.region]}-555-01${random.int(10, 99)}` : null;
    scene.bandProfiles.push({
      userId,
      name: band.name,
      slug,
      description: band.description,
      bio: isDemo ? DEMO_BAND_BIO : `${band.origin} ${random.pick(BIO_LINES)(band)}`,
      performerType: band.performerType,
      genres: [...band.genres],
      imageUrl,
      contentImageUrl,
      logoUrl,
      instagramUrl: isDemo || random.chance(0.75) ? `https://instagram.com/${slug}` : null,
      facebookUrl: isDemo || random.chance(0.4) ? `https://facebook.com/${slug}` : null,
      youtubeUrl: isDemo || random.chance(0.4) ? `https://www.youtube.com/@${slug}` : null,
      youtubeChannelUrl: isDemo ? `https://www.youtube.com/@${slug}` : null,
      spotifyUrl: isDemo || random.chance(0.45) ? `https://open.spotify.com/artist/${spotifyId(random)}` : null,
      website: isDemo || random.chance(0.6) ? `https://${kebab}.example.com` : null,
      phone,
      contactEmail: isDemo ? 'band@demo.marquee.test' : `${kebab}@example.com`,
      contactPhone: phone,
      hasBetaOutreach: /goldtop/i.test(band.name),
      createdAt: scene.users.find((u) => u.id === userId)!.createdAt,
    });
    band.members.forEach(([name, instrument, instagram], position) => {
      scene.bandMembers.push({ bandId: userId, name, instrument, instagramHandle: instagram ?? null, position });
    });
    gallery.forEach((url, position) => {
      if (isDemo || position > 0) scene.bandGallery.push({ bandId: userId, url, position });
    });
    const links = isDemo ? LINK_OPTIONS.slice(0, 3) : random.sample(LINK_OPTIONS, random.int(0, 3));
    links.forEach(([label, url], position) => scene.bandLinks.push({ bandId: userId, label, url: url(kebab), position }));
    gigBands.push({ userId, name: band.name, regionSlug: band.region, genres: band.genres, performerType: band.performerType, isDemo });
  }
  const demoBandId = demoId('band');
  const todayChicago = DateTime.fromISO(todayIn('America/Chicago', now), { zone: 'UTC' });
  scene.bandExtraGigs.push(
    {
      bandId: demoBandId,
      localDate: todayChicago.plus({ days: 23 }).toISODate()!,
      venueName: 'Humboldt Park Block Party',
      ticketUrl: 'https://tickets.example.com/humboldt-park-block-party',
    },
    { bandId: demoBandId, localDate: todayChicago.plus({ days: 45 }).toISODate()!, venueName: 'Bay View Social, Milwaukee', ticketUrl: null },
  );

  // ---------- Venues ----------
  const gigVenues: GigVenue[] = [];
  for (const venue of VENUES) {
    const isDemo = venue.name === DEMO_VENUE_NAME;
    const kebab = toKebab(venue.name);
    const slug = toVenueSlug(venue.name);
    const userId = isDemo
      ? demoId('venue')
      : addUser({ name: venue.name, email: `${kebab}@example.com`, role: 'venue', location: venue.region, daysAgo: random.int(60, 500) });
    scene.venueProfiles.push({
      userId,
      name: venue.name,
      slug,
      ...addressColumnsOf({ address: venue.address }),
      phone: venue.phone,
      contactEmail: isDemo ? 'venue@demo.marquee.test' : `booking.${kebab}@example.com`,
      website: `https://${kebab}.example.com`,
      instagramUrl: isDemo || random.chance(0.8) ? `https://instagram.com/${slug.toLowerCase()}` : null,
      facebookUrl: isDemo || random.chance(0.5) ? `https://facebook.com/${slug.toLowerCase()}` : null,
      imageUrl: addImage({ folder: 'venues', name: venue.name, title: venue.name, subtitle: cityOf(venue.address), kind: 'photo', ownerId: userId }),
      // Decision 33: the demo venues start verified (their e-mails are verified too), so they sell tickets.
      verifiedAt: now,
    });
    gigVenues.push({ userId, name: venue.name, regionSlug: venue.region, timeZone: timeZoneOf(venue.region), isDemo });
  }
  const venueIdByName = new Map(gigVenues.map((v) => [v.name, v.userId]));

  // ---------- Promoters ----------
  const gigPromoters = PROMOTERS.map((promoter) => {
    const kebab = toKebab(promoter.name);
    const userId = promoter.isDemo
      ? demoId('promoter')
      : addUser({
          name: promoter.personName,
          email: `${toKebab(promoter.personName).replace(/-/g, '.')}@example.com`,
          role: 'promoter',
          location: promoter.region,
          daysAgo: random.int(60, 300),
        });
    scene.promoterProfiles.push({
      userId,
      name: promoter.name,
      companyName: promoter.companyName,
      slug: toSiteSlug(promoter.name),
      description: promoter.description,
      phone: promoter.phone,
      email: promoter.isDemo ? 'promoter@demo.marquee.test' : `booking.${kebab}@example.com`,
      website: `https://${kebab}.example.com`,
      instagramUrl: `https://instagram.com/${toSiteSlug(promoter.name)}`,
      facebookUrl: promoter.isDemo ? `https://facebook.com/${toSiteSlug(promoter.name)}` : null,
      imageUrl: addImage({ folder: 'promoters', name: promoter.name, title: promoter.name, subtitle: `${regionName(promoter.region)} shows`, kind: 'photo', isTextless: true, ownerId: userId }),
    });
    const venueIds = promoter.venues.map((name) => {
      const venueId = venueIdByName.get(name);
      if (!venueId) throw new Error(`Promoter venue ${name} is not a demo venue`);
      scene.promoterVenues.push({ promoterId: userId, venueId, status: 'accepted', decidedAt: new Date() });
      return venueId;
    });
    return { userId, venueIds, isDemo: promoter.isDemo };
  });

  // ---------- Artist manager ----------
  const managerId = demoId('artist_manager');
  scene.managerProfiles.push({
    userId: managerId,
    name: 'Riley Brooks',
    description: 'Brightline Artists: management for independent Midwest acts. Booking, release plans and tour support.',
    instagramUrl: 'https://instagram.com/brightlineartists',
    website: 'https://brightline-artists.example.com',
    imageUrl: addImage({ folder: 'managers', name: 'brightline-artists', title: 'Brightline Artists', subtitle: 'Riley Brooks, artist manager', kind: 'photo', ownerId: managerId }),
    logoUrl: addImage({ folder: 'logos', name: 'brightline-artists', title: 'Brightline Artists', kind: 'logo', ownerId: managerId }),
  });
  const gigManagedArtists = MANAGED_ARTISTS.map((artist, position) => {
    const id = randomUUID();
    const kebab = toKebab(artist.name);
    scene.managedArtists.push({
      id,
      managerId,
      name: artist.name,
      genre: artist.genre,
      description: artist.description,
      instagramUrl: `https://instagram.com/${toSiteSlug(artist.name)}`,
      spotifyUrl: position < 2 ? `https://open.spotify.com/artist/${spotifyId(random)}` : null,
      website: `https://${kebab}.example.com`,
      imageUrl: addImage({ folder: 'artists', name: artist.name, title: artist.name, subtitle: artist.genre, kind: 'photo', ownerId: managerId }),
      position,
      addedAt: daysBefore(now, 40 - position * 12, random),
    });
    return { managerId, managedArtistId: id };
  });

  // ---------- Rehearsal spaces ----------
  for (const space of REHEARSAL_SPACES) {
    const kebab = toKebab(space.name);
    const userId = space.isDemo
      ? demoId('rehearsal_space')
      : addUser({ name: space.name, email: `${kebab}@example.com`, role: 'rehearsal_space', location: space.region, daysAgo: random.int(60, 400) });
    scene.rehearsalSpaces.push({
      userId,
      name: space.name,
      address: space.address,
      phone: space.phone,
      contactEmail: space.isDemo ? 'rehearsal@demo.marquee.test' : `${kebab}@example.com`,
      website: `https://${kebab}.example.com`,
      description: space.description,
      imageUrl: addImage({ folder: 'rehearsal', name: space.name, title: space.name, subtitle: cityOf(space.address), kind: 'photo', ownerId: userId }),
    });
  }

  // ---------- Gigs and applications ----------
  const planned = planDemoGigs({ random, now, venues: gigVenues, bands: gigBands, promoters: gigPromoters, managedArtists: gigManagedArtists });
  scene.gigs = planned.gigs;
  // Issue 34: the demo band's last show elsewhere sold two tickets while it had no payout account,
  // so its share is held: its dashboard says so, with the deadline and where to set up payouts.
  const heldShareGig = planned.gigs
    .filter((g) => g.bandId === demoBandId && g.localDate < todayChicago.toISODate()! && !gigVenues.find((v) => v.userId === g.venueId)?.isDemo)
    .sort((a, b) => a.localDate.localeCompare(b.localDate))
    .at(-1);
  if (heldShareGig) Object.assign(heldShareGig, { isTicketed: true, ticketPriceCents: 1500, ticketQuantity: 100, ticketsHeld: 2, coverCharge: null, bandPercent: 50, organiserPercent: 25 });
  scene.heldShareGig = heldShareGig ?? null;
  scene.gigApplications = planned.applications;

  // ---------- Open jam at the demo venue ----------
  const demoVenue = gigVenues.find((v) => v.isDemo)!;
  // Jam night is a Tuesday or Wednesday; the demo band is the house band, so the jam avoids its
  // gigs as well as the venue's.
  const busyDates = new Set(
    planned.gigs.filter((g) => g.venueId === demoVenue.userId || g.bandId === demoBandId).map((g) => g.localDate),
  );
  let jamDate = todayChicago.plus({ days: 1 });
  while (![2, 3].includes(jamDate.weekday) || busyDates.has(jamDate.toISODate()!)) jamDate = jamDate.plus({ days: 1 });
  const jamId = randomUUID();
  const demoVenueAddress = VENUES.find((v) => v.name === DEMO_VENUE_NAME)!.address;
  scene.jamSessions.push({
    id: jamId,
    regionSlug: 'chicagoland',
    venueId: demoVenue.userId,
    localDate: jamDate.toISODate()!,
    location: `${DEMO_VENUE_NAME}, ${demoVenueAddress}`,
    timeStart: '19:00',
    timeEnd: '23:00',
    timeZone: 'America/Chicago',
    houseBand: [DEMO_BAND_NAME],
    createdBy: demoVenue.userId,
    createdAt: daysBefore(now, 6, random),
  });
  const demoBandMembers = new Set(BANDS.find((b) => b.name === DEMO_BAND_NAME)!.members.map(([name]) => name));
  const jamUserOf = (name: string): string | null => {
    if (name === 'Maya Chen') return demoId('musician');
    if (name === 'Jordan Reyes') return demoId('fan');
    if (demoBandMembers.has(name)) return demoBandId;
    return null;
  };
  JAM_SONGS.forEach((song, songOrder) => {
    const songId = randomUUID();
    scene.jamSongs.push({
      id: songId,
      sessionId: jamId,
      song: song.song,
      isEditable: song.isEditable,
      createdBy: demoId('musician'),
      songOrder,
      createdAt: daysBefore(now, 5 - Math.min(songOrder, 4), random),
    });
    scene.jamSongSlots.push(
      { songId, slot: 'artist', name: song.artist, userId: null },
      { songId, slot: 'key', name: song.key, userId: null },
    );
    for (const [slot, name] of Object.entries(song.players)) {
      scene.jamSongSlots.push({ songId, slot: slot as keyof typeof song.players, name, userId: jamUserOf(name) });
    }
  });

  // ---------- Gear swap ----------
  const gearPhones = { musician: '773-555-0101', band: '312-555-0102', fan: '773-555-0103' } as const;
  for (const gear of GEAR_LISTINGS) {
    const userId = demoId(gear.owner);
    const demo = DEMO_ACCOUNTS.find((a) => a.role === gear.owner)!;
    scene.gearListings.push({
      userId,
      title: gear.title,
      description: gear.description,
      price: gear.price,
      email: gear.contact === 'phone' ? null : demo.email,
      phone: gear.contact === 'email' ? null : gearPhones[gear.owner],
      imageUrls: gear.images.map((title) => addImage({ folder: 'gear', name: title, title, subtitle: 'Gear swap', kind: 'photo', ownerId: userId })),
      isSold: gear.soldDaysAgo !== undefined,
      soldAt: gear.soldDaysAgo !== undefined ? daysBefore(now, gear.soldDaysAgo, random) : null,
      createdAt: daysBefore(now, gear.daysAgo, random),
    });
  }

  // ---------- Venue directory for outreach ----------
  for (const entry of DIRECTORY_VENUES) {
    const place = DIRECTORY_CITIES[entry.region];
    if (!place) throw new Error(`No directory city for ${entry.region}`);
    const kebab = toKebab(entry.name);
    const [city, zipCode] = entry.city ?? [place.city, random.pick(place.zips)];
    const street = entry.city ? random.pick(['Main St', 'Washington St', 'Lake St', 'Central Ave']) : random.pick(place.streets);
    const formal = ['Wedding Venue', 'Hotel/Resort', 'Corporate Event Space'].includes(entry.venueType);
    const emailRoll = random.next();
    scene.venueDirectory.push({
      name: entry.name,
      regionSlug: entry.region,
      address: `${random.int(100, 3999)} ${street}`,
      city,
      state: place.state,
      zipCode,
      phone: `${place.areaCode}-555-01${random.int(10, 99)}`,
      email: emailRoll < 0.85 ? `${kebab}@example.com` : null,
      bookingEmail: emailRoll > 0.45 && emailRoll < 0.95 ? `booking.${kebab}@example.com` : null,
      website: random.chance(0.7) ? `https://${kebab}.example.com` : null,
      contactPerson: random.pick(CONTACT_PEOPLE),
      venueType: entry.venueType,
      capacity: entry.capacity,
      notes: random.pick(DIRECTORY_NOTES),
      musicGenres: [...entry.genres],
      hasStage: entry.venueType === 'Coffee Shop' ? random.chance(0.4) : true,
      hasSoundSystem: entry.venueType === 'Coffee Shop' || entry.venueType === 'Restaurant' ? random.chance(0.5) : true,
      allowsOriginalMusic: !formal,
      typicalBookingLeadDays: random.pick([14, 21, 30, 30, 45, 60]),
      paymentStructure: random.pick(PAYMENT_STRUCTURES),
      isActive: entry.isActive ?? true,
      createdAt: daysBefore(now, random.int(20, 200), random),
    });
  }

  // ---------- Followers of the demo band ----------
  DEMO_BAND_FOLLOWERS.forEach((follower, i) => {
    scene.bandFollowers.push({
      bandId: demoBandId,
      email: follower.email,
      unsubscribeToken: randomBytes(32).toString('hex'),
      unsubscribedAt: follower.unsubscribed ? daysBefore(now, 2, random) : null,
      confirmedAt: daysBefore(now, 49 - i * 9, random),
      createdAt: daysBefore(now, 50 - i * 9, random),
    });
  });

  const emails = new Set<string>();
  for (const u of scene.users) {
    if (emails.has(u.email)) throw new Error(`Demo data has two users with e-mail ${u.email}`);
    emails.add(u.email);
  }
  // ---------- A venue waiting in the admins' verification queue (decision 33) ----------
  // Added last and without the random source, so the rest of the scene is as before.
  const waitingId = randomUUID();
  const registeredAt = new Date(now.getTime() - 2 * 86_400_000);
  scene.users.push({ id: waitingId, name: WAITING_VENUE.name, email: 'bookings@the-side-door.example.com', emailVerified: true, role: 'venue', location: WAITING_VENUE.region, createdAt: registeredAt, updatedAt: registeredAt });
  scene.venueProfiles.push({
    userId: waitingId,
    name: WAITING_VENUE.name,
    slug: toVenueSlug(WAITING_VENUE.name),
    ...addressColumnsOf({ address: WAITING_VENUE.address }),
    phone: WAITING_VENUE.phone,
    contactEmail: 'bookings@the-side-door.example.com',
    imageUrl: addImage({ folder: 'venues', name: WAITING_VENUE.name, title: WAITING_VENUE.name, subtitle: cityOf(WAITING_VENUE.address), kind: 'photo', ownerId: waitingId }),
  });
  return scene;
}

/**
 * Two tickets of the demo band's past show, paid a week before it, issued and their shares
 * recorded as a sandbox payment does (the band share held: the demo band has no account).
 */
async function sellHeldShareTickets(tx: Tx, gig: Insert<typeof gigs>) {
  const split = splitOrderPayment([gig.ticketPriceCents!, gig.ticketPriceCents!], gig.bandPercent!, gig.organiserPercent!);
  const paidAt = new Date(gig.startsAt.getTime() - 7 * 24 * 3_600_000);
  const [order] = await tx
    .insert(orders)
    .values({
      gigId: gig.id!,
      buyerEmail: 'jordan.fan@example.com',
      quantity: 2,
      faceCents: split.faceCents,
      feeCents: split.serviceFeeCents,
      totalCents: split.totalCents,
      provider: 'sandbox',
      providerSessionId: `sbx_cs_demo_${randomBytes(8).toString('hex')}`,
      bandShareCents: split.bandShareCents,
      organiserShareCents: split.organiserShareCents,
      platformShareCents: split.platformShareCents,
      expiresAt: paidAt,
      createdAt: paidAt,
    })
    .returning();
  const paid = await fulfilPaidOrder(tx, { orderId: order!.id, providerPaymentId: `sbx_pay_demo_${randomBytes(8).toString('hex')}`, now: paidAt });
  if (paid.outcome !== 'issued') throw new Error('The demo order was not issued.');
  await recordTicketShares(tx, { ...order!, status: 'paid' });
}

/**
 * Fills an empty database with a small, believable scene: one login per role, bands, venues,
 * promoters and about a hundred gigs around today, an open jam, gear listings and an outreach
 * venue directory. The caller runs it only on an empty database, so it inserts without checks.
 */
export async function seedDemoData(deps: SeedDemoDataDeps): Promise<{ accounts: DemoAccount[] }> {
  const now = deps.now ?? new Date();
  const random = createRandom(DEMO_SEED);
  const scene = buildScene(random, now, deps.storage);

  // The demo logins share one published password; hashing it once saves a slow KDF run per account.
  const distinctPasswords = [...new Set(DEMO_ACCOUNTS.map((demo) => demo.password))];
  const [images, hashes] = await Promise.all([
    storeDemoImages(deps.storage, scene.images, random),
    Promise.all(distinctPasswords.map(async (password) => [password, await deps.hashPassword(password)] as const)),
  ]);
  const hashOf = new Map(hashes);

  const accountRows: Insert<typeof account>[] = DEMO_ACCOUNTS.map((demo) => {
    const userId = scene.demoUserIds.get(demo.role)!;
    return { id: randomUUID(), accountId: userId, providerId: 'credential', userId, password: hashOf.get(demo.password)! };
  });

  await deps.db.transaction(async (tx) => {
    await tx.insert(user).values(scene.users);
    await tx.insert(account).values(accountRows);
    await tx.insert(files).values(images.map((image) => image.file));
    await tx.insert(bandProfiles).values(scene.bandProfiles);
    await tx.insert(bandMembers).values(scene.bandMembers);
    await tx.insert(bandGalleryImages).values(scene.bandGallery);
    if (scene.bandLinks.length > 0) await tx.insert(bandLinks).values(scene.bandLinks);
    await tx.insert(bandExtraGigs).values(scene.bandExtraGigs);
    await tx.insert(venueProfiles).values(scene.venueProfiles);
    await tx.insert(promoterProfiles).values(scene.promoterProfiles);
    await tx.insert(promoterVenues).values(scene.promoterVenues);
    await tx.insert(managerProfiles).values(scene.managerProfiles);
    await tx.insert(managedArtists).values(scene.managedArtists);
    await tx.insert(rehearsalSpaceProfiles).values(scene.rehearsalSpaces);
    await tx.insert(gigs).values(scene.gigs);
    await tx.insert(gigApplications).values(scene.gigApplications);
    await tx.insert(jamSessions).values(scene.jamSessions);
    await tx.insert(jamSongs).values(scene.jamSongs);
    await tx.insert(jamSongSlots).values(scene.jamSongSlots);
    await tx.insert(gearListings).values(scene.gearListings);
    await tx.insert(venueDirectory).values(scene.venueDirectory);
    await tx.insert(bandFollowers).values(scene.bandFollowers);
    // Sandbox payout accounts (D13), complete for every band, venue and promoter of the scene but
    // the demo band, which a newcomer can take through payment setup themselves.
    const payees = scene.users.filter((u) => (u.role === 'band' || u.role === 'venue' || u.role === 'promoter') && u.id !== scene.demoUserIds.get('band'));
    const accountIdOf = (userId: string) => `sbx_acct_demo_${userId.replace(/[^A-Za-z0-9]/g, '')}`;
    await tx.insert(sandboxAccounts).values(payees.map((u) => ({ id: accountIdOf(u.id), email: u.email, name: u.name, legalName: u.name, bankLast4: '6789', status: 'complete' as const, requirementsDue: [] })));
    await tx.insert(paymentAccounts).values(payees.map((u) => ({ userId: u.id, provider: 'sandbox', providerAccountId: accountIdOf(u.id), status: 'complete' as const, requirementsDue: [] })));
    if (scene.heldShareGig) await sellHeldShareTickets(tx, scene.heldShareGig);
  });

  return { accounts: DEMO_ACCOUNTS.map((demo) => ({ ...demo })) };
}
