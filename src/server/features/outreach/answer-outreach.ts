import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { OUTREACH_MESSAGES } from '../../../core/outreach.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { bandProfiles, emailOptOuts, outreachCampaigns, outreachEmails, user, venueDirectory, venueOptOutTokens } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { outreachResponseEmail } from '../../mail/emails/outreach-response.ts';
import type { Services } from '../../services.ts';
import { OUTREACH_OPT_OUT_KIND, venueEmail } from './reachable-venues.ts';

/**
 * A venue's 'I'm interested' (D26): recorded once per e-mail however often the link is used; the
 * first time it bumps the campaign's responses and tells the band by e-mail, with the venue's
 * contact details and Reply-To set to the venue.
 */
export async function respondToOutreach({ db, mailer }: Pick<Services, 'db' | 'mailer'>, token: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: outreachEmails.id,
        campaignId: outreachEmails.campaignId,
        respondedAt: outreachEmails.respondedAt,
        venueName: venueDirectory.name,
        venueEmail,
        venuePhone: venueDirectory.phone,
        contactPerson: venueDirectory.contactPerson,
        city: venueDirectory.city,
        bandName: bandProfiles.name,
        bandEmail: user.email,
        isTest: outreachCampaigns.isTest,
      })
      .from(outreachEmails)
      .innerJoin(venueDirectory, eq(venueDirectory.id, outreachEmails.venueDirectoryId))
      .innerJoin(outreachCampaigns, eq(outreachCampaigns.id, outreachEmails.campaignId))
      .innerJoin(bandProfiles, eq(bandProfiles.userId, outreachCampaigns.bandId))
      .innerJoin(user, eq(user.id, outreachCampaigns.bandId))
      .where(eq(outreachEmails.responseToken, token));
    if (!row) throw new AppError('NOT_FOUND', OUTREACH_MESSAGES.unknownLink);
    if (row.isTest) return { venueName: row.venueName, bandName: row.bandName, isFirstResponse: false };
    const [first] = await tx
      .update(outreachEmails)
      .set({ respondedAt: new Date() })
      .where(and(eq(outreachEmails.id, row.id), isNull(outreachEmails.respondedAt)))
      .returning({ id: outreachEmails.id });
    if (first) {
      await tx.update(outreachCampaigns).set({ responses: sql`${outreachCampaigns.responses} + 1`, updatedAt: new Date() }).where(eq(outreachCampaigns.id, row.campaignId));
      const contact = [row.contactPerson, row.venueEmail, row.venuePhone].filter(Boolean).join(' · ');
      const mail = await outreachResponseEmail({ venueName: row.venueName, city: row.city, bandName: row.bandName, contact });
      await mailer.send({ to: row.bandEmail, replyTo: row.venueEmail, kind: 'venue_outreach_response', ...mail }, tx);
    }
    return { venueName: row.venueName, bandName: row.bandName, isFirstResponse: Boolean(first) };
  });
}

const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * A new opt-out link's token for a venue (issue 20): 32 random bytes from the CSPRNG, one per
 * e-mail; only its SHA-256 is stored, so the table gives no working link away.
 */
export async function mintVenueOptOutToken(db: DbOrTx, venueDirectoryId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(venueOptOutTokens).values({ tokenHash: hashToken(token), venueDirectoryId });
  return token;
}

/** Ends every opt-out link a venue was sent (its address changed hands); new e-mails get new ones. */
export async function rotateVenueOptOutTokens(db: DbOrTx, venueDirectoryId: string): Promise<void> {
  await db.delete(venueOptOutTokens).where(eq(venueOptOutTokens.venueDirectoryId, venueDirectoryId));
}

/** The venue entry an opt-out link's token belongs to, if any. */
export async function findVenueByOptOutToken(db: DbOrTx, token: string): Promise<string | null> {
  const [row] = await db.select({ id: venueOptOutTokens.venueDirectoryId }).from(venueOptOutTokens).where(eq(venueOptOutTokens.tokenHash, hashToken(token)));
  return row?.id ?? null;
}

/**
 * A venue opts out of outreach (D26): the entry and its address are never e-mailed again by any
 * campaign, including ones already paid and not yet sent. Using the link again changes nothing.
 */
export async function optOutVenue(db: Db, token: string) {
  return db.transaction(async (tx) => {
    const [venue] = await tx
      .select({ id: venueDirectory.id, name: venueDirectory.name, email: venueDirectory.email, bookingEmail: venueDirectory.bookingEmail, optedOutAt: venueDirectory.optedOutAt })
      .from(venueDirectory)
      .innerJoin(venueOptOutTokens, eq(venueOptOutTokens.venueDirectoryId, venueDirectory.id))
      .where(eq(venueOptOutTokens.tokenHash, hashToken(token)));
    if (!venue) throw new AppError('NOT_FOUND', OUTREACH_MESSAGES.unknownLink);
    if (!venue.optedOutAt) await tx.update(venueDirectory).set({ optedOutAt: new Date(), updatedAt: new Date() }).where(eq(venueDirectory.id, venue.id));
    // Both of the entry's addresses: another entry with either one is not e-mailed either.
    const addresses = [...new Set([venue.email, venue.bookingEmail].filter((a): a is string => Boolean(a?.trim())).map((a) => a.trim().toLowerCase()))];
    if (addresses.length) await tx.insert(emailOptOuts).values(addresses.map((email) => ({ email, kind: OUTREACH_OPT_OUT_KIND }))).onConflictDoNothing();
    return { venueName: venue.name };
  });
}
