import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { gigApplications, gigs } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/session.ts';
import { publishGigsChanged } from '../live/live-events.ts';
import { asOrganiser, organisedBy } from './gig-ownership.ts';
import { isUuid } from '../../../core/ids.ts';

async function findDecidableApplication(db: Db, sessionUser: SessionUser, applicationId: string) {
  const organiser = asOrganiser(sessionUser);
  if (!isUuid(applicationId)) throw new AppError('NOT_FOUND', 'That application was not found.');
  const [application] = await db
    .select({ id: gigApplications.id, gigId: gigApplications.gigId, status: gigApplications.status, bandId: gigApplications.bandId, managedArtistId: gigApplications.managedArtistId })
    .from(gigApplications)
    .innerJoin(gigs, eq(gigs.id, gigApplications.gigId))
    .where(and(eq(gigApplications.id, applicationId), organisedBy(organiser)));
  if (!application) throw new AppError('NOT_FOUND', 'That application was not found.');
  return application;
}

/**
 * Approving books the gig (spec 2 §4): the gig becomes approved and confirmed with this applicant,
 * this application accepted and every other rejected, in one transaction. The gig is claimed by
 * an update that only matches while it is still open, so of any number of approvals racing on
 * one gig exactly one wins; the others are told the gig is taken and change nothing.
 */
export async function approveApplication(db: Db, sessionUser: SessionUser, applicationId: string): Promise<void> {
  const application = await findDecidableApplication(db, sessionUser, applicationId);
  await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(gigs)
      .set({
        isApproved: true,
        status: 'confirmed',
        bandId: application.bandId,
        managedArtistId: application.managedArtistId,
        approvedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(and(eq(gigs.id, application.gigId), eq(gigs.isApproved, false)))
      .returning({ id: gigs.id });
    if (!claimed) throw new AppError('CONFLICT', 'This gig already has its band.');
    await tx.update(gigApplications).set({ status: 'accepted', updatedAt: new Date() }).where(eq(gigApplications.id, application.id));
    await tx
      .update(gigApplications)
      .set({ status: 'rejected', updatedAt: new Date() })
      .where(and(eq(gigApplications.gigId, application.gigId), ne(gigApplications.id, application.id)));
    await publishGigsChanged(tx);
  });
}

/** Rejecting touches only this application (spec 2 §4). */
export async function rejectApplication(db: Db, sessionUser: SessionUser, applicationId: string): Promise<void> {
  const application = await findDecidableApplication(db, sessionUser, applicationId);
  if (application.status === 'accepted') throw new AppError('CONFLICT', 'This applicant is already booked for the gig.');
  await db.update(gigApplications).set({ status: 'rejected', updatedAt: new Date() }).where(eq(gigApplications.id, application.id));
}
