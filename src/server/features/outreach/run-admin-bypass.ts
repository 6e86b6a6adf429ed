import { and, eq } from 'drizzle-orm';
import { SINGLE_CAMPAIGN_PACKAGE_ID } from '../../../core/outreach.ts';
import { adminBypassSchema } from '../../../core/schemas/outreach.ts';
import { auditLog, bandProfiles, outreachCampaigns, regions, user } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { CurrentSession } from '../../http/session.ts';
import { parseInput } from '../../http/validate.ts';
import type { Services } from '../../services.ts';
import { queueCampaignEmails } from './queue-campaign-emails.ts';

/**
 * 'Admin Bypass (Test)' (spec 3 §4, D27): a real single-price campaign without payment, run in
 * test mode. Every venue's e-mail is rendered and stored, but delivered only to the admin's own
 * address; the campaign ends completed_test. An admin runs it for the band it is impersonating
 * (the band dashboard's button) or names the band. Audited.
 */
export async function runAdminBypass(services: Pick<Services, 'db'>, session: CurrentSession, rawInput: unknown) {
  const { db } = services;
  const input = parseInput(adminBypassSchema, rawInput);
  const adminId = session.impersonatedBy ?? (session.user.role === 'admin' ? session.user.id : null);
  const [admin] = adminId ? await db.select({ email: user.email }).from(user).where(and(eq(user.id, adminId), eq(user.role, 'admin'))) : [];
  if (!admin) throw new AppError('FORBIDDEN', 'Only administrators can run a test campaign.');
  const bandId = session.impersonatedBy ? session.user.id : input.bandId;
  if (!bandId) throw new AppError('VALIDATION', 'Please choose the band to run the test for.', { bandId: 'Please choose the band to run the test for.' });
  const [[band], [region]] = await Promise.all([
    db.select({ name: bandProfiles.name }).from(bandProfiles).where(eq(bandProfiles.userId, bandId)),
    db.select({ name: regions.name }).from(regions).where(eq(regions.slug, input.regionSlug)),
  ]);
  if (!band) throw new AppError('VALIDATION', 'That band was not found.', { bandId: 'That band was not found.' });
  if (!region) throw new AppError('VALIDATION', 'Please choose a location.', { regionSlug: 'Please choose a location.' });

  const campaignId = await db.transaction(async (tx) => {
    const [campaign] = await tx
      .insert(outreachCampaigns)
      .values({ bandId, packageId: SINGLE_CAMPAIGN_PACKAGE_ID, regionSlug: input.regionSlug, status: 'processing', isTest: true, testRecipientEmail: admin.email, provider: 'admin_bypass' })
      .returning({ id: outreachCampaigns.id });
    await queueCampaignEmails(tx, campaign!.id);
    await tx.insert(auditLog).values({ actorId: adminId!, action: 'outreach.admin_bypass', targetId: campaign!.id, details: { bandId, regionSlug: input.regionSlug } });
    return campaign!.id;
  });
  return { campaignId, message: `Test campaign started for ${band.name} in ${region.name}: every e-mail goes to ${admin.email}.` };
}
