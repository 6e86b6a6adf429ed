import { eq } from 'drizzle-orm';
import { formatCents } from '../../../core/money.ts';
import { OUTREACH_MESSAGES, SINGLE_CAMPAIGN_PACKAGE_ID } from '../../../core/outreach.ts';
import { outreachCheckoutSchema } from '../../../core/schemas/outreach.ts';
import { bandProfiles, outreachCampaigns, outreachPackages, regions, user } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { limitHits } from '../../http/rate-limit.ts';
import type { SessionUser } from '../../http/session.ts';
import { parseInput } from '../../http/validate.ts';
import type { Services } from '../../services.ts';
import { countReach } from './list-outreach-options.ts';

/** How long the provider's checkout stays open; an unpaid campaign simply stays pending. */
export const CHECKOUT_MINUTES = 30;

/** Where the provider sends the buyer back, by package kind (spec 3 §2, §7). */
function returnUrls(publicUrl: string, kind: 'standard' | 'beta' | 'single') {
  if (kind === 'single') return { successUrl: `${publicUrl}/dashboard?outreach_success=true`, cancelUrl: `${publicUrl}/dashboard?outreach_cancelled=true` };
  return {
    successUrl: `${publicUrl}/outreach-success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${publicUrl}/${kind === 'beta' ? 'beta-venue-outreach' : 'band-outreach'}`,
  };
}

export const CHECKOUTS_PER_HOUR = 10;

/**
 * A band buys a campaign (spec 3 §7, D26): the campaign is recorded as pending with its reach,
 * then the provider's checkout opens for the package's price. The price, the reach and the
 * package's rules come from the server, never from the request. Beta packages need the beta flag
 * (D25); the band draw is required for them; only a package that allows it keeps a custom message.
 */
export async function startOutreachCheckout(services: Pick<Services, 'db' | 'env' | 'payments' | 'isRateLimitEnabled'>, buyer: SessionUser, rawInput: unknown) {
  const { db, payments } = services;
  if (buyer.role !== 'band') throw new AppError('FORBIDDEN', OUTREACH_MESSAGES.bandsOnly);
  const input = parseInput(outreachCheckoutSchema, rawInput);
  // Issue 20: each checkout makes a campaign and a payment session; a script stops here.
  await limitHits(services, `outreach-checkout:${buyer.id}`, { windowMs: 60 * 60 * 1000, max: CHECKOUTS_PER_HOUR, message: 'Too many checkouts in a short time. Please try again in an hour.' });
  const [[pkg], [region], [band]] = await Promise.all([
    db.select().from(outreachPackages).where(eq(outreachPackages.id, input.packageId)),
    db.select({ name: regions.name }).from(regions).where(eq(regions.slug, input.regionSlug)),
    db.select({ name: bandProfiles.name, hasBetaOutreach: bandProfiles.hasBetaOutreach, email: user.email }).from(bandProfiles).innerJoin(user, eq(user.id, bandProfiles.userId)).where(eq(bandProfiles.userId, buyer.id)),
  ]);
  if (!pkg) throw new AppError('VALIDATION', 'Please choose a package.', { packageId: 'Please choose a package.' });
  if (!region) throw new AppError('VALIDATION', 'Please choose a location.', { regionSlug: 'Please choose a location.' });
  if (!band) throw new AppError('FORBIDDEN', OUTREACH_MESSAGES.bandsOnly);
  if (pkg.kind === 'beta' && !band.hasBetaOutreach) throw new AppError('FORBIDDEN', OUTREACH_MESSAGES.betaOnly);
  if (pkg.kind === 'beta' && !input.bandDraw) throw new AppError('VALIDATION', OUTREACH_MESSAGES.drawRequired, { bandDraw: OUTREACH_MESSAGES.drawRequired });
  const reach = await countReach(db, input.regionSlug, pkg.venueLimit);
  if (reach === 0) throw new AppError('CONFLICT', OUTREACH_MESSAGES.noVenues);

  const [campaign] = await db
    .insert(outreachCampaigns)
    .values({
      bandId: buyer.id,
      packageId: pkg.id,
      regionSlug: input.regionSlug,
      venuesTargeted: reach,
      customMessage: pkg.allowsCustomMessage || pkg.id === SINGLE_CAMPAIGN_PACKAGE_ID ? (input.customMessage ?? null) : null,
      bandDraw: input.bandDraw ?? null,
      provider: payments.name,
    })
    .returning({ id: outreachCampaigns.id });
  return openCampaignCheckout(services, { campaignId: campaign!.id, pkg, regionName: region.name, bandName: band.name, buyerEmail: band.email, reach });
}

/**
 * The provider's checkout for a recorded campaign, for the package's price (the band's own, or one
 * a sponsor pays for once the band agreed). Its session is kept on the campaign: the payment event
 * that comes back is matched to it (apply-outreach-payment.ts).
 */
export async function openCampaignCheckout(
  { db, env, payments }: Pick<Services, 'db' | 'env' | 'payments'>,
  c: { campaignId: string; pkg: Pick<typeof outreachPackages.$inferSelect, 'name' | 'priceCents' | 'kind'>; regionName: string; bandName: string; buyerEmail: string; reach: number; isSponsored?: boolean },
) {
  const session = await payments.createCheckout({
    orderId: c.campaignId,
    totalCents: c.pkg.priceCents,
    description: `${c.pkg.name} - ${c.regionName}`,
    title: 'Pay for your outreach campaign',
    summary: [`${c.pkg.name}: ${c.bandName}`, `${c.reach} ${c.reach === 1 ? 'venue' : 'venues'} in ${c.regionName} will be e-mailed ${c.isSponsored ? `in ${c.bandName}'s name` : 'on your behalf'}.`],
    lineItems: [{ label: c.pkg.name, amountCents: c.pkg.priceCents }],
    buyerEmail: c.buyerEmail,
    ...returnUrls(env.PUBLIC_URL, c.pkg.kind),
    expiresAt: new Date(Date.now() + CHECKOUT_MINUTES * 60_000),
    transferGroup: `outreach_${c.campaignId}`,
  });
  await db.update(outreachCampaigns).set({ providerSessionId: session.sessionId, provider: payments.name }).where(eq(outreachCampaigns.id, c.campaignId));
  return { url: session.url, campaignId: c.campaignId, price: formatCents(c.pkg.priceCents), venuesTargeted: c.reach };
}
