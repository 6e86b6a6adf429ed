import { type SQL, sql } from 'drizzle-orm';
import type { WebhookEventType } from '../../../core/schemas/webhooks.ts';
import type { DbOrTx } from '../../db/client.ts';
import { ticketRefSql } from '../door/count-door.ts';
import { liveNotice } from '../live/live-events.ts';

/**
 * What an event is about: its gig (whose organiser's endpoints hear it), the ticket or order when
 * there is one, and the event's own fields. A ticket is named by its order, place and door
 * reference, never by its id (the code that admits it).
 */
export type WebhookSubject = { gigId: string; ticketId?: string; orderId?: string; data?: Record<string, unknown> };

/** The one type coalesced per gig and endpoint while undelivered (issue 33): only its latest state matters. */
const COALESCED_TYPE: WebhookEventType = 'gig.changed';

/**
 * Whether an enabled, verified endpoint of the organiser `ownerId` listens for `type`: the check
 * emitWebhookEvent makes, for a statement that wants to know before calling it (the door's admit
 * returns it, so a scan nobody listens for is one statement: issue 34).
 */
export const isHeardSql = (ownerId: SQL, type: WebhookEventType) =>
  sql`exists (select 1 from webhook_endpoints e where e.owner_id = ${ownerId} and e.is_enabled and e.verified_at is not null and ${type}::text = any(e.events))`;

/**
 * Decision 54: records an event for every enabled endpoint of the gig's organiser (the promoter
 * running it, else its venue) that listens for its type, one delivery each, for the
 * `deliver-webhooks` job to send. Called inside the transaction of the change it reports, so an
 * event is recorded exactly when the change commits: never lost, never sent for a change rolled
 * back. One statement, whatever the number of subjects; nothing is written when nobody listens.
 * A `gig.changed` for a gig whose previous one an endpoint has not been sent yet (never tried)
 * replaces it in place (same webhook-id, the latest state; a second statement removes the
 * replaced event), so a burst of edits is one delivery per endpoint (issue 33).
 * Each event's `data` carries the gig as fans see it (read in the same statement, after the
 * change) beside the subject's own fields.
 */
export async function emitWebhookEvent(db: DbOrTx, type: WebhookEventType, subjects: WebhookSubject | readonly WebhookSubject[]): Promise<void> {
  const list: readonly WebhookSubject[] = 'gigId' in subjects ? [subjects] : subjects;
  if (list.length === 0) return;
  const items = JSON.stringify(list.map((s) => ({ gigId: s.gigId, ticketId: s.ticketId ?? null, orderId: s.orderId ?? null, data: s.data ?? {} })));
  const { rows } = await db.execute(sql`
    with subject as materialized (
      select gen_random_uuid() as event_id, coalesce(g.promoter_id, g.venue_id) as owner_id, g.id as gig_id,
        jsonb_build_object(
          'type', ${type}::text,
          'timestamp', ${new Date().toISOString()}::text,
          'data', (x.item->'data')
            || case when t.id is null then '{}'::jsonb else jsonb_build_object('ticket', jsonb_build_object(
              'orderId', t.order_id, 'position', t.position, 'ref', ${ticketRefSql(sql`t.id`)}, 'holderEmail', t.holder_email, 'status', t.status,
              'ticketType', tt.name, 'faceCents', t.face_cents)) end
            || case when o.id is null then '{}'::jsonb else jsonb_build_object('order', jsonb_build_object(
              'id', o.id, 'quantity', o.quantity, 'totalCents', o.total_cents, 'buyerEmail', o.buyer_email, 'ticketType', ot.name)) end
            || jsonb_build_object('gig', jsonb_build_object(
            'id', g.id,
            'status', case when g.cancelled_at is not null then 'cancelled' when g.is_approved then 'booked' else 'open' end,
            'date', g.local_date,
            'startTime', g.start_time,
            'endTime', g.end_time,
            'startsAt', to_char(g.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
            'timeZone', r.time_zone,
            'description', g.description,
            'coverCharge', g.cover_charge,
            'act', coalesce(b.name, m.name),
            'band', case when b.user_id is null then null else jsonb_build_object('name', b.name, 'slug', b.slug) end,
            'venue', jsonb_build_object('name', v.name, 'slug', v.slug, 'address', v.address),
            'isTicketed', g.is_ticketed,
            'ticketPriceCents', g.ticket_price_cents,
            'ticketQuantity', g.ticket_quantity,
            'cancelledAt', to_char(g.cancelled_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
          ))
        ) as payload
      from jsonb_array_elements(${items}::jsonb) as x(item)
      join gigs g on g.id = (x.item->>'gigId')::uuid
      join regions r on r.slug = g.region_slug
      join venue_profiles v on v.user_id = g.venue_id
      left join band_profiles b on b.user_id = g.band_id
      left join managed_artists m on m.id = g.managed_artist_id
      left join tickets t on t.id = x.item->>'ticketId'
      left join ticket_types tt on tt.id = t.ticket_type_id
      left join orders o on o.id = (x.item->>'orderId')::uuid
      left join ticket_types ot on ot.id = o.ticket_type_id
      where ${isHeardSql(sql`coalesce(g.promoter_id, g.venue_id)`, type)}
    ), event as (
      insert into webhook_events (id, type, payload)
      select event_id, ${type}::text, payload from subject
    ), target as (
      select subject.event_id, subject.gig_id, e.id as endpoint_id
      from subject
      join webhook_endpoints e on e.owner_id = subject.owner_id and e.is_enabled and e.verified_at is not null and ${type}::text = any(e.events)
    ), coalesced as (
      -- Issue 33: a gig's gig.changed not yet tried (pending, never attempted, not claimed: a claim
      -- moves its due time ahead) now carries the latest state; an attempted one keeps its bytes.
      update webhook_deliveries d set event_id = t.event_id
      from target t, webhook_events old
      where ${type}::text = ${COALESCED_TYPE} and d.endpoint_id = t.endpoint_id and old.id = d.event_id
        and old.type = ${COALESCED_TYPE} and old.payload->'data'->'gig'->>'id' = t.gig_id::text
        and d.status = 'pending' and d.attempts = 0 and d.next_attempt_at <= now()
      returning d.endpoint_id, t.gig_id, old.id as old_event_id
    ), added as (
      insert into webhook_deliveries (id, event_id, endpoint_id)
      select 'msg_' || replace(gen_random_uuid()::text, '-', ''), t.event_id, t.endpoint_id
      from target t
      where not exists (select 1 from coalesced c where c.endpoint_id = t.endpoint_id and c.gig_id = t.gig_id)
    ), notice as (
      -- Issue 35: on commit, the delivery job is woken (register-jobs.ts) instead of waiting for its minute.
      select ${liveNotice('webhooks')} from (select 1 from target limit 1) as any_target
    )
    select distinct old_event_id as "oldEventId" from coalesced
    union all select null from notice`);
  const replaced = (rows as { oldEventId: string | null }[]).map((r) => r.oldEventId).filter((id): id is string => id !== null);
  if (replaced.length === 0) return;
  // The replaced events, unless another endpoint's delivery (already tried) still sends them.
  await db.execute(sql`
    delete from webhook_events ev where ev.id = any(${`{${replaced.join(',')}}`}::uuid[])
      and not exists (select 1 from webhook_deliveries d where d.event_id = ev.id)`);
}
