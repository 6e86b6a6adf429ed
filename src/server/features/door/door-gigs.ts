import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { DOOR_MESSAGES, type DoorGig } from '../../../core/schemas/door.ts';
import type { DoorDevice } from './door-devices.ts';

/** A gig as the door routes use it: what the door shows, and what the checks need. */
export type DoorGigRow = DoorGig & { venueId: string; ticketQuantity: number | null; createdAt: Date };

type RawGig = {
  id: string;
  title: string;
  venue_name: string;
  venue_id: string;
  local_date: string;
  start_time: string;
  starts_at: string | Date;
  ticket_quantity: number | null;
  is_cancelled: boolean;
  created_at: string | Date;
};

const gigColumns = sql`g.id, coalesce(bp.name, ma.name, 'Live music') as title, vp.name as venue_name, g.venue_id, g.local_date::text as local_date,
  g.start_time, g.starts_at, g.ticket_quantity, g.cancelled_at is not null as is_cancelled, g.created_at`;
const gigJoins = sql`join venue_profiles vp on vp.user_id = g.venue_id
  left join band_profiles bp on bp.user_id = g.band_id
  left join managed_artists ma on ma.id = g.managed_artist_id`;

const toDoorGig = (row: RawGig): DoorGigRow => ({
  id: row.id,
  title: row.title,
  venueName: row.venue_name,
  venueId: row.venue_id,
  localDate: row.local_date,
  startTime: row.start_time,
  startsAt: new Date(row.starts_at).toISOString(),
  capacity: row.ticket_quantity,
  ticketQuantity: row.ticket_quantity,
  isCancelled: row.is_cancelled,
  createdAt: new Date(row.created_at),
});

/**
 * Which gigs a device may scan (decision 51): an organiser's device, the gigs its account is party
 * to (the venue, promoter or band of the gig; an admin, any); door staff's device, the invitation's
 * gig or every gig at the invitation's venue.
 */
function deviceScope(device: DoorDevice): SQL {
  if (device.staff) return device.staff.gigId ? sql`g.id = ${device.staff.gigId}` : sql`g.venue_id = ${device.staff.venueId}`;
  return sql`exists (select 1 from "user" u where u.id = ${device.userId} and (u.role = 'admin'
    or (u.role = 'venue' and g.venue_id = u.id) or (u.role = 'promoter' and g.promoter_id = u.id) or (u.role = 'band' and g.band_id = u.id)))`;
}

/** The gig, if this device may scan it; else 403 with DOOR_MESSAGES.notOnGig (a gig that does not exist says the same, so ids reveal nothing). */
export async function requireDoorGig(db: DbOrTx, device: DoorDevice, gigId: string): Promise<DoorGigRow> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(gigId)) throw new AppError('FORBIDDEN', DOOR_MESSAGES.notOnGig);
  const { rows } = await db.execute(sql`select ${gigColumns} from gigs g ${gigJoins} where g.id = ${gigId} and ${deviceScope(device)}`);
  const [row] = rows as RawGig[];
  if (!row) throw new AppError('FORBIDDEN', DOOR_MESSAGES.notOnGig);
  return toDoorGig(row);
}

/**
 * The gigs a door may open: approved, from yesterday (a show past midnight is still on) in the
 * gig's own zone, soonest first, at most 50.
 */
export async function listDoorGigs(db: DbOrTx, device: DoorDevice): Promise<DoorGig[]> {
  const { rows } = await db.execute(sql`select ${gigColumns} from gigs g ${gigJoins} join regions r on r.slug = g.region_slug
    where g.is_approved and g.local_date >= (now() at time zone r.time_zone)::date - 1 and ${deviceScope(device)}
    order by g.starts_at, g.id limit 50`);
  return (rows as RawGig[]).map((row) => publicDoorGig(toDoorGig(row)));
}

/** The gig as the door receives it (DoorGig), without what only the server's checks use. */
export const publicDoorGig = (gig: DoorGigRow): DoorGig => ({
  id: gig.id,
  title: gig.title,
  venueName: gig.venueName,
  localDate: gig.localDate,
  startTime: gig.startTime,
  startsAt: gig.startsAt,
  capacity: gig.capacity,
  isCancelled: gig.isCancelled,
});
