import http from 'node:http';
import https from 'node:https';
import { and, eq, lte, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type { Db } from '../../db/client.ts';
import { user, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';
import { webhookDisabledEmail } from '../../mail/emails/webhook-disabled.ts';
import type { Services } from '../../services.ts';
import { guardedLookup, PrivateAddressError, refuseLiteralPrivateHost } from './webhook-addresses.ts';

/** Decision 54: the wait after each failed attempt (30 s, 2 min, 10 min, 1 h, 6 h), then once a day. */
export const RETRY_SCHEDULE_SECONDS = [30, 120, 600, 3600, 6 * 3600, 24 * 3600] as const;
/** Failing this long without one success turns an endpoint off (and tells its owner). */
export const AUTO_DISABLE_AFTER_DAYS = 3;
export const DELIVERY_TIMEOUT_MS = 10_000;
const EXCERPT_CHARS = 500;
export const WEBHOOK_BATCH = 50;
/** One run of the job claims again and again while anything is due, for at most this long. */
export const WEBHOOK_RUN_MS = 5 * 60_000;
const CONCURRENCY = 5;
/** A claimed delivery is not claimed again for this long (longer than an attempt can take). */
const CLAIM_SECONDS = 120;

export const retryDelaySeconds = (attempts: number) => RETRY_SCHEDULE_SECONDS[Math.min(attempts, RETRY_SCHEDULE_SECONDS.length) - 1]!;

export type AttemptResult = { isDelivered: boolean; statusCode: number | null; responseExcerpt: string | null; durationMs: number; error: string | null };

/**
 * One signed POST (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature): at most
 * `timeoutMs`, no redirect followed (a 3xx is a failure), 2xx delivered. The connection goes to
 * the address the guarded lookup checked.
 */
export async function postWebhook({
  url,
  secret,
  previousSecret = null,
  messageId,
  body,
  isPrivateAllowed,
  timeoutMs = DELIVERY_TIMEOUT_MS,
}: {
  url: string;
  secret: string;
  /** Issue 33: during a rotation's overlap, the old secret signs too (a second, space-separated signature). */
  previousSecret?: string | null;
  messageId: string;
  body: string;
  isPrivateAllowed: boolean;
  timeoutMs?: number;
}): Promise<AttemptResult> {
  const started = performance.now();
  const done = (result: Omit<AttemptResult, 'durationMs'>): AttemptResult => ({ ...result, durationMs: Math.round(performance.now() - started) });
  try {
    const target = new URL(url);
    refuseLiteralPrivateHost(target, isPrivateAllowed);
    const sentAt = new Date();
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Marquee-Webhooks/1.0',
      'webhook-id': messageId,
      'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
      'webhook-signature': [secret, ...(previousSecret ? [previousSecret] : [])].map((key) => new Webhook(key).sign(messageId, sentAt, body)).join(' '),
    };
    const { statusCode, excerpt } = await request(target, headers, body, isPrivateAllowed, timeoutMs);
    const isDelivered = statusCode >= 200 && statusCode < 300;
    const error = isDelivered ? null : statusCode >= 300 && statusCode < 400 ? `Redirect (HTTP ${statusCode}) not followed.` : `HTTP ${statusCode}`;
    return done({ isDelivered, statusCode, responseExcerpt: excerpt, error });
  } catch (error) {
    return done({ isDelivered: false, statusCode: null, responseExcerpt: null, error: describeError(error, timeoutMs) });
  }
}

/** PostgreSQL text holds no NUL character: an answer's binary bytes are kept as U+FFFD. */
const toStorableText = (text: string) => text.replaceAll('\u0000', '\uFFFD');

function describeError(error: unknown, timeoutMs: number): string {
  if (error instanceof PrivateAddressError) return error.message;
  const { name, code, message } = error as { name?: string; code?: string; message?: string };
  if (name === 'TimeoutError' || name === 'AbortError' || code === 'ABORT_ERR') return `No answer within ${timeoutMs / 1000} seconds.`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'The host name could not be found.';
  if (code === 'ECONNREFUSED') return 'The connection was refused.';
  return toStorableText(`${code ? `${code}: ` : ''}${message ?? 'The request failed.'}`.slice(0, 300));
}

function request(target: URL, headers: Record<string, string>, body: string, isPrivateAllowed: boolean, timeoutMs: number) {
  return new Promise<{ statusCode: number; excerpt: string | null }>((resolve, reject) => {
    const send = target.protocol === 'https:' ? https.request : http.request;
    const req = send(target, { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, lookup: guardedLookup(isPrivateAllowed), signal: AbortSignal.timeout(timeoutMs), agent: false }, (res) => {
      let excerpt = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        excerpt += chunk;
        // Only an excerpt is kept: the rest of a long answer is not read.
        if (excerpt.length >= EXCERPT_CHARS) res.destroy();
      });
      const finish = () => resolve({ statusCode: res.statusCode ?? 0, excerpt: excerpt ? toStorableText(excerpt.slice(0, EXCERPT_CHARS)) : null });
      res.on('end', finish);
      res.on('close', finish);
      res.on('error', finish);
    });
    req.on('error', reject);
    req.end(body);
  });
}

type DeliveryServices = Pick<Services, 'db' | 'env' | 'mailer' | 'logger'>;

type Claimed = { id: string; endpointId: string; attempts: number; url: string; secret: string; previousSecret: string | null; payload: { type: string; timestamp: string; data: unknown } };

/**
 * Issue 33: at most this many of one endpoint's deliveries in one claim, taken in turn with every
 * other endpoint's (each endpoint's oldest first, then each one's second, ...), so an endpoint with
 * a backlog, or a slow one, delays its own deliveries and not other organisers'.
 */
export const PER_ENDPOINT_PER_CLAIM = 5;

/**
 * Claims due deliveries of enabled endpoints (skipping ones another worker holds) for
 * CLAIM_SECONDS: round-robin across endpoints, at most PER_ENDPOINT_PER_CLAIM of each, returned in
 * that turn order (the workers take them in it).
 */
async function claimDue(db: Db, now: Date, limit: number): Promise<Claimed[]> {
  const result = await db.execute(sql`
    with ranked as (
      select d.id, row_number() over (partition by d.endpoint_id order by d.next_attempt_at, d.id) as turn
      from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
      where d.status = 'pending' and d.next_attempt_at <= ${now.toISOString()}::timestamptz and e.is_enabled and e.verified_at is not null
    ), due as (
      select d.id, r.turn, d.next_attempt_at from webhook_deliveries d join ranked r on r.id = d.id
      where r.turn <= ${PER_ENDPOINT_PER_CLAIM} and d.status = 'pending' and d.next_attempt_at <= ${now.toISOString()}::timestamptz
      order by r.turn, d.next_attempt_at limit ${limit}
      for update of d skip locked
    ), claimed as (
      update webhook_deliveries d set next_attempt_at = ${now.toISOString()}::timestamptz + make_interval(secs => ${CLAIM_SECONDS})
      from due where d.id = due.id
      returning d.id, d.endpoint_id, d.event_id, d.attempts
    )
    select ${claimedColumns(now)}
    from claimed c join due on due.id = c.id join webhook_endpoints e on e.id = c.endpoint_id join webhook_events ev on ev.id = c.event_id
    order by due.turn, due.next_attempt_at`);
  return result.rows as Claimed[];
}

/** What a claim hands a worker: the delivery, its endpoint's address and secrets, its event. */
const claimedColumns = (now: Date) => sql`c.id, c.endpoint_id as "endpointId", c.attempts, e.url, e.secret,
      case when e.previous_secret_expires_at > ${now.toISOString()}::timestamptz then e.previous_secret end as "previousSecret", ev.payload`;

/**
 * Issue 35: one pending delivery sent now, for someone waiting on its answer ('Send test event'):
 * claimed as the job claims (so the job leaves it alone), posted, and its attempt recorded as any
 * other (a failure is retried on the schedule). Null when it is not pending.
 */
export async function deliverWebhookNow(services: DeliveryServices, deliveryId: string, { now = new Date(), timeoutMs = DELIVERY_TIMEOUT_MS } = {}): Promise<AttemptResult | null> {
  const { rows } = await services.db.execute(sql`
    with claimed as (
      update webhook_deliveries d set next_attempt_at = ${now.toISOString()}::timestamptz + make_interval(secs => ${CLAIM_SECONDS})
      where d.id = ${deliveryId} and d.status = 'pending'
      returning d.id, d.endpoint_id, d.event_id, d.attempts
    )
    select ${claimedColumns(now)}
    from claimed c join webhook_endpoints e on e.id = c.endpoint_id join webhook_events ev on ev.id = c.event_id`);
  const claimed = rows[0] as Claimed | undefined;
  if (!claimed) return null;
  const result = await postWebhook({ url: claimed.url, secret: claimed.secret, previousSecret: claimed.previousSecret, messageId: claimed.id, body: bodyOf(claimed.payload), isPrivateAllowed: services.env.WEBHOOKS_ALLOW_PRIVATE, timeoutMs });
  await recordAttempt(services, claimed, result, now);
  return result;
}

/** The body sent: the event's type, time and data, in that order, the same bytes on every attempt. */
const bodyOf = ({ type, timestamp, data }: Claimed['payload']) => JSON.stringify({ type, timestamp, data });

/**
 * Decision 54, the `deliver-webhooks` job: sends every due delivery once (a few at a time) and
 * records each attempt in the delivery log. A failure is retried on RETRY_SCHEDULE_SECONDS; an
 * endpoint failing without a success for AUTO_DISABLE_AFTER_DAYS is turned off and its owner
 * e-mailed, in the transaction that records the attempt. `now` is the clock (tests move it);
 * signatures carry the real time.
 */
export async function deliverDueWebhooks(services: DeliveryServices, { now = new Date(), timeoutMs = DELIVERY_TIMEOUT_MS, limit = WEBHOOK_BATCH } = {}) {
  const { db, env } = services;
  const totals = { delivered: 0, failed: 0, disabled: 0 };
  const due = await claimDue(db, now, limit);
  const queue = [...due];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const result = await postWebhook({ url: next.url, secret: next.secret, previousSecret: next.previousSecret, messageId: next.id, body: bodyOf(next.payload), isPrivateAllowed: env.WEBHOOKS_ALLOW_PRIVATE, timeoutMs });
      const isDisabled = await recordAttempt(services, next, result, now).catch((error: unknown) => {
        // Left claimed: tried again when the claim runs out, the rest of the batch goes on.
        services.logger.error({ err: error, deliveryId: next.id }, 'webhook attempt could not be recorded');
        return false;
      });
      if (result.isDelivered) totals.delivered++;
      else totals.failed++;
      if (isDisabled) totals.disabled++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, due.length) }, worker));
  return totals;
}

/** The attempt logged, the delivery delivered or rescheduled, and the endpoint's run of failures kept (or ended). Returns whether the endpoint was turned off. */
async function recordAttempt(services: DeliveryServices, delivery: Claimed, result: AttemptResult, now: Date): Promise<boolean> {
  const { db, mailer, env, logger } = services;
  const isDisabled = await db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({
      deliveryId: delivery.id,
      attemptedAt: now,
      statusCode: result.statusCode,
      responseExcerpt: result.responseExcerpt,
      durationMs: result.durationMs,
      error: result.error,
    });
    const attempts = delivery.attempts + 1;
    await tx
      .update(webhookDeliveries)
      .set(
        result.isDelivered
          ? { status: 'delivered', attempts, lastAttemptAt: now, deliveredAt: now }
          : { attempts, lastAttemptAt: now, nextAttemptAt: new Date(now.getTime() + retryDelaySeconds(attempts) * 1000) },
      )
      .where(eq(webhookDeliveries.id, delivery.id));
    if (result.isDelivered) {
      await tx.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, delivery.endpointId));
      return false;
    }
    const cutoff = new Date(now.getTime() - AUTO_DISABLE_AFTER_DAYS * 24 * 3600 * 1000);
    await tx
      .update(webhookEndpoints)
      .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)` })
      .where(eq(webhookEndpoints.id, delivery.endpointId));
    // Turned off by the one attempt that finds it still on past the cutoff: its owner is told once,
    // however many of its deliveries fail in the same batch.
    const [endpoint] = await tx
      .update(webhookEndpoints)
      .set({ isEnabled: false, autoDisabledAt: now })
      .where(and(eq(webhookEndpoints.id, delivery.endpointId), eq(webhookEndpoints.isEnabled, true), lte(webhookEndpoints.failingSince, cutoff)))
      .returning({ url: webhookEndpoints.url, ownerId: webhookEndpoints.ownerId });
    if (!endpoint) return false;
    const [owner] = await tx.select({ email: user.email }).from(user).where(and(eq(user.id, endpoint.ownerId)));
    const mail = await webhookDisabledEmail({ url: endpoint.url, days: AUTO_DISABLE_AFTER_DAYS, lastError: result.error ?? 'no answer', dashboardUrl: `${env.PUBLIC_URL}/dashboard` });
    await mailer.send({ to: owner!.email, kind: 'webhook_disabled', ...mail }, tx);
    return true;
  });
  if (isDisabled) logger.warn({ endpointId: delivery.endpointId }, 'webhook endpoint turned off after days of failed deliveries');
  return isDisabled;
}
