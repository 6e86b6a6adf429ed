// The fictional scene the demo database shows. Names, addresses and people are invented; phone
// numbers use the 555-01xx range reserved for fiction, and every e-mail is @example.com or the
// demo domain, so nothing here can reach a real person.
import type { Role } from '../../../core/roles.ts';
import type { VenueType } from '../../../core/venue-directory.ts';

export type PageRegionSlug = 'chicagoland' | 'cleveland' | 'cortland';
export type PerformerType = 'BAND' | 'DJ' | 'SOLO ARTIST';

export type DemoAccount = { role: Role; name: string; email: string; password: string };

export const DEMO_PASSWORD = 'marquee-demo-2026';

/** One login per role; all share the demo password. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { role: 'fan', name: 'Jordan Reyes', email: 'fan@demo.marquee.test', password: DEMO_PASSWORD },
  { role: 'musician', name: 'Maya Chen', email: 'musician@demo.marquee.test', password: DEMO_PASSWORD },
  { role: 'band', name: 'The Velvet Static', email: 'band@demo.marquee.test', password: DEMO_PASSWORD },
  { role: 'venue', name: 'The Lantern Room', email: 'venue@demo.marquee.test', password: DEMO_PASSWORD },
  { role: 'promoter', name: 'Dana Whitfield', email: 'promoter@demo.marquee.test', password: DEMO_PASSWORD },
  { role: 'artist_manager', name: 'Riley Brooks', email: 'manager@demo.marquee.test', password: DEMO_PASSWORD },
  { role: 'rehearsal_space', name: 'Loud Room Rehearsal Studios', email: 'rehearsal@demo.marquee.test', password: DEMO_PASSWORD },
  { role: 'admin', name: 'Marquee Admin', email: 'admin@demo.marquee.test', password: DEMO_PASSWORD },
];

export type BandContent = {
  name: string;
  region: PageRegionSlug;
  performerType: PerformerType;
  genres: readonly string[];
  /** At most 150 characters (spec 2 §5). */
  description: string;
  origin: string;
  members: readonly (readonly [name: string, instrument: string, instagram?: string])[];
};

export const DEMO_BAND_NAME = 'The Velvet Static';

export const BANDS: readonly BandContent[] = [
  {
    name: DEMO_BAND_NAME,
    region: 'chicagoland',
    performerType: 'BAND',
    genres: ['Indie Rock', 'Shoegaze', 'Dream Pop'],
    description: 'Chicago four-piece wrapping big, hazy guitars around bright pop hooks. Loud, warm and a little bit lovesick.',
    origin:
      'The Velvet Static started in a Logan Square basement in 2019, when Nora Vance answered a Craigslist ad that asked for "someone who owns too many pedals".',
    members: [
      ['Nora Vance', 'Vocals, Guitar', 'noravance'],
      ['Eli Marsh', 'Guitar, Synths'],
      ['Sam Okafor', 'Bass', 'samokafor.bass'],
      ['Priya Lund', 'Drums', 'priyahitsthings'],
    ],
  },
  {
    name: 'Salt & Static',
    region: 'chicagoland',
    performerType: 'BAND',
    genres: ['Post-Punk', 'Garage Rock'],
    description: 'Wiry post-punk from Pilsen: angular guitars, a bass that leads, and choruses you shout back.',
    origin: 'Salt & Static came together in Pilsen in 2021 and played their first show in a laundromat.',
    members: [
      ['Teo Alvarez', 'Vocals, Guitar', 'teo.alvarez'],
      ['Rosa Im', 'Bass'],
      ['Dev Patel', 'Drums'],
    ],
  },
  {
    name: 'Goldtop Revival',
    region: 'chicagoland',
    performerType: 'BAND',
    genres: ['Blues Rock', 'Soul', 'Southern Rock'],
    description: 'Two Les Pauls and a Hammond organ: a blues-rock revue that brings a horn section on the big nights.',
    origin: 'Goldtop Revival began as a Tuesday blues jam on the South Side and never stopped.',
    members: [
      ['Marcus Holloway', 'Vocals, Guitar', 'deuceholloway'],
      ['Jenna Kowalski', 'Guitar'],
      ['Curtis Lane', 'Hammond Organ'],
      ['Ray Dominguez', 'Bass'],
      ['Andre Wills', 'Drums', 'andrewills.drums'],
    ],
  },
  {
    name: 'Lakefront Ghosts',
    region: 'chicagoland',
    performerType: 'BAND',
    genres: ['Indie Folk', 'Americana'],
    description: 'Harmony-heavy folk from Rogers Park, with banjo, upright bass and songs about the lake in winter.',
    origin: 'Lakefront Ghosts met at a Rogers Park open mic in 2018 and have shared one van ever since.',
    members: [
      ['Hannah Lindqvist', 'Vocals, Banjo', 'hannahlindqvist'],
      ['Owen Castillo', 'Guitar, Vocals'],
      ['Iris Feld', 'Upright Bass'],
    ],
  },
  {
    name: 'Brass Tacks Collective',
    region: 'chicagoland',
    performerType: 'BAND',
    genres: ['Funk', 'Soul', 'Jazz'],
    description: 'Funk and soul with a three-horn front line. Built for dancing, tight enough for listening.',
    origin: 'Brass Tacks Collective grew out of a college jazz combo that got tired of playing quietly.',
    members: [
      ['Keisha Moore', 'Vocals', 'keishasings'],
      ['Luis Ortega', 'Trumpet'],
      ['Ben Adler', 'Tenor Sax'],
      ['Harold Kim', 'Bass'],
      ['Dante Rivers', 'Drums'],
    ],
  },
  {
    name: 'Kedzie Nights',
    region: 'chicagoland',
    performerType: 'BAND',
    genres: ['Hip-Hop', 'R&B'],
    description: 'Live-band hip-hop: two MCs, a singer and a rhythm section that never loops a beat.',
    origin: 'Kedzie Nights named themselves after the avenue where they rehearse above a tire shop.',
    members: [
      ['Jaylen Carter', 'MC', 'jaylencarter'],
      ['Amara Obi', 'Vocals'],
      ['Nate Fischer', 'Keys'],
      ['Calvin Reed', 'Drums'],
    ],
  },
  {
    name: 'Copper Ward',
    region: 'chicagoland',
    performerType: 'BAND',
    genres: ['Alt-Country', 'Americana'],
    description: 'Pedal steel, Telecaster twang and barroom stories from the far Southwest Side.',
    origin: 'Copper Ward formed in Beverly in 2017 around a borrowed pedal steel.',
    members: [
      ['Wade Mulligan', 'Vocals, Guitar'],
      ['Sara Beth Quinn', 'Pedal Steel', 'sarabethsteel'],
      ['Tomas Novak', 'Bass'],
      ['Gil Hart', 'Drums'],
    ],
  },
  {
    name: 'Neon Prairie',
    region: 'chicagoland',
    performerType: 'BAND',
    genres: ['Synth Pop', 'Electronic'],
    description: "Two synths, a drum machine and a very tall singer. Glittering '80s-inspired synth pop.",
    origin: 'Neon Prairie began as a bedroom project in Oak Park and became a band when the bedroom got too small.',
    members: [
      ['Lucas Brandt', 'Vocals', 'lucasbrandt'],
      ['Mei Tanaka', 'Synths'],
    ],
  },
  {
    name: 'The Rust Belt Revue',
    region: 'chicagoland',
    performerType: 'BAND',
    genres: ['Rockabilly', 'Country'],
    description: 'Slapped upright bass, hollow-body guitars and pompadours: vintage rockabilly for swing dancers.',
    origin: 'The Rust Belt Revue has kept Chicago swing dancers busy since 2015.',
    members: [
      ['Frankie Dolan', 'Vocals, Guitar'],
      ['Bettie Sloane', 'Upright Bass', 'bettieslaps'],
      ['Hank Pruitt', 'Drums'],
    ],
  },
  {
    name: 'DJ Marisol',
    region: 'chicagoland',
    performerType: 'DJ',
    genres: ['House', 'Latin', 'Disco'],
    description: 'Chicago house heads and cumbia lovers on the same dance floor. Four-hour sets, vinyl only.',
    origin: 'DJ Marisol learned to mix on her uncle\'s turntables in Little Village.',
    members: [['Marisol Reyes', 'Turntables', 'djmarisol']],
  },
  {
    name: 'Hollow Pines',
    region: 'chicagoland',
    performerType: 'BAND',
    genres: ['Post-Rock', 'Shoegaze'],
    description: 'Instrumental post-rock that builds slowly and lands hard. Best heard loud, in the dark.',
    origin: 'Hollow Pines formed in Evanston in 2020 and wrote their first record over video calls.',
    members: [
      ['Adrian Voss', 'Guitar'],
      ['Kat Molina', 'Guitar', 'katmolina'],
      ['Jonah Weiss', 'Bass'],
      ['Leo Szabo', 'Drums'],
    ],
  },
  {
    name: 'Wicker Park Wolves',
    region: 'chicagoland',
    performerType: 'BAND',
    genres: ['Punk', 'Hardcore'],
    description: 'Fast, loud, twenty-minute sets. Chicago punk for people who still go to basement shows.',
    origin: 'Wicker Park Wolves have played every basement on the Northwest Side at least twice.',
    members: [
      ['Mikey Ruiz', 'Vocals'],
      ['Jess Park', 'Guitar'],
      ['Chris Doyle', 'Bass'],
      ['Tariq Hassan', 'Drums', 'tariqhitshard'],
    ],
  },
  {
    name: 'Sister Saint',
    region: 'chicagoland',
    performerType: 'BAND',
    genres: ['Indie Pop', 'Soul'],
    description: 'Sister harmonies over vintage soul grooves, like Motown records made in a bedroom studio.',
    origin: 'Sister Saint is two sisters from Hyde Park and the friends they talked into a band.',
    members: [
      ['Grace Saint-Louis', 'Vocals', 'gracesaintlouis'],
      ['Naomi Saint-Louis', 'Vocals, Keys'],
      ['Pete Ambrose', 'Bass'],
      ['Luz Herrera', 'Drums'],
    ],
  },
  {
    name: 'Elena Vasquez',
    region: 'chicagoland',
    performerType: 'SOLO ARTIST',
    genres: ['Singer-Songwriter', 'Folk'],
    description: 'Fingerpicked guitar and quietly devastating songs in English and Spanish.',
    origin: 'Elena Vasquez grew up in Cicero and has been writing songs since she was twelve.',
    members: [['Elena Vasquez', 'Vocals, Guitar', 'elenavasquezmusic']],
  },
  {
    name: 'Cold Brew Quartet',
    region: 'chicagoland',
    performerType: 'BAND',
    genres: ['Jazz'],
    description: 'Straight-ahead and modal jazz standards plus originals. Brunch regulars all over the city.',
    origin: 'Cold Brew Quartet met at a Hyde Park jam session in 2016.',
    members: [
      ['Ellis Grant', 'Piano'],
      ['Monique Dubois', 'Alto Sax', 'moniquesax'],
      ['Victor Han', 'Upright Bass'],
      ['Sam Whitaker', 'Drums'],
    ],
  },
  {
    name: 'Cuyahoga Fire',
    region: 'cleveland',
    performerType: 'BAND',
    genres: ['Blues', 'Rock'],
    description: 'Cleveland blues-rock named after the river that burned. Heavy riffs, harmonica, no apologies.',
    origin: 'Cuyahoga Fire came out of the Flats bar scene in 2016.',
    members: [
      ['Dale Kowalczyk', 'Vocals, Harmonica'],
      ['Reggie Banks', 'Guitar', 'reggiebanksguitar'],
      ['Tom Brennan', 'Bass'],
      ['Vince Russo', 'Drums'],
    ],
  },
  {
    name: 'The Lakewood Lights',
    region: 'cleveland',
    performerType: 'BAND',
    genres: ['Indie Rock', 'Power Pop'],
    description: 'Jangly power pop from Lakewood with three-part harmonies and songs under three minutes.',
    origin: 'The Lakewood Lights are three friends from Lakewood High who never found a reason to stop.',
    members: [
      ['Molly Keane', 'Vocals, Guitar', 'mollykeane'],
      ['Josh Albrecht', 'Bass, Vocals'],
      ['Kenji Mori', 'Drums, Vocals'],
    ],
  },
  {
    name: 'Iron Sparrow',
    region: 'cleveland',
    performerType: 'BAND',
    genres: ['Metal', 'Doom'],
    description: 'Doom-laden heavy metal from the East Side. Downtuned, slow, enormous.',
    origin: 'Iron Sparrow formed in Collinwood in 2014 and have worn out three bass amps since.',
    members: [
      ['Raven Stokes', 'Vocals'],
      ['Gus Petrakis', 'Guitar', 'gusriffs'],
      ['Bryce Hollis', 'Bass'],
      ['Dom Ferraro', 'Drums'],
    ],
  },
  {
    name: 'Shaker Heights Social Club',
    region: 'cleveland',
    performerType: 'BAND',
    genres: ['Funk', 'Soul', 'R&B'],
    description: 'A ten-piece soul revue playing classic Stax and Motown cuts alongside its own originals.',
    origin: 'The Shaker Heights Social Club started as a wedding band and outgrew the weddings.',
    members: [
      ['Lorraine Price', 'Vocals', 'lorrainepricesings'],
      ['Darnell Hayes', 'Guitar'],
      ['Phil Oyelaran', 'Keys'],
      ['Marcus Webb', 'Bass'],
      ['Tony Caruso', 'Drums'],
    ],
  },
  {
    name: 'DJ Lumen',
    region: 'cleveland',
    performerType: 'DJ',
    genres: ['Techno', 'House'],
    description: 'Warehouse techno and deep house from a Cleveland lifer. Long blends, late nights.',
    origin: 'DJ Lumen has played Cleveland warehouses and rooftops for over a decade.',
    members: [['Aaron Lumley', 'Turntables, Synths', 'djlumen']],
  },
  {
    name: 'Velour Highway',
    region: 'cleveland',
    performerType: 'BAND',
    genres: ['Psych Rock', 'Stoner Rock'],
    description: 'Fuzzed-out psych rock with twelve-minute jams and a light show they build themselves.',
    origin: 'Velour Highway formed in Ohio City in 2019 around a shared love of fuzz pedals.',
    members: [
      ['Skye Morrow', 'Vocals, Guitar'],
      ['Benny Lutz', 'Guitar'],
      ['Carla Nunez', 'Bass', 'carlanunezbass'],
      ['Rob Epps', 'Drums'],
    ],
  },
  {
    name: 'Marcus Bell',
    region: 'cleveland',
    performerType: 'SOLO ARTIST',
    genres: ['R&B', 'Soul'],
    description: 'Smooth R&B vocals over loops and keys. A one-man show that sounds like a full band.',
    origin: 'Marcus Bell grew up singing in church in Glenville.',
    members: [['Marcus Bell', 'Vocals, Keys, Looper', 'marcusbellmusic']],
  },
  {
    name: 'The Tremont Tide',
    region: 'cleveland',
    performerType: 'BAND',
    genres: ['Surf Rock', 'Garage Rock'],
    description: 'Reverb-drenched surf rock from a landlocked city. Mostly instrumentals, and one song about a seagull.',
    origin: 'The Tremont Tide have been the house band of more Tremont bars than they can name.',
    members: [
      ['Danny Kowal', 'Guitar'],
      ['Lisa Greer', 'Guitar'],
      ['Matt Osei', 'Bass'],
      ['Kyle Benz', 'Drums'],
    ],
  },
  {
    name: 'Finger Lake Drifters',
    region: 'cortland',
    performerType: 'BAND',
    genres: ['Bluegrass', 'Folk'],
    description: 'Five pickers around one microphone: fast bluegrass, old-time tunes and gospel harmonies.',
    origin: 'The Finger Lake Drifters met at a Cortland County fiddlers\' picnic in 2017.',
    members: [
      ['Caleb Mercer', 'Banjo'],
      ['Ruth Ann Piper', 'Fiddle', 'ruthannfiddles'],
      ['Josh Tanner', 'Mandolin'],
      ['Emmett Shaw', 'Guitar, Vocals'],
      ['Lydia Cole', 'Upright Bass'],
    ],
  },
  {
    name: 'Tully Hill',
    region: 'cortland',
    performerType: 'BAND',
    genres: ['Americana', 'Country'],
    description: 'Country-tinged Americana from the hills south of Syracuse. Songs about back roads and late shifts.',
    origin: 'Tully Hill is named for the road where their singer grew up.',
    members: [
      ['Casey Dunn', 'Vocals, Guitar', 'caseydunnmusic'],
      ['Will Harper', 'Lead Guitar'],
      ['Beth Sorensen', 'Bass'],
    ],
  },
  {
    name: 'Seven Valleys',
    region: 'cortland',
    performerType: 'BAND',
    genres: ['Jam', 'Rock', 'Funk'],
    description: 'Upstate jam band named for the hills around Cortland. No two setlists the same.',
    origin: 'Seven Valleys formed in a SUNY Cortland dorm and kept going after graduation.',
    members: [
      ['Noah Bishop', 'Guitar, Vocals'],
      ['Zeke Flores', 'Keys'],
      ['Anna Kessler', 'Bass', 'annakesslerbass'],
      ['Drew Polanski', 'Drums'],
    ],
  },
  {
    name: 'Red Dragon Radio',
    region: 'cortland',
    performerType: 'BAND',
    genres: ['Pop Punk', 'Emo'],
    description: 'College-town pop punk with big choruses and bigger singalongs. Formed at SUNY Cortland.',
    origin: 'Red Dragon Radio played their first show at a house party on Tompkins Street.',
    members: [
      ['Tyler Graves', 'Vocals, Guitar', 'tylergraves'],
      ['Maddie Chu', 'Guitar'],
      ['Sean Boyle', 'Bass'],
      ['Eric Lam', 'Drums'],
    ],
  },
  {
    name: 'Homer Street Hollers',
    region: 'cortland',
    performerType: 'BAND',
    genres: ['Blues', 'Folk'],
    description: 'Porch blues: washboard, resonator guitar and a kick drum made from an old suitcase.',
    origin: 'The Homer Street Hollers started on a front porch in Homer, NY, and still rehearse there in summer.',
    members: [
      ['Jed Whitcomb', 'Resonator Guitar, Vocals'],
      ['Lou Barnes', 'Washboard, Suitcase Drum'],
    ],
  },
  {
    name: 'Glasshouse Mornings',
    region: 'cortland',
    performerType: 'BAND',
    genres: ['Indie Pop', 'Dream Pop'],
    description: 'Soft-focus dream pop with glockenspiel and drum machine. Music for long drives up Route 81.',
    origin: 'Glasshouse Mornings recorded their first EP in a greenhouse outside Cortland.',
    members: [
      ['Clara Voss', 'Vocals, Keys', 'claravoss'],
      ['Ivan Petrov', 'Guitar, Glockenspiel'],
      ['June Ahn', 'Bass, Drum Machine'],
    ],
  },
  {
    name: 'Ava Monroe',
    region: 'cortland',
    performerType: 'SOLO ARTIST',
    genres: ['Singer-Songwriter', 'Pop'],
    description: "Piano-led pop songs with sharp lyrics. Upstate New York's best-kept secret, for now.",
    origin: 'Ava Monroe grew up in McGraw and wrote her first songs on her grandmother\'s upright piano.',
    members: [['Ava Monroe', 'Vocals, Piano', 'avamonroemusic']],
  },
];

export type VenueContent = {
  name: string;
  region: PageRegionSlug;
  address: string;
  phone: string;
};

export const DEMO_VENUE_NAME = 'The Lantern Room';

/** Decision 33: a venue new on Marquee whose e-mail is verified and which waits for an admin's approval. */
export const WAITING_VENUE = { name: 'The Side Door', region: 'chicagoland', address: '2410 W North Ave, Chicago, IL 60647', phone: '773-555-0197' } as const;

export const VENUES: readonly VenueContent[] = [
  { name: DEMO_VENUE_NAME, region: 'chicagoland', address: '1842 W Division St, Chicago, IL 60622', phone: '312-555-0142' },
  { name: 'Ravenswood Tap', region: 'chicagoland', address: '4419 N Ravenswood Ave, Chicago, IL 60640', phone: '773-555-0118' },
  { name: 'The Blue Anchor', region: 'chicagoland', address: '2306 N Milwaukee Ave, Chicago, IL 60647', phone: '773-555-0163' },
  { name: 'Halsted Hall', region: 'chicagoland', address: '3159 N Halsted St, Chicago, IL 60657', phone: '773-555-0127' },
  { name: 'Pilsen Social Club', region: 'chicagoland', address: '1825 S Blue Island Ave, Chicago, IL 60608', phone: '312-555-0176' },
  { name: 'Oak Park Listening Room', region: 'chicagoland', address: '1012 Lake St, Oak Park, IL 60301', phone: '708-555-0134' },
  { name: 'Evanston Boiler Room', region: 'chicagoland', address: '727 Chicago Ave, Evanston, IL 60202', phone: '847-555-0109' },
  { name: 'The Foundry Lounge', region: 'cleveland', address: '1858 W 25th St, Cleveland, OH 44113', phone: '216-555-0151' },
  { name: 'Detroit Avenue Music Hall', region: 'cleveland', address: '15221 Detroit Ave, Lakewood, OH 44107', phone: '216-555-0187' },
  { name: 'Tremont Tavern', region: 'cleveland', address: '2217 Professor Ave, Cleveland, OH 44113', phone: '216-555-0122' },
  { name: 'The Gordon Square Social', region: 'cleveland', address: '6515 Detroit Ave, Cleveland, OH 44102', phone: '216-555-0195' },
  { name: 'Main Street Music Hall', region: 'cortland', address: '62 Main St, Cortland, NY 13045', phone: '607-555-0140' },
  { name: 'Tompkins Street Taproom', region: 'cortland', address: '17 Tompkins St, Cortland, NY 13045', phone: '607-555-0113' },
  { name: 'Courthouse Park Cafe', region: 'cortland', address: '31 Court St, Cortland, NY 13045', phone: '607-555-0168' },
  { name: 'Port Watson Pub', region: 'cortland', address: '9 Port Watson St, Cortland, NY 13045', phone: '607-555-0181' },
];

export type PromoterContent = {
  personName: string;
  name: string;
  companyName: string;
  region: PageRegionSlug;
  description: string;
  phone: string;
  venues: readonly string[];
  isDemo: boolean;
};

export const PROMOTERS: readonly PromoterContent[] = [
  {
    personName: 'Dana Whitfield',
    name: 'Northside Sound',
    companyName: 'Northside Sound Co. LLC',
    region: 'chicagoland',
    description:
      'Independent promoter booking original local bills on the North and Northwest Sides since 2014. We pay bands fairly and on the night.',
    phone: '773-555-0190',
    venues: [DEMO_VENUE_NAME, 'The Blue Anchor', 'Halsted Hall'],
    isDemo: true,
  },
  {
    personName: 'Tasha Greene',
    name: 'Lake Erie Live',
    companyName: 'Lake Erie Live Presents',
    region: 'cleveland',
    description: 'Cleveland promoter behind the West Side Rock Nights series and the Tremont summer block parties.',
    phone: '216-555-0174',
    venues: ['The Foundry Lounge', 'Tremont Tavern'],
    isDemo: false,
  },
  {
    personName: 'Owen Gallagher',
    name: 'Finger Lakes Sound',
    companyName: 'Finger Lakes Sound & Events',
    region: 'cortland',
    description: 'Booking roots, rock and college-town shows across Cortland and the southern Finger Lakes.',
    phone: '607-555-0157',
    venues: ['Main Street Music Hall', 'Port Watson Pub'],
    isDemo: false,
  },
];

export type RehearsalContent = {
  name: string;
  region: PageRegionSlug;
  address: string;
  phone: string;
  description: string;
  isDemo: boolean;
};

export const REHEARSAL_SPACES: readonly RehearsalContent[] = [
  {
    name: 'Loud Room Rehearsal Studios',
    region: 'chicagoland',
    address: '2750 W Fulton St, Chicago, IL 60612',
    phone: '312-555-0133',
    description:
      'Twelve soundproofed rooms with full backline, PA and 24/7 keycard access. Hourly rooms from $20, monthly lockouts from $450. Free parking and a loading dock.',
    isDemo: true,
  },
  {
    name: 'Westside Jam Space',
    region: 'chicagoland',
    address: '4501 W Belmont Ave, Chicago, IL 60641',
    phone: '773-555-0152',
    description: 'Affordable hourly rooms with drum kits, bass and guitar amps and a vocal PA. Open noon to midnight, seven days a week.',
    isDemo: false,
  },
  {
    name: 'Lockout Labs',
    region: 'cleveland',
    address: '3615 Superior Ave, Cleveland, OH 44114',
    phone: '216-555-0116',
    description: 'Private lockout rooms in a converted factory, shared or solo, with 24-hour access and a small recording room.',
    isDemo: false,
  },
  {
    name: 'Tioughnioga Sound Rooms',
    region: 'cortland',
    address: '45 River St, Cortland, NY 13045',
    phone: '607-555-0129',
    description: 'Two rehearsal rooms and a live room by the river. Backline included, students get 20% off weekday afternoons.',
    isDemo: false,
  },
];

export type ManagedArtistContent = { name: string; genre: string; description: string };

export const MANAGED_ARTISTS: readonly ManagedArtistContent[] = [
  { name: 'June Harbor', genre: 'Indie Folk', description: 'Warm, close-mic\'d folk songs with a string trio. Debut LP out this spring.' },
  { name: 'Copperline', genre: 'Americana', description: 'Four-piece Americana band with two songwriters and a fiddle player who steals every show.' },
  { name: 'DJ Nightjar', genre: 'House', description: 'Deep and soulful house for late rooms and rooftop parties.' },
];

export type JamSongContent = {
  song: string;
  artist: string;
  key: string;
  players: Partial<Record<'drums' | 'bass' | 'guitar1' | 'guitar2' | 'keys' | 'vocal1' | 'other', string>>;
  isEditable: boolean;
};

/** Names of demo users in the sheet are linked to their accounts by the seeder. */
export const JAM_SONGS: readonly JamSongContent[] = [
  { song: 'Superstition', artist: 'Stevie Wonder', key: 'Ebm', players: { drums: 'Priya Lund', bass: 'Sam Okafor', keys: 'Theo Park', vocal1: 'Jordan Reyes' }, isEditable: true },
  { song: 'Mustang Sally', artist: 'Wilson Pickett', key: 'C', players: { drums: 'Big Mike Dawson', guitar1: 'Maya Chen', vocal1: 'Dee Walker' }, isEditable: true },
  { song: 'Sweet Home Chicago', artist: 'Robert Johnson', key: 'E', players: { guitar1: 'Maya Chen', guitar2: 'Marcus Holloway', bass: 'Lena Marsh', other: 'Harmonica: Chris O.' }, isEditable: false },
  { song: 'Come Together', artist: 'The Beatles', key: 'Dm', players: { bass: 'Sam Okafor', vocal1: 'Nora Vance' }, isEditable: true },
  { song: 'The Thrill Is Gone', artist: 'B.B. King', key: 'Bm', players: { guitar1: 'Maya Chen', keys: 'Theo Park', drums: 'Priya Lund' }, isEditable: false },
  { song: 'Pride and Joy', artist: 'Stevie Ray Vaughan', key: 'E', players: {}, isEditable: true },
];

export type GearContent = {
  owner: 'musician' | 'band' | 'fan';
  title: string;
  description: string;
  price: string;
  contact: 'email' | 'phone' | 'both';
  images: readonly string[];
  daysAgo: number;
  soldDaysAgo?: number;
};

export const GEAR_LISTINGS: readonly GearContent[] = [
  {
    owner: 'musician',
    title: 'Fender Hot Rod Deluxe IV combo amp',
    description: '40W tube combo, serviced last fall with new power tubes. Loud, clean and gig-ready. Footswitch and cover included.',
    price: '$450',
    contact: 'both',
    images: ['Fender Hot Rod Deluxe'],
    daysAgo: 1,
  },
  {
    owner: 'band',
    title: 'Ludwig Vistalite 4-piece shell pack (amber)',
    description: '22/12/16 + 14 snare. A few scuffs, no cracks. Selling because our drummer went back to wood. Local pickup only.',
    price: '$900',
    contact: 'email',
    images: ['Ludwig Vistalite', 'Vistalite Snare'],
    daysAgo: 2,
  },
  {
    owner: 'fan',
    title: 'Shure SM58 microphones (pair)',
    description: 'Two SM58s with clips and a soft case. Both work perfectly, one grille slightly dented.',
    price: '$140',
    contact: 'phone',
    images: [],
    daysAgo: 4,
  },
  {
    owner: 'musician',
    title: 'Pedalboard: Boss DD-8, BD-2, TU-3 + power supply',
    description: 'Whole board ready to plug in: delay, Blues Driver, tuner, isolated power and patch cables. Will not split.',
    price: '$320',
    contact: 'both',
    images: ['Boss Pedalboard'],
    daysAgo: 5,
  },
  {
    owner: 'band',
    title: 'Nord Electro 6D 61',
    description: 'Great organ and piano sounds, light enough to carry up any stairs. Comes with soft case and sustain pedal.',
    price: '$1,650',
    contact: 'both',
    images: [],
    daysAgo: 9,
    soldDaysAgo: 3,
  },
  {
    owner: 'musician',
    title: 'Ampeg SVT-210AV bass cabinet',
    description: '2x10 cab, 200W. Pairs nicely with a small head for club gigs. Cover included.',
    price: '$275',
    contact: 'email',
    images: [],
    daysAgo: 11,
  },
  {
    owner: 'fan',
    title: 'Yamaha FG800 acoustic guitar',
    description: 'Solid spruce top, new strings, low action. Perfect first guitar or campfire guitar.',
    price: '$150',
    contact: 'email',
    images: [],
    daysAgo: 14,
    soldDaysAgo: 10,
  },
  {
    owner: 'band',
    title: 'Gator 4U rack case with wheels',
    description: 'Holds our wireless receivers and a small mixer. Latches and wheels all work.',
    price: '$90',
    contact: 'phone',
    images: [],
    daysAgo: 17,
  },
  {
    owner: 'musician',
    title: 'Epiphone Casino, vintage sunburst, with hard case',
    description: 'Hollow-body with P-90s, set up with 10s. Plays beautifully, small buckle rash on the back.',
    price: '$550',
    contact: 'both',
    images: ['Epiphone Casino'],
    daysAgo: 21,
  },
];

export type DirectoryCity = { city: string; state: string; zips: readonly string[]; streets: readonly string[]; areaCode: string };

export const DIRECTORY_CITIES: Readonly<Record<string, DirectoryCity>> = {
  chicagoland: { city: 'Chicago', state: 'IL', zips: ['60614', '60618', '60625', '60640', '60653'], streets: ['N Lincoln Ave', 'W Belmont Ave', 'N Clark St', 'S Cottage Grove Ave', 'W Montrose Ave'], areaCode: '773' },
  milwaukee: { city: 'Milwaukee', state: 'WI', zips: ['53202', '53204', '53207', '53212'], streets: ['N Water St', 'S Kinnickinnic Ave', 'E Brady St', 'N Holton St'], areaCode: '414' },
  madison: { city: 'Madison', state: 'WI', zips: ['53703', '53704', '53711'], streets: ['Williamson St', 'State St', 'Monroe St', 'Atwood Ave'], areaCode: '608' },
  detroit: { city: 'Detroit', state: 'MI', zips: ['48201', '48207', '48216', '48226'], streets: ['Michigan Ave', 'Woodward Ave', 'Gratiot Ave', 'Cass Ave'], areaCode: '313' },
  indianapolis: { city: 'Indianapolis', state: 'IN', zips: ['46202', '46203', '46204', '46220'], streets: ['Massachusetts Ave', 'Virginia Ave', 'Broad Ripple Ave', 'E Washington St'], areaCode: '317' },
  'st-louis': { city: 'St. Louis', state: 'MO', zips: ['63104', '63110', '63118'], streets: ['Manchester Ave', 'Cherokee St', 'S Broadway'], areaCode: '314' },
  minneapolis: { city: 'Minneapolis', state: 'MN', zips: ['55401', '55408', '55413', '55454'], streets: ['NE 13th Ave', 'Hennepin Ave', 'Cedar Ave S', 'Washington Ave N'], areaCode: '612' },
  nashville: { city: 'Nashville', state: 'TN', zips: ['37203', '37206', '37208'], streets: ['Gallatin Ave', '16th Ave S', '5th Ave N'], areaCode: '615' },
  austin: { city: 'Austin', state: 'TX', zips: ['78701', '78704'], streets: ['S Congress Ave', 'Rainey St'], areaCode: '512' },
  denver: { city: 'Denver', state: 'CO', zips: ['80205', '80206', '80218'], streets: ['E Colfax Ave', 'Larimer St', 'Walnut St'], areaCode: '303' },
};

export type DirectoryContent = {
  name: string;
  region: string;
  venueType: VenueType;
  capacity: number;
  genres: readonly string[];
  city?: readonly [city: string, zip: string];
  isActive?: boolean;
};

export const DIRECTORY_VENUES: readonly DirectoryContent[] = [
  { name: 'The Hideaway Lounge', region: 'chicagoland', venueType: 'Bar/Pub', capacity: 150, genres: ['Rock', 'Blues'] },
  { name: 'Lincoln Square Music Hall', region: 'chicagoland', venueType: 'Music Venue', capacity: 450, genres: ['Indie Rock', 'Folk', 'Americana'] },
  { name: 'Avondale Taproom', region: 'chicagoland', venueType: 'Bar/Pub', capacity: 120, genres: ['Punk', 'Garage Rock'] },
  { name: 'The Southport Stage', region: 'chicagoland', venueType: 'Theater', capacity: 600, genres: ['Rock', 'Pop', 'Singer-Songwriter'] },
  { name: 'Bronzeville Jazz Cellar', region: 'chicagoland', venueType: 'Club', capacity: 180, genres: ['Jazz', 'Blues', 'Soul'] },
  { name: 'Andersonville Coffee House', region: 'chicagoland', venueType: 'Coffee Shop', capacity: 60, genres: ['Folk', 'Singer-Songwriter'] },
  { name: 'Riverwalk Grill', region: 'chicagoland', venueType: 'Restaurant', capacity: 200, genres: ['Jazz', 'Acoustic'], city: ['Naperville', '60540'] },
  { name: 'Skokie Event Pavilion', region: 'chicagoland', venueType: 'Corporate Event Space', capacity: 350, genres: ['Cover Band', 'Jazz'], city: ['Skokie', '60077'] },
  { name: 'Oak Brook Grand Hotel Ballroom', region: 'chicagoland', venueType: 'Hotel/Resort', capacity: 400, genres: ['Cover Band', 'Soul'], city: ['Oak Brook', '60523'] },
  { name: 'Lake Bluff Garden Estate', region: 'chicagoland', venueType: 'Wedding Venue', capacity: 250, genres: ['Jazz', 'Pop'], city: ['Lake Bluff', '60044'], isActive: false },
  { name: 'Third Ward Tap', region: 'milwaukee', venueType: 'Bar/Pub', capacity: 140, genres: ['Rock', 'Indie Rock'] },
  { name: 'Brew City Music Hall', region: 'milwaukee', venueType: 'Music Venue', capacity: 700, genres: ['Rock', 'Metal', 'Hip-Hop'] },
  { name: 'Bay View Social', region: 'milwaukee', venueType: 'Club', capacity: 220, genres: ['Funk', 'Soul', 'Electronic'] },
  { name: 'Riverwest Cooperative Cafe', region: 'milwaukee', venueType: 'Coffee Shop', capacity: 50, genres: ['Folk', 'Jazz'] },
  { name: 'Lakeshore Summer Grounds', region: 'milwaukee', venueType: 'Festival Ground', capacity: 5000, genres: ['Rock', 'Pop', 'Country'], isActive: false },
  { name: 'Willy Street Listening Room', region: 'madison', venueType: 'Music Venue', capacity: 200, genres: ['Folk', 'Americana', 'Indie Rock'] },
  { name: 'Capitol Square Pub', region: 'madison', venueType: 'Bar/Pub', capacity: 130, genres: ['Rock', 'Blues'] },
  { name: 'Monroe Street Supper Club', region: 'madison', venueType: 'Restaurant', capacity: 160, genres: ['Jazz', 'Soul'] },
  { name: 'Atwood Coffee Collective', region: 'madison', venueType: 'Coffee Shop', capacity: 45, genres: ['Singer-Songwriter'] },
  { name: 'Corktown Music Hall', region: 'detroit', venueType: 'Music Venue', capacity: 500, genres: ['Rock', 'Garage Rock', 'Punk'] },
  { name: 'Eastern Market Lounge', region: 'detroit', venueType: 'Club', capacity: 250, genres: ['Techno', 'House'] },
  { name: 'Hamtramck Polka Palace', region: 'detroit', venueType: 'Other', capacity: 300, genres: ['Polka', 'Punk', 'Folk'], city: ['Hamtramck', '48212'] },
  { name: 'Midtown Jazz Room', region: 'detroit', venueType: 'Club', capacity: 120, genres: ['Jazz', 'Soul'] },
  { name: 'Ferndale Taphouse', region: 'detroit', venueType: 'Bar/Pub', capacity: 150, genres: ['Rock', 'Blues'], city: ['Ferndale', '48220'] },
  { name: 'Fountain Square Tavern', region: 'indianapolis', venueType: 'Bar/Pub', capacity: 160, genres: ['Rock', 'Punk'] },
  { name: 'Mass Ave Music Hall', region: 'indianapolis', venueType: 'Music Venue', capacity: 650, genres: ['Indie Rock', 'Pop', 'Hip-Hop'] },
  { name: 'Broad Ripple Backroom', region: 'indianapolis', venueType: 'Club', capacity: 200, genres: ['Funk', 'Jam'] },
  { name: 'Circle City Ballroom', region: 'indianapolis', venueType: 'Hotel/Resort', capacity: 450, genres: ['Cover Band', 'Jazz'], isActive: false },
  { name: 'The Grove Lounge', region: 'st-louis', venueType: 'Bar/Pub', capacity: 180, genres: ['Indie Rock', 'Electronic'] },
  { name: 'Cherokee Street Social', region: 'st-louis', venueType: 'Music Venue', capacity: 300, genres: ['Punk', 'Latin', 'Hip-Hop'] },
  { name: 'Soulard Blues Cellar', region: 'st-louis', venueType: 'Club', capacity: 140, genres: ['Blues', 'Soul'] },
  { name: 'Northeast Tap & Stage', region: 'minneapolis', venueType: 'Bar/Pub', capacity: 220, genres: ['Rock', 'Americana'] },
  { name: 'Uptown Theater Annex', region: 'minneapolis', venueType: 'Theater', capacity: 800, genres: ['Indie Rock', 'Pop'] },
  { name: 'Cedar-Riverside Cafe', region: 'minneapolis', venueType: 'Coffee Shop', capacity: 70, genres: ['Folk', 'World'] },
  { name: 'Mill City Event Loft', region: 'minneapolis', venueType: 'Corporate Event Space', capacity: 300, genres: ['Cover Band', 'Jazz'] },
  { name: 'East Nashville Honky Tonk', region: 'nashville', venueType: 'Bar/Pub', capacity: 200, genres: ['Country', 'Americana'] },
  { name: 'Music Row Listening Room', region: 'nashville', venueType: 'Music Venue', capacity: 150, genres: ['Singer-Songwriter', 'Country'] },
  { name: 'Germantown Garden Stage', region: 'nashville', venueType: 'Festival Ground', capacity: 2500, genres: ['Americana', 'Rock'], isActive: false },
  { name: 'South Congress Saloon', region: 'austin', venueType: 'Bar/Pub', capacity: 250, genres: ['Country', 'Blues', 'Rock'] },
  { name: 'Rainey Street Patio', region: 'austin', venueType: 'Restaurant', capacity: 180, genres: ['Indie Rock', 'Latin'] },
  { name: 'Colfax Music Hall', region: 'denver', venueType: 'Music Venue', capacity: 550, genres: ['Rock', 'Jam', 'Bluegrass'] },
  { name: 'RiNo Brewhouse Stage', region: 'denver', venueType: 'Bar/Pub', capacity: 170, genres: ['Indie Rock', 'Folk'] },
];

export const DEMO_BAND_FOLLOWERS: readonly { email: string; unsubscribed?: boolean }[] = [
  { email: 'fan@demo.marquee.test' },
  { email: 'kelsey.nguyen@example.com' },
  { email: 'mike.drums.chicago@example.com' },
  { email: 'logansquare.lucy@example.com' },
  { email: 'pete.oldtimer@example.com', unsubscribed: true },
];
