import { Hono, type Context } from 'hono';
import { sql } from 'drizzle-orm';
import { timingSafeEqual } from 'node:crypto';
import { AppError } from '../../http/app-error.ts';
import type { Metrics } from '../../http/metrics.ts';
import type { Services } from '../../services.ts';
import { countMigrationsInBuild } from '../../db/client.ts';
import { readHealth } from './read-health.ts';

const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[]));

/**
 * Operations (issue 13 item 5): /healthz says the process is alive; /readyz that its database
 * answers and has every migration of this build; /metrics is Prometheus's, only with
 * METRICS_TOKEN set and sent as a bearer token (404 otherwise, so it is not public by default).
 */
export function opsRoutes(services: Services, metrics: Metrics) {
  const app = new Hono();
  const { db, env } = services;
  const migrations = countMigrationsInBuild();

  app.get('/healthz', (c) => c.json({ status: 'ok' }));

  app.get('/readyz', async (c) => {
    // Stopping: the load balancer sends new requests elsewhere while this one finishes its own.
    if (services.stopping.aborted) return c.json({ status: 'stopping' }, 503);
    try {
      const [row] = rowsOf<{ applied: number }>(await db.execute(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`));
      if ((row?.applied ?? 0) < migrations) return c.json({ status: 'migrations pending', applied: row?.applied ?? 0, expected: migrations }, 503);
      return c.json({ status: 'ready', migrations });
    } catch (error) {
      services.logger.warn({ err: error }, 'readiness check failed');
      return c.json({ status: 'database unreachable' }, 503);
    }
  });

  const queueDepth = metrics.gauge('marquee_job_queue_ready', 'Jobs waiting to run, by queue', ['queue']);
  const queueFailed = metrics.gauge('marquee_job_queue_failed', 'Recently failed jobs, by queue', ['queue']);
  const outboxBacklog = metrics.gauge('marquee_outbox_backlog', 'Messages waiting to be sent, by channel', ['channel']);
  const ticketsSold = metrics.gauge('marquee_tickets_sold', 'Tickets sold, all gigs');
  const cacheBytes = metrics.gauge('marquee_public_cache_bytes', 'Bytes held by the public response cache');

  /** A scraper's bearer token, METRICS_TOKEN: without the setting these routes are 404. */
  const requireMetricsToken = (c: Context) => {
    const token = env.METRICS_TOKEN;
    if (!token) throw new AppError('NOT_FOUND', 'Not found.');
    const given = Buffer.from((c.req.header('authorization') ?? '').replace(/^Bearer\s+/i, ''));
    const expected = Buffer.from(token);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError('UNAUTHENTICATED', 'A metrics token is required.');
  };

  /** Issue 36: the admin health page's report as JSON, for monitoring, next to /metrics. */
  app.get('/metrics/health', async (c) => {
    requireMetricsToken(c);
    c.header('Cache-Control', 'no-store');
    return c.json(await readHealth(services));
  });

  app.get('/metrics', async (c) => {
    requireMetricsToken(c);
    const [outbox, tickets, queues] = await Promise.all([
      db.execute(sql`select channel::text as channel, count(*)::int as n from outbox where status in ('queued', 'sending') group by channel`),
      db.execute(sql`select coalesce(sum(tickets_sold), 0)::int as n from gigs`),
      services.jobs?.stats() ?? Promise.resolve([]),
    ]);
    outboxBacklog.reset();
    for (const channel of ['email', 'sms']) outboxBacklog.set({ channel }, rowsOf<{ channel: string; n: number }>(outbox).find((r) => r.channel === channel)?.n ?? 0);
    ticketsSold.set(rowsOf<{ n: number }>(tickets)[0]?.n ?? 0);
    for (const q of queues) {
      queueDepth.set({ queue: q.queue }, q.ready);
      queueFailed.set({ queue: q.queue }, q.failed);
    }
    cacheBytes.set(services.publicCache.stats().bytes);
    c.header('Content-Type', metrics.registry.contentType);
    c.header('Cache-Control', 'no-store');
    return c.body(await metrics.registry.metrics());
  });

  return app;
}
