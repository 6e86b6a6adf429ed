// Role by route (issue 8): every API route that needs an account, called as a visitor and as
// each of the eight roles. The table is the contract; a route missing from it fails the test,
// so each new route has to say who may call it. Later issues add their rows here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app.ts';
import { markEmailVerified, SIGNED_IN_ROLES, signUpAs, type SignedInRole } from '../helpers/accounts.ts';
import { imageForm, makeImage } from '../helpers/images.ts';

type Who = 'visitor' | SignedInRole;
/** Who may call a route; `path` and `body` when the route needs a concrete request to get past its guards. */
type Rule = Who[] | { allowed: Who[]; path?: string; body?: () => Promise<unknown> };
const ANY_ACCOUNT: Who[] = [...SIGNED_IN_ROLES];
const ORGANISERS: Who[] = ['venue', 'promoter'];
const APPLICANTS: Who[] = ['band', 'artist_manager'];
const PAYEES: Who[] = ['band', 'venue', 'promoter'];
/** Decision 51: a gig's door is run by its venue, promoter or band (each function checks it is theirs), and admins. */
const DOOR_ORGANISERS: Who[] = ['venue', 'promoter', 'band', 'admin'];
const PROFILE_OWNERS: Who[] = ['band', 'venue', 'promoter', 'artist_manager', 'rehearsal_space'];
const photo = async () => imageForm(await makeImage(320, 180));

/** Who may call each route ("METHOD path" as the app registers it). */
const ALLOWED: Record<string, Rule> = {
  'GET /api/admin/overview': ['admin'],
  'GET /api/admin/users': ['admin'],
  'GET /api/admin/gigs': ['admin'],
  'POST /api/admin/impersonate': ['admin'],
  'POST /api/admin/stop-impersonating': ANY_ACCOUNT,
  'GET /api/admin/outbox': ['admin'],
  'GET /api/admin/outbox/:id': ['admin'],
  'POST /api/admin/outbox/:id/reveal': ['admin'],
  'GET /api/admin/health': ['admin'],
  'POST /api/admin/health/emails/:id/retry': ['admin'],
  // Decision 45: every e-mail rendered with demo data.
  'GET /api/admin/emails': ['admin'],
  'GET /api/admin/audit-log': ['admin'],
  // Venue verification (decision 33): the admins' queue and their decisions.
  'GET /api/admin/venue-verifications': ['admin'],
  'POST /api/admin/venue-verifications/:venueId/approve': ['admin'],
  'POST /api/admin/venue-verifications/:venueId/decline': { allowed: ['admin'], body: async () => ({ reason: 'Permission test' }) },
  'GET /api/booking/dashboard': ORGANISERS,
  'GET /api/booking/bands': ORGANISERS,
  'POST /api/booking/gigs': ORGANISERS,
  'PUT /api/booking/gigs/:gigId': ORGANISERS,
  'DELETE /api/booking/gigs/:gigId': ORGANISERS,
  // Issue 23: a ticketed gig's ticket types and presale codes.
  'GET /api/booking/gigs/:gigId/ticket-types': ORGANISERS,
  'PUT /api/booking/gigs/:gigId/ticket-types': { allowed: ORGANISERS, body: async () => ({ types: [], codes: [] }) },
  'POST /api/booking/applications/:applicationId/approve': ORGANISERS,
  'POST /api/booking/applications/:applicationId/reject': ORGANISERS,
  'POST /api/booking/notify-bands': ORGANISERS,
  // Decision 49: a gig's ticket holders (its messages, the cancellation), for its organiser and for admins.
  'GET /api/booking/gigs/:gigId/holders': ORGANISERS,
  'POST /api/booking/gigs/:gigId/holder-messages': ORGANISERS,
  'POST /api/booking/gigs/:gigId/cancel': ORGANISERS,
  'GET /api/admin/gigs/:gigId/holders': ['admin'],
  'POST /api/admin/gigs/:gigId/holder-messages': ['admin'],
  'POST /api/admin/gigs/:gigId/cancel': ['admin'],
  // Decision 51: door staff invitations, the gig's door team and its devices; a venue's own door team.
  'POST /api/door/staff': DOOR_ORGANISERS,
  'GET /api/door/gigs/:gigId/staff': DOOR_ORGANISERS,
  'GET /api/door/venue-staff': ['venue'],
  'POST /api/door/staff/:staffId/revoke': DOOR_ORGANISERS,
  'POST /api/door/devices/:deviceId/revoke': DOOR_ORGANISERS,
  // The guest list (decision 51): the gig's door organisers only (a gig not theirs is 404).
  'GET /api/door/gigs/:gigId/guests': DOOR_ORGANISERS,
  'POST /api/door/gigs/:gigId/guests': DOOR_ORGANISERS,
  'PATCH /api/door/gigs/:gigId/guests/:guestId': DOOR_ORGANISERS,
  'DELETE /api/door/gigs/:gigId/guests/:guestId': DOOR_ORGANISERS,
  'GET /api/door/gigs/:gigId/report': DOOR_ORGANISERS,
  'GET /api/door/gigs/:gigId/report.csv': DOOR_ORGANISERS,
  // Decision 54: an organiser's webhook endpoints (another's id is 404).
  // Decision 56: a band's or venue's handle on the fediverse.
  'GET /api/federation/me': ['band', 'venue'],
  'GET /api/webhooks/endpoints': ORGANISERS,
  'POST /api/webhooks/endpoints': ORGANISERS,
  'GET /api/webhooks/endpoints/:id/secret': ORGANISERS,
  'POST /api/webhooks/endpoints/:id/rotate-secret': ORGANISERS,
  'POST /api/webhooks/endpoints/:id/verify': ORGANISERS,
  // Issue 35: a test event to one of the organiser's endpoints, sent at once.
  'POST /api/webhooks/endpoints/:id/test': ORGANISERS,
  'PATCH /api/webhooks/endpoints/:id': { allowed: ORGANISERS, body: async () => ({ isEnabled: false }) },
  'DELETE /api/webhooks/endpoints/:id': ORGANISERS,
  'POST /api/webhooks/deliveries/:id/resend': ORGANISERS,
  'GET /api/booking/open-gigs': APPLICANTS,
  'GET /api/booking/my-applications': APPLICANTS,
  'POST /api/booking/gigs/:gigId/applications': APPLICANTS,
  // D34: a band answers the bookings made for it (among its shows); a venue answers promoters' requests.
  'GET /api/booking/my-shows': ['band'],
  'POST /api/booking/gigs/:gigId/decline': ['band'],
  'GET /api/venue/promoters': ['venue'],
  'POST /api/venue/promoters/:promoterId': { allowed: ['venue'], body: async () => ({ decision: 'accept' }) },
  // Decision 53: organisers and bands make, list and revoke their API keys on their dashboards.
  'GET /api/api-keys': ['band', 'venue', 'promoter'],
  'POST /api/api-keys': { allowed: ['band', 'venue', 'promoter'], body: async () => ({ name: 'Permission test' }) },
  'POST /api/api-keys/:keyId/revoke': ['band', 'venue', 'promoter'],
  'GET /api/tickets/mine': ANY_ACCOUNT,
  // Decision 50: returning one's own ticket to the waitlist, or keeping it, from the dashboard.
  'POST /api/tickets/mine/return': { allowed: ANY_ACCOUNT, body: async () => ({ ticketId: 'AAAAAAAAAAAAAAAAAAAAAA' }) },
  'POST /api/tickets/mine/keep': { allowed: ANY_ACCOUNT, body: async () => ({ ticketId: 'AAAAAAAAAAAAAAAAAAAAAA' }) },
  // D32: 'Send the link again' (a verified account is told it is done: 409, past this guard).
  'POST /api/me/verification-email': ANY_ACCOUNT,
  // Account settings (decision 40): every role; the empty body stops each at its schema (422).
  'PUT /api/me/location': ANY_ACCOUNT,
  'POST /api/me/password': ANY_ACCOUNT,
  'POST /api/me/email': ANY_ACCOUNT,
  'POST /api/me/delete': ANY_ACCOUNT,
  'POST /api/tickets/admit': { allowed: ['venue', 'promoter', 'band', 'admin'], body: async () => ({ code: 'not-a-ticket' }) },
  // Decision 48: any account passes on a ticket its list shows (a code it does not hold is 404); the gig's organiser sees who holds each ticket.
  'POST /api/tickets/mine/transfer': { allowed: ANY_ACCOUNT, body: async () => ({ ticketId: 'AAAAAAAAAAAAAAAAAAAAAA', toEmail: 'friend@permissions.test' }) },
  'GET /api/booking/gigs/:gigId/ticket-holders': ORGANISERS,
  'GET /api/payments/account': PAYEES,
  'POST /api/payments/account': PAYEES,
  'POST /api/payments/account/link': PAYEES,
  // Decision 41: the sales and payout report, for everyone with a share of ticket money.
  'GET /api/payments/report': [...PAYEES, 'artist_manager'],
  'GET /api/payments/report/csv': [...PAYEES, 'artist_manager'],
  'GET /api/admin/gig-management': ['admin'],
  'POST /api/admin/gig-management/complete': ['admin'],
  'GET /api/admin/gig-management/:gigId/tickets': { allowed: ['admin'], path: '/api/admin/gig-management/00000000-0000-4000-8000-000000000000/tickets' },
  // Decision 46: refund requests from ticket pages, answered by the gig's organiser or an admin.
  'GET /api/refund-requests': ['venue', 'promoter', 'admin'],
  'POST /api/refund-requests/:requestId/approve': ['venue', 'promoter', 'admin'],
  'POST /api/refund-requests/:requestId/decline': { allowed: ['venue', 'promoter', 'admin'], body: async () => ({ reason: 'Permission test' }) },
  'POST /api/admin/orders/:orderId/refund': { allowed: ['admin'], path: '/api/admin/orders/00000000-0000-4000-8000-000000000000/refund', body: async () => ({ reason: 'Permission test' }) },
  // Jam: any account writes the sheet (the rules per cell are in src/server/features/jam/jam.test.ts).
  'POST /api/jam/sessions/:sessionId/songs': { allowed: ANY_ACCOUNT, path: '/api/jam/sessions/00000000-0000-4000-8000-000000000000/songs' },
  'PUT /api/jam/songs/:songId/:field': { allowed: ANY_ACCOUNT, path: '/api/jam/songs/00000000-0000-4000-8000-000000000000/drums', body: async () => ({ value: 'Sam' }) },
  'GET /api/jam/manage': ['admin', 'venue'],
  'POST /api/jam/manage/sessions': ['admin', 'venue'],
  'PUT /api/jam/manage/sessions/:sessionId': { allowed: ['admin', 'venue'], path: '/api/jam/manage/sessions/00000000-0000-4000-8000-000000000000' },
  'DELETE /api/jam/manage/sessions/:sessionId': { allowed: ['admin', 'venue'], path: '/api/jam/manage/sessions/00000000-0000-4000-8000-000000000000' },
  // Outreach (spec 3): pages for any account, campaigns bought and read by bands (src/server/features/outreach/outreach.test.ts).
  'GET /api/outreach/options': ANY_ACCOUNT,
  'POST /api/outreach/checkout': { allowed: ['band'], body: async () => ({ packageId: 'basic', regionSlug: 'nowhere' }) },
  'GET /api/outreach/campaigns': ['band'],
  // Its band's or its sponsor's (issue 34); anyone else's is not found.
  'GET /api/outreach/campaigns/session/:sessionId': { allowed: ANY_ACCOUNT, path: '/api/outreach/campaigns/session/sbx_cs_nothing' },
  // Issue 34: anyone signed in offers to pay for a band's campaign; the band answers (outreach-sponsors.test.ts).
  'GET /api/outreach/bands': { allowed: ANY_ACCOUNT, path: '/api/outreach/bands?q=band' },
  'POST /api/outreach/offers': { allowed: ANY_ACCOUNT, body: async () => ({ bandSlug: 'no-such-band', packageId: 'basic', regionSlug: 'nowhere' }) },
  'GET /api/outreach/offers': ['band'],
  'POST /api/outreach/offers/:campaignId/answer': { allowed: ['band'], body: async () => ({ agree: true }) },
  'GET /api/outreach/sponsored': ANY_ACCOUNT,
  'POST /api/outreach/sponsored/:campaignId/checkout': ANY_ACCOUNT,
  'GET /api/outreach/dashboard': ['band'],
  'GET /api/outreach/venues': { allowed: ['band', 'admin'], path: '/api/outreach/venues?regionSlug=chicagoland' },
  'GET /api/outreach/preview': { allowed: ['band'], path: '/api/outreach/preview?regionSlug=chicagoland&outreachType=opener' },
  'POST /api/outreach/test-email': { allowed: ['band'], body: async () => ({ regionSlug: 'chicagoland' }) },
  'POST /api/outreach/admin-bypass': { allowed: ['admin'], body: async () => ({ regionSlug: 'chicagoland' }) },
  'PUT /api/admin/bands/:bandId/beta-outreach': { allowed: ['admin'], body: async () => ({ enabled: true }) },
  'GET /api/admin/outreach/campaigns': ['admin'],
  'POST /api/admin/weekly-digest': { allowed: ['admin'], path: '/api/admin/weekly-digest?testEmail=permissions@digest.test' },
  'GET /api/me/digest': ['fan', 'musician'],
  'GET /api/admin/sms': ['admin'],
  'POST /api/admin/sms/test-inbound': { allowed: ['admin'], body: async () => ({ from: '+13125550111', body: 'HELP' }) },
  'PUT /api/me/digest': { allowed: ['fan', 'musician'], body: async () => ({ enabled: true }) },
  'GET /api/profile': PROFILE_OWNERS,
  // Logos and the manager's 1280x800 image narrow this further (tests/integration/profiles…).
  'POST /api/profile/images': { allowed: PROFILE_OWNERS, path: '/api/profile/images?kind=photo', body: photo },
  'PUT /api/profile/band': ['band'],
  'PUT /api/profile/venue': ['venue'],
  'PUT /api/profile/promoter': ['promoter'],
  'PUT /api/profile/manager': ['artist_manager'],
  'PUT /api/profile/rehearsal-space': ['rehearsal_space'],
  'POST /api/profile/artists': ['artist_manager'],
  'GET /api/profile/artists/:index': { allowed: ['artist_manager'], path: '/api/profile/artists/0' },
  'PUT /api/profile/artists/:index': { allowed: ['artist_manager'], path: '/api/profile/artists/0' },
  // Gear swap (D21): any account lists gear; only a listing's seller marks it sold and only the
  // seller or an admin deletes it (a missing listing answers 404, so every account gets past here).
  'POST /api/gear/images': { allowed: ANY_ACCOUNT, body: photo },
  'POST /api/gear': ANY_ACCOUNT,
  'POST /api/gear/:id/sold': ANY_ACCOUNT,
  'DELETE /api/gear/:id': ANY_ACCOUNT,
  // The venue database (spec 3 §6, decision 23): admins only.
  'GET /api/admin/venue-database': ['admin'],
  'GET /api/admin/venue-database/export': ['admin'],
  'POST /api/admin/venue-database': ['admin'],
  'POST /api/admin/venue-database/import': ['admin'],
  'PUT /api/admin/venue-database/:id': ['admin'],
  'DELETE /api/admin/venue-database/:id': ['admin'],
  // Decision 51: an organiser makes a phone a door with their session.
  'POST /api/door/devices': { allowed: ['venue', 'promoter', 'band', 'admin'], body: async () => ({ label: 'Front door' }) },
};

/**
 * Decision 51: the door's routes answer a door device's token (X-Door-Device), never a session:
 * every account and visitor without one is refused (401); with one, only the device's gigs
 * (src/server/features/door/door.test.ts tells those stories).
 */
const DOOR_DEVICE_ONLY = new Set(['GET /api/door/gigs', 'GET /api/door/gigs/:gigId/list', 'POST /api/door/gigs/:gigId/sync', 'GET /api/door/gigs/:gigId/counts', 'POST /api/door/gigs/:gigId/search']);

/** Routes anyone may call (public pages, sign-in and sign-up, following, contact). */
const PUBLIC = new Set([
  'GET /api/auth/*',
  'POST /api/auth/*',
  'GET /api/config',
  'POST /api/register',
  'GET /api/me',
  'GET /api/venues/options',
  'POST /api/contact',
  'GET /api/gigs/home',
  'GET /api/gigs',
  // What /tickets shows: the gig's own price, never the link's (issue 21).
  'GET /api/gigs/:gigId/ticket-offer',
  'GET /api/genres',
  'GET /api/regions/:path/gigs',
  'GET /api/sites/:slug',
  'GET /api/bands/site',
  'GET /api/promoters/site',
  'GET /api/bands',
  'GET /api/venues',
  'GET /api/venues/page',
  'GET /api/jam/sessions',
  'GET /api/jam/sessions/:sessionId',
  'GET /api/rehearsal-spaces',
  // The gig widget's data (issue 26), read by other people's sites without cookies.
  'GET /api/embed/gigs',
  'POST /api/followers',
  'POST /api/followers/confirm',
  'POST /api/followers/unsubscribe',
  'GET /api/live',
  'GET /api/gear',
  // Guest checkout (D14), and providers' webhooks (signed).
  'POST /api/tickets/checkout',
  // Issue 23: what a presale code unlocks (limited per address).
  'POST /api/tickets/presale-code',
  'GET /api/tickets/challenge',
  'GET /api/tickets/checkout/:sessionId',
  'POST /api/payments/events/:provider',
  // The sold-out waitlist (decision 50): joining by e-mail; the e-mailed links' tokens are the keys.
  'POST /api/waitlist',
  'POST /api/waitlist/confirm',
  'POST /api/waitlist/leave',
  'GET /api/waitlist/offers/:token',
  'POST /api/waitlist/offers/checkout',
  'POST /api/waitlist/offers/decline',
  // A ticket's own page (decision 46): the signed token in its link is the key, no account; it also
  // passes the ticket on (decision 48), returns it to the waitlist or keeps it (decision 50). The bare
  // ticket id is never the key (issue 33): it is in the QR code, and the door sees it.
  'GET /api/ticket-page/:token',
  'GET /api/ticket-page/:token/calendar.ics',
  'GET /api/ticket-page/:token/apple-wallet.pkpass',
  'GET /api/ticket-page/:token/google-wallet',
  'POST /api/ticket-page/:token/email',
  'POST /api/ticket-page/:token/refund-request',
  'POST /api/ticket-page/:token/transfer',
  'POST /api/ticket-page/:token/return',
  'POST /api/ticket-page/:token/keep',
  // Apple Wallet's PassKit web service (issue 34): the device proves each pass with its own token
  // (`Authorization: ApplePass …`, 401 without it); the list and the log carry nothing private.
  'POST /api/wallet/apple/v1/devices/:device/registrations/:passType/:serial',
  'DELETE /api/wallet/apple/v1/devices/:device/registrations/:passType/:serial',
  'GET /api/wallet/apple/v1/devices/:device/registrations/:passType',
  'GET /api/wallet/apple/v1/passes/:passType/:serial',
  'POST /api/wallet/apple/v1/log',
  // A venue answering an outreach e-mail: the token in its link is the key (D26).
  'POST /api/outreach/responses',
  'POST /api/outreach/opt-out',
  // A booked band's decline link (D34): the token is the key; the GET only shows the booking.
  'GET /api/booking/declines/:token',
  'POST /api/booking/declines',
  // The link in a new address's e-mail (decision 40): the token is the key.
  'POST /api/email-change/confirm',
  // One-click unsubscribe from any marketing e-mail (RFC 8058): the token is the key.
  'POST /api/unsubscribe/:token',
  // Door staff open their e-mailed link (decision 51): its token is the key (limited per address).
  'POST /api/door/invitations/accept',
  // The SMS provider's inbound webhook: its signature is its proof (D29).
  'POST /api/sms/inbound',
  // The public API (decision 53): read-only public data, its OpenAPI document and reference page.
  'GET /api/v1/gigs',
  'GET /api/v1/gigs/:id',
  'GET /api/v1/bands',
  'GET /api/v1/bands/:slug',
  'GET /api/v1/venues',
  'GET /api/v1/venues/:slug',
  'GET /api/v1/promoters',
  'GET /api/v1/promoters/:slug',
  'GET /api/v1/openapi.json',
  'GET /api/v1/docs',
  'GET /api/v1/docs/:file{scalar-[0-9a-z.-]+\\.js}',
]);

/**
 * Decision 53: the public API's own-gig routes answer an API key (Authorization: Bearer), never a
 * session: every account and visitor without one is refused (401); with one, only the key owner's
 * gigs (tests/integration/public-api.test.ts tells those stories).
 */
const API_KEY_ONLY = new Set(['GET /api/v1/me/gigs', 'GET /api/v1/me/gigs/:id/sales', 'GET /api/v1/me/gigs/:id/attendees', 'GET /api/v1/me/gigs/:id/check-ins']);

/** Public routes outside /api that read the database (the files, pages and feeds anyone may open). */
const PUBLIC_OUTSIDE_API = new Set([
  // An old image address someone saved redirects to the imported file (issue 25).
  'GET /v0/b/:bucket/o/:path',
]);

let t: TestApp;
const clients = new Map<Who, TestClient>();
beforeAll(async () => {
  t = await createTestApp();
  clients.set('visitor', t.client());
  // Verified accounts: this table is about roles; what waits for a confirmed address is tested with each feature (D32).
  for (const role of SIGNED_IN_ROLES) {
    const account = await signUpAs(t, role);
    await markEmailVerified(t, account.id);
    clients.set(role, account.client);
  }
}, 60_000);
afterAll(() => t.close());

const apiRoutes = () => [...new Set(t.app.routes.filter((r) => r.path.startsWith('/api') && r.method !== 'ALL').map((r) => `${r.method} ${r.path}`))];
const ZERO_ID = '00000000-0000-4000-8000-000000000000';

async function call(client: TestClient, route: string, rule: Rule) {
  const [method, pattern] = route.split(' ') as [string, string];
  const path = (!Array.isArray(rule) && rule.path) || pattern.replace(/:[^/]+/g, ZERO_ID);
  const body = !Array.isArray(rule) && rule.body ? await rule.body() : {};
  if (method === 'GET') return client.get(path);
  if (method === 'PUT') return client.put(path, body);
  if (method === 'PATCH') return client.patch(path, body);
  if (method === 'DELETE') return client.delete(path);
  return client.post(path, body);
}

describe('who may call each signed-in route', () => {
  it('every API route is in the table or known to be public', () => {
    const unlisted = apiRoutes().filter((r) => !(r in ALLOWED) && !PUBLIC.has(r) && !DOOR_DEVICE_ONLY.has(r) && !API_KEY_ONLY.has(r));
    expect(unlisted).toEqual([]);
    expect(Object.keys(ALLOWED).filter((r) => !apiRoutes().includes(r))).toEqual([]);
  });

  it.each(Object.entries(ALLOWED))('%s', async (route, rule) => {
    const allowed = Array.isArray(rule) ? rule : rule.allowed;
    const outcome: Record<string, 'allowed' | 'refused'> = {};
    for (const [who, client] of clients) {
      const { status } = await call(client, route, rule);
      outcome[who] = status === 401 || status === 403 ? 'refused' : 'allowed';
      if (outcome[who] === 'refused') expect(status, `${who} ${route}`).toBe(who === 'visitor' ? 401 : 403);
    }
    const expected = Object.fromEntries([...clients.keys()].map((who) => [who, allowed.includes(who) ? 'allowed' : 'refused']));
    expect(outcome).toEqual(expected);
  });
});

describe('the door device routes (decision 51)', () => {
  it.each([...DOOR_DEVICE_ONLY])('%s answers no session, only a door device', async (route) => {
    expect(apiRoutes()).toContain(route);
    for (const [who, client] of clients) {
      const { status } = await call(client, route, { allowed: [], body: async () => ({ sentAt: new Date().toISOString() }) });
      expect(status, `${who} ${route}`).toBe(401);
    }
  });
});

describe('the API key routes (decision 53)', () => {
  it.each([...API_KEY_ONLY])('%s answers no session, only an API key', async (route) => {
    expect(apiRoutes()).toContain(route);
    for (const [who, client] of clients) {
      const { status } = await call(client, route, []);
      expect(status, `${who} ${route}`).toBe(401);
    }
  });
});

/**
 * ActivityPub (decision 56): outside /api, for other servers. A session opens nothing more: every
 * visitor and role reads the same actor, and an inbox refuses an unsigned activity whoever posts it,
 * cookies or not.
 */
describe('ActivityPub routes', () => {
  it('every federation route is here', () => {
    const federation = t.app.routes.filter((r) => r.path.startsWith('/ap/') || r.path.startsWith('/.well-known/webfinger') || r.path.startsWith('/.well-known/nodeinfo') || r.path.startsWith('/nodeinfo'));
    expect([...new Set(federation.map((r) => `${r.method} ${r.path}`))].sort()).toEqual(
      ['GET /.well-known/nodeinfo', 'GET /.well-known/webfinger', 'GET /ap/*', 'GET /nodeinfo/*', 'HEAD /.well-known/nodeinfo', 'HEAD /.well-known/webfinger', 'HEAD /ap/*', 'HEAD /nodeinfo/*', 'POST /ap/*'].sort(),
    );
  });
  it('answer every visitor and role alike', async () => {
    for (const [who, client] of clients) {
      // A browser's request (the test client's) is sent to the region's page, whoever asks.
      expect((await client.get('/ap/actors/region.chicagoland')).status, who).toBe(302);
      const follow = { type: 'Follow', actor: 'https://elsewhere.example/users/a', object: 'http://localhost:3000/ap/actors/region.chicagoland' };
      // Refused alike (this client posts application/json, which Fedify does not take as an activity).
      expect((await client.post('/ap/actors/region.chicagoland/inbox', follow)).status, who).toBe(400);
    }
  });
});

describe('public routes outside /api', () => {
  it.each([...PUBLIC_OUTSIDE_API])('%s answers every visitor and role alike (an unknown id: 404, never 401/403)', async (route) => {
    expect(t.app.routes.map((r) => `${r.method} ${r.path}`)).toContain(route);
    for (const [who, client] of clients) {
      const { status } = await call(client, route, []);
      expect(status, `${who} ${route}`).toBe(404);
    }
  });
});
