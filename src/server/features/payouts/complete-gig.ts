import { and, eq, isNull, sql } from 'drizzle-orm';
import { beforeShowMessage, completeGigSchema } from '../../../core/schemas/payouts.ts';
import { formatLocalDate } from '../../../core/time.ts';
import type { Db } from '../../db/client.ts';
import { auditLog, gigs, heldPayments, transfers } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { parseInput } from '../../http/validate.ts';
import { findCompleteAccounts } from './payee-accounts.ts';

export const NO_ORGANISER_ACCOUNT = "The organiser's payment account is not set up, so there is nowhere to release the payment to. Forfeit it, or ask them to complete payment setup first.";
export const ALREADY_COMPLETED = 'This gig was already completed.';
export const IMPORTED_HELD_PAYMENT = 'This payment was held by the old system, so its money never reached Marquee: settle it there.';

export type GigCompletion = { success: true; amountReleased: number; amountForfeited: number };

/**
 * An admin completes a gig (D11): its held organiser shares are released to the organiser's own
 * payout account (never one the request names), or forfeited to the platform with the admin's
 * reason. The change from holding is one conditional update, so when a release and a forfeit race
 * (two admins, two tabs) exactly one of them happens; the other is told the gig was completed.
 * A release records the transfer in the same transaction; the transfer job sends it. A gig that
 * has not started yet is completed only when the request confirms it (issue 21, decision 37).
 */
export async function completeGig(db: Db, adminId: string, rawInput: unknown): Promise<GigCompletion> {
  const input = parseInput(completeGigSchema, rawInput);
  return db.transaction(async (tx) => {
    const [held] = await tx.select().from(heldPayments).where(and(eq(heldPayments.gigId, input.gigId), isNull(heldPayments.importedAt)));
    if (!held) {
      // Issue 25: a payment the old system held is history; its money never reached Marquee.
      const [imported] = await tx.select({ id: heldPayments.id }).from(heldPayments).where(eq(heldPayments.gigId, input.gigId));
      if (imported) throw new AppError('CONFLICT', IMPORTED_HELD_PAYMENT);
      throw new AppError('NOT_FOUND', 'No held payment was found for that gig.');
    }
    const [gig] = await tx.select({ localDate: gigs.localDate, hasStarted: sql<boolean>`${gigs.startsAt} <= now()` }).from(gigs).where(eq(gigs.id, input.gigId));
    if (gig && !gig.hasStarted && !input.isBeforeShowConfirmed) throw new AppError('CONFLICT', beforeShowMessage(formatLocalDate(gig.localDate)));
    const destination = held.payeeUserId ? (await findCompleteAccounts(tx, [held.payeeUserId])).get(held.payeeUserId) : undefined;
    if (input.action === 'release' && !destination) throw new AppError('CONFLICT', NO_ORGANISER_ACCOUNT);

    const [completed] = await tx
      .update(heldPayments)
      .set({
        status: input.action === 'release' ? 'released' : 'forfeited',
        forfeitReason: input.action === 'forfeit' ? input.reason : null,
        completedBy: adminId,
        completedAt: new Date(),
        updatedAt: sql`now()`,
      })
      .where(and(eq(heldPayments.id, held.id), eq(heldPayments.status, 'holding')))
      .returning({ amountCents: heldPayments.amountCents });
    if (!completed) throw new AppError('CONFLICT', ALREADY_COMPLETED);

    if (input.action === 'release' && completed.amountCents > 0) {
      await tx.insert(transfers).values({
        heldPaymentId: held.id,
        kind: 'organiser_share',
        payeeUserId: held.payeeUserId,
        destinationAccountId: destination!,
        amountCents: completed.amountCents,
        status: 'pending',
      });
    }
    await tx.insert(auditLog).values({
      actorId: adminId,
      action: input.action === 'release' ? 'gig.payment_released' : 'gig.payment_forfeited',
      targetId: input.gigId,
      details: { amountCents: completed.amountCents, ...(input.action === 'forfeit' ? { reason: input.reason } : {}) },
    });
    return {
      success: true,
      amountReleased: input.action === 'release' ? completed.amountCents : 0,
      amountForfeited: input.action === 'forfeit' ? completed.amountCents : 0,
    };
  });
}
