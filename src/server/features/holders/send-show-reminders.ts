import { ticketDisplayRefOf } from '../../../core/door-codes.ts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { todayIn } from '../../../core/time.ts';
import { gigs, regions, tickets } from '../../db/schema.ts';
import { stopIfStopping } from '../../jobs/job-queue.ts';
import type { MailAttachment } from '../../mail/attachments.ts';
import { ticketQrContentId, ticketQrSecretKey, ticketSecretKey } from '../../mail/emails/ticket.ts';
import type { DbOrTx } from '../../db/client.ts';
import { signTicketCode } from '../door/door-keys.ts';
import type { Services } from '../../services.ts';
import { claimDelivery, findGigShow, holderAddress, notYetMailed } from './gig-holders.ts';
import { showReminderEmail } from '../../mail/emails/holder-emails.ts';

/** The reminder is due from this local time on the day before the show, in the gig's own zone. */
export const REMINDER_LOCAL_TIME = '10:00';
const BATCH = 200;

type Deps = Pick<Services, 'db' | 'mailer' | 'logger' | 'doorKeySecret'> & Partial<Pick<Services, 'stopping'>>;

/** Each ticket's code and QR image (its signed code, decision 51), drawn from the message's secrets at delivery (as the ticket e-mail's are). */
async function ticketSecrets(services: Pick<Services, 'db' | 'doorKeySecret'>, tx: DbOrTx, gigId: string, ticketIds: readonly string[]): Promise<{ secrets: Record<string, string>; attachments: MailAttachment[] }> {
  const secrets: Record<string, string> = {};
  for (const [i, id] of ticketIds.entries()) {
    // Printed under the QR code: the ticket's reference, not its id (issue 33).
    secrets[ticketSecretKey(i + 1)] = await ticketDisplayRefOf(id);
    secrets[ticketQrSecretKey(i + 1)] = await signTicketCode(services, id, gigId, tx);
  }
  return {
    secrets,
    attachments: ticketIds.map((_, i) => ({
      filename: ticketIds.length > 1 ? `ticket-${i + 1}-qr.png` : 'ticket-qr.png',
      contentType: 'image/png',
      contentId: ticketQrContentId(i + 1),
      qrOfSecret: ticketQrSecretKey(i + 1),
    })),
  };
}

/**
 * The reminder the day before the show (decision 49; the job runs every 15 minutes): for each
 * ticketed gig, not cancelled, whose reminder is due (REMINDER_LOCAL_TIME on the day before its
 * date, in its region's zone, so daylight-saving changes are the zone's business) and whose show has
 * not started, every address holding valid tickets gets one e-mail with all of them as QR codes,
 * the venue's address and a map link. Tickets issued after the reminder fell due came with their
 * own e-mail just now, so they are not reminded. Each address's e-mail is queued in the
 * transaction that records its delivery (holder_deliveries), so two instances running the job at
 * once, a retry or a restart send each address one reminder per gig.
 */
export async function sendShowReminders({ db, mailer, logger, stopping, doorKeySecret }: Deps, { now = new Date() }: { now?: Date } = {}): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const dueAt = sql`((${gigs.localDate} - 1) + ${REMINDER_LOCAL_TIME}::time) at time zone ${regions.timeZone}`;
  const due = await db
    .select({ gigId: gigs.id, localDate: gigs.localDate, timeZone: regions.timeZone, dueAt: sql<string>`(${dueAt})::text` })
    .from(gigs)
    .innerJoin(regions, eq(regions.slug, gigs.regionSlug))
    .where(
      and(
        sql`${gigs.isApproved}`,
        eq(gigs.isTicketed, true),
        isNull(gigs.cancelledAt),
        // The dates that can be tomorrow or today anywhere, so the index on approved gigs by date serves it.
        sql`${gigs.localDate} between (${at} at time zone 'Etc/GMT+12')::date and (${at} at time zone 'Etc/GMT-14')::date + 1`,
        sql`${gigs.startsAt} > ${at}`,
        sql`${dueAt} <= ${at}`,
      ),
    );
  let sent = 0;
  for (const gig of due) {
    const show = await findGigShow(db, gig.gigId);
    const dayWord = todayIn(gig.timeZone, now) === gig.localDate ? 'Today' : 'Tomorrow';
    for (;;) {
      stopIfStopping(stopping); // stopping: the rest is left for the next run
      const seen = await db.transaction(async (tx) => {
        const holders = await tx
          .select({ email: holderAddress, ticketIds: sql<string[]>`array_agg(${tickets.id} order by ${tickets.createdAt}, ${tickets.position})` })
          .from(tickets)
          .where(and(eq(tickets.gigId, gig.gigId), eq(tickets.status, 'valid'), sql`${tickets.createdAt} < ${gig.dueAt}::timestamptz`, notYetMailed(tx, 'reminder', gig.gigId)))
          .groupBy(holderAddress)
          .orderBy(holderAddress)
          .limit(BATCH);
        for (const holder of holders) {
          if (!(await claimDelivery(tx, 'reminder', gig.gigId, holder.email))) continue; // another instance has it
          const mail = await showReminderEmail({ show, venueAddress: show.venueAddress, dayWord, ticketCount: holder.ticketIds.length });
          await mailer.send({ to: holder.email, kind: 'show_reminder', ...mail, ...(await ticketSecrets({ db, doorKeySecret }, tx, gig.gigId, holder.ticketIds)) }, tx);
          sent++;
        }
        return holders.length;
      });
      if (seen < BATCH) break;
    }
  }
  if (sent) logger.info({ sent }, 'show reminders queued');
  return sent;
}
