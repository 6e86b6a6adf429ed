import { asc, eq } from 'drizzle-orm';
import { OUTREACH_MESSAGES } from '../../../core/outreach.ts';
import { outreachPreviewSchema, outreachTestEmailSchema } from '../../../core/schemas/outreach.ts';
import { regions, venueDirectory } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { limitHits } from '../../http/rate-limit.ts';
import type { SessionUser } from '../../http/session.ts';
import { parseInput } from '../../http/validate.ts';
import { hideSecrets, storedBody } from '../../mail/secrets.ts';
import type { Services } from '../../services.ts';
import { venueOutreachEmail, type OutreachKind } from '../../mail/emails/venue-outreach.ts';
import { loadBandPitch } from './outreach-email.ts';
import { reachableIn } from './reachable-venues.ts';

/** The e-mail a campaign would send to the location's first venue (or a sample one). */
async function renderSample({ db, env }: Pick<Services, 'db' | 'env'>, bandId: string, regionSlug: string, kind: OutreachKind, extra: { customMessage?: string; bandDraw?: string }) {
  const [[region], [venue], band] = await Promise.all([
    db.select({ name: regions.name }).from(regions).where(eq(regions.slug, regionSlug)),
    db.select({ name: venueDirectory.name, contactPerson: venueDirectory.contactPerson }).from(venueDirectory).where(reachableIn(regionSlug)).orderBy(asc(venueDirectory.name)).limit(1),
    loadBandPitch(db, bandId, env.PUBLIC_URL),
  ]);
  if (!region) throw new AppError('VALIDATION', 'Please choose a location.', { regionSlug: 'Please choose a location.' });
  if (!band) throw new AppError('FORBIDDEN', 'Only band accounts can do this.');
  return { band, message: await venueOutreachEmail({ kind, band, venueName: venue?.name ?? 'Sample Venue', contactPerson: venue?.contactPerson, locationName: region.name, ...extra }) };
}

const TEST_EMAIL_NEEDS_VERIFIED = 'Please verify your e-mail address first: test e-mails go only to a verified address.';

/**
 * 'Send test email' (spec 3 §7): the campaign e-mail, to the band's own address only. Issue 20:
 * only once that address is verified, and OUTREACH_TEST_EMAILS_PER_HOUR a band.
 */
export async function sendTestOutreachEmail(services: Pick<Services, 'db' | 'env' | 'mailer' | 'isRateLimitEnabled'>, sender: SessionUser, rawInput: unknown) {
  if (sender.role !== 'band') throw new AppError('FORBIDDEN', 'Only band accounts can send a test outreach e-mail.');
  const input = parseInput(outreachTestEmailSchema, rawInput);
  if (sender.emailVerified !== true) throw new AppError('FORBIDDEN', TEST_EMAIL_NEEDS_VERIFIED);
  const perHour = services.env.OUTREACH_TEST_EMAILS_PER_HOUR;
  await limitHits(services, `outreach-test-email:${sender.id}`, {
    windowMs: 60 * 60 * 1000,
    max: perHour,
    message: `You can send ${perHour} test e-mail${perHour === 1 ? '' : 's'} an hour. Please try again later.`,
  });
  const { band, message } = await renderSample(services, sender.id, input.regionSlug, 'booking', { customMessage: input.customMessage });
  const back = `${services.env.PUBLIC_URL}/dashboard`;
  const subject = `[Test] ${message.subject}`;
  const { id } = await services.mailer.send({ to: band.email, kind: 'venue_outreach_test', ...message, subject, secrets: { respond: back, optout: back } });
  // Delivered while the band waits, so the answer is the truth (issue 21): when the mail server
  // cannot be reached, spec 3 §7 shows a simulated preview instead.
  const delivery = await services.mailer.deliverNow(id);
  if (delivery.status === 'failed') {
    if (!delivery.isNetworkError) throw new AppError('UNAVAILABLE', OUTREACH_MESSAGES.testEmailFailed);
    return { success: false, message: OUTREACH_MESSAGES.testEmailSimulated, preview: { to: band.email, subject, text: hideSecrets(storedBody(message.text)) } };
  }
  return { success: true, message: `Test email sent to ${band.email}.` };
}

/** The beta tool's Email Preview (spec 3 §2): the opener or headline e-mail as venues will get it. */
export async function previewOutreachEmail(services: Pick<Services, 'db' | 'env'>, viewer: SessionUser, rawInput: unknown) {
  const input = parseInput(outreachPreviewSchema, rawInput);
  const { message } = await renderSample(services, viewer.id, input.regionSlug, input.outreachType, { bandDraw: input.bandDraw });
  return { subject: message.subject, text: hideSecrets(storedBody(message.text)) };
}
