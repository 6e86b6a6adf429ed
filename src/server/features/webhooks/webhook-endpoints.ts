import { randomBytes } from 'node:crypto';
import { refuseWhileImpersonating } from '../../http/session.ts';
import { and, count, eq, sql } from 'drizzle-orm';
import {
  createWebhookEndpointSchema,
  MAX_WEBHOOK_ENDPOINTS,
  rotateWebhookSecretSchema,
  SECRET_ROTATION_OVERLAP_HOURS,
  updateWebhookEndpointSchema,
  WEBHOOK_TEST_MESSAGES,
  WEBHOOK_TEST_TYPE,
  WEBHOOK_VERIFICATION_MESSAGES,
  WEBHOOK_VERIFICATION_TYPE,
  type WebhookDeliverySummary,
  type WebhookEndpointSummary,
  type WebhookEventType,
} from '../../../core/schemas/webhooks.ts';
import { isUuid } from '../../../core/ids.ts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { limitHits } from '../../http/rate-limit.ts';
import type { CurrentSession, SessionUser } from '../../http/session.ts';
import { parseInput } from '../../http/validate.ts';
import type { Services } from '../../services.ts';
import { asOrganiser } from '../booking/gig-ownership.ts';
import { checkWebhookUrl } from './webhook-addresses.ts';
import { deliverWebhookNow, postWebhook } from './deliver-webhooks.ts';

export { SECRET_ROTATION_OVERLAP_HOURS };

type EndpointServices = Pick<Services, 'db' | 'env' | 'isRateLimitEnabled'>;

/** How many recent deliveries each endpoint's log shows. */
export const DELIVERY_LOG_SIZE = 50;

const NOT_FOUND = () => new AppError('NOT_FOUND', 'That webhook endpoint was not found.');

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** The endpoint, if this organiser owns it; anyone else's id is "not found". */
async function findOwnEndpoint(db: Services['db'], owner: SessionUser, endpointId: string) {
  if (!isUuid(endpointId)) throw NOT_FOUND();
  const [endpoint] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.ownerId, owner.id)));
  if (!endpoint) throw NOT_FOUND();
  return endpoint;
}

/**
 * Decision 54: a venue or promoter with a confirmed e-mail adds an endpoint (its address checked: no
 * private targets). Not an admin acting as them: the endpoint and its secret would outlive the impersonation.
 */
export async function createWebhookEndpoint(services: EndpointServices, session: CurrentSession, rawInput: unknown): Promise<{ id: string } & VerificationResult> {
  const { db, env } = services;
  const sessionUser = session.user;
  const organiser = asOrganiser(sessionUser);
  refuseWhileImpersonating(session, 'add webhook endpoints');
  if (!sessionUser.emailVerified) throw new AppError('FORBIDDEN', 'Please confirm your e-mail address first: we send the link when you sign up, and you can ask for it again on your dashboard.');
  const input = parseInput(createWebhookEndpointSchema, rawInput);
  await limitHits(services, `webhook-endpoints:${organiser.id}`, { windowMs: 60 * 60_000, max: 20, message: 'Too many new webhook endpoints in a short time. Please try again in an hour.' });
  const url = await checkWebhookUrl(input.url, { isPrivateAllowed: env.WEBHOOKS_ALLOW_PRIVATE });
  const [existing] = await db.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.ownerId, organiser.id));
  if ((existing?.n ?? 0) >= MAX_WEBHOOK_ENDPOINTS) throw new AppError('CONFLICT', `You can have up to ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints. Please delete one you no longer use first.`);
  const [created] = await db.insert(webhookEndpoints).values({ ownerId: organiser.id, url, events: input.events, secret: newWebhookSecret(), verifiedAt: null }).returning({ id: webhookEndpoints.id });
  // Issue 33: the address proves it is the organiser's own receiver before anything is sent to it.
  return { id: created!.id, ...(await sendVerification(services, created!.id)) };
}

export type VerificationResult = { isVerified: boolean; message: string; error: string | null };

/**
 * Issue 33 (Standard Webhooks' advice): proves an endpoint is its organiser's own receiver. One
 * signed POST of a `webhook.verification` event carrying a random challenge; the endpoint is
 * verified once it answers 2xx with that challenge in its body. Until then no event is recorded
 * for it and nothing is delivered, so an address that merely accepts anything (someone else's
 * server) never receives an organiser's data. An endpoint verified once stays verified.
 */
async function sendVerification(services: EndpointServices, endpointId: string): Promise<VerificationResult> {
  const { db, env } = services;
  const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
  if (!endpoint) throw NOT_FOUND();
  if (endpoint.verifiedAt) return { isVerified: true, message: WEBHOOK_VERIFICATION_MESSAGES.verified, error: null };
  const challenge = randomBytes(16).toString('hex');
  const body = JSON.stringify({ type: WEBHOOK_VERIFICATION_TYPE, timestamp: new Date().toISOString(), data: { challenge } });
  const answer = await postWebhook({ url: endpoint.url, secret: endpoint.secret, messageId: `msg_${randomBytes(16).toString('hex')}`, body, isPrivateAllowed: env.WEBHOOKS_ALLOW_PRIVATE });
  if (!answer.isDelivered || !answer.responseExcerpt?.includes(challenge)) {
    const error = answer.error ?? 'The answer did not contain the challenge.';
    return { isVerified: false, message: WEBHOOK_VERIFICATION_MESSAGES.waiting, error };
  }
  await db.update(webhookEndpoints).set({ verifiedAt: new Date() }).where(eq(webhookEndpoints.id, endpoint.id));
  return { isVerified: true, message: WEBHOOK_VERIFICATION_MESSAGES.verified, error: null };
}

/** 'Verify again': the owner asks Marquee to send the verification request once more (not an admin acting as them). */
export async function verifyWebhookEndpoint(services: EndpointServices, session: CurrentSession, endpointId: string, rawInput: unknown): Promise<VerificationResult> {
  const organiser = asOrganiser(session.user);
  refuseWhileImpersonating(session, 'verify a webhook endpoint');
  parseInput(rotateWebhookSecretSchema, rawInput);
  await limitHits(services, `webhook-verifications:${organiser.id}`, { windowMs: 10 * 60_000, max: 20, message: WEBHOOK_VERIFICATION_MESSAGES.tooMany });
  const endpoint = await findOwnEndpoint(services.db, session.user, endpointId);
  return sendVerification(services, endpoint.id);
}

/** The organiser's endpoints (never their secrets) with each one's recent deliveries and last attempt. */
export async function listWebhookEndpoints(db: Services['db'], sessionUser: SessionUser): Promise<{ endpoints: WebhookEndpointSummary[] }> {
  const organiser = asOrganiser(sessionUser);
  const endpoints = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.ownerId, organiser.id)).orderBy(webhookEndpoints.createdAt);
  if (endpoints.length === 0) return { endpoints: [] };
  const deliveries = await db.execute(sql`
    select d.id, d.endpoint_id as "endpointId", ev.type, d.created_at as "createdAt", d.status, d.attempts, d.next_attempt_at as "nextAttemptAt",
      a.attempted_at as "attemptedAt", a.status_code as "statusCode", a.response_excerpt as "responseExcerpt", a.duration_ms as "durationMs", a.error
    from unnest(${`{${endpoints.map((e) => e.id).join(',')}}`}::uuid[]) as ep(id)
    cross join lateral (
      select * from ${webhookDeliveries} where endpoint_id = ep.id order by created_at desc limit ${DELIVERY_LOG_SIZE}
    ) d
    join ${webhookEvents} ev on ev.id = d.event_id
    left join lateral (
      select * from ${webhookAttempts} where delivery_id = d.id order by attempted_at desc limit 1
    ) a on true
    order by d.created_at desc`);
  type Row = { id: string; endpointId: string; type: WebhookDeliverySummary['type']; createdAt: string | Date; status: 'pending' | 'delivered'; attempts: number; nextAttemptAt: string | Date; attemptedAt: string | Date | null; statusCode: number | null; responseExcerpt: string | null; durationMs: number | null; error: string | null };
  const iso = (v: string | Date) => new Date(v).toISOString();
  const byEndpoint = new Map<string, WebhookDeliverySummary[]>();
  for (const row of deliveries.rows as Row[]) {
    const list = byEndpoint.get(row.endpointId) ?? [];
    list.push({
      id: row.id,
      type: row.type,
      createdAt: iso(row.createdAt),
      status: row.status,
      attempts: row.attempts,
      nextAttemptAt: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
      lastAttempt: row.attemptedAt ? { attemptedAt: iso(row.attemptedAt), statusCode: row.statusCode, responseExcerpt: row.responseExcerpt, durationMs: row.durationMs ?? 0, error: row.error } : null,
    });
    byEndpoint.set(row.endpointId, list);
  }
  return {
    endpoints: endpoints.map((e) => ({
      id: e.id,
      url: e.url,
      events: e.events as WebhookEventType[],
      isEnabled: e.isEnabled,
      autoDisabledAt: e.autoDisabledAt?.toISOString() ?? null,
      failingSince: e.failingSince?.toISOString() ?? null,
      previousSecretExpiresAt: e.previousSecret && e.previousSecretExpiresAt && e.previousSecretExpiresAt > new Date() ? e.previousSecretExpiresAt.toISOString() : null,
      isVerified: e.verifiedAt !== null,
      createdAt: e.createdAt.toISOString(),
      deliveries: byEndpoint.get(e.id) ?? [],
    })),
  };
}

/** The endpoint's signing secret, for its owner to copy into the receiver (not for an admin acting as them: it would keep working after). */
export async function revealWebhookSecret(db: Services['db'], session: CurrentSession, endpointId: string): Promise<{ secret: string }> {
  asOrganiser(session.user);
  refuseWhileImpersonating(session, "see a webhook endpoint's signing secret");
  const endpoint = await findOwnEndpoint(db, session.user, endpointId);
  return { secret: endpoint.secret };
}

/**
 * Issue 33: a new signing secret for the endpoint, shown once here (and on request after, like any
 * secret). The one it replaces keeps signing deliveries too (a second signature in
 * `webhook-signature`) for SECRET_ROTATION_OVERLAP_HOURS, so the receiver can switch without losing
 * any; rotating again within that time drops the older one. Not for an admin acting as the owner.
 */
export async function rotateWebhookSecret(
  services: EndpointServices,
  session: CurrentSession,
  endpointId: string,
  rawInput: unknown,
  { now = new Date() } = {},
): Promise<{ secret: string; previousSecretExpiresAt: string }> {
  const { db } = services;
  const organiser = asOrganiser(session.user);
  refuseWhileImpersonating(session, "rotate a webhook endpoint's signing secret");
  parseInput(rotateWebhookSecretSchema, rawInput);
  await limitHits(services, `webhook-rotations:${organiser.id}`, { windowMs: 60 * 60_000, max: 10, message: 'Too many secret rotations in a short time. Please try again in an hour.' });
  const endpoint = await findOwnEndpoint(db, session.user, endpointId);
  const secret = newWebhookSecret();
  const previousSecretExpiresAt = new Date(now.getTime() + SECRET_ROTATION_OVERLAP_HOURS * 3600_000);
  // The old secret is read in the update itself, so two rotations at once cannot both keep the first one.
  await db
    .update(webhookEndpoints)
    .set({ previousSecret: sql`${webhookEndpoints.secret}`, previousSecretExpiresAt, secret })
    .where(eq(webhookEndpoints.id, endpoint.id));
  return { secret, previousSecretExpiresAt: previousSecretExpiresAt.toISOString() };
}

/**
 * Turns an endpoint off or on. Turned on again (by its owner, after Marquee turned it off or not),
 * its run of failures starts afresh and the deliveries waiting for it are due at once.
 */
export async function updateWebhookEndpoint(services: EndpointServices, sessionUser: SessionUser, endpointId: string, rawInput: unknown): Promise<{ isEnabled: boolean }> {
  const { db } = services;
  asOrganiser(sessionUser);
  const input = parseInput(updateWebhookEndpointSchema, rawInput);
  await limitHits(services, `webhook-changes:${sessionUser.id}`, { windowMs: 10 * 60_000, max: 60, message: 'Too many changes to your webhooks. Please try again in a few minutes.' });
  const endpoint = await findOwnEndpoint(db, sessionUser, endpointId);
  await db.transaction(async (tx) => {
    await tx
      .update(webhookEndpoints)
      .set(input.isEnabled ? { isEnabled: true, failingSince: null, autoDisabledAt: null } : { isEnabled: false })
      .where(eq(webhookEndpoints.id, endpoint.id));
    if (input.isEnabled && !endpoint.isEnabled) {
      await tx.update(webhookDeliveries).set({ nextAttemptAt: new Date() }).where(and(eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.status, 'pending')));
    }
  });
  return { isEnabled: input.isEnabled };
}

/** Deletes an endpoint with its deliveries and their log (events no other endpoint needs stay until the next clean-up). */
export async function deleteWebhookEndpoint(services: EndpointServices, sessionUser: SessionUser, endpointId: string): Promise<void> {
  const { db } = services;
  asOrganiser(sessionUser);
  await limitHits(services, `webhook-changes:${sessionUser.id}`, { windowMs: 10 * 60_000, max: 60, message: 'Too many changes to your webhooks. Please try again in a few minutes.' });
  const endpoint = await findOwnEndpoint(db, sessionUser, endpointId);
  await db.transaction(async (tx) => {
    // Its events that no other endpoint was sent go with it (found in the database, not sent back
    // as one parameter each: a busy endpoint has more deliveries than a statement takes parameters).
    await tx.execute(sql`
      with gone as (delete from ${webhookEndpoints} where ${webhookEndpoints.id} = ${endpoint.id} returning id),
      its_events as (select distinct event_id from webhook_deliveries where endpoint_id = ${endpoint.id})
      delete from webhook_events ev using its_events
      where ev.id = its_events.event_id and exists (select 1 from gone)
        and not exists (select 1 from webhook_deliveries d where d.event_id = ev.id and d.endpoint_id <> ${endpoint.id})`);
  });
}

/**
 * Issue 35, 'Send test event': a `webhook.test` message to this endpoint only, sent at once and
 * answered with what the endpoint said; logged like any delivery and retried if it failed. The
 * endpoint must be on and verified (nothing is delivered to it before).
 */
export async function sendTestWebhookEvent(services: Pick<Services, 'db' | 'env' | 'mailer' | 'logger' | 'isRateLimitEnabled'>, sessionUser: SessionUser, endpointId: string) {
  const { db } = services;
  const organiser = asOrganiser(sessionUser);
  const endpoint = await findOwnEndpoint(db, sessionUser, endpointId);
  if (!endpoint.isEnabled) throw new AppError('CONFLICT', WEBHOOK_TEST_MESSAGES.disabled);
  if (!endpoint.verifiedAt) throw new AppError('CONFLICT', WEBHOOK_TEST_MESSAGES.notVerified);
  await limitHits(services, `webhook-tests:${organiser.id}`, { windowMs: 10 * 60_000, max: 10, message: WEBHOOK_TEST_MESSAGES.tooMany });
  const deliveryId = `msg_${randomBytes(16).toString('hex')}`;
  await db.transaction(async (tx) => {
    const [event] = await tx
      .insert(webhookEvents)
      .values({ type: WEBHOOK_TEST_TYPE, payload: { type: WEBHOOK_TEST_TYPE, timestamp: new Date().toISOString(), data: { message: 'A test event sent from your Marquee dashboard. Nothing happened on Marquee.', endpoint: { url: endpoint.url } } } })
      .returning({ id: webhookEvents.id });
    await tx.insert(webhookDeliveries).values({ id: deliveryId, eventId: event!.id, endpointId: endpoint.id });
  });
  const result = await deliverWebhookNow(services, deliveryId);
  if (!result) throw new AppError('CONFLICT', 'The test event is already on its way.');
  return { deliveryId, isDelivered: result.isDelivered, statusCode: result.statusCode, durationMs: result.durationMs, error: result.error };
}

/**
 * Sends a delivery again: it becomes due now, with the same webhook-id (the receiver's idempotency
 * key), whether it was delivered or is still failing. Only its endpoint's owner may.
 */
export async function resendWebhookDelivery(services: EndpointServices, sessionUser: SessionUser, deliveryId: string): Promise<{ message: string }> {
  const { db } = services;
  const organiser = asOrganiser(sessionUser);
  if (!/^msg_[0-9a-f]{32}$/.test(deliveryId)) throw new AppError('NOT_FOUND', 'That delivery was not found.');
  await limitHits(services, `webhook-resends:${organiser.id}`, { windowMs: 10 * 60_000, max: 30, message: 'Too many resends in a short time. Please try again in a few minutes.' });
  const [resent] = await db
    .update(webhookDeliveries)
    .set({ status: 'pending', nextAttemptAt: new Date(), deliveredAt: null })
    .where(and(eq(webhookDeliveries.id, deliveryId), sql`${webhookDeliveries.endpointId} in (select ${webhookEndpoints.id} from ${webhookEndpoints} where ${webhookEndpoints.ownerId} = ${organiser.id})`))
    .returning({ endpointId: webhookDeliveries.endpointId });
  if (!resent) throw new AppError('NOT_FOUND', 'That delivery was not found.');
  const [endpoint] = await db.select({ isEnabled: webhookEndpoints.isEnabled }).from(webhookEndpoints).where(eq(webhookEndpoints.id, resent.endpointId));
  return { message: endpoint?.isEnabled ? 'The delivery will be sent again in a moment, with the same webhook-id.' : 'The delivery will be sent again, with the same webhook-id, once you turn the endpoint back on.' };
}
