import { sql, type SQL } from 'drizzle-orm';
import { BAND_SHARE_HOLD_DAYS } from '../../../core/band-payouts.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { orders } from '../../db/schema.ts';

export const NO_ACCOUNT_REASON = 'No complete payment account when the ticket was paid: the share stays with the platform.';
export const BAND_DEADLINE_PASSED_REASON = 'Payouts were not set up by the deadline: the share stays with the platform.';
const FORFEITED_GIG_REASON = 'The gig was completed with its payment forfeited.';

/** What the share CTEs need to know of the paid order: SQL values or placeholders, each cast. */
export type ShareValues = { orderId: SQL; gigId: SQL; quantity: SQL; bandShareCents: SQL; organiserShareCents: SQL };

/**
 * The CTEs that record a paid order's shares (D10, D11), to be part of one statement:
 * `share_payees` (who is paid, and their complete payout accounts, read in the same statement),
 * `band_transfer`, `held_payment` (returns the held payment's status) and `organiser_transfer`.
 * `when` gates them (e.g. `exists (select 1 from paid)`): nothing is recorded unless it holds.
 * - Payees: the band (or, for a managed artist, its manager) and the organiser (the promoter of a
 *   promoter's gig, else the venue), each with its account if that account is complete.
 * - The band share becomes a pending transfer to the band's account (sent by the transfer job), or,
 *   when the band has no complete account, a held one (issue 34): kept until the band sets up
 *   payouts or the deadline passes (band-share-holds.ts); forfeited at once only when the
 *   deadline (BAND_SHARE_HOLD_DAYS after the show's date, in its zone) has already passed.
 * - Every paid ticket counts on the gig's held payment; the organiser's share is added to it only
 *   while the gig is not completed and the organiser can be paid. A gig already completed pays
 *   (released) or forfeits (forfeited) later shares at once; an organiser without an account
 *   forfeits its share.
 */
export function ticketSharesCtes({ orderId, gigId, quantity, bandShareCents, organiserShareCents }: ShareValues, when: SQL = sql`true`): SQL {
  return sql`
    share_payees as (
      select payee.band_payee, payee.organiser, payee.band_can_hold,
        (select provider_account_id from payment_accounts where user_id = payee.band_payee and status = 'complete') as band_account,
        (select provider_account_id from payment_accounts where user_id = payee.organiser and status = 'complete') as organiser_account
      from (
        select coalesce(g.band_id, m.manager_id) as band_payee, coalesce(g.promoter_id, g.venue_id) as organiser,
          ((g.local_date + ${BAND_SHARE_HOLD_DAYS + 1}::int)::timestamp at time zone r.time_zone) > now() as band_can_hold
        from gigs g join regions r on r.slug = g.region_slug left join managed_artists m on m.id = g.managed_artist_id
        where g.id = ${gigId} and ${when}
      ) payee
    ), band_transfer as (
      insert into transfers (order_id, kind, payee_user_id, amount_cents, destination_account_id, status, reason)
      select ${orderId}, 'band_share'::transfer_kind, band_payee, ${bandShareCents}, band_account,
        (case when band_account is not null then 'pending' when band_can_hold then 'held' else 'forfeited' end)::transfer_status,
        case when band_account is null and not band_can_hold then ${BAND_DEADLINE_PASSED_REASON}::text end
      from share_payees where ${bandShareCents} > 0
      on conflict do nothing
      returning status
    ), held_payment as (
      insert into held_payments (gig_id, payee_user_id, amount_cents, ticket_count)
      select ${gigId}, organiser, case when organiser_account is null then 0 else ${organiserShareCents} end, ${quantity}
      from share_payees
      on conflict (gig_id) where imported_at is null do update set
        ticket_count = held_payments.ticket_count + excluded.ticket_count,
        amount_cents = held_payments.amount_cents + case when held_payments.status = 'holding' then excluded.amount_cents else 0 end,
        updated_at = now()
      returning status
    ), organiser_transfer as (
      insert into transfers (order_id, kind, payee_user_id, amount_cents, destination_account_id, status, reason)
      select ${orderId}, 'organiser_share'::transfer_kind,
        case when p.organiser_account is not null and h.status = 'forfeited' then null else p.organiser end,
        ${organiserShareCents},
        case when p.organiser_account is not null and h.status = 'released' then p.organiser_account end,
        (case when p.organiser_account is not null and h.status = 'released' then 'pending' else 'forfeited' end)::transfer_status,
        case when p.organiser_account is null then ${NO_ACCOUNT_REASON}::text when h.status = 'forfeited' then ${FORFEITED_GIG_REASON}::text end
      from share_payees p cross join held_payment h
      where ${organiserShareCents} > 0 and (p.organiser_account is null or h.status <> 'holding')
      on conflict do nothing
      returning status
    )`;
}

/**
 * What a paid ticket owes its band and organiser (D10, D11), recorded in the transaction that
 * issues the ticket, so a ticket never exists without its shares or the other way round: one
 * statement (ticketSharesCtes). The paid event's own statement carries the same CTEs
 * (fulfilHeldOrder). Returns whether a transfer is waiting to be sent.
 */
export async function recordTicketShares(tx: DbOrTx, order: typeof orders.$inferSelect): Promise<{ hasPendingTransfer: boolean }> {
  const values: ShareValues = {
    orderId: sql`${order.id}::uuid`,
    gigId: sql`${order.gigId}::uuid`,
    quantity: sql`${order.quantity}::int`,
    bandShareCents: sql`${order.bandShareCents}::int`,
    organiserShareCents: sql`${order.organiserShareCents}::int`,
  };
  const result = await tx.execute<{ hasPendingTransfer: boolean }>(sql`
    with ${ticketSharesCtes(values)}
    select exists (select 1 from band_transfer where status = 'pending') or exists (select 1 from organiser_transfer where status = 'pending') as "hasPendingTransfer"`);
  return { hasPendingTransfer: Boolean(result.rows[0]?.hasPendingTransfer) };
}
