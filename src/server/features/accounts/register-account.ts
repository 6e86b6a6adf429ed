import { eq, inArray } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import { assertNameUsable, claimVenueSlug, nameTakenError, toFoldedSiteSlug, toFoldedVenueSlug } from './site-names.ts';
import { assertPasswordNotGuessable } from './password-strength.ts';
import { countHit } from '../../http/rate-limit.ts';
import type { Registration } from '../../../core/schemas/account.ts';
import { AppError } from '../../http/app-error.ts';
import type { Services } from '../../services.ts';
import {
  bandProfiles,
  managerProfiles,
  promoterProfiles,
  regions,
  rehearsalSpaceProfiles,
  user,
  venueProfiles,
} from '../../db/schema.ts';
import type { DbOrTx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { storeImage } from '../uploads/store-image.ts';
import { requestVenueAssociations } from '../promoter-venues/request-venue-associations.ts';
import { sendVerificationEmail } from './email-verification.ts';
import { addressColumnsOf } from '../../../core/postal-address.ts';

async function assertProfileIsFree(db: DbOrTx, input: Registration): Promise<void> {
  const [region] = await db.select({ slug: regions.slug }).from(regions).where(eq(regions.slug, input.location));
  if (!region) throw new AppError('VALIDATION', 'Please choose your location.', { location: 'Please choose your location.' });
  if (input.role === 'band' || input.role === 'promoter') {
    const slug = toFoldedSiteSlug(input.name);
    assertNameUsable(input.name, slug);
    // Bands and promoters share the subdomain space, so a name is taken if either holds its slug.
    const [band] = await db.select({ id: bandProfiles.userId }).from(bandProfiles).where(eq(bandProfiles.slug, slug));
    const [promoter] = await db.select({ id: promoterProfiles.userId }).from(promoterProfiles).where(eq(promoterProfiles.slug, slug));
    if (band || promoter) throw nameTakenError(input.name);
  }
  if (input.role === 'venue') await claimVenueSlug(db, input.name);
  if (input.role === 'promoter' && input.venueIds.length) {
    const found = await db.select({ id: venueProfiles.userId }).from(venueProfiles).where(inArray(venueProfiles.userId, input.venueIds));
    if (found.length !== new Set(input.venueIds).size) {
      throw new AppError('VALIDATION', 'One of the chosen venues no longer exists.', { venueIds: 'One of the chosen venues no longer exists.' });
    }
  }
}

async function createProfile(tx: DbOrTx, userId: string, input: Registration, imageUrl: string | undefined): Promise<void> {
  switch (input.role) {
    case 'fan':
    case 'musician':
      return;
    case 'venue':
      await tx.insert(venueProfiles).values({
        userId,
        name: input.name,
        slug: toFoldedVenueSlug(input.name),
        ...addressColumnsOf({ address: input.address }),
        phone: input.phone,
        contactEmail: input.contactEmail ?? input.email,
        website: input.website,
        facebookUrl: input.facebookUrl,
        instagramUrl: input.instagramUrl,
        youtubeUrl: input.youtubeUrl,
        imageUrl,
      });
      return;
    case 'promoter':
      await tx.insert(promoterProfiles).values({
        userId,
        name: input.name,
        companyName: input.companyName,
        slug: toFoldedSiteSlug(input.name),
        phone: input.phone,
        email: input.contactEmail ?? input.email,
        website: input.website,
        facebookUrl: input.facebookUrl,
        instagramUrl: input.instagramUrl,
        youtubeUrl: input.youtubeUrl,
        imageUrl,
      });
      return;
    case 'artist_manager':
      await tx.insert(managerProfiles).values({
        userId,
        name: input.name,
        instagramUrl: input.instagramUrl,
        description: input.description,
        website: input.website,
        imageUrl,
      });
      return;
    case 'rehearsal_space':
      await tx.insert(rehearsalSpaceProfiles).values({
        userId,
        name: input.name,
        address: input.address,
        phone: input.phone,
        contactEmail: input.contactEmail ?? input.email,
        website: input.website,
        description: input.description,
        imageUrl,
      });
      return;
    case 'band':
      await tx.insert(bandProfiles).values({
        userId,
        name: input.name,
        slug: toFoldedSiteSlug(input.name),
        instagramUrl: input.instagramUrl,
        description: input.description,
        website: input.website,
        imageUrl,
        // The sign-in e-mail is not published on the band site; the band adds a contact e-mail itself.
        contactEmail: null,
        // D25: bands whose name contains "goldtop" get beta outreach by default.
        hasBetaOutreach: /goldtop/i.test(input.name),
      });
      return;
  }
}

function accountName(input: Registration): string {
  return 'name' in input ? input.name : input.email.split('@')[0]!;
}

/**
 * Creates the account (better-auth), gives it the chosen role and location, and its role's
 * profile. Returns the Set-Cookie headers that sign the new account in.
 */
export async function registerAccount(
  services: Services,
  input: Registration,
  { image, headers, ipAddress = null }: { image?: Buffer; headers: Headers; ipAddress?: string | null },
): Promise<{ userId: string; setCookies: string[] }> {
  const { db, auth, storage, env } = services;
  // Each attempt counts, so the "already exists" answer cannot be used to probe many e-mails.
  if (services.isRateLimitEnabled && ipAddress && (await countHit(db, `register:${ipAddress}`, 60 * 60 * 1000)) > env.REGISTER_RATE_LIMIT_PER_HOUR) {
    throw new AppError('RATE_LIMITED', 'Too many registrations from here. Please try again in an hour.');
  }
  assertPasswordNotGuessable(input.password, [input.email, accountName(input)]);
  await assertProfileIsFree(db, input);
  // Process the image before the account exists, so a bad file loses nothing else.
  const imageUrl =
    image && input.role !== 'fan' && input.role !== 'musician'
      ? await storeImage({ db, storage, maxBytes: env.UPLOAD_MAX_BYTES }, image, {})
      : undefined;

  let signUp;
  try {
    signUp = await auth.api.signUpEmail({
      body: { name: accountName(input), email: input.email, password: input.password },
      headers,
      returnHeaders: true,
    });
  } catch (error) {
    if (error instanceof APIError) {
      const code = error.body?.code ?? '';
      if (code.startsWith('USER_ALREADY_EXISTS')) {
        const message = 'An account with this e-mail already exists. Log in, or reset your password.';
        throw new AppError('CONFLICT', message, { email: message });
      }
      const message = error.body?.message ?? 'Registration failed. Please try again.';
      throw new AppError('VALIDATION', message, { [code.includes('PASSWORD') ? 'password' : 'email']: message });
    }
    throw error;
  }
  const userId = signUp.response.user.id;
  try {
    await db.transaction(async (tx) => {
      const isAdmin = env.ADMIN_EMAILS.includes(input.email);
      await tx.update(user).set({ role: isAdmin ? 'admin' : input.role, location: input.location }).where(eq(user.id, userId));
      await createProfile(tx, userId, input, imageUrl);
      if (input.role === 'promoter') await requestVenueAssociations(services, tx, userId, input.venueIds);
    });
  } catch (error) {
    // Keep registration all-or-nothing: no account without its profile.
    await db.delete(user).where(eq(user.id, userId));
    if (isUniqueViolation(error)) throw nameTakenError(accountName(input));
    throw error;
  }
  // D32: the account works at once; what its address owns elsewhere waits for the link, which
  // comes in the welcome: one e-mail with its button (issue 34).
  await sendVerificationEmail(services, { id: userId, email: signUp.response.user.email, name: accountName(input) }, { isWelcome: true });
  return { userId, setCookies: signUp.headers.getSetCookie() };
}
