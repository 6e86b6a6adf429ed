import { and, eq, ne, sql } from 'drizzle-orm';
import { formatLocalDate } from '../../../core/time.ts';
import type { Db } from '../../db/client.ts';
import { bandProfiles, gigApplications, gigs, managedArtists } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/session.ts';
import { publishGigsChanged } from '../live/live-events.ts';
import { emitWebhookEvent } from '../webhooks/emit-webhook-event.ts';
import { asOrganiser, organisedBy } from './gig-ownership.ts';
import { isUuid } from '../../../core/ids.ts';
import { markGigsForFederation } from '../federation/federate-gigs.ts';

async function findDecidableApplication(db: Db, sessionUser: SessionUser, applicationId: string) {
  const organiser = asOrganiser(sessionUser);
  if (!isUuid(applicationId)) throw new AppError('NOT_FOUND', 'That application was not found.');
  const [application] = await db
    .select({
      id: gigApplications.id,
      gigId: gigApplications.gigId,
      status: gigApplications.status,
      bandId: gigApplications.bandId,
      managedArtistId: gigApplications.managedArtistId,
      name: sql<string>`coalesce(${bandProfiles.name}, ${managedArtists.name}, 'The applicant')`,
      localDate: gigs.localDate,
    })
    .from(gigApplications)
    .innerJoin(gigs, eq(gigs.id, gigApplications.gigId))
    .leftJoin(bandProfiles, eq(bandProfiles.userId, gigApplications.bandId))
    .leftJoin(managedArtists, eq(managedArtists.id, gigApplications.managedArtistId))
    .where(and(eq(gigApplications.id, applicationId), organisedBy(organiser)));
  if (!application) throw new AppError('NOT_FOUND', 'That application was not found.');
  return application;
}

/**
 * Approving books the gig (spec 2 §4): the gig becomes approved and confirmed with this applicant,
 * this application accepted and every other rejected, in one transaction. The gig is claimed by
 * an update that only matches while it is still open, so of any number of approvals racing on
 * one gig exactly one wins; the others are told the gig is taken and change nothing.
 * Decision 37: the answer says what happened; the `mail-application-outcomes` job then e-mails
 * the chosen applicant and each one turned down.
 */
export async function approveApplication(db: Db, sessionUser: SessionUser, applicationId: string): Promise<{ message: string }> {
  const application = await findDecidableApplication(db, sessionUser, applicationId);
  const turnedDown = await db.transaction(async (tx) => {
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
    const others = await tx
      .update(gigApplications)
      .set({ status: 'rejected', updatedAt: new Date() })
      .where(and(eq(gigApplications.gigId, application.gigId), ne(gigApplications.id, application.id)))
      .returning({ id: gigApplications.id });
    await publishGigsChanged(tx);
    await emitWebhookEvent(tx, 'gig.published', { gigId: application.gigId });
    await markGigsForFederation(tx, [application.gigId]);
    return others.length;
  });
  return { message: approvalMessage(application.name, application.localDate, turnedDown) };
}

/** What the organiser is told after approving: who is booked, and who hears by e-mail. */
export function approvalMessage(name: string, localDate: string, turnedDown: number): string {
  const others = turnedDown === 1 ? 'the other applicant' : `the other ${turnedDown} applicants`;
  return `${name} is booked for ${formatLocalDate(localDate)}. ${name}${turnedDown ? ` and ${others}` : ''} will get an e-mail${turnedDown ? ' with the outcome' : ''}.`;
}

/** Rejecting touches only this application (spec 2 §4). */
export async function rejectApplication(db: Db, sessionUser: SessionUser, applicationId: string): Promise<void> {
  const application = await findDecidableApplication(db, sessionUser, applicationId);
  if (application.status === 'accepted') throw new AppError('CONFLICT', 'This applicant is already booked for the gig.');
  await db.update(gigApplications).set({ status: 'rejected', updatedAt: new Date() }).where(eq(gigApplications.id, application.id));
}
