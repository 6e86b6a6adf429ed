import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog, venueDirectory } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { CurrentSession } from '../../http/session.ts';
import { ENTRY_GONE } from './save-venue-entry.ts';

export const OPTED_OUT_KEPT = 'This venue opted out of outreach e-mails. Mark it inactive instead: deleting it would forget the opt-out, and a later import could e-mail it again.';

/**
 * Deletes an entry and writes what was removed, and by whom, to the audit log. An entry whose
 * venue opted out stays (decision 23): its row is the record that it must not be e-mailed again.
 */
export async function deleteVenueEntry(db: Db, session: CurrentSession, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [entry] = await tx.select({ optedOutAt: venueDirectory.optedOutAt }).from(venueDirectory).where(eq(venueDirectory.id, id)).for('update');
    if (!entry) throw new AppError('NOT_FOUND', ENTRY_GONE);
    if (entry.optedOutAt) throw new AppError('CONFLICT', OPTED_OUT_KEPT);
    const [deleted] = await tx.delete(venueDirectory).where(eq(venueDirectory.id, id)).returning();
    if (!deleted) throw new AppError('NOT_FOUND', ENTRY_GONE);
    await tx.insert(auditLog).values({
      actorId: session.user.id,
      action: 'venue_directory.deleted',
      targetId: id,
      details: { name: deleted.name, regionSlug: deleted.regionSlug, city: deleted.city, email: deleted.email, bookingEmail: deleted.bookingEmail },
    });
  });
}
