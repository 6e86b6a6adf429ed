import { Hono } from 'hono';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { emailField } from '../../../core/schemas/fields.ts';
import { emailOptOuts, regions } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { requireRole } from '../../http/session.ts';
import { CONFIRM_TO_CHOOSE_DIGEST } from '../accounts/email-verification.ts';
import { parseInput, readJsonBody } from '../../http/validate.ts';
import type { Services } from '../../services.ts';
import { DIGEST_KIND, sendTestDigest, sendWeeklyDigests } from './send-weekly-digest.ts';
import { unsubscribeByToken } from './unsubscribe-by-token.ts';

/** The weekly digest (D30): the admin's buttons, a fan's switch, and every unsubscribe link (D19). */
export function digestRoutes(services: Services) {
  const app = new Hono();
  const { db } = services;

  /** 'Weekly Digest' (spec 2 §7): no body sends it now; ?testEmail= sends one copy to that address. */
  app.post('/admin/weekly-digest', async (c) => {
    const { user } = await requireRole(services, c, 'admin');
    const { testEmail } = parseInput(z.object({ testEmail: emailField().optional() }), c.req.query());
    if (testEmail) {
      const [region] = await db.select({ slug: regions.slug }).from(regions).where(eq(regions.slug, user.location));
      return c.json({ sent: await sendTestDigest(services, testEmail, region?.slug ?? 'chicagoland') });
    }
    return c.json({ sent: await sendWeeklyDigests(services, { isForced: true }) });
  });

  /** A fan's or musician's digest switch (dashboard). */
  app.get('/me/digest', async (c) => {
    const { user } = await requireRole(services, c, 'fan', 'musician');
    // D32: an address's opt-out is its owner's; an unverified account neither reads nor changes it, and gets no digest.
    if (!user.emailVerified) return c.json({ enabled: false, isEmailVerified: false, notice: CONFIRM_TO_CHOOSE_DIGEST });
    const [optOut] = await db.select().from(emailOptOuts).where(and(eq(emailOptOuts.email, user.email.toLowerCase()), eq(emailOptOuts.kind, DIGEST_KIND)));
    return c.json({ enabled: !optOut, isEmailVerified: true, notice: null });
  });
  app.put('/me/digest', async (c) => {
    const { user } = await requireRole(services, c, 'fan', 'musician');
    const { enabled } = parseInput(z.object({ enabled: z.boolean({ error: 'Please say whether the digest is on.' }) }), await readJsonBody(c));
    if (!user.emailVerified) throw new AppError('FORBIDDEN', CONFIRM_TO_CHOOSE_DIGEST);
    const email = user.email.toLowerCase();
    if (enabled) await db.delete(emailOptOuts).where(and(eq(emailOptOuts.email, email), eq(emailOptOuts.kind, DIGEST_KIND)));
    else await db.insert(emailOptOuts).values({ email, kind: DIGEST_KIND }).onConflictDoNothing();
    return c.json({ enabled, isEmailVerified: true, notice: null });
  });

  /**
   * One-click unsubscribe (RFC 8058): mail clients POST 'List-Unsubscribe=One-Click' here, from no
   * page of ours, so the route is exempt from the same-origin check; the token is the key.
   */
  app.post('/unsubscribe/:token', async (c) => c.json(await unsubscribeByToken(services, c.req.param('token'))));

  return app;
}
