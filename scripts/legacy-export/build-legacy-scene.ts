// Issue 25 test data: the documents, accounts and image files of an export of the OLD system, built in
// memory from the spec's field lists (1-public-side.md §3, 2-signed-in-side.md §3, 3-venue-outreach.md §3).
// A hand-made core scene (every role, both promoter shapes, the legacy ticket fields, every kind of broken
// record) comes first; larger sizes add plain filler records after it, so the special ids and faults are
// the same at every size. generate-legacy-export.ts hashes the passwords and writes the files.
import type {
  LegacyAuthUser,
  LegacyCollection,
  LegacyDocument,
  LegacyFirestore,
  LegacyTimestamp,
} from '../../src/server/features/legacy-import/export-format.ts';
import { LEGACY_COLLECTIONS, legacyDownloadUrl } from '../../src/server/features/legacy-import/export-format.ts';
import { createRandom, type Random } from '../../src/server/db/seed/seeded-random.ts';

export const LEGACY_BUCKET = 'marquee-old.appspot.com';

export type LegacyFault =
  | 'missing-field'
  | 'bad-date'
  | 'unknown-role'
  | 'duplicate-email'
  | 'missing-venue'
  | 'missing-gig'
  | 'missing-user'
  | 'reserved-slug'
  | 'taken-slug'
  | 'bad-money';

export type LegacyExportCounts = { accounts: number; gigs: number; applications: number; images: number };

/** One image file the scene refers to; `missing` ones are referenced by a document but not written. */
export type PlannedImage = { path: string; width: number; height: number; colour: [number, number, number]; missing: boolean };

/** An account of users.json before hashing: `password` null for an account without a hash; `pool` for shared hashes. */
export type PlannedAccount = { user: LegacyAuthUser; password: string | null; pool: number | null };

export type LegacySceneIds = {
  admin: string;
  fanWithoutRole: string;
  promoterRegistrationShape: string;
  promoterEditorShape: string;
  manager: string;
  rehearsalSpaceWithOwnWebsite: string;
  rehearsalSpaceWithWebsite: string;
  venueWithYouTubeLink: string;
  upcomingGigsOfBandWithSite: string[];
  pastGigsOfBandWithSite: string[];
  openGigsAtVenue: string[];
  upcomingJamSession: string;
};

export type LegacyScene = {
  firestore: LegacyFirestore;
  accounts: PlannedAccount[];
  images: PlannedImage[];
  /** The band whose site, upcoming gigs (2031) and images the sign-in test looks at. */
  bandWithSite: string;
  /** The venue with the band's gigs and open gigs with pending applications. */
  venueWithApplications: string;
  ids: LegacySceneIds;
  broken: Array<{ collection: LegacyCollection; id: string; fault: LegacyFault }>;
  /** Object paths (bandGallery/<uid>/<file>) that a document refers to but storage/ lacks. */
  missingImages: string[];
  /** In users.json without a users document. */
  authOnly: string[];
  /** A users document without an account in users.json. */
  noAuth: string[];
  /** In users.json without passwordHash and salt: first the fan who signs in with Google, then the broken ones. */
  noPassword: string[];
};

/** The known password of a core-scene account (bench filler accounts share pool passwords instead). */
export function legacyPasswordOf(localId: string): string {
  return `Old-Password-${localId}`;
}

/** The password of the bench filler accounts that share the k-th precomputed (salt, hash) pair. */
export function legacyPoolPasswordOf(k: number): string {
  return `Old-Password-pool-${k}`;
}

export const PASSWORD_POOL_SIZE = 100;
const DAY = 86_400_000;
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const HEX = '0123456789abcdef';

type Slot = { name: string; userId: string } | null;

export function buildLegacyScene(seed: number, now: Date, target: LegacyExportCounts | null): LegacyScene {
  const random = createRandom(seed);
  const nowMs = now.getTime();
  const firestore: LegacyFirestore = Object.fromEntries(LEGACY_COLLECTIONS.map((name) => [name, {}]));
  const collection = (name: LegacyCollection) => firestore[name]!;
  const accounts: PlannedAccount[] = [];
  const images: PlannedImage[] = [];
  const broken: LegacyScene['broken'] = [];
  const imageSize = { width: 160, height: 120 };

  const idOf = (length: number) => {
    let id = '';
    for (let i = 0; i < length; i++) id += ALPHANUMERIC[random.int(0, ALPHANUMERIC.length - 1)];
    return id;
  };
  const uidOf = () => idOf(28);
  const docIdOf = () => idOf(20);
  const tokenOf = () => [8, 4, 4, 4, 12].map((n) => Array.from({ length: n }, () => HEX[random.int(0, 15)]).join('')).join('-');

  // The export tool writes either form; alternate so every collection has both.
  let stamps = 0;
  const stamp = (ms: number): LegacyTimestamp => {
    const time = { _seconds: Math.floor(ms / 1000), _nanoseconds: (ms % 1000) * 1_000_000 };
    return stamps++ % 3 === 0 ? { __datatype__: 'timestamp', value: time } : time;
  };
  const daysAgo = (min: number, max: number) => nowMs - random.int(min, max) * DAY - random.int(0, 86_399_999);
  const atUtc = (dateString: string, time = '20:00') => Date.parse(`${dateString}T${time}:00Z`);

  const imagePaths = new Set<string>();
  /** A stored file in the old folders (named by its upload time, after the account's sign-up), and the download address its document holds. */
  const image = (folder: string, uid: string, options: { missing?: boolean; png?: boolean } = {}) => {
    let path: string;
    do path = `${folder}/${uid}/${daysAgo(1, 50)}.${options.png ? 'png' : 'jpg'}`;
    while (imagePaths.has(path));
    imagePaths.add(path);
    const colour: [number, number, number] = [random.int(0, 255), random.int(0, 255), random.int(0, 255)];
    images.push({ path, ...imageSize, colour, missing: options.missing ?? false });
    return legacyDownloadUrl(LEGACY_BUCKET, path, tokenOf());
  };

  type AccountOptions = {
    email?: string | null;
    displayName?: string;
    auth?: 'password' | 'none' | 'absent';
    doc?: boolean;
    createdMs?: number;
    pool?: number;
  };
  /** An account: its users.json record and (unless doc is false) its users document. */
  const account = (fields: Record<string, unknown>, options: AccountOptions = {}) => {
    const uid = uidOf();
    const createdMs = options.createdMs ?? daysAgo(60, 900);
    const email = options.email === undefined ? (fields.email as string | undefined) : options.email;
    if (options.doc !== false) {
      collection('users')[uid] = { ...fields, createdAt: stamp(createdMs) };
    }
    if (options.auth !== 'absent') {
      const user: LegacyAuthUser = { localId: uid };
      if (email) user.email = email;
      user.emailVerified = random.chance(0.7);
      if (options.displayName) user.displayName = options.displayName;
      user.createdAt = String(createdMs);
      user.lastSignedInAt = String(Math.min(nowMs, createdMs + random.int(1, 50) * DAY));
      if (options.auth === 'none') {
        user.providerUserInfo = email ? [{ providerId: 'google.com', email, rawId: idOf(21) }] : [{ providerId: 'phone', rawId: idOf(21) }];
      }
      const password = options.auth === 'none' ? null : options.pool === undefined ? legacyPasswordOf(uid) : legacyPoolPasswordOf(options.pool);
      accounts.push({ user, password, pool: options.pool ?? null });
    }
    return uid;
  };

  const phone = () => `(${random.int(200, 989)}) ${random.int(200, 989)}-${String(random.int(0, 9999)).padStart(4, '0')}`;
  const handle = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '');
  const socials = (name: string) => ({
    instagramLink: `https://instagram.com/${handle(name)}`,
    facebookLink: `https://facebook.com/${handle(name)}`,
    youtubeLink: `https://youtube.com/@${handle(name)}`,
  });

  // ---- Venues -------------------------------------------------------------------------------------
  type Venue = { uid: string; name: string; address: string; imageURL?: string };
  const venue = (name: string, address: string, location: string, extra: Record<string, unknown> = {}, withImage = false) => {
    const key = handle(name);
    const fields: Record<string, unknown> = {
      email: `booking@${key}.example`,
      role: 'venue',
      entityType: 'venue',
      location,
      venueName: name,
      venueAddress: address,
      venuePhone: phone(),
      venueContactEmail: `hello@${key}.example`,
      website: `https://${key}.example`,
      facebookLink: `https://facebook.com/${key}`,
      instagramLink: `https://instagram.com/${key}`,
      youtubeLink: `https://youtube.com/@${key}`,
      ...extra,
    };
    const uid = account(fields, { displayName: name });
    const entry: Venue = { uid, name, address };
    if (withImage) {
      entry.imageURL = image('venueImages', uid);
      collection('users')[uid]!.venueImageURL = entry.imageURL;
    }
    return entry;
  };
  const lantern = venue('The Lantern Room', '1820 N Milwaukee Ave, Chicago, IL 60647', 'chicagoland', {}, true);
  const cortlandHall = venue('Cortland Music Hall', '12 Main St, Cortland, NY 13045', 'cortland', {});
  // An older registration wrote the YouTube link as youTubeLink.
  const cortlandDoc = collection('users')[cortlandHall.uid]!;
  cortlandDoc.youTubeLink = cortlandDoc.youtubeLink;
  delete cortlandDoc.youtubeLink;
  const saltCity = venue('Salt City Tavern', '401 S Clinton St, Syracuse, NY 13202', 'syracuse');
  const lakeside = venue('Lakeside Pub', '7800 Detroit Ave, Cleveland, OH 44102', 'cleveland');

  // ---- Bands --------------------------------------------------------------------------------------
  type Band = { uid: string; name: string; imageURL?: string; genres: string[] };
  const band = (name: string | null, location: string, options: { images?: boolean; gallery?: number; missingGallery?: boolean; createdMs?: number; key?: string } = {}) => {
    const key = options.key ?? handle(name ?? 'unnamed');
    const genres = random.sample(['rock', 'indie', 'blues', 'jazz', 'folk', 'punk', 'country', 'soul', 'funk', 'metal'], random.int(1, 3));
    const fields: Record<string, unknown> = {
      email: `${key}@bands.example`,
      role: 'band',
      entityType: 'band',
      location,
      bandDescription: `${name ?? 'We'} play loud, honest ${genres.join(' and ')} for people who dance.`,
      performerType: random.pick(['BAND', 'BAND', 'SOLO', 'DUO']),
      genres,
      phone: phone(),
      ...socials(name ?? key),
      spotifyLink: `https://open.spotify.com/artist/${idOf(22)}`,
      youtubeChannelLink: `https://youtube.com/channel/UC${idOf(22)}`,
      youtubeHighlightLink: `https://www.youtube.com/watch?v=${idOf(11)}`,
      website: `https://${key}.band.example`,
      content: {
        bio: `Formed in ${random.int(2008, 2022)}, ${name ?? 'the band'} has played every room in town.`,
        links: [
          { label: 'Bandcamp', url: `https://${key}.bandcamp.com` },
          { label: 'Merch', url: `https://shop.example/${key}` },
        ],
        members: ['vocals', 'guitar', 'bass', 'drums'].slice(0, random.int(2, 4)).map((instrument, i) => {
          const member = `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`;
          return { name: member, instrument, instagram: i === 0 ? `@${handle(member)}` : '' };
        }),
        extraGigs: [{ date: '2031-08-14', venue: 'Pitchfork Side Stage', advanceTicketSalesLink: `https://tickets.example/${key}` }],
        contactEmail: `${key}@bands.example`,
        contactPhone: phone(),
        youtube: `https://youtube.com/@${key}`,
        spotify: `https://open.spotify.com/artist/${idOf(22)}`,
      },
    };
    if (name !== null) fields.bandName = name;
    const uid = account(fields, { displayName: name ?? undefined, createdMs: options.createdMs });
    const doc = collection('users')[uid]!;
    const entry: Band = { uid, name: name ?? '', genres };
    if (options.images) {
      entry.imageURL = image('bandImages', uid);
      doc.bandImageURL = entry.imageURL;
      doc.logoURL = image('bandLogos', uid, { png: true });
      (doc.content as Record<string, unknown>).image = entry.imageURL;
    }
    if (options.gallery) {
      doc.galleryImageURLs = Array.from({ length: options.gallery }, (_, i) =>
        image('bandGallery', uid, { missing: options.missingGallery === true && i === options.gallery! - 1 }),
      );
    }
    return entry;
  };
  const velvet = band('The Velvet Static', 'chicagoland', { images: true, gallery: 5, createdMs: daysAgo(600, 700) });
  const cinder = band('Cinder Lane', 'chicagoland', { images: true, gallery: 1, missingGallery: true });
  const harbor = band('Harbor Lights', 'chicagoland');
  const ramblers = band('Northside Ramblers', 'chicagoland');
  const glass = band('Glass Parade', 'cleveland');
  const orchard = band('Midnight Orchard', 'syracuse');
  const copper = band('Copper & Vine', 'cortland');
  const applicants = [cinder, harbor, ramblers, glass, orchard, copper];

  // Broken bands: reserved name, a name that collapses to Velvet Static's subdomain (created later), no name.
  const www = band('WWW', 'chicagoland');
  broken.push({ collection: 'users', id: www.uid, fault: 'reserved-slug' });
  const velvetTwin = band('the velvet  static', 'detroit', { createdMs: daysAgo(10, 50), key: 'velvetstaticdetroit' });
  broken.push({ collection: 'users', id: velvetTwin.uid, fault: 'taken-slug' });
  const unnamed = band(null, 'madison');
  broken.push({ collection: 'users', id: unnamed.uid, fault: 'missing-field' });

  const bandDoc = collection('users')[velvet.uid]!;
  (bandDoc.content as Record<string, unknown>).upcomingGigs = [
    { dateString: '2031-03-14', dateObj: stamp(atUtc('2031-03-14')), venueName: lantern.name },
  ];

  // ---- Managers, promoters, rehearsal spaces, fans, musicians, admin --------------------------------
  const managedArtists = [
    { name: 'Dusty Ember', genre: 'americana', description: 'Dust-bowl harmonies from the South Side.', instagramLink: 'https://instagram.com/dustyember', facebookLink: '', spotifyLink: '', youtubeLink: '', website: 'https://dustyember.example', imageURL: '', addedAt: new Date(daysAgo(100, 200)).toISOString() },
    { name: 'Blue Meridian', genre: 'jazz', description: 'A quartet that swings hard.', instagramLink: '', facebookLink: 'https://facebook.com/bluemeridian', spotifyLink: 'https://open.spotify.com/artist/blue', youtubeLink: '', website: '', imageURL: '', addedAt: new Date(daysAgo(30, 90)).toISOString() },
  ];
  const managerUid = account(
    {
      email: 'rowan@pierce-mgmt.example',
      role: 'artist_manager',
      entityType: 'artist_manager',
      location: 'chicagoland',
      managerName: 'Rowan Pierce',
      managerDescription: 'Booking and management for Chicago roots acts.',
      instagramLink: 'https://instagram.com/piercemgmt',
      facebookLink: 'https://facebook.com/piercemgmt',
      website: 'https://pierce-mgmt.example',
      youtubeChannelLink: '',
      youtubeHighlightLink: '',
      logoURL: '',
      profileImageURL: '',
      content: { managedArtists },
    },
    { displayName: 'Rowan Pierce' },
  );
  collection('users')[managerUid]!.managerImageURL = image('managerImages', managerUid);
  managedArtists[0]!.imageURL = image('managedArtistImages', managerUid);
  const secondManager = account({ email: 'ana@northstar-artists.example', role: 'artist_manager', entityType: 'artist_manager', location: 'cleveland', managerName: 'Ana Okafor', managerDescription: 'Northstar Artists', content: { managedArtists: [{ name: 'The Foxgloves', genre: 'folk', description: '', imageURL: '', addedAt: new Date(daysAgo(10, 20)).toISOString() }] } });

  const associated = (v: Venue) => ({
    id: v.uid,
    venueName: v.name,
    venueAddress: v.address,
    venuePhone: phone(),
    venueContactEmail: `hello@${handle(v.name)}.example`,
    venueWebsite: `https://${handle(v.name)}.example`,
    venueFacebookLink: `https://facebook.com/${handle(v.name)}`,
    venueInstagramLink: `https://instagram.com/${handle(v.name)}`,
    venueYoutubeLink: '',
    venueImageURL: v.imageURL ?? '',
  });
  const promoterRegistration = account({
    email: 'dana@nightshift.example',
    role: 'promoter',
    entityType: 'promoter',
    location: 'chicagoland',
    promoterName: 'Dana Reyes',
    companyName: 'Nightshift Presents',
    promoterDescription: 'Late shows in small rooms.',
    promoterPhone: phone(),
    promoterEmail: 'dana@nightshift.example',
    website: 'https://nightshift.example',
    facebookLink: 'https://facebook.com/nightshiftpresents',
    instagramLink: 'https://instagram.com/nightshiftpresents',
    youtubeLink: '',
    associatedVenues: [associated(lantern), associated(lakeside)],
  });
  collection('users')[promoterRegistration]!.promoterImageURL = image('promoterImages', promoterRegistration);
  const promoterEditor = account({
    email: 'sam@saltcitysounds.example',
    role: 'promoter',
    entityType: 'promoter',
    location: 'syracuse',
    promoterName: 'Sam Whitaker',
    companyName: 'Salt City Sounds',
    promoterDescription: 'Syracuse shows since 2015.',
    promoterPhone: phone(),
    promoterEmail: 'sam@saltcitysounds.example',
    promoterWebsite: 'https://saltcitysounds.example',
    promoterFacebookLink: 'https://facebook.com/saltcitysounds',
    promoterInstagramLink: 'https://instagram.com/saltcitysounds',
    promoterYoutubeLink: 'https://youtube.com/@saltcitysounds',
    promoterImageURL: '',
    associatedVenues: [associated(saltCity)],
    updatedAt: stamp(daysAgo(5, 30)),
  });

  const rehearsalWithOwnWebsite = account({
    email: 'desk@loudhouse.example',
    role: 'rehearsal_space',
    entityType: 'rehearsal_space',
    location: 'chicagoland',
    rehearsalSpaceName: 'Loud House Studios',
    rehearsalSpaceAddress: '2400 W Fulton St, Chicago, IL 60612',
    rehearsalSpacePhone: phone(),
    rehearsalSpaceContactEmail: 'desk@loudhouse.example',
    rehearsalSpaceWebsite: 'https://loudhouse.example',
    rehearsalSpaceDescription: 'Twelve lockout rooms, PA included.',
  });
  collection('users')[rehearsalWithOwnWebsite]!.rehearsalSpaceImageURL = image('rehearsalSpaceImages', rehearsalWithOwnWebsite);
  const rehearsalWithWebsite = account({
    email: 'info@basementsound.example',
    role: 'rehearsal_space',
    entityType: 'rehearsal_space',
    location: 'syracuse',
    rehearsalSpaceName: 'Basement Sound',
    rehearsalSpaceAddress: '88 Walton St, Syracuse, NY 13202',
    rehearsalSpacePhone: phone(),
    rehearsalSpaceContactEmail: 'info@basementsound.example',
    website: 'https://basementsound.example',
    rehearsalSpaceDescription: 'Hourly rooms, drum kit provided.',
    rehearsalSpaceImageURL: '',
  });

  const person = (role: string | null, location: string, options: AccountOptions = {}) => {
    const name = `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`;
    const email = `${handle(name)}${random.int(1, 999)}@mail.example`;
    const fields: Record<string, unknown> = { email, location };
    if (role !== null) fields.role = role;
    return { uid: account(fields, { displayName: name, ...options }), name, email };
  };
  const fans = [person('fan', 'chicagoland'), person('fan', 'cleveland'), person('fan', 'cortland')];
  const musicians = [person('musician', 'chicagoland'), person('musician', 'syracuse')];
  const admin = person('admin', 'chicagoland');
  const fanWithoutRole = person(null, 'chicagoland');

  // Accounts that do not line up between the two exports.
  const authOnly = account({ email: 'ghost@mail.example' }, { doc: false, displayName: 'Never Finished Signup' });
  const noAuth = person('fan', 'madison', { auth: 'absent' }).uid;
  const noPassword = person('fan', 'chicagoland', { auth: 'none' }).uid;

  // Broken users.
  const noEmail = account({ role: 'fan', location: 'chicagoland' }, { email: null, auth: 'none' });
  broken.push({ collection: 'users', id: noEmail, fault: 'missing-field' });
  const roadie = person('roadie', 'chicagoland').uid;
  broken.push({ collection: 'users', id: roadie, fault: 'unknown-role' });
  const original = fans[0]!;
  const duplicate = account(
    { email: original.email.toUpperCase(), role: 'fan', location: 'chicagoland' },
    { createdMs: nowMs - 2 * DAY, displayName: original.name },
  );
  broken.push({ collection: 'users', id: duplicate, fault: 'duplicate-email' });

  // ---- Gigs ---------------------------------------------------------------------------------------
  const gigs: Array<{ id: string; venue: Venue; booked: Band | null; dateString: string }> = [];
  type GigOptions = {
    dateString: string;
    venue: Venue;
    booked?: Band | null;
    promoter?: { id: string; name: string; spelling: 'promoterId' | 'promoterID' };
    money?: 'ticketing' | 'ticketPrice' | 'revenueSplit' | 'none';
    price?: number | string;
    onlyDate?: boolean;
    sold?: number;
  };
  const gig = (options: GigOptions) => {
    const id = docIdOf();
    const { venue: v, dateString } = options;
    const booked = options.booked ?? null;
    const startTime = random.pick(['19:00', '19:30', '20:00', '21:00']);
    const endTime = random.pick(['22:30', '23:00', '23:59']);
    const doc: LegacyDocument = {};
    if (options.onlyDate) {
      doc.date = stamp(atUtc(dateString, startTime));
    } else {
      doc.dateString = dateString;
      if (random.chance(0.5)) doc.date = stamp(atUtc(dateString, startTime));
    }
    Object.assign(doc, {
      startTime,
      endTime,
      venueID: v.uid,
      venue: v.name,
      venueInfo: `${v.name}, ${v.address}`,
      venueAddress: v.address,
      venueData: { venueName: v.name, venueAddress: v.address },
      description: random.pick(['Three-band bill, all ages.', 'Album release show.', 'Early show, doors at 6.', 'Local showcase night.']),
      loadInSoundCheck: '5:30 PM load-in, 6:15 sound check',
      compensation: random.pick(['$200 guarantee', 'Door split', '70% of tickets', 'Negotiable']),
      coverCharge: random.pick(['$10', '$5 at the door', 'Free', '$12 adv / $15 door']),
      approved: booked !== null,
      booked: booked !== null,
      createdAt: stamp(Math.min(nowMs, atUtc(dateString) - random.int(20, 90) * DAY)),
    });
    if (booked) {
      Object.assign(doc, {
        status: 'confirmed',
        bookedBand: booked.uid,
        confirmedBandId: booked.uid,
        bandName: booked.name,
        bandImageURL: booked.imageURL ?? '',
        bandData: { bandName: booked.name, bandImageURL: booked.imageURL ?? '', genres: booked.genres },
        advanceTicketSalesLink: random.chance(0.3) ? `https://tickets.example/${id}` : '',
      });
    }
    if (options.promoter) {
      doc[options.promoter.spelling] = options.promoter.id;
      doc.promoterName = options.promoter.name;
    }
    const price = options.price ?? random.pick([5, 8, 10, 12.5, 15, 20]);
    switch (options.money ?? 'none') {
      case 'ticketing': {
        const split = random.pick([
          { bandPercent: 70, venuePercent: 30, promoterPercent: 0 },
          { bandPercent: 60, venuePercent: 25, promoterPercent: 15 },
        ]);
        doc.ticketing = { enabled: true, price, quantity: random.pick([100, 150, 200]), sold: options.sold ?? 0, ...split, serviceFeePercent: 25 };
        break;
      }
      case 'ticketPrice':
        doc.ticketPrice = price;
        break;
      case 'revenueSplit':
        doc.ticketPrice = price;
        doc.revenueSplit = { bandPercent: 80, venuePercent: 20 };
        break;
      case 'none':
        break;
    }
    collection('gigs')[id] = doc;
    gigs.push({ id, venue: v, booked, dateString });
    return id;
  };
  const nightshift = { id: promoterRegistration, name: 'Dana Reyes', spelling: 'promoterId' as const };
  const saltCitySounds = { id: promoterEditor, name: 'Sam Whitaker', spelling: 'promoterID' as const };

  // The band with a site: three approved upcoming gigs at the Lantern Room (2031), past ones in 2025.
  const upcomingGigsOfBandWithSite = [
    gig({ dateString: '2031-03-14', venue: lantern, booked: velvet, money: 'ticketing', price: 12.1, promoter: nightshift }),
    gig({ dateString: '2031-04-18', venue: lantern, booked: velvet, money: 'ticketPrice', price: 7.35 }),
    gig({ dateString: '2031-05-23', venue: lantern, booked: velvet, money: 'revenueSplit', price: 10 }),
    gig({ dateString: '2031-06-20', venue: cortlandHall, booked: velvet, money: 'ticketing', price: 15 }),
  ];
  const pastGigsOfBandWithSite = [
    gig({ dateString: '2025-06-07', venue: lantern, booked: velvet, money: 'ticketing', price: 12.1, sold: 64 }),
    gig({ dateString: '2025-09-19', venue: lakeside, booked: velvet, money: 'ticketing', price: 7.35, sold: 20, promoter: nightshift }),
  ];
  // Open gigs at the same venue, with applications from several bands.
  const openGigsAtVenue = [
    gig({ dateString: '2031-02-06', venue: lantern }),
    gig({ dateString: '2031-02-20', venue: lantern, money: 'ticketing', price: 10 }),
    gig({ dateString: '2031-07-11', venue: lantern, promoter: nightshift }),
    gig({ dateString: '2031-09-05', venue: lantern, onlyDate: true }),
  ];
  // Others: every venue, both promoter spellings, timestamp-only dates, past and upcoming.
  const otherVenues = [cortlandHall, saltCity, lakeside];
  for (let i = 0; i < 24; i++) {
    const v = otherVenues[i % otherVenues.length]!;
    const year = i % 2 === 0 ? 2025 : 2031;
    const dateString = `${year}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`;
    gig({
      dateString,
      venue: v,
      booked: i % 3 === 0 ? null : random.pick(applicants),
      promoter: v === saltCity ? saltCitySounds : i % 5 === 0 ? nightshift : undefined,
      money: random.pick(['ticketing', 'ticketPrice', 'revenueSplit', 'none'] as const),
      onlyDate: i % 7 === 3,
      sold: year === 2025 ? random.int(0, 80) : 0,
    });
  }
  const bookable = gigs.map((g) => g.id);

  // Broken gigs.
  const noStart = gig({ dateString: '2031-10-02', venue: lakeside });
  delete collection('gigs')[noStart]!.startTime;
  broken.push({ collection: 'gigs', id: noStart, fault: 'missing-field' });
  const badDate = gig({ dateString: '2031-01-01', venue: saltCity });
  collection('gigs')[badDate]!.dateString = '2026-13-45';
  delete collection('gigs')[badDate]!.date;
  broken.push({ collection: 'gigs', id: badDate, fault: 'bad-date' });
  const nowhere = gig({ dateString: '2031-02-14', venue: { uid: uidOf(), name: 'The Closed Door', address: '1 Gone St, Chicago, IL' } });
  broken.push({ collection: 'gigs', id: nowhere, fault: 'missing-venue' });
  const wordyPrice = gig({ dateString: '2031-03-01', venue: lakeside, money: 'ticketPrice', price: 'ten dollars' });
  broken.push({ collection: 'gigs', id: wordyPrice, fault: 'bad-money' });
  const negativePrice = gig({ dateString: '2031-03-08', venue: cortlandHall, money: 'ticketing', price: -5 });
  broken.push({ collection: 'gigs', id: negativePrice, fault: 'bad-money' });

  // ---- Applications -------------------------------------------------------------------------------
  const application = (gigId: string, applicant: { bandID: string } | { managerID: string; artistName: string }, status: string) => {
    const id = docIdOf();
    const doc: LegacyDocument = random.chance(0.5) ? { gigID: gigId } : { gigId };
    Object.assign(doc, applicant, { status, timestamp: stamp(daysAgo(1, 120)) });
    collection('gigApplications')[id] = doc;
    return id;
  };
  for (const gigId of openGigsAtVenue) {
    for (const b of random.sample(applicants, random.int(3, 5))) application(gigId, { bandID: b.uid }, random.pick(['pending', 'pending', '']));
    application(gigId, { managerID: managerUid, artistName: random.pick(managedArtists).name }, 'pending');
  }
  for (const g of gigs.filter((entry) => entry.booked)) {
    application(g.id, { bandID: g.booked!.uid }, 'accepted');
    for (const b of random.sample(applicants.filter((a) => a !== g.booked), random.int(0, 2))) application(g.id, { bandID: b.uid }, 'rejected');
  }
  application(random.pick(bookable), { managerID: secondManager, artistName: 'The Foxgloves' }, 'rejected');
  application(openGigsAtVenue[0]!, { bandID: velvet.uid }, 'pending');
  broken.push({ collection: 'gigApplications', id: application(docIdOf(), { bandID: harbor.uid }, 'pending'), fault: 'missing-gig' });
  broken.push({ collection: 'gigApplications', id: application(openGigsAtVenue[1]!, { bandID: uidOf() }, 'pending'), fault: 'missing-user' });

  // ---- Held payments (history only: dollars as the old system kept them) ----------------------------
  const heldPayment = (gigId: string, bandName: string, venueName: string, eventDate: string, status: string, totalHeld: number, ticketCount: number) => {
    const id = docIdOf();
    const createdMs = Math.min(nowMs, atUtc(eventDate) - 10 * DAY);
    collection('heldPayments')[id] = {
      gigId,
      bandName,
      venue: venueName,
      eventDate,
      status,
      totalHeld,
      ticketCount,
      createdAt: stamp(createdMs),
      lastUpdated: stamp(Math.min(nowMs, createdMs + 15 * DAY)),
      transferId: status === 'released' ? `tr_${idOf(24)}` : null,
      forfeitReason: status === 'forfeited' ? 'Band did not connect a payout account within 30 days' : null,
    };
    return id;
  };
  heldPayment(pastGigsOfBandWithSite[0]!, velvet.name, lantern.name, '2025-06-07', 'released', 541.97, 64);
  heldPayment(pastGigsOfBandWithSite[1]!, velvet.name, lakeside.name, '2025-09-19', 'forfeited', 102.9, 20);
  heldPayment(upcomingGigsOfBandWithSite[0]!, velvet.name, lantern.name, '2031-03-14', 'holding', 84.7, 10);
  heldPayment(upcomingGigsOfBandWithSite[3]!, velvet.name, cortlandHall.name, '2031-06-20', 'holding', 12.1, 1);
  broken.push({ collection: 'heldPayments', id: heldPayment(docIdOf(), 'Harbor Lights', lantern.name, '2025-04-04', 'released', 36.3, 3), fault: 'missing-gig' });

  // ---- Jam sessions and their songs ---------------------------------------------------------------
  const players = [...musicians.map((m) => ({ name: m.name, userId: m.uid })), { name: velvet.name, userId: velvet.uid }];
  const slot = (): Slot => (random.chance(0.35) ? null : random.pick(players));
  const jamSession = (dateString: string, location: string, timezone: string) => {
    const id = docIdOf();
    const songs: Record<string, LegacyDocument> = {};
    const count = random.int(3, 5);
    for (let order = 0; order < count; order++) {
      const [title, artist, key] = random.pick(SONGS);
      const creator = random.pick(players);
      songs[docIdOf()] = {
        song: title,
        artist: random.chance(0.5) ? artist : { name: artist, userId: '' },
        key: random.chance(0.7) ? key : { name: key, userId: '' },
        drums: slot(),
        bass: slot(),
        guitar1: slot(),
        guitar2: slot(),
        keys: slot(),
        vocal1: slot(),
        other: random.chance(0.2) ? { name: 'Harmonica', userId: '' } : null,
        songIsEditable: random.chance(0.5),
        songCreatedBy: creator.userId,
        songOrder: order,
      };
    }
    collection('jamSessions')[id] = {
      date: dateString,
      location,
      timeStart: '19:00',
      timeEnd: '22:00',
      timezone,
      houseBand: random.sample(players, 2).map((p) => p.name),
      __collections__: { songs },
    };
    return id;
  };
  jamSession('2025-05-13', 'The Lantern Room, Chicago', 'America/Chicago');
  jamSession('2025-10-21', 'Salt City Tavern, Syracuse', 'America/New_York');
  const upcomingJamSession = jamSession('2031-04-08', 'The Lantern Room, Chicago', 'America/Chicago');

  // ---- Gear swap ----------------------------------------------------------------------------------
  const gearOwners = [musicians[0]!, musicians[1]!, { uid: velvet.uid, name: velvet.name, email: `${handle(velvet.name)}@bands.example` }];
  const gearListing = (owner: { uid: string; email: string }, item: readonly [string, string, string], pictures: number) => {
    const id = docIdOf();
    collection('gearSwap')[id] = {
      userId: owner.uid,
      title: item[0],
      description: item[1],
      price: item[2],
      email: owner.email,
      phone: random.chance(0.5) ? phone() : '',
      createdAt: stamp(daysAgo(1, 200)),
      sold: random.chance(0.2),
      imageURLs: Array.from({ length: pictures }, () => image('gear', owner.uid)),
    };
    return id;
  };
  gearListing(gearOwners[0]!, GEAR[0]!, 2);
  gearListing(gearOwners[1]!, GEAR[1]!, 0);
  gearListing(gearOwners[2]!, GEAR[2]!, 1);
  gearListing(gearOwners[0]!, GEAR[3]!, 0);
  broken.push({ collection: 'gearSwap', id: gearListing({ uid: uidOf(), email: 'gone@mail.example' }, GEAR[4]!, 0), fault: 'missing-user' });

  // ---- Contact messages, venue database, outreach ---------------------------------------------------
  const contact = (name: string, email: string, message: string) => {
    collection('contactMessages')[docIdOf()] = { name, email, message, honeypot: '', createdAt: stamp(daysAgo(1, 300)) };
  };
  contact('Jess Moreno', 'jess@mail.example', 'How do I add a second band to my account?');
  contact('Lee Park', 'lee@mail.example', 'Our venue changed address, can you update the listing?');
  contact('Chris Doyle', 'chris@mail.example', 'Is there a jam in Cleveland this month?');

  const venueEntry = (name: string, location: string, city: string, state: string) => {
    const key = handle(name);
    const createdMs = daysAgo(100, 500);
    collection('venueDatabase')[docIdOf()] = {
      name,
      location,
      address: `${random.int(100, 4999)} ${random.pick(['Main', 'Oak', 'Lake', 'Division', 'State'])} St`,
      city,
      state,
      zipCode: String(random.int(10000, 99999)),
      phone: phone(),
      email: `booking@${key}.example`,
      website: `https://${key}.example`,
      contactPerson: `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`,
      venueType: random.pick(VENUE_TYPES),
      capacity: random.pick([80, 120, 250, 400, 1100]),
      bookingEmail: random.chance(0.5) ? `talent@${key}.example` : '',
      notes: random.chance(0.5) ? 'Prefers originals; books 6 weeks out.' : '',
      musicGenres: random.sample(['rock', 'indie', 'jazz', 'blues', 'folk', 'hip hop', 'country'], random.int(1, 3)),
      hasStage: random.chance(0.8),
      hasSoundSystem: random.chance(0.8),
      allowsOriginalMusic: random.chance(0.9),
      typicalBookingLead: random.pick([14, 30, 45, 60]),
      paymentStructure: random.pick(['Guarantee', 'Door split', 'Bar percentage', 'Tips only']),
      active: random.chance(0.85),
      createdAt: stamp(createdMs),
      updatedAt: stamp(createdMs + random.int(0, 60) * DAY),
    };
  };
  venueEntry('Empty Bottle', 'chicagoland', 'Chicago', 'IL');
  venueEntry('Hideout', 'chicagoland', 'Chicago', 'IL');
  venueEntry('Cactus Club', 'milwaukee', 'Milwaukee', 'WI');
  venueEntry('High Noon Saloon', 'madison', 'Madison', 'WI');
  venueEntry('Beachland Ballroom', 'cleveland', 'Cleveland', 'OH');
  venueEntry('Westcott Theater', 'syracuse', 'Syracuse', 'NY');

  const campaign = (b: Band, location: string, packageId: string, status: string | null, testMode = false) => {
    const pkg = PACKAGES[packageId]!;
    const targeted = Math.min(pkg.venueLimit, random.int(5, 60));
    const doc: LegacyDocument = {
      bandId: b.uid,
      bandName: b.name,
      location,
      packageId,
      packageName: pkg.name,
      venuesTargeted: targeted,
      venuesReached: status === 'completed' || status === 'completed_test' ? targeted : 0,
      responses: status === 'completed' ? random.int(0, 6) : 0,
      createdAt: stamp(daysAgo(1, 200)),
      sessionId: `cs_${testMode ? 'test' : 'live'}_${idOf(24)}`,
      testMode,
    };
    if (status !== null) doc.status = status;
    collection('outreachCampaigns')[docIdOf()] = doc;
  };
  campaign(velvet, 'chicagoland', 'premium', 'completed');
  campaign(velvet, 'milwaukee', 'basic', 'completed_test', true);
  campaign(cinder, 'chicagoland', 'pro', 'processing');
  campaign(harbor, 'madison', 'basic', null);
  campaign(glass, 'cleveland', 'single-location', 'pending');

  const betaCampaign = (b: Band, outreachType: 'opener' | 'headline', location: string, status: string) => {
    collection('betaOutreachCampaigns')[docIdOf()] = {
      createdAt: stamp(daysAgo(1, 200)),
      outreachType,
      location,
      venuesReached: random.int(0, 25),
      status,
      responses: random.int(0, 4),
      bandId: b.uid,
    };
  };
  betaCampaign(velvet, 'headline', 'chicagoland', 'completed');
  betaCampaign(ramblers, 'opener', 'detroit', 'completed');
  betaCampaign(orchard, 'opener', 'syracuse', 'processing');

  if (target) addFiller(random, target, { firestore, accounts, images, stamp, uidOf, docIdOf, image, account, gig, application, daysAgo });

  return {
    firestore,
    accounts,
    images,
    bandWithSite: velvet.uid,
    venueWithApplications: lantern.uid,
    ids: {
      admin: admin.uid,
      fanWithoutRole: fanWithoutRole.uid,
      promoterRegistrationShape: promoterRegistration,
      promoterEditorShape: promoterEditor,
      manager: managerUid,
      rehearsalSpaceWithOwnWebsite: rehearsalWithOwnWebsite,
      rehearsalSpaceWithWebsite: rehearsalWithWebsite,
      venueWithYouTubeLink: cortlandHall.uid,
      upcomingGigsOfBandWithSite,
      pastGigsOfBandWithSite,
      openGigsAtVenue,
      upcomingJamSession,
    },
    broken,
    missingImages: images.filter((i) => i.missing).map((i) => i.path),
    authOnly: [authOnly],
    noAuth: [noAuth],
    noPassword: [noPassword, ...accounts.filter((a) => a.password === null && a.user.localId !== noPassword).map((a) => a.user.localId)],
  };
}

type FillerVenue = { uid: string; name: string; address: string };
type FillerBand = { uid: string; name: string; genres: string[]; imageURL?: string };
type FillerTools = {
  firestore: LegacyFirestore;
  accounts: PlannedAccount[];
  images: PlannedImage[];
  stamp: (ms: number) => LegacyTimestamp;
  uidOf: () => string;
  docIdOf: () => string;
  image: (folder: string, uid: string) => string;
  account: (fields: Record<string, unknown>, options?: { displayName?: string; pool?: number }) => string;
  gig: (options: {
    dateString: string;
    venue: FillerVenue;
    booked?: FillerBand | null;
    money?: 'ticketing' | 'ticketPrice' | 'revenueSplit' | 'none';
    sold?: number;
  }) => string;
  application: (gigId: string, applicant: { bandID: string }, status: string) => string;
  daysAgo: (min: number, max: number) => number;
};

/**
 * Plain, valid records up to the requested counts (the bench sizes). Accounts share the pool's
 * passwords so that 10,000 accounts need only PASSWORD_POOL_SIZE scrypt hashes.
 */
function addFiller(random: Random, target: LegacyExportCounts, tools: FillerTools): void {
  const { firestore, accounts, images } = tools;
  const users = firestore.users!;
  const locations = ['chicagoland', 'cleveland', 'cortland', 'syracuse', 'milwaukee', 'madison', 'indianapolis', 'detroit', 'st-louis', 'minneapolis', 'nashville', 'austin', 'denver'];
  const fillerVenues: FillerVenue[] = [];
  const fillerBands: FillerBand[] = [];
  let n = 0;
  while (accounts.length < target.accounts) {
    n++;
    const pool = n % PASSWORD_POOL_SIZE;
    const location = random.pick(locations);
    const roll = random.next();
    if (roll < 0.08 || fillerVenues.length === 0) {
      const name = `${random.pick(VENUE_WORDS)} ${random.pick(VENUE_NOUNS)} ${n}`;
      const address = `${random.int(100, 9999)} ${random.pick(['Main', 'Oak', 'Lake', 'Division', 'State'])} St`;
      const uid = tools.account({ email: `venue${n}@venues.example`, role: 'venue', entityType: 'venue', location, venueName: name, venueAddress: address, venuePhone: '', venueContactEmail: `venue${n}@venues.example`, website: '' }, { displayName: name, pool });
      fillerVenues.push({ uid, name, address });
    } else if (roll < 0.5 || fillerBands.length === 0) {
      const name = `${random.pick(BAND_WORDS)} ${random.pick(BAND_NOUNS)} ${n}`;
      const genres = random.sample(['rock', 'indie', 'blues', 'jazz', 'folk', 'punk', 'country', 'soul'], random.int(1, 2));
      const uid = tools.account({ email: `band${n}@bands.example`, role: 'band', entityType: 'band', location, bandName: name, bandDescription: `${name} from ${location}.`, genres, performerType: 'BAND', content: { bio: '', links: [], members: [], extraGigs: [] } }, { displayName: name, pool });
      fillerBands.push({ uid, name, genres });
    } else {
      const role = random.pick(['fan', 'fan', 'fan', 'fan', 'musician', 'musician', 'promoter', 'artist_manager', 'rehearsal_space']);
      const fields: Record<string, unknown> = { email: `user${n}@mail.example`, role, location };
      if (role === 'promoter') Object.assign(fields, { entityType: role, promoterName: `Promoter ${n}`, companyName: `Shows ${n}`, website: '' });
      if (role === 'artist_manager') Object.assign(fields, { entityType: role, managerName: `Manager ${n}`, content: { managedArtists: [] } });
      if (role === 'rehearsal_space') Object.assign(fields, { entityType: role, rehearsalSpaceName: `Rooms ${n}`, rehearsalSpaceAddress: '', website: '' });
      tools.account(fields, { pool });
    }
  }
  // Images: band photos and gallery pictures on filler bands until the count is reached.
  for (let i = 0; images.length < target.images && fillerBands.length > 0; i++) {
    const b = fillerBands[i % fillerBands.length]!;
    const doc = users[b.uid]!;
    if (i < fillerBands.length) {
      b.imageURL = tools.image('bandImages', b.uid);
      doc.bandImageURL = b.imageURL;
    } else {
      const gallery = (doc.galleryImageURLs as string[] | undefined) ?? [];
      if (gallery.length >= 5) break;
      gallery.push(tools.image('bandGallery', b.uid));
      doc.galleryImageURLs = gallery;
    }
  }
  const gigIds: string[] = [];
  const gigCount = Object.keys(firestore.gigs!).length;
  for (let i = gigCount; i < target.gigs; i++) {
    const v = random.pick(fillerVenues);
    const dateMs = tools.daysAgo(-365, 365);
    const dateString = new Date(dateMs).toISOString().slice(0, 10);
    const booked = random.chance(0.6) ? random.pick(fillerBands) : null;
    gigIds.push(tools.gig({ dateString, venue: v, booked, money: random.pick(['ticketing', 'ticketPrice', 'revenueSplit', 'none'] as const), sold: 0 }));
  }
  const applicationCount = Object.keys(firestore.gigApplications!).length;
  for (let i = applicationCount; i < target.applications && gigIds.length > 0; i++) {
    tools.application(random.pick(gigIds), { bandID: random.pick(fillerBands).uid }, random.pick(['pending', '', 'accepted', 'rejected']));
  }
  // The other collections grow with the scene, in proportions a real one might have.
  const scale = Math.floor(target.accounts / 100);
  for (let i = 0; i < scale * 2; i++) {
    const g = random.pick(gigIds);
    const doc = firestore.gigs![g]!;
    firestore.heldPayments![tools.docIdOf()] = {
      gigId: g,
      bandName: doc.bandName ?? '',
      venue: doc.venue,
      eventDate: doc.dateString ?? '',
      status: random.pick(['holding', 'released', 'forfeited']),
      totalHeld: random.int(100, 99_999) / 100,
      ticketCount: random.int(1, 120),
      createdAt: tools.stamp(tools.daysAgo(1, 300)),
      lastUpdated: tools.stamp(tools.daysAgo(0, 1)),
      transferId: null,
      forfeitReason: null,
    };
  }
  for (let i = 0; i < scale * 5; i++) {
    const owner = random.pick(fillerBands);
    firestore.gearSwap![tools.docIdOf()] = { userId: owner.uid, title: random.pick(GEAR)[0], description: 'Works great.', price: `$${random.int(20, 900)}`, email: `${owner.uid}@mail.example`, phone: '', createdAt: tools.stamp(tools.daysAgo(1, 300)), sold: random.chance(0.2), imageURLs: [] };
  }
  for (let i = 0; i < scale * 10; i++) {
    const name = `${random.pick(VENUE_WORDS)} ${random.pick(VENUE_NOUNS)} ${i}`;
    firestore.venueDatabase![tools.docIdOf()] = { name, location: random.pick(locations), address: '', city: 'Chicago', state: 'IL', zipCode: '60601', phone: '', email: `db${i}@venues.example`, website: '', contactPerson: '', venueType: random.pick(VENUE_TYPES), capacity: random.int(50, 1500), bookingEmail: '', notes: '', musicGenres: ['rock'], hasStage: true, hasSoundSystem: true, allowsOriginalMusic: true, typicalBookingLead: 30, paymentStructure: 'Door split', active: true, createdAt: tools.stamp(tools.daysAgo(1, 500)), updatedAt: tools.stamp(tools.daysAgo(0, 1)) };
  }
  for (let i = 0; i < scale * 3; i++) {
    const b = random.pick(fillerBands);
    const packageId = random.pick(Object.keys(PACKAGES));
    firestore.outreachCampaigns![tools.docIdOf()] = { bandId: b.uid, bandName: b.name, location: random.pick(locations), packageId, packageName: PACKAGES[packageId]!.name, venuesTargeted: 20, venuesReached: 20, responses: random.int(0, 5), status: 'completed', createdAt: tools.stamp(tools.daysAgo(1, 300)), sessionId: `cs_live_${tools.docIdOf()}`, testMode: false };
  }
}

const FIRST_NAMES = ['Alex', 'Jordan', 'Maya', 'Theo', 'Priya', 'Marcus', 'Lena', 'Omar', 'Grace', 'Diego', 'Hana', 'Felix', 'Ruth', 'Kai', 'Nora', 'Sol'];
const LAST_NAMES = ['Nguyen', 'Kowalski', 'Brooks', 'Haddad', 'Lindqvist', 'Ortiz', 'Fitzgerald', 'Okoro', 'Tanaka', 'Novak', 'Adeyemi', 'Romero', 'Walsh', 'Chen'];
const BAND_WORDS = ['Electric', 'Paper', 'Silver', 'Hollow', 'Neon', 'Wild', 'Quiet', 'Broken', 'Golden', 'Static'];
const BAND_NOUNS = ['Foxes', 'Harbor', 'Engines', 'Saints', 'Mirrors', 'Owls', 'Rivers', 'Satellites', 'Ghosts', 'Tigers'];
const VENUE_WORDS = ['Rusty', 'Blue', 'Corner', 'Union', 'Velvet', 'Red', 'Old', 'Fifth'];
const VENUE_NOUNS = ['Tap', 'Hall', 'Lounge', 'Tavern', 'Room', 'Cellar', 'Ballroom', 'Saloon'];
const VENUE_TYPES = ['Bar/Pub', 'Restaurant', 'Music Venue', 'Theater', 'Club', 'Festival Ground', 'Coffee Shop', 'Hotel/Resort', 'Wedding Venue', 'Corporate Event Space', 'Other'];
const SONGS: ReadonlyArray<readonly [string, string, string]> = [
  ['Superstition', 'Stevie Wonder', 'Eb minor'],
  ['Mustang Sally', 'Wilson Pickett', 'C'],
  ['Red House', 'Jimi Hendrix', 'B'],
  ['Pride and Joy', 'Stevie Ray Vaughan', 'E'],
  ['Sweet Home Chicago', 'Robert Johnson', 'E'],
  ['Cissy Strut', 'The Meters', 'C'],
  ['The Thrill Is Gone', 'B.B. King', 'B minor'],
];
const GEAR: ReadonlyArray<readonly [string, string, string]> = [
  ['Fender Hot Rod Deluxe', '40W tube combo, new tubes last spring.', '$350'],
  ['Ludwig Breakbeats kit', 'Shells only, small dent on the floor tom.', '$275 OBO'],
  ['Boss DD-7 delay', 'Works perfectly, with box.', '$90'],
  ['Shure SM58 (x3)', 'Three mics, one cable each.', '$60 each'],
  ['Yamaha P-45', 'Digital piano with stand and sustain pedal.', '$300'],
];
/** Marquee's package ids (src/server/db/seed/seed-outreach-packages.ts), as the old campaigns name them. */
const PACKAGES: Record<string, { name: string; venueLimit: number }> = {
  basic: { name: 'Basic Outreach', venueLimit: 50 },
  premium: { name: 'Premium Outreach', venueLimit: 100 },
  pro: { name: 'Pro Campaign', venueLimit: 999 },
  'single-location': { name: 'Venue Outreach Campaign', venueLimit: 999 },
};
