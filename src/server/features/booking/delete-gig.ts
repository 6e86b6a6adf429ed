import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { gigs } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/session.ts';
import { publishGigsChanged } from '../live/live-events.ts';
import { asOrganiser, findOrganisedGig } from './gig-ownership.ts';

/** Deletes a gig and, by cascade, its applications (spec 2 §4); a gig with sold tickets stays. */
export async function deleteGig(db: Db, sessionUser: SessionUser, gigId: string): Promise<void> {
  const organiser = asOrganiser(sessionUser);
  await db.transaction(async (tx) => {
    const gig = await findOrganisedGig(tx, organiser, gigId);
    // Locks the row, so a ticket sold at this moment either counts here or finds no gig.
    const [locked] = await tx.select({ ticketsSold: gigs.ticketsSold, ticketsHeld: gigs.ticketsHeld }).from(gigs).where(eq(gigs.id, gig.id)).for('update');
    if ((locked?.ticketsSold ?? 0) > 0 || (locked?.ticketsHeld ?? 0) > 0) {
      throw new AppError('CONFLICT', 'This gig has sold tickets, so it cannot be deleted. Its ticket holders expect the show.');
    }
    await tx.delete(gigs).where(eq(gigs.id, gig.id));
    if (gig.isApproved) await publishGigsChanged(tx);
  });
}
