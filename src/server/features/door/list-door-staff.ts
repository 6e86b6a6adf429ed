import { and, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { doorDevices, doorStaff } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/session.ts';
import type { DoorDeviceInfo, DoorStaffMember, DoorStaffOverview } from '../../../core/schemas/door.ts';
import { findDoorGig } from './find-door-gig.ts';

const deviceInfo = (d: typeof doorDevices.$inferSelect): DoorDeviceInfo => ({
  id: d.id,
  label: d.label,
  createdAt: d.createdAt.toISOString(),
  lastSyncAt: d.lastSyncAt?.toISOString() ?? null,
  revokedAt: d.revokedAt?.toISOString() ?? null,
});

/** Mirrors revokeDoorStaff's rule: an admin, the inviter, the venue of a venue-wide invitation, or anyone running the gig's door. */
const mayRevoke = (user: SessionUser, staff: typeof doorStaff.$inferSelect) => user.role === 'admin' || staff.invitedBy === user.id || staff.venueId === user.id || staff.gigId !== null;

async function withDevices(db: DbOrTx, user: SessionUser, rows: (typeof doorStaff.$inferSelect)[]): Promise<DoorStaffMember[]> {
  const devices = rows.length ? await db.select().from(doorDevices).where(inArray(doorDevices.staffId, rows.map((r) => r.id))).orderBy(doorDevices.createdAt) : [];
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    name: r.name,
    scope: r.venueId ? 'venue' : 'gig',
    devicesRegistered: r.devicesRegistered,
    expiresAt: r.expiresAt.toISOString(),
    revokedAt: r.revokedAt?.toISOString() ?? null,
    devices: devices.filter((d) => d.staffId === r.id).map(deviceInfo),
    canRevoke: mayRevoke(user, r),
  }));
}

/** Who works a gig's door: its own door staff and the venue's door team, with their devices; and the organiser's own doors. */
export async function listDoorStaff(db: DbOrTx, user: SessionUser, gigId: string): Promise<DoorStaffOverview> {
  const gig = await findDoorGig(db, user, gigId);
  const rows = await db
    .select()
    .from(doorStaff)
    .where(or(eq(doorStaff.gigId, gig.id), eq(doorStaff.venueId, gig.venueId)))
    .orderBy(desc(doorStaff.createdAt));
  const mine = await db.select().from(doorDevices).where(and(eq(doorDevices.userId, user.id), isNull(doorDevices.revokedAt))).orderBy(doorDevices.createdAt);
  return { staff: await withDevices(db, user, rows), myDevices: mine.map(deviceInfo) };
}

/** A venue's door team: the staff it invited for every gig at the venue. */
export async function listVenueDoorStaff(db: DbOrTx, user: SessionUser): Promise<{ staff: DoorStaffMember[] }> {
  if (user.role !== 'venue') throw new AppError('FORBIDDEN', 'Only venues have a door team.');
  const rows = await db.select().from(doorStaff).where(eq(doorStaff.venueId, user.id)).orderBy(desc(doorStaff.createdAt));
  return { staff: await withDevices(db, user, rows) };
}
