import { and, count, eq, exists, inArray, isNull, ne, notExists, or, sql, type SQL } from 'drizzle-orm';
import { formatLocalDate } from '../../../core/time.ts';
import { deleteAccountSchema } from '../../../core/schemas/account-settings.ts';
import type { Tx } from '../../db/client.ts';
import {
  auditLog,
  bandProfiles,
  files,
  gigs,
  heldPayments,
  managedArtists,
  orders,
  outreachCampaigns,
  tickets,
  user,
  venueProfiles,
} from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { limitHits } from '../../http/rate-limit.ts';
import type { CurrentSession } from '../../http/session.ts';
import { parseInput } from '../../http/validate.ts';
import { accountDeletedEmail } from '../../mail/emails/account-deleted.ts';
import { bookedActLeftEmail } from '../../mail/emails/booked-act-left.ts';
import type { Services } from '../../services.ts';
import { verifyCurrentPassword } from './verify-current-password.ts';
import { refuseWhileImpersonating } from '../../http/session.ts';
import { markGigsForFederation } from '../federation/federate-gigs.ts';

/** Deletion attempts (right or wrong password) an account may make in 15 minutes. */
export const DELETE_ATTEMPTS_PER_15_MINUTES = 5;
/** A gig that started less than this long ago is still tonight's show, not history. */
const SHOW_HOURS = 12;

const isUpcoming = sql`${gigs.startsAt} > now() - make_interval(hours => ${SHOW_HOURS})`;
const hasValidTickets = exists(sql`(select 1 from ${tickets} where ${tickets.gigId} = ${gigs.id} and ${tickets.status} = 'valid')`);
const hasOrders = exists(sql`(select 1 from ${orders} where ${orders.gigId} = ${gigs.id})`);
// Issue 25: a payment the old system held is history there, never Marquee's to keep.
const hasHeldPayment = exists(sql`(select 1 from ${heldPayments} where ${heldPayments.gigId} = ${gigs.id} and ${heldPayments.importedAt} is null)`);

async function gigLabels(tx: Tx, where: SQL | undefined): Promise<string[]> {
  const rows = await tx
    .select({ localDate: gigs.localDate, venueName: venueProfiles.name })
    .from(gigs)
    .innerJoin(venueProfiles, eq(venueProfiles.userId, gigs.venueId))
    .where(where)
    .orderBy(gigs.startsAt)
    .limit(5);
  return rows.map((g) => `${formatLocalDate(g.localDate)} at ${g.venueName}`);
}

/** Removes stored objects one by one; one that fails is logged and the rest still go. */
export async function removeStoredFiles({ storage, logger }: Pick<Services, 'storage' | 'logger'>, keys: string[]): Promise<number> {
  let removed = 0;
  for (const key of keys) {
    try {
      await storage.delete(key);
      removed += 1;
    } catch (error) {
      logger.warn({ err: error, key }, 'stored file of a deleted account not removed');
    }
  }
  return removed;
}

/**
 * Deletes the signed-in account (decision 40), in one transaction, once its password is given.
 *
 * Refused while something that must stay hangs on it: an upcoming gig it organises, hosts or
 * plays that has valid tickets (those tickets stay valid, so the show stays), ticket money still
 * held for it, a venue's gigs with ticket sales on record, an outreach campaign still sending,
 * or being the only admin. Otherwise: its upcoming gigs without sales are deleted, gigs it was
 * booked for open again (the organiser is told), and the account, its profile, public page,
 * applications, gear and followers go. Orders, tickets, payouts and audit rows stay, without it.
 */
export async function deleteAccount(services: Services, session: CurrentSession, rawInput: unknown): Promise<{ message: string }> {
  refuseWhileImpersonating(session, 'delete it');
  const account = session.user;
  const { currentPassword } = parseInput(deleteAccountSchema, rawInput);
  await limitHits(services, `account-delete:${account.id}`, {
    windowMs: 15 * 60 * 1000,
    max: DELETE_ATTEMPTS_PER_15_MINUTES,
    message: 'Too many attempts. Please try again in 15 minutes.',
  });
  await verifyCurrentPassword(services, account.id, currentPassword);

  const filesDeleted = await services.db.transaction(async (tx) => {
    // Holding the row keeps a booking, sale or second delete from slipping in between the checks and the delete.
    const [me] = await tx.select({ id: user.id, role: user.role, name: user.name, email: user.email }).from(user).where(eq(user.id, account.id)).for('update');
    if (!me) throw new AppError('NOT_FOUND', 'This account no longer exists.');

    if (me.role === 'admin') {
      const [others] = await tx.select({ n: count() }).from(user).where(and(eq(user.role, 'admin'), ne(user.id, me.id)));
      if (!others?.n) throw new AppError('CONFLICT', 'You are the only admin. Make another account an admin first (npm run grant-admin).');
    }

    const artistIds = tx.select({ id: managedArtists.id }).from(managedArtists).where(eq(managedArtists.managerId, me.id));
    const organises = or(eq(gigs.venueId, me.id), eq(gigs.promoterId, me.id));
    const plays = or(eq(gigs.bandId, me.id), inArray(gigs.managedArtistId, artistIds));

    const soldOut = await gigLabels(tx, and(or(organises, plays), isUpcoming, hasValidTickets));
    if (soldOut.length) {
      throw new AppError(
        'CONFLICT',
        `You have upcoming gigs with tickets sold (${soldOut.join('; ')}). Those tickets stay valid, so the gigs stay: ask Marquee through the contact form to cancel and refund them or hand them over, then delete your account.`,
      );
    }
    const [held] = await tx.select({ n: count() }).from(heldPayments).where(and(eq(heldPayments.payeeUserId, me.id), eq(heldPayments.status, 'holding'), isNull(heldPayments.importedAt)));
    if (held?.n) {
      throw new AppError('CONFLICT', `Ticket money for ${held.n} gig${held.n === 1 ? ' is' : 's are'} still held for you until the gig is completed. You can delete your account once it has been paid out.`);
    }
    if (me.role === 'venue') {
      const [sales] = await tx.select({ n: count() }).from(gigs).where(and(eq(gigs.venueId, me.id), or(hasOrders, hasHeldPayment)));
      if (sales?.n) {
        throw new AppError('CONFLICT', 'Your venue has ticket sales on record, which Marquee must keep with its gigs. Ask Marquee through the contact form to close your account.');
      }
    }
    if (me.role === 'band') {
      const [sending] = await tx.select({ n: count() }).from(outreachCampaigns).where(and(eq(outreachCampaigns.bandId, me.id), inArray(outreachCampaigns.status, ['pending', 'processing'])));
      if (sending?.n) throw new AppError('CONFLICT', 'Your outreach campaign is still being sent. You can delete your account once it has finished.');
    }

    // Gigs it was booked for open again; their organisers hear why.
    const booked = await tx
      .select({
        id: gigs.id,
        localDate: gigs.localDate,
        venueName: venueProfiles.name,
        actName: sql<string>`coalesce(${bandProfiles.name}, ${managedArtists.name}, ${me.name})`,
        organiserId: sql<string>`coalesce(${gigs.promoterId}, ${gigs.venueId})`,
      })
      .from(gigs)
      .innerJoin(venueProfiles, eq(venueProfiles.userId, gigs.venueId))
      .leftJoin(bandProfiles, eq(bandProfiles.userId, gigs.bandId))
      .leftJoin(managedArtists, eq(managedArtists.id, gigs.managedArtistId))
      .where(and(plays, isUpcoming, ne(gigs.venueId, me.id), or(isNull(gigs.promoterId), ne(gigs.promoterId, me.id))));
    if (booked.length) {
      await tx
        .update(gigs)
        .set({ bandId: null, managedArtistId: null, isApproved: false, status: 'open', approvedAt: null, followersNotifiedAt: null, updatedAt: new Date() })
        .where(inArray(gigs.id, booked.map((g) => g.id)));
      await markGigsForFederation(tx, booked.map((g) => g.id));
      const organisers = await tx.select({ id: user.id, email: user.email }).from(user).where(inArray(user.id, [...new Set(booked.map((g) => g.organiserId))]));
      const emailOf = new Map(organisers.map((o) => [o.id, o.email]));
      for (const gig of booked) {
        const to = emailOf.get(gig.organiserId);
        if (!to) continue;
        const mail = await bookedActLeftEmail({ actName: gig.actName, venueName: gig.venueName, date: formatLocalDate(gig.localDate), dashboardUrl: `${services.env.PUBLIC_URL}/dashboard` });
        await services.mailer.send({ to, kind: 'booked_act_left', ...mail }, tx);
      }
    }

    // Its own upcoming gigs without any sale go, with their applications; gigs with sales on
    // record stay (a promoter's pass to the venue, as when no promoter is set).
    await tx.delete(gigs).where(and(organises, isUpcoming, notExists(tx.select({ id: orders.id }).from(orders).where(eq(orders.gigId, gigs.id)))));

    const [kept] = await tx.select({ n: count() }).from(orders).where(eq(orders.buyerUserId, me.id));
    // Issue 33 (finding 13b): its uploads go too. Only its own rows (profile, gear, managed
    // artists, all going below) may show them (decision 23, assertOwnImages). The rows go now; the
    // stored objects after the commit, and their keys are recorded here, in the same transaction,
    // so a crash in between leaves a record of what is still to be removed.
    const owned = await tx.delete(files).where(eq(files.ownerId, me.id)).returning({ key: files.key });
    await tx.insert(auditLog).values({
      actorId: null,
      action: 'account.deleted',
      targetId: me.id,
      details: { role: me.role, name: me.name, ordersKept: kept?.n ?? 0, gigsReopened: booked.map((g) => g.id), filesDeleted: owned.map((f) => f.key) },
    });
    await services.mailer.send({ to: me.email, kind: 'account_deleted', ...(await accountDeletedEmail({ name: me.name })) }, tx);
    // The profile, its lists, applications, gear, followers, sessions and sign-in go with the row
    // (cascades); orders, tickets, transfers, held payments and audit rows lose only the link.
    await tx.delete(user).where(eq(user.id, me.id));
    return owned.map((f) => f.key);
  });
  // After the commit: the account is gone whatever happens here. A failure is logged with its key.
  await removeStoredFiles(services, filesDeleted);
  return { message: 'Your account has been deleted.' };
}
