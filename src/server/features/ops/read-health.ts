import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, desc, eq, isNotNull, or, sql } from 'drizzle-orm';
import { countMigrationsInBuild } from '../../db/client.ts';
import { files, outbox, user, webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { Health, HealthProblem, QueueHealth } from '../../../core/health.ts';
import type { Services } from '../../services.ts';
import { listFederationFailures } from '../federation/federation-failures.ts';
import { readBackupManifest } from './backup-manifest.ts';
import { listBackups } from './prune-backups.ts';

const VERSION = (JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
/** How many of the latest failures each list shows. */
const RECENT = 10;

const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[]));

async function readMessages(services: Services, channel: 'email' | 'sms') {
  const { db } = services;
  const [counts, failures] = await Promise.all([
    db
      .select({ waiting: sql<number>`count(*) filter (where ${outbox.status} in ('queued', 'sending'))::int`, failed: sql<number>`count(*) filter (where ${outbox.status} = 'failed')::int` })
      .from(outbox)
      .where(eq(outbox.channel, channel)),
    db
      .select({ id: outbox.id, to: outbox.toAddress, subject: outbox.subject, kind: outbox.kind, error: outbox.error, attempts: outbox.attempts, createdAt: outbox.createdAt })
      .from(outbox)
      .where(and(eq(outbox.channel, channel), eq(outbox.status, 'failed')))
      .orderBy(desc(outbox.createdAt))
      .limit(RECENT),
  ]);
  return { ...counts[0]!, recentFailures: failures.map((f) => ({ ...f, createdAt: f.createdAt.toISOString() })) };
}

/** Jobs by queue from pg-boss's own table: waiting, retrying, failed (kept for its retention), the oldest waiting. */
async function readJobs(services: Services): Promise<QueueHealth[]> {
  if (!services.jobs) return [];
  const result = await services.db.execute(sql`select name as queue,
      count(*) filter (where state = 'created')::int as waiting,
      count(*) filter (where state = 'active')::int as active,
      count(*) filter (where state = 'retry')::int as retrying,
      count(*) filter (where state = 'failed')::int as failed,
      to_char(min(created_on) filter (where state in ('created', 'retry') and start_after <= now()) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "oldestWaitingAt"
    from pgboss.job where state in ('created', 'active', 'retry', 'failed') group by name order by name`);
  return rowsOf<QueueHealth>(result);
}

async function readBackups(folder: string, maxAgeHours: number, now: Date): Promise<Health['backups']> {
  const newest = (await listBackups(folder)).at(-1);
  if (!newest) return { folder, latest: null, maxAgeHours, isStale: true };
  const { createdAt } = await readBackupManifest(path.join(folder, newest));
  const ageHours = Math.round(((now.getTime() - new Date(createdAt).getTime()) / 3_600_000) * 10) / 10;
  return { folder, latest: { name: newest, createdAt, ageHours }, maxAgeHours, isStale: ageHours > maxAgeHours };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function problemsOf(health: Omit<Health, 'problems'>, isProduction: boolean): HealthProblem[] {
  const problems: HealthProblem[] = [];
  const { migrations, email, sms, webhooks, federation, jobs, backups, payments } = health;
  if (migrations.applied < migrations.inBuild) problems.push({ area: 'database', text: `The database has ${migrations.applied} of this build's ${migrations.inBuild} migrations.`, href: '#health-version' });
  if (email.failed) problems.push({ area: 'email', text: `${plural(email.failed, 'e-mail')} failed to send.`, href: '#health-email' });
  if (sms.failed) problems.push({ area: 'sms', text: `${plural(sms.failed, 'text')} failed to send.`, href: '#health-sms' });
  for (const endpoint of webhooks.failingEndpoints) {
    problems.push({ area: 'webhooks', text: endpoint.autoDisabledAt ? `Webhook endpoint ${endpoint.url} (${endpoint.owner}) was turned off after days of failures.` : `Webhook endpoint ${endpoint.url} (${endpoint.owner}) is failing.`, href: '#health-webhooks' });
  }
  if (federation.recentFailures.length) problems.push({ area: 'federation', text: `${plural(federation.recentFailures.length, 'fediverse delivery', 'fediverse deliveries')} failed in the last 7 days.`, href: '#health-federation' });
  for (const queue of jobs.filter((q) => q.failed || q.retrying)) {
    problems.push({ area: 'jobs', text: `Job queue ${queue.queue}: ${[queue.failed ? `${queue.failed} failed` : '', queue.retrying ? `${queue.retrying} retrying` : ''].filter(Boolean).join(', ')}.`, href: '#health-jobs' });
  }
  if (!backups.latest) problems.push({ area: 'backups', text: `No backup in ${backups.folder}: run npm run backup (daily, from cron).`, href: '#health-backups' });
  else if (backups.isStale) problems.push({ area: 'backups', text: `The last backup is ${backups.latest.ageHours} hours old (more than ${backups.maxAgeHours}).`, href: '#health-backups' });
  if (isProduction && payments.isTestMode) problems.push({ area: 'payments', text: `Payments are in test mode (${payments.provider}): no real money changes hands.`, href: '#health-payments' });
  return problems;
}

/**
 * Issue 36: an operator's view of what is wrong, on the admin dashboard and as JSON for monitoring
 * (/metrics/health). Reads only; each part is one statement or one folder listing.
 */
export async function readHealth(services: Services, now = new Date()): Promise<Health> {
  const { db, env } = services;
  // A part that cannot be read is itself a problem to show, never a page that does not load.
  const unread: HealthProblem[] = [];
  const part = <T>(area: HealthProblem['area'], read: Promise<T>, fallback: T): Promise<T> =>
    read.catch((error: unknown) => {
      services.logger.warn({ err: error, area }, 'health: a part could not be read');
      unread.push({ area, text: `The ${area} part of this report could not be read: ${(error as Error).message}`, href: `#health-${area}` });
      return fallback;
    });
  const noMessages = { waiting: 0, failed: 0, recentFailures: [] };
  const [applied, email, sms, failingEndpoints, federationFailures, jobs, backups, stored] = await Promise.all([
    db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`).then((r) => rowsOf<{ n: number }>(r)[0]?.n ?? 0),
    part('email', readMessages(services, 'email'), noMessages),
    part('sms', readMessages(services, 'sms'), noMessages),
    part('webhooks', db
      .select({
        id: webhookEndpoints.id,
        url: webhookEndpoints.url,
        owner: user.name,
        failingSince: webhookEndpoints.failingSince,
        autoDisabledAt: webhookEndpoints.autoDisabledAt,
        pending: sql<number>`(select count(*)::int from ${webhookDeliveries} d where d.endpoint_id = ${webhookEndpoints.id} and d.status = 'pending')`,
      })
      .from(webhookEndpoints)
      .innerJoin(user, eq(user.id, webhookEndpoints.ownerId))
      .where(or(isNotNull(webhookEndpoints.failingSince), isNotNull(webhookEndpoints.autoDisabledAt)))
      .orderBy(desc(webhookEndpoints.failingSince))
      .limit(50), []),
    part('federation', listFederationFailures(db, RECENT), []),
    part('jobs', readJobs(services), []),
    part('backups', readBackups(path.resolve(env.BACKUP_DIR), env.BACKUP_MAX_AGE_HOURS, now), { folder: path.resolve(env.BACKUP_DIR), latest: null, maxAgeHours: env.BACKUP_MAX_AGE_HOURS, isStale: true }),
    db.select({ files: sql<number>`count(*)::int`, bytes: sql<number>`coalesce(sum(${files.bytes}), 0)::bigint::float8` }).from(files),
  ]);
  const health: Omit<Health, 'problems'> = {
    checkedAt: now.toISOString(),
    version: VERSION,
    migrations: { applied, inBuild: countMigrationsInBuild() },
    payments: { provider: services.payments.name, isTestMode: services.payments.name === 'sandbox' || Boolean(env.STRIPE_SECRET_KEY?.startsWith('sk_test_')) },
    email: { transport: services.mailer.usesSmtp ? 'smtp' : 'outbox', ...email },
    sms: { transport: env.TWILIO_ACCOUNT_SID ? 'twilio' : 'outbox', ...sms },
    webhooks: { failingEndpoints: failingEndpoints.map((e) => ({ ...e, failingSince: e.failingSince?.toISOString() ?? null, autoDisabledAt: e.autoDisabledAt?.toISOString() ?? null })) },
    federation: { isOn: env.FEDERATION, recentFailures: federationFailures },
    jobs,
    backups,
    storage: { where: env.S3_BUCKET ? 'bucket' : 'disk', ...stored[0]! },
  };
  return { ...health, problems: [...unread, ...problemsOf(health, env.NODE_ENV === 'production' && !env.DEMO_DATA)] };
}

/** The health page's 'Retry': a failed e-mail is queued again and sent at once; the answer says how it went. */
export async function retryFailedEmail(services: Services, id: string): Promise<{ status: 'sent' | 'stored' | 'failed'; error: string | null }> {
  const { db, mailer } = services;
  const [queued] = await db
    .update(outbox)
    .set({ status: 'queued', attempts: 0, error: null, claimedAt: null })
    .where(and(eq(outbox.id, id), eq(outbox.channel, 'email'), eq(outbox.status, 'failed')))
    .returning({ id: outbox.id });
  if (!queued) throw new AppError('NOT_FOUND', 'That e-mail is not waiting for a retry.');
  const delivery = await mailer.deliverNow(id);
  if (delivery.status !== 'failed') return { status: delivery.status, error: null };
  const [row] = await db.select({ error: outbox.error }).from(outbox).where(eq(outbox.id, id));
  return { status: 'failed', error: row?.error ?? null };
}
