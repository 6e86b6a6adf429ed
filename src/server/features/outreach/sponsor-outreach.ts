import { aliasedTable, and, asc, desc, eq, gt, ilike, isNull, lt, or, sql } from 'drizzle-orm';
import { formatCents } from '../../../core/money.ts';
import { OFFER_ANSWER_DAYS, OUTREACH_MESSAGES } from '../../../core/outreach.ts';
import { ROLE_LABELS } from '../../../core/roles.ts';
import { outreachBandSearchSchema, outreachOfferAnswerSchema, outreachSponsorSchema } from '../../../core/schemas/outreach.ts';
import type { Db } from '../../db/client.ts';
import { bandProfiles, outreachCampaigns, outreachPackages, regions, user } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { limitHits } from '../../http/rate-limit.ts';
import type { SessionUser } from '../../http/session.ts';
import { parseInput } from '../../http/validate.ts';
import { outreachOfferAnsweredEmail, outreachOfferEmail, outreachOfferPath, SPONSORED_CAMPAIGNS_PATH } from '../../mail/emails/outreach-offer.ts';
import type { Services } from '../../services.ts';
import { countReach } from './list-outreach-options.ts';
import { CHECKOUT_MINUTES, CHECKOUTS_PER_HOUR, openCampaignCheckout } from './start-outreach-checkout.ts';

// Issue 34 (spec 3 §2: the standard outreach page is for any signed-in user). A campaign e-mails
// venues in a band's name, so when someone other than the band pays for it, the band agrees
// first: the sponsor asks ('awaiting_band'), the band agrees (then 'pending' until the sponsor
// pays) or declines ('declined'). Nothing is charged or sent before the band has agreed, and an
// offer the band leaves unanswered for OFFER_ANSWER_DAYS lapses.

const OFFERS_PER_HOUR = 10;
const sponsorUser = aliasedTable(user, 'sponsor');
/** An offer the band can still answer. */
const isOpenOffer = () => and(eq(outreachCampaigns.status, 'awaiting_band'), gt(outreachCampaigns.createdAt, sql`now() - make_interval(days => ${OFFER_ANSWER_DAYS})`));
/** How the band knows who is asking: their account name and role ("Dana Reyes (Venue)"). */
const describeSponsor = (s: { name: string; role: SessionUser['role'] }) => `${s.name} (${ROLE_LABELS[s.role]})`;

/** Bands a sponsor can pick, by name: public names and slugs only, at most 10. */
export async function findBandsToSponsor(db: Db, rawQuery: unknown) {
  const { q } = parseInput(outreachBandSearchSchema, rawQuery);
  if (q.length < 2) return [];
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db.select({ slug: bandProfiles.slug, name: bandProfiles.name }).from(bandProfiles).where(ilike(bandProfiles.name, pattern)).orderBy(asc(bandProfiles.name)).limit(10);
}

/** A sponsor asks a band to agree to a standard campaign it will pay for; the band is e-mailed. */
export async function offerToSponsorCampaign(services: Pick<Services, 'db' | 'env' | 'mailer' | 'isRateLimitEnabled'>, sponsor: SessionUser, rawInput: unknown) {
  const { db, env, mailer } = services;
  const input = parseInput(outreachSponsorSchema, rawInput);
  if (!sponsor.emailVerified) throw new AppError('FORBIDDEN', OUTREACH_MESSAGES.sponsorNeedsVerified);
  await limitHits(services, `outreach-offer:${sponsor.id}`, { windowMs: 60 * 60 * 1000, max: OFFERS_PER_HOUR, message: 'Too many offers in a short time. Please try again in an hour.' });
  const [[pkg], [region], [band]] = await Promise.all([
    db.select().from(outreachPackages).where(eq(outreachPackages.id, input.packageId)),
    db.select({ name: regions.name }).from(regions).where(eq(regions.slug, input.regionSlug)),
    db.select({ id: bandProfiles.userId, name: bandProfiles.name, email: user.email }).from(bandProfiles).innerJoin(user, eq(user.id, bandProfiles.userId)).where(eq(bandProfiles.slug, input.bandSlug.toLowerCase())),
  ]);
  if (!band) throw new AppError('VALIDATION', OUTREACH_MESSAGES.sponsorChooseBand, { bandSlug: OUTREACH_MESSAGES.sponsorChooseBand });
  if (band.id === sponsor.id) throw new AppError('VALIDATION', OUTREACH_MESSAGES.sponsorOwnBand, { bandSlug: OUTREACH_MESSAGES.sponsorOwnBand });
  if (!pkg || pkg.kind !== 'standard') throw new AppError('VALIDATION', OUTREACH_MESSAGES.sponsorStandardOnly, { packageId: OUTREACH_MESSAGES.sponsorStandardOnly });
  if (!region) throw new AppError('VALIDATION', 'Please choose a location.', { regionSlug: 'Please choose a location.' });
  const reach = await countReach(db, input.regionSlug, pkg.venueLimit);
  if (reach === 0) throw new AppError('CONFLICT', OUTREACH_MESSAGES.noVenues);

  const customMessage = pkg.allowsCustomMessage ? (input.customMessage ?? null) : null;
  const campaignId = await db.transaction(async (tx) => {
    // One open offer per sponsor and band: lock the band's row so two requests at once make one.
    await tx.select({ id: bandProfiles.userId }).from(bandProfiles).where(eq(bandProfiles.userId, band.id)).for('update');
    const [open] = await tx.select({ id: outreachCampaigns.id }).from(outreachCampaigns).where(and(eq(outreachCampaigns.bandId, band.id), eq(outreachCampaigns.sponsorId, sponsor.id), isOpenOffer()));
    if (open) throw new AppError('CONFLICT', OUTREACH_MESSAGES.sponsorAlreadyAsked);
    const [campaign] = await tx
      .insert(outreachCampaigns)
      .values({ bandId: band.id, sponsorId: sponsor.id, packageId: pkg.id, regionSlug: input.regionSlug, venuesTargeted: reach, customMessage, status: 'awaiting_band' })
      .returning({ id: outreachCampaigns.id });
    const mail = await outreachOfferEmail({
      sponsor: describeSponsor(sponsor),
      bandName: band.name,
      packageName: pkg.name,
      locationName: region.name,
      venueCount: reach,
      price: formatCents(pkg.priceCents),
      customMessage,
      answerUrl: `${env.PUBLIC_URL}${outreachOfferPath(campaign!.id)}`,
    });
    await mailer.send({ to: band.email, kind: 'outreach_offer', ...mail }, tx);
    return campaign!.id;
  });
  return { campaignId, bandName: band.name, venuesTargeted: reach, price: formatCents(pkg.priceCents) };
}

/** The band agrees to an offer (it then waits for the sponsor's payment) or declines it; the sponsor is e-mailed. */
export async function answerOutreachOffer(services: Pick<Services, 'db' | 'env' | 'mailer'>, band: SessionUser, campaignId: string, rawInput: unknown) {
  const { db, env, mailer } = services;
  const { agree } = parseInput(outreachOfferAnswerSchema, rawInput);
  return db.transaction(async (tx) => {
    const [offer] = await tx
      .select({ status: outreachCampaigns.status, isOpen: sql<boolean>`${isOpenOffer()}`, sponsorEmail: sponsorUser.email, packageName: outreachPackages.name, priceCents: outreachPackages.priceCents, location: regions.name, bandName: bandProfiles.name })
      .from(outreachCampaigns)
      .innerJoin(sponsorUser, eq(sponsorUser.id, outreachCampaigns.sponsorId))
      .innerJoin(outreachPackages, eq(outreachPackages.id, outreachCampaigns.packageId))
      .innerJoin(regions, eq(regions.slug, outreachCampaigns.regionSlug))
      .innerJoin(bandProfiles, eq(bandProfiles.userId, outreachCampaigns.bandId))
      .where(and(eq(outreachCampaigns.id, campaignId), eq(outreachCampaigns.bandId, band.id)))
      .for('update', { of: outreachCampaigns });
    if (!offer) throw new AppError('NOT_FOUND', 'That offer was not found.');
    if (!offer.isOpen) throw new AppError('CONFLICT', OUTREACH_MESSAGES.offerNotOpen);
    const status = agree ? ('pending' as const) : ('declined' as const);
    await tx.update(outreachCampaigns).set({ status, updatedAt: new Date() }).where(eq(outreachCampaigns.id, campaignId));
    const mail = await outreachOfferAnsweredEmail({
      bandName: offer.bandName,
      packageName: offer.packageName,
      locationName: offer.location,
      price: formatCents(offer.priceCents),
      isAgreed: agree,
      pageUrl: `${env.PUBLIC_URL}${SPONSORED_CAMPAIGNS_PATH}`,
    });
    await mailer.send({ to: offer.sponsorEmail, kind: 'outreach_offer_answered', ...mail }, tx);
    return { status };
  });
}

/** The sponsor pays for a campaign its band agreed to: the provider's checkout, as a band's own. */
export async function startSponsoredCheckout(services: Pick<Services, 'db' | 'env' | 'payments' | 'isRateLimitEnabled'>, sponsor: SessionUser, campaignId: string) {
  const { db } = services;
  await limitHits(services, `outreach-checkout:${sponsor.id}`, { windowMs: 60 * 60 * 1000, max: CHECKOUTS_PER_HOUR, message: 'Too many checkouts in a short time. Please try again in an hour.' });
  const [campaign] = await db
    .select({ status: outreachCampaigns.status, pkg: { name: outreachPackages.name, priceCents: outreachPackages.priceCents, kind: outreachPackages.kind, venueLimit: outreachPackages.venueLimit }, regionSlug: outreachCampaigns.regionSlug, regionName: regions.name, bandName: bandProfiles.name })
    .from(outreachCampaigns)
    .innerJoin(outreachPackages, eq(outreachPackages.id, outreachCampaigns.packageId))
    .innerJoin(regions, eq(regions.slug, outreachCampaigns.regionSlug))
    .innerJoin(bandProfiles, eq(bandProfiles.userId, outreachCampaigns.bandId))
    .where(and(eq(outreachCampaigns.id, campaignId), eq(outreachCampaigns.sponsorId, sponsor.id)));
  if (!campaign) throw new AppError('NOT_FOUND', 'That campaign was not found.');
  if (campaign.status !== 'pending') throw new AppError('CONFLICT', campaign.status === 'awaiting_band' || campaign.status === 'declined' ? OUTREACH_MESSAGES.sponsorNotAgreed : 'This campaign is already paid for.');
  // The venues are counted again: the directory may have changed since the offer.
  const reach = await countReach(db, campaign.regionSlug, campaign.pkg.venueLimit);
  if (reach === 0) throw new AppError('CONFLICT', OUTREACH_MESSAGES.noVenues);
  // One open checkout per campaign: a payment event names its session, and one for a session
  // that was replaced would be refused after the money moved. The claim marks the campaign before
  // the provider is asked, so two requests at once open one; a checkout that ran out (30 minutes)
  // may be replaced.
  const [claimed] = await db
    .update(outreachCampaigns)
    .set({ venuesTargeted: reach, providerSessionId: `opening:${campaignId}`, updatedAt: new Date() })
    .where(
      and(
        eq(outreachCampaigns.id, campaignId),
        eq(outreachCampaigns.status, 'pending'),
        or(isNull(outreachCampaigns.providerSessionId), lt(outreachCampaigns.updatedAt, new Date(Date.now() - CHECKOUT_MINUTES * 60_000))),
      ),
    )
    .returning({ id: outreachCampaigns.id });
  if (!claimed) throw new AppError('CONFLICT', OUTREACH_MESSAGES.sponsorCheckoutOpen);
  try {
    return await openCampaignCheckout(services, { campaignId, pkg: campaign.pkg, regionName: campaign.regionName, bandName: campaign.bandName, buyerEmail: sponsor.email, reach, isSponsored: true });
  } catch (error) {
    await db.update(outreachCampaigns).set({ providerSessionId: null }).where(and(eq(outreachCampaigns.id, campaignId), eq(outreachCampaigns.providerSessionId, `opening:${campaignId}`)));
    throw error;
  }
}

const offerColumns = {
  id: outreachCampaigns.id,
  createdAt: outreachCampaigns.createdAt,
  status: outreachCampaigns.status,
  isOpen: sql<boolean>`${isOpenOffer()}`.mapWith(Boolean),
  packageName: outreachPackages.name,
  priceCents: outreachPackages.priceCents,
  location: regions.name,
  venuesTargeted: outreachCampaigns.venuesTargeted,
  venuesReached: outreachCampaigns.venuesReached,
  responses: outreachCampaigns.responses,
  customMessage: outreachCampaigns.customMessage,
};

/** The offers a band can answer now, oldest first, with who is asking. */
export async function listOutreachOffers(db: Db, bandId: string) {
  const rows = await db
    .select({ ...offerColumns, sponsorName: sponsorUser.name, sponsorRole: sponsorUser.role })
    .from(outreachCampaigns)
    .innerJoin(sponsorUser, eq(sponsorUser.id, outreachCampaigns.sponsorId))
    .innerJoin(outreachPackages, eq(outreachPackages.id, outreachCampaigns.packageId))
    .innerJoin(regions, eq(regions.slug, outreachCampaigns.regionSlug))
    .where(and(eq(outreachCampaigns.bandId, bandId), isOpenOffer()))
    .orderBy(asc(outreachCampaigns.createdAt));
  return rows.map(({ sponsorName, sponsorRole, ...row }) => ({ ...row, sponsor: describeSponsor({ name: sponsorName, role: sponsorRole }) }));
}

/** The campaigns a sponsor offered or paid for, newest first, with the band each speaks for. */
export async function listSponsoredCampaigns(db: Db, sponsorId: string, limit = 50) {
  return db
    .select({ ...offerColumns, bandName: bandProfiles.name })
    .from(outreachCampaigns)
    .innerJoin(bandProfiles, eq(bandProfiles.userId, outreachCampaigns.bandId))
    .innerJoin(outreachPackages, eq(outreachPackages.id, outreachCampaigns.packageId))
    .innerJoin(regions, eq(regions.slug, outreachCampaigns.regionSlug))
    .where(eq(outreachCampaigns.sponsorId, sponsorId))
    .orderBy(desc(outreachCampaigns.createdAt))
    .limit(limit);
}
