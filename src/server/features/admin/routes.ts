import { Hono } from 'hono';
import { count, desc } from 'drizzle-orm';
import { z } from 'zod';
import { optionalText, pageNumber } from '../../../core/schemas/fields.ts';
import { requireRole, requireSession } from '../../http/session.ts';
import { limitHits } from '../../http/rate-limit.ts';
import { parseInput, readJsonBody } from '../../http/validate.ts';
import type { Services } from '../../services.ts';
import { auditLog, outbox } from '../../db/schema.ts';
import { renderEmailGallery } from '../../mail/emails/email-registry.ts';
import { readHealth, retryFailedEmail } from '../ops/read-health.ts';
import { getAdminOverview } from './get-admin-overview.ts';
import { listAllGigs } from './list-all-gigs.ts';
import { listUsers } from './list-users.ts';
import { startImpersonation, stopImpersonation } from './impersonation.ts';
import { readOutboxMessage, revealOutboxLinks } from './read-outbox-message.ts';
import { approveVenue, declineVenue, listVenueVerifications } from './venue-verifications.ts';
import { ROLES } from '../../../core/roles.ts';
import { venueVerificationQuery } from '../../../core/schemas/venue-verification.ts';

const OUTBOX_PAGE_SIZE = 50;
const adminListQuery = z.object({ q: optionalText(100), page: pageNumber() });
const userListQuery = adminListQuery.extend({ role: z.enum(ROLES).optional() });

export function adminRoutes(services: Services) {
  const app = new Hono();
  const { db } = services;

  app.get('/admin/overview', async (c) => {
    await requireRole(services, c, 'admin');
    return c.json(await getAdminOverview(db));
  });

  /** Issue 36: the operator's health page. */
  app.get('/admin/health', async (c) => {
    await requireRole(services, c, 'admin');
    return c.json(await readHealth(services));
  });

  app.post('/admin/health/emails/:id/retry', async (c) => {
    const admin = await requireRole(services, c, 'admin');
    // Each retry sends an e-mail: a held-down button or a script cannot send a burst.
    await limitHits(services, `health-retry:${admin.user.id}`, { windowMs: 10 * 60_000, max: 60, message: 'Too many retries. Please try again in a few minutes.' });
    const { id } = parseInput(z.object({ id: z.uuid({ error: 'That e-mail was not found.' }) }), { id: c.req.param('id') });
    return c.json(await retryFailedEmail(services, id));
  });

  app.get('/admin/users', async (c) => {
    await requireRole(services, c, 'admin');
    return c.json(await listUsers(db, parseInput(userListQuery, c.req.query())));
  });

  app.get('/admin/gigs', async (c) => {
    await requireRole(services, c, 'admin');
    return c.json(await listAllGigs(db, parseInput(adminListQuery, c.req.query())));
  });

  app.post('/admin/impersonate', async (c) => {
    const session = await requireSession(services, c);
    const cookies = await startImpersonation(services, session, await readJsonBody(c), c.req.raw.headers);
    for (const cookie of cookies) c.header('Set-Cookie', cookie, { append: true });
    return c.json({ ok: true });
  });

  app.post('/admin/stop-impersonating', async (c) => {
    const session = await requireSession(services, c);
    const cookies = await stopImpersonation(services, session, c.req.raw.headers);
    for (const cookie of cookies) c.header('Set-Cookie', cookie, { append: true });
    return c.json({ ok: true });
  });

  /** D28: admins read every e-mail Marquee sent, in the app. */
  app.get('/admin/outbox', async (c) => {
    await requireRole(services, c, 'admin');
    const { page } = parseInput(z.object({ page: pageNumber() }), { page: c.req.query('page') });
    const [rows, [total]] = await Promise.all([
      db
        .select({ id: outbox.id, toAddress: outbox.toAddress, subject: outbox.subject, kind: outbox.kind, status: outbox.status, channel: outbox.channel, createdAt: outbox.createdAt })
        .from(outbox)
        .orderBy(desc(outbox.createdAt))
        .limit(OUTBOX_PAGE_SIZE)
        .offset((page - 1) * OUTBOX_PAGE_SIZE),
      db.select({ n: count() }).from(outbox),
    ]);
    return c.json({ messages: rows, page, pageSize: OUTBOX_PAGE_SIZE, total: total?.n ?? 0 });
  });

  app.get('/admin/outbox/:id', async (c) => {
    const session = await requireRole(services, c, 'admin');
    return c.json({ message: await readOutboxMessage(services, session, c.req.param('id')) });
  });

  app.post('/admin/outbox/:id/reveal', async (c) => {
    const session = await requireRole(services, c, 'admin');
    return c.json(await revealOutboxLinks(services, session, c.req.param('id')));
  });

  /** Decision 45: every e-mail Marquee sends, rendered with demo data, to look at them all at once. */
  app.get('/admin/emails', async (c) => {
    await requireRole(services, c, 'admin');
    c.header('Cache-Control', 'no-store');
    return c.json({ emails: await renderEmailGallery(services.env.PUBLIC_URL) });
  });

  /** Decision 33: the queue of venues awaiting verification, and the admin's decisions. */
  app.get('/admin/venue-verifications', async (c) => {
    await requireRole(services, c, 'admin');
    return c.json(await listVenueVerifications(db, parseInput(venueVerificationQuery, c.req.query())));
  });

  app.post('/admin/venue-verifications/:venueId/approve', async (c) => {
    const session = await requireRole(services, c, 'admin');
    await approveVenue(services, session, c.req.param('venueId'));
    return c.json({ message: 'Venue verified.' });
  });

  app.post('/admin/venue-verifications/:venueId/decline', async (c) => {
    const session = await requireRole(services, c, 'admin');
    const { wasVerified } = await declineVenue(services, session, c.req.param('venueId'), await readJsonBody(c));
    return c.json({ message: wasVerified ? 'Verification revoked.' : 'Verification declined.' });
  });

  app.get('/admin/audit-log', async (c) => {
    await requireRole(services, c, 'admin');
    return c.json({ entries: await db.select().from(auditLog).orderBy(desc(auditLog.createdAt)).limit(200) });
  });

  return app;
}
