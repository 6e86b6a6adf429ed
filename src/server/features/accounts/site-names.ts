import { remove as removeConfusables } from 'confusables';
import { sql } from 'drizzle-orm';
import { toSiteSlug, toVenueSlug } from '../../../core/slugs.ts';
import type { DbOrTx } from '../../db/client.ts';
import { venueProfiles } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';

/** Names Marquee keeps for itself: no band, promoter or venue may be named so. */
const RESERVED_SLUGS = new Set([
  'admin', 'administrator', 'api', 'app', 'assets', 'auth', 'blog', 'cdn', 'dashboard', 'dev', 'docs', 'files', 'ftp',
  'help', 'imap', 'login', 'mail', 'marquee', 'mx', 'ns1', 'ns2', 'pop', 'root', 'security', 'smtp', 'static', 'staging',
  'status', 'support', 'test', 'www',
]);

/** Look-alike characters from other scripts fold to the Latin letter they imitate first. */
const foldConfusables = (name: string) => removeConfusables(name.normalize('NFKC'));

/**
 * The subdomain slug a band or promoter name gets. 'Тhe Vеlvеt' with Cyrillic letters is
 * 'thevelvet', so a homoglyph of an existing name lands on that name's slug and is refused as taken.
 */
export function toFoldedSiteSlug(name: string): string {
  return toSiteSlug(foldConfusables(name));
}

/** The /venue/{slug} a venue name gets, folded the same way ('Тhe Lаntern Room' is 'theLanternRoom'). */
export function toFoldedVenueSlug(name: string): string {
  return toVenueSlug(foldConfusables(name));
}

export function isReservedSiteSlug(slug: string): boolean {
  return RESERVED_SLUGS.has(slug.toLowerCase());
}

/** Refuses a name whose slug is empty or reserved, with the message shown next to the name field. */
export function assertNameUsable(name: string, slug: string): void {
  if (!slug) throw new AppError('VALIDATION', 'Please use letters or numbers in the name.', { name: 'Please use letters or numbers in the name.' });
  if (isReservedSiteSlug(slug)) {
    const message = `The name "${name}" is reserved by Marquee. Please choose another.`;
    throw new AppError('VALIDATION', message, { name: message });
  }
}

export function nameTakenError(name: string): AppError {
  const message = `The name "${name}" is already taken on Marquee. Please choose another.`;
  return new AppError('CONFLICT', message, { name: message });
}

/**
 * Decision 33: the slug a venue may take for this name, refused when empty, reserved or held by
 * another venue in any letter case (the database's unique index has the last word).
 */
export async function claimVenueSlug(db: DbOrTx, name: string, ownVenueId?: string): Promise<string> {
  const slug = toFoldedVenueSlug(name);
  assertNameUsable(name, slug);
  const [holder] = await db
    .select({ id: venueProfiles.userId })
    .from(venueProfiles)
    .where(sql`lower(${venueProfiles.slug}) = lower(${slug})${ownVenueId ? sql` and ${venueProfiles.userId} <> ${ownVenueId}` : sql``}`);
  if (holder) throw nameTakenError(name);
  return slug;
}
