import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { DASHBOARD_CAMPAIGNS, OUTREACH_MESSAGES, VENUE_PREVIEW_SIZE } from '../../../core/outreach.ts';
import { outreachLocationSchema, outreachTokenSchema } from '../../../core/schemas/outreach.ts';
import { auditLog, bandProfiles } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { getCurrentSession, requireRole, requireSession } from '../../http/session.ts';
import { parseInput, readJsonBody } from '../../http/validate.ts';
import type { Services } from '../../services.ts';
import { optOutVenue, respondToOutreach } from './answer-outreach.ts';
import { findCampaignBySession, listAllCampaigns, listBandCampaigns, previewVenues } from './list-campaigns.ts';
import { listOutreachOptions } from './list-outreach-options.ts';
import { runAdminBypass } from './run-admin-bypass.ts';
import { previewOutreachEmail, sendTestOutreachEmail } from './send-test-outreach-email.ts';
import { answerOutreachOffer, findBandsToSponsor, listOutreachOffers, listSponsoredCampaigns, offerToSponsorCampaign, startSponsoredCheckout } from './sponsor-outreach.ts';
import { startOutreachCheckout } from './start-outreach-checkout.ts';
import { wakeOutreach } from './wake-outreach.ts';

const campaignIdSchema = z.object({ campaignId: z.uuid({ error: 'That campaign was not found.' }) });

/** Venue outreach (spec 3, D25-D27): options, checkout, campaigns, and the venues' answers. */
export function outreachRoutes(services: Services) {
  const app = new Hono();
  const { db } = services;
  const signedIn = async (c: Parameters<typeof getCurrentSession>[1]) => {
    const session = await getCurrentSession(services, c);
    if (!session) throw new AppError('UNAUTHENTICATED', OUTREACH_MESSAGES.logIn);
    return session;
  };

  app.get('/outreach/options', async (c) => c.json(await listOutreachOptions(db, (await signedIn(c)).user)));

  app.post('/outreach/checkout', async (c) => {
    const { user } = await signedIn(c);
    return c.json(await startOutreachCheckout(services, user, await readJsonBody(c)), 201);
  });

  app.get('/outreach/campaigns', async (c) => {
    const { user } = await requireRole(services, c, 'band');
    const query = parseInput(z.object({ kind: z.enum(['standard', 'beta', 'single']).optional(), limit: z.coerce.number().int().min(1).max(100).default(50) }), c.req.query());
    return c.json({ campaigns: await listBandCampaigns(db, user.id, query) });
  });

  app.get('/outreach/campaigns/session/:sessionId', async (c) => {
    const { user } = await signedIn(c);
    return c.json({ campaign: await findCampaignBySession(db, user.id, c.req.param('sessionId')) });
  });

  app.get('/outreach/dashboard', async (c) => {
    const { user } = await requireRole(services, c, 'band');
    return c.json({ campaigns: await listBandCampaigns(db, user.id, { limit: DASHBOARD_CAMPAIGNS }) });
  });

  // Issue 34: anyone signed in pays for a campaign in a band's name, once the band agrees.
  app.get('/outreach/bands', async (c) => {
    await signedIn(c);
    return c.json({ bands: await findBandsToSponsor(db, c.req.query()) });
  });

  app.post('/outreach/offers', async (c) => {
    const { user } = await signedIn(c);
    return c.json(await offerToSponsorCampaign(services, user, await readJsonBody(c)), 201);
  });

  app.get('/outreach/offers', async (c) => {
    const { user } = await requireRole(services, c, 'band');
    return c.json({ offers: await listOutreachOffers(db, user.id) });
  });

  app.post('/outreach/offers/:campaignId/answer', async (c) => {
    const { user } = await requireRole(services, c, 'band');
    return c.json(await answerOutreachOffer(services, user, parseInput(campaignIdSchema, c.req.param()).campaignId, await readJsonBody(c)));
  });

  app.get('/outreach/sponsored', async (c) => {
    const { user } = await signedIn(c);
    return c.json({ campaigns: await listSponsoredCampaigns(db, user.id) });
  });

  app.post('/outreach/sponsored/:campaignId/checkout', async (c) => {
    const { user } = await signedIn(c);
    return c.json(await startSponsoredCheckout(services, user, parseInput(campaignIdSchema, c.req.param()).campaignId), 201);
  });

  app.get('/outreach/venues', async (c) => {
    await requireRole(services, c, 'band', 'admin');
    const { regionSlug } = parseInput(outreachLocationSchema, c.req.query());
    return c.json({ venues: await previewVenues(db, regionSlug, VENUE_PREVIEW_SIZE) });
  });

  app.get('/outreach/preview', async (c) => {
    const { user } = await requireRole(services, c, 'band');
    return c.json(await previewOutreachEmail(services, user, c.req.query()));
  });

  app.post('/outreach/test-email', async (c) => {
    const { user } = await requireRole(services, c, 'band');
    return c.json(await sendTestOutreachEmail(services, user, await readJsonBody(c)));
  });

  app.post('/outreach/admin-bypass', async (c) => {
    const session = await requireSession(services, c);
    const result = await runAdminBypass(services, session, await readJsonBody(c));
    await wakeOutreach(services, result.campaignId);
    return c.json(result, 201);
  });

  // The venue's links: no account, the token is the key; a button press, never a bare GET.
  app.post('/outreach/responses', async (c) => c.json(await respondToOutreach(services, parseInput(outreachTokenSchema, await readJsonBody(c)).token)));
  app.post('/outreach/opt-out', async (c) => c.json(await optOutVenue(db, parseInput(outreachTokenSchema, await readJsonBody(c)).token)));

  /** The admin dashboard's list of every band's campaigns, with their follow-ups (issue 21). */
  app.get('/admin/outreach/campaigns', async (c) => {
    await requireRole(services, c, 'admin');
    const { limit } = parseInput(z.object({ limit: z.coerce.number().int().min(1).max(100).default(50) }), c.req.query());
    return c.json({ campaigns: await listAllCampaigns(db, { limit }) });
  });

  /** D25: an admin grants or revokes a band's beta outreach access. Audited. */
  app.put('/admin/bands/:bandId/beta-outreach', async (c) => {
    const { user } = await requireRole(services, c, 'admin');
    const { enabled } = parseInput(z.object({ enabled: z.boolean({ error: 'Please say whether beta outreach is on.' }) }), await readJsonBody(c));
    const bandId = c.req.param('bandId');
    const [band] = await db.update(bandProfiles).set({ hasBetaOutreach: enabled }).where(eq(bandProfiles.userId, bandId)).returning({ name: bandProfiles.name });
    if (!band) throw new AppError('NOT_FOUND', 'That band was not found.');
    await db.insert(auditLog).values({ actorId: user.id, action: enabled ? 'band.beta_outreach_granted' : 'band.beta_outreach_revoked', targetId: bandId, details: { name: band.name } });
    return c.json({ hasBetaOutreach: enabled });
  });

  return app;
}
