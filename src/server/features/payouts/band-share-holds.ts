import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { BAND_SHARE_HOLD_DAYS, BAND_SHARE_REMINDER_DAYS, bandShareDeadline, type BandShareSums } from '../../../core/band-payouts.ts';
import { formatCents } from '../../../core/money.ts';
import { formatLocalDate } from '../../../core/time.ts';
import type { DbOrTx } from '../../db/client.ts';
import { QUEUES } from '../../jobs/job-queue.ts';
import { bandShareForfeitedEmail, bandShareHeldEmail, bandShareReminderEmail } from '../../mail/emails/band-payout-emails.ts';
import type { Services } from '../../services.ts';
import { BAND_DEADLINE_PASSED_REASON } from './record-ticket-shares.ts';

/** Outbox kinds, and holder_deliveries kinds that record each (show, payee) was told once. */
export const BAND_SHARE_MAIL = { held: 'band_share_held', reminder: 'band_share_reminder', forfeited: 'band_share_forfeited' } as const;
export const ALL_REFUNDED_REASON = 'Every ticket of the order was refunded before payouts were set up.';

/** The instant a show's held band share is forfeited: the end of its deadline day, in the show's zone. */
const deadlineAt = (localDate: SQLWrapper, timeZone: SQLWrapper) => sql`((${localDate} + ${BAND_SHARE_HOLD_DAYS + 1}::int)::timestamp at time zone ${timeZone})`;
/** A ticket of the order that still stands (not refunded, not replaced by a ticket passed on). */
const STANDING_TICKET = sql.raw(`t.status not in ('refunded', 'transferred')`);
/** No refund of the order is still being carried out: a hold waits for the next sweep until then. */
const noRefundUnderway = (orderId: SQLWrapper) => sql`not exists (select 1 from refunds rf where rf.order_id = ${orderId} and rf.status = 'pending')`;

/**
 * A show's band shares of its standing tickets (not refunded, not passed on: the ticket that
 * replaced one counts), by where each order's band transfer is: a correlated subquery giving a
 * JSON object { held, pending, paid, forfeited, failed } in cents, for 'Your shows' (one
 * statement with the list). Null when nothing was sold.
 */
export function bandShareSumsOf(gigId: SQLWrapper): SQL<Partial<BandShareSums> | null> {
  return sql<Partial<BandShareSums> | null>`(select json_object_agg(s.status, s.cents) from (
    select tr.status, sum(t.band_share_cents)::int as cents
    from tickets t join transfers tr on tr.order_id = t.order_id and tr.kind = 'band_share'
    where t.gig_id = ${gigId} and t.status not in ('refunded', 'transferred')
    group by tr.status) s)`;
}

/**
 * Held band shares become pending transfers to the payee's account once it is complete (the
 * transfer job then sends them), before their deadline. What is sent is the share of the
 * order's standing tickets: a ticket refunded while its share was held gave nothing back to
 * take (the rest is recorded as reversed). An order with a refund still being carried out waits
 * for the next sweep, so a refund never takes back a share that was not sent. One statement;
 * rows are locked as they change, so two sweeps release each share once.
 */
export async function releaseHeldBandShares(db: DbOrTx, { payeeUserId }: { payeeUserId?: string } = {}): Promise<number> {
  const result = await db.execute(sql`
    with candidates as (
      select tr.id, tr.amount_cents, pa.provider_account_id,
        (select coalesce(sum(t.band_share_cents), 0)::int from tickets t where t.order_id = tr.order_id and ${STANDING_TICKET}) as standing
      from transfers tr
      join payment_accounts pa on pa.user_id = tr.payee_user_id and pa.status = 'complete'
      join orders o on o.id = tr.order_id
      join gigs g on g.id = o.gig_id
      join regions r on r.slug = g.region_slug
      where tr.kind = 'band_share' and tr.status = 'held'
        ${payeeUserId ? sql`and tr.payee_user_id = ${payeeUserId}` : sql``}
        and ${deadlineAt(sql`g.local_date`, sql`r.time_zone`)} > now()
        and ${noRefundUnderway(sql`tr.order_id`)}
      for update of tr skip locked
    )
    update transfers set
      status = (case when c.standing > 0 then 'pending' else 'forfeited' end)::transfer_status,
      destination_account_id = c.provider_account_id,
      reversed_cents = greatest(0, c.amount_cents - least(c.standing, c.amount_cents)),
      reason = case when c.standing > 0 then null else ${ALL_REFUNDED_REASON}::text end
    from candidates c
    where transfers.id = c.id and transfers.status = 'held'
    returning transfers.status`);
  return result.rows.filter((row) => (row as { status: string }).status === 'pending').length;
}

/**
 * Held band shares of orders whose every ticket was refunded: nothing is left to pay or to lose,
 * so each is closed at once as a release closes one (all of it reversed, ALL_REFUNDED_REASON), not
 * held to its deadline and forfeited, and its band is never e-mailed about $0.00. An order with a
 * refund still being carried out waits for the next sweep, as a release does.
 */
async function closeRefundedHolds(db: DbOrTx): Promise<number> {
  const result = await db.execute(sql`
    update transfers set status = 'forfeited', reversed_cents = amount_cents, reason = ${ALL_REFUNDED_REASON}
    where kind = 'band_share' and status = 'held'
      and not exists (select 1 from tickets t where t.order_id = transfers.order_id and ${STANDING_TICKET})
      and ${noRefundUnderway(sql`transfers.order_id`)}
    returning id`);
  return result.rows.length;
}

type ShowHold = { gigId: string; payeeUserId: string; email: string; venueName: string; localDate: string; heldCents: number; isPastDeadline: boolean; isReminderDue: boolean };

/** Every (show, payee) with held band shares, with what the e-mails say. */
async function findHolds(db: DbOrTx, at: SQL): Promise<ShowHold[]> {
  const result = await db.execute<ShowHold>(sql`
    select g.id as "gigId", tr.payee_user_id as "payeeUserId", lower(u.email) as email,
      v.name as "venueName", g.local_date::text as "localDate",
      coalesce(sum((select coalesce(sum(t.band_share_cents), 0) from tickets t where t.order_id = tr.order_id and t.status not in ('refunded', 'transferred'))), 0)::int as "heldCents",
      bool_or(${deadlineAt(sql`g.local_date`, sql`r.time_zone`)} <= ${at}) as "isPastDeadline",
      bool_or(${deadlineAt(sql`g.local_date`, sql`r.time_zone`)} - ${`${BAND_SHARE_REMINDER_DAYS} days`}::interval <= ${at}) as "isReminderDue"
    from transfers tr
    join orders o on o.id = tr.order_id
    join gigs g on g.id = o.gig_id
    join regions r on r.slug = g.region_slug
    join venue_profiles v on v.user_id = g.venue_id
    join "user" u on u.id = tr.payee_user_id
    where tr.kind = 'band_share' and tr.status = 'held'
    group by g.id, tr.payee_user_id, u.email, v.name, g.local_date
    order by g.local_date, g.id`);
  return result.rows;
}

/** Records that (kind, show, address) was told; false when it was already (a retry, another instance). */
async function claim(tx: DbOrTx, kind: string, gigId: string, email: string): Promise<boolean> {
  const result = await tx.execute(sql`insert into holder_deliveries (kind, ref, email) values (${kind}, ${gigId}::uuid, ${email}) on conflict do nothing returning kind`);
  return result.rows.length > 0;
}

type Deps = Pick<Services, 'db' | 'mailer' | 'env'> & Partial<Pick<Services, 'jobs' | 'logger'>>;

/**
 * The band-share-holds job (issue 34, item 1; every minute, and woken when a payee's account
 * becomes complete): releases held shares whose payee has set up payouts, forfeits those whose
 * deadline has passed, and e-mails each (show, payee) once when its share is first held, once a
 * week before the deadline and once when it is forfeited. Each e-mail is queued in the
 * transaction that records it was sent (holder_deliveries), and a forfeit in the transaction
 * of its e-mail, so a retry, a second run or two instances send each e-mail once.
 */
export async function settleBandShareHolds(services: Deps, { now = new Date() }: { now?: Date } = {}): Promise<{ released: number; forfeited: number; mailed: number }> {
  const { db, mailer, env, jobs } = services;
  const released = await releaseHeldBandShares(db);
  if (released && jobs) await jobs.send(QUEUES.sendTransfers);
  await closeRefundedHolds(db);
  const at = sql`${now.toISOString()}::timestamptz`;
  const setupUrl = `${env.PUBLIC_URL}/dashboard#payment-setup-heading`;
  let forfeited = 0;
  let mailed = 0;
  for (const hold of await findHolds(db, at)) {
    // Every held ticket of the show refunded (its refund still being carried out): nothing to tell the band.
    if (hold.heldCents === 0) continue;
    const deadline = formatLocalDate(bandShareDeadline(hold.localDate));
    const values = { show: `${hold.venueName}, ${formatLocalDate(hold.localDate)}`, amount: formatCents(hold.heldCents), deadline, setupUrl };
    await db.transaction(async (tx) => {
      if (hold.isPastDeadline) {
        const gone = await tx.execute(sql`
          update transfers set status = 'forfeited', reason = ${BAND_DEADLINE_PASSED_REASON}
          where kind = 'band_share' and status = 'held' and payee_user_id = ${hold.payeeUserId}
            and order_id in (select id from orders where gig_id = ${hold.gigId}::uuid)
          returning id`);
        forfeited += gone.rows.length;
        if (gone.rows.length && (await claim(tx, BAND_SHARE_MAIL.forfeited, hold.gigId, hold.email))) {
          await mailer.send({ to: hold.email, kind: BAND_SHARE_MAIL.forfeited, ...(await bandShareForfeitedEmail(values)) }, tx);
          mailed++;
        }
        return;
      }
      const isFirst = await claim(tx, BAND_SHARE_MAIL.held, hold.gigId, hold.email);
      if (isFirst) {
        await mailer.send({ to: hold.email, kind: BAND_SHARE_MAIL.held, ...(await bandShareHeldEmail(values)) }, tx);
        mailed++;
      }
      // Held for the first time within the last week: the first e-mail said the deadline already.
      if (hold.isReminderDue && (await claim(tx, BAND_SHARE_MAIL.reminder, hold.gigId, hold.email)) && !isFirst) {
        await mailer.send({ to: hold.email, kind: BAND_SHARE_MAIL.reminder, ...(await bandShareReminderEmail(values)) }, tx);
        mailed++;
      }
    });
  }
  if (released || forfeited || mailed) services.logger?.info({ released, forfeited, mailed }, 'band share holds settled');
  return { released, forfeited, mailed };
}
