// Door fixtures (issue 24): a ticketed gig tonight, tickets issued in bulk (as paid orders would),
// door devices for organisers and door staff, and a door's requests with its token.
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../src/server/db/client.ts';
import { doorStaff, gigs, orders, tickets } from '../../src/server/db/schema.ts';
import { createDoorDevice } from '../../src/server/features/door/door-devices.ts';
import { DOOR_DEVICE_HEADER, type DoorSyncInput } from '../../src/core/schemas/door.ts';
import type { TestClient } from './test-app.ts';
import { createBand, createGig, createVenue, dayIn } from './factories.ts';

const ZONE = 'America/Chicago';

/** A venue and a band with a ticketed gig today (`quantity` seats). */
export async function createDoorGig(db: DbOrTx, { quantity = 100, venueId, localDate = dayIn(ZONE, 0) }: { quantity?: number; venueId?: string; localDate?: string } = {}) {
  const venue = venueId ?? (await createVenue(db)).id;
  const band = (await createBand(db)).id;
  const gigId = await createGig(db, { venueId: venue, bandId: band, localDate, startTime: '20:00', isTicketed: true, ticketPriceCents: 1500, ticketQuantity: quantity, bandPercent: 60, organiserPercent: 15 });
  return { gigId, venueId: venue, bandId: band };
}

/**
 * `count` valid tickets for the gig, held by `email` (or each by its own address), in one paid
 * order per 8 and a few statements whatever the count; the gig's sold count goes up with them.
 */
export async function issueTickets(db: DbOrTx, gigId: string, count: number, { email }: { email?: string } = {}): Promise<string[]> {
  const ids = Array.from({ length: count }, () => randomBytes(16).toString('base64url'));
  const orderCount = Math.ceil(count / 8);
  const orderRows = await db
    .insert(orders)
    .values(Array.from({ length: orderCount }, (_, i) => ({ gigId, buyerEmail: email ?? `buyer${i}@door.test`, quantity: Math.min(8, count - i * 8), faceCents: 0, feeCents: 0, totalCents: 0, provider: 'sandbox', status: 'paid' as const })))
    .returning({ id: orders.id });
  for (let start = 0; start < count; start += 1000) {
    await db.insert(tickets).values(
      ids.slice(start, start + 1000).map((id, j) => {
        const i = start + j;
        return { id, gigId, orderId: orderRows[Math.floor(i / 8)]!.id, holderEmail: email ?? `holder${i}-${id.slice(0, 4).toLowerCase()}@door.test`, position: (i % 8) + 1 };
      }),
    );
  }
  await db.update(gigs).set({ ticketsSold: sql`${gigs.ticketsSold} + ${count}` }).where(sql`${gigs.id} = ${gigId}`);
  return ids;
}

/** A door device of an organiser's account; its token. */
export async function organiserDevice(db: DbOrTx, userId: string, label = 'Front door') {
  return (await createDoorDevice(db, { userId }, label)).token;
}

/** A door device of door staff invited to one gig, or to every gig at a venue; its token and the staff row. */
export async function staffDevice(db: DbOrTx, invitedBy: string, scope: { gigId: string } | { venueId: string }, label = 'Side door') {
  const [staff] = await db
    .insert(doorStaff)
    .values({ invitedBy, ...scope, email: `staff-${randomUUID().slice(0, 8)}@door.test`, tokenHash: randomBytes(16).toString('hex'), expiresAt: new Date(Date.now() + 86_400_000) })
    .returning({ id: doorStaff.id });
  const device = await createDoorDevice(db, { staffId: staff!.id }, label);
  return { token: device.token, deviceId: device.deviceId, staffId: staff!.id };
}

/** A door's requests: its token on each. */
export function doorClient(client: TestClient, token: string) {
  const headers = { [DOOR_DEVICE_HEADER]: token };
  return {
    gigs: () => client.get('/api/door/gigs', headers),
    list: (gigId: string, since?: string) => client.get(`/api/door/gigs/${gigId}/list${since ? `?since=${encodeURIComponent(since)}` : ''}`, headers),
    sync: (gigId: string, body: DoorSyncInput) => client.post(`/api/door/gigs/${gigId}/sync`, body, headers),
    counts: (gigId: string) => client.get(`/api/door/gigs/${gigId}/counts`, headers),
    /** Issue 34: the door's online search (a name, a whole or partial e-mail address, an order number). */
    search: (gigId: string, q: string) => client.post(`/api/door/gigs/${gigId}/search`, { q }, headers),
    /** Any door request with the token, for what the others do not cover. */
    post: (path: string, body: unknown) => client.post(path, body, headers),
  };
}

/** A scan as a door records it: a fresh id, the device's time (`secondsAgo` on its own clock). */
export function scanOf(what: { code: string } | { ref: string } | { guestId: string; count?: number }, { secondsAgo = 0, wasAdmitted = false, clock = Date.now() } = {}) {
  return { id: randomUUID(), ...what, scannedAt: new Date(clock - secondsAgo * 1000).toISOString(), wasAdmitted };
}
