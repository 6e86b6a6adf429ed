// Issue 33, finding 10: a banned account is off every public page, as a deleted one is, and is
// back when the ban is lifted. Banned and unbanned through better-auth's admin plugin, by an admin.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../../src/server/db/schema.ts';
import { signUpAs } from '../helpers/accounts.ts';
import { createBand, createGig, createPromoter, createRegion, createRehearsalSpace, createVenue, dayIn } from '../helpers/factories.ts';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app.ts';

const ZONE = 'America/Chicago';
let t: TestApp;
let admin: TestClient;
type Named = { id: string; name: string; slug: string };
let goodVenue: Named;
let bannedVenue: Named;
let goodBand: Named;
let bannedBand: Named;
let bannedPromoter: Named;
let space: { id: string };
/** Played by the banned band at a good venue; at the banned venue by a good band; the banned promoter's; and all good. */
const gig = { bandBanned: '', venueBanned: '', promoterBanned: '', allGood: '' };

const adminHeaders = () => new Headers({ cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ') });
const ban = (userId: string) => t.services.auth.api.banUser({ body: { userId, banReason: 'Spam' }, headers: adminHeaders() });
const unban = (userId: string) => t.services.auth.api.unbanUser({ body: { userId }, headers: adminHeaders() });
const everyone = [() => bannedBand.id, () => bannedVenue.id, () => bannedPromoter.id, () => space.id];

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signUpAs(t, 'admin')).client;
  // Days ahead, never today: the lists' "upcoming" cannot depend on the hour the test runs.
  await createRegion(t.db, { slug: 'banland', name: 'Banland', timeZone: ZONE });
  goodVenue = await createVenue(t.db, { name: 'The Open Door', location: 'banland' });
  bannedVenue = await createVenue(t.db, { name: 'The Shut Door', location: 'banland' });
  goodBand = await createBand(t.db, { name: 'Welcome Back', genres: ['Banjo'] });
  bannedBand = await createBand(t.db, { name: 'Spam Rock', genres: ['Spamcore'] });
  bannedPromoter = await createPromoter(t.db, { name: 'Spam Promotions' });
  space = await createRehearsalSpace(t.db, { name: 'Spam Room' });
  const at = (venueId: string, days: number) => ({ regionSlug: 'banland', venueId, localDate: dayIn(ZONE, days), isTicketed: true, ticketPriceCents: 1000, ticketQuantity: 50 });
  gig.bandBanned = await createGig(t.db, { ...at(goodVenue.id, 3), bandId: bannedBand.id });
  gig.venueBanned = await createGig(t.db, { ...at(bannedVenue.id, 4), bandId: goodBand.id });
  gig.promoterBanned = await createGig(t.db, { ...at(goodVenue.id, 5), bandId: goodBand.id, promoterId: bannedPromoter.id });
  gig.allGood = await createGig(t.db, { ...at(goodVenue.id, 6), bandId: goodBand.id });
});
afterAll(() => t.close());

/** What every public surface shows, by the ids and slugs it names. */
async function publicView() {
  const visitor = t.client();
  const get = async (path: string) => {
    const res = await visitor.get(path);
    return res.status === 200 ? res.json : res.status;
  };
  const gigIds = (body: any) => (typeof body === 'number' ? body : (body.gigs ?? body.data).map((g: { id: string }) => g.id));
  const names = (body: any) => (typeof body === 'number' ? body : (body.bands ?? body.venues ?? body.spaces ?? body.data).map((x: { name: string }) => x.name));
  const bandCards = await get('/api/bands');
  const venueCards = await get('/api/venues');
  const cardGigs = (cards: { name: string; upcoming: { id: string }[] }[], name: string) => cards.find((c) => c.name === name)?.upcoming.map((u) => u.id);
  const embedPage = await visitor.get(`/embed/gigs?band=${bannedBand.slug}`);
  const sitemap = (await visitor.get('/sitemap.xml')).text;
  return {
    gigList: gigIds(await get('/api/gigs?region=banland')),
    home: gigIds(await get('/api/gigs/home')).filter((id: string) => Object.values(gig).includes(id)),
    region: gigIds(await get('/api/regions/banland/gigs')),
    genres: (await get('/api/genres')).genres,
    ticketOffer: typeof (await get(`/api/gigs/${gig.bandBanned}/ticket-offer`)) === 'number' ? 'not found' : 'found',
    bands: names(bandCards),
    goodBandCard: cardGigs(bandCards.bands, goodBand.name),
    venues: names(venueCards),
    goodVenueCard: cardGigs(venueCards.venues, goodVenue.name),
    spaces: names(await get('/api/rehearsal-spaces')),
    bandSite: (await visitor.get(`/api/bands/site?name=${bannedBand.slug}`)).status,
    bandSiteById: (await visitor.get(`/api/bands/site?id=${bannedBand.id}`)).status,
    subdomain: (await visitor.get(`/api/sites/${bannedBand.slug}`)).status,
    promoterSite: (await visitor.get(`/api/promoters/site?slug=${bannedPromoter.slug}`)).status,
    venuePage: (await visitor.get(`/api/venues/page?name=${bannedVenue.slug}`)).status,
    goodVenuePage: gigIds(await get(`/api/venues/page?name=${goodVenue.slug}`)),
    apiGigs: gigIds(await get('/api/v1/gigs?region=banland')),
    apiGig: (await visitor.get(`/api/v1/gigs/${gig.venueBanned}`)).status,
    apiBand: (await visitor.get(`/api/v1/bands/${bannedBand.slug}`)).status,
    apiVenue: (await visitor.get(`/api/v1/venues/${bannedVenue.slug}`)).status,
    apiPromoter: (await visitor.get(`/api/v1/promoters/${bannedPromoter.slug}`)).status,
    apiBands: names(await get('/api/v1/bands?limit=100')),
    apiVenues: names(await get('/api/v1/venues?limit=100')),
    apiPromoters: names(await get('/api/v1/promoters?limit=100')),
    apiGoodBandCount: (await get(`/api/v1/bands/${goodBand.slug}`)).upcomingGigs,
    widget: gigIds(await get('/api/embed/gigs?region=banland')),
    widgetPage: embedPage.text.includes('No upcoming gigs') ? 'empty' : 'gigs',
    sitemap: [bannedBand.slug, bannedVenue.slug, bannedPromoter.slug].filter((slug) => sitemap.includes(slug)).length,
  };
}

const everythingShown = () => ({
  gigList: [gig.bandBanned, gig.venueBanned, gig.promoterBanned, gig.allGood],
  home: [gig.bandBanned, gig.venueBanned, gig.promoterBanned, gig.allGood],
  region: [gig.bandBanned, gig.venueBanned, gig.promoterBanned, gig.allGood],
  genres: expect.arrayContaining(['Banjo', 'Spamcore']),
  ticketOffer: 'found',
  bands: expect.arrayContaining([goodBand.name, bannedBand.name]),
  goodBandCard: [gig.venueBanned, gig.promoterBanned],
  venues: expect.arrayContaining([goodVenue.name, bannedVenue.name]),
  goodVenueCard: [gig.bandBanned, gig.promoterBanned, gig.allGood],
  spaces: ['Spam Room'],
  bandSite: 200,
  bandSiteById: 200,
  subdomain: 200,
  promoterSite: 200,
  venuePage: 200,
  goodVenuePage: [gig.bandBanned, gig.promoterBanned, gig.allGood],
  apiGigs: [gig.bandBanned, gig.venueBanned, gig.promoterBanned, gig.allGood],
  apiGig: 200,
  apiBand: 200,
  apiVenue: 200,
  apiPromoter: 200,
  apiBands: expect.arrayContaining([goodBand.name, bannedBand.name]),
  apiVenues: expect.arrayContaining([goodVenue.name, bannedVenue.name]),
  apiPromoters: [bannedPromoter.name],
  apiGoodBandCount: 3,
  widget: [gig.bandBanned, gig.venueBanned, gig.promoterBanned, gig.allGood],
  widgetPage: 'gigs',
  sitemap: 3,
});

describe('a banned account leaves the public pages, as a deleted one does', () => {
  it('shows everyone before the ban', async () => {
    expect(await publicView()).toEqual(everythingShown());
  });

  it("an admin bans a band, a venue, a promoter and a rehearsal space: their profiles are not found and the gigs they play, host or promote leave every list, the widget and the API", async () => {
    for (const id of everyone) await ban(id());
    const view = await publicView();
    expect(view).toEqual({
      gigList: [gig.allGood],
      home: [gig.allGood],
      region: [gig.allGood],
      genres: expect.not.arrayContaining(['Spamcore']),
      ticketOffer: 'not found',
      bands: expect.not.arrayContaining([bannedBand.name]),
      goodBandCard: [gig.allGood],
      venues: expect.not.arrayContaining([bannedVenue.name]),
      goodVenueCard: [gig.allGood],
      spaces: [],
      bandSite: 404,
      bandSiteById: 404,
      subdomain: 404,
      promoterSite: 404,
      venuePage: 404,
      goodVenuePage: [gig.allGood],
      apiGigs: [gig.allGood],
      apiGig: 404,
      apiBand: 404,
      apiVenue: 404,
      apiPromoter: 404,
      apiBands: expect.not.arrayContaining([bannedBand.name]),
      apiVenues: expect.not.arrayContaining([bannedVenue.name]),
      apiPromoters: [],
      apiGoodBandCount: 1,
      widget: [gig.allGood],
      widgetPage: 'empty',
      sitemap: 0,
    });
    expect(view.bands).toContain(goodBand.name);
    expect(view.venues).toContain(goodVenue.name);
  });

  it('a ban that has run out no longer hides anyone', async () => {
    await t.db.update(user).set({ banExpires: new Date(Date.now() - 60_000) }).where(eq(user.id, space.id));
    expect((await publicView()).spaces).toEqual(['Spam Room']);
  });

  it('lifting the bans brings everyone back', async () => {
    for (const id of everyone) await unban(id());
    expect(await publicView()).toEqual(everythingShown());
  });
});
