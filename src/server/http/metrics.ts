import type { MiddlewareHandler } from 'hono';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * Request counts and durations by route (the pattern, never the raw path, so labels stay few),
 * in a registry of this app's own (issue 13 item 5). Gauges read at scrape time are added by
 * the /metrics route.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'marquee_' });
  const requests = new Counter({ name: 'marquee_http_requests_total', help: 'HTTP requests by method, route and status', labelNames: ['method', 'route', 'status'] as const, registers: [registry] });
  const durations = new Histogram({
    name: 'marquee_http_request_duration_seconds',
    help: 'HTTP request durations by method and route',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const middleware: MiddlewareHandler = async (c, next) => {
    const stop = durations.startTimer();
    await next();
    // Unmatched paths (the client's pages, assets, 404s) are one label, so a flood of URLs adds none.
    const route = c.req.routePath && c.req.routePath !== '/*' && c.req.routePath !== '*' ? c.req.routePath : 'other';
    stop({ method: c.req.method, route });
    requests.inc({ method: c.req.method, route, status: String(c.res.status) });
  };
  /** A request answered outside the app (the public fast path), counted like the rest. */
  const observe = (method: string, route: string, status: number, seconds: number) => {
    durations.observe({ method, route }, seconds);
    requests.inc({ method, route, status: String(status) });
  };
  const gauge = (name: string, help: string, labelNames: string[] = []) => new Gauge({ name, help, labelNames, registers: [registry] });
  return { registry, middleware, observe, gauge };
}
export type Metrics = ReturnType<typeof createMetrics>;
