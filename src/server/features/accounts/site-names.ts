import { remove as removeConfusables } from 'confusables';
import { toSiteSlug } from '../../../core/slugs.ts';

/** Subdomains Marquee keeps for itself: no band or promoter may be named so. */
const RESERVED_SLUGS = new Set([
  'admin', 'administrator', 'api', 'app', 'assets', 'auth', 'blog', 'cdn', 'dashboard', 'dev', 'docs', 'files', 'ftp',
  'help', 'imap', 'login', 'mail', 'marquee', 'mx', 'ns1', 'ns2', 'pop', 'root', 'security', 'smtp', 'static', 'staging',
  'status', 'support', 'test', 'www',
]);

/**
 * The subdomain slug a band or promoter name gets. Look-alike characters from other scripts fold
 * to the Latin letter they imitate first ('Тhe Vеlvеt' with Cyrillic letters is 'thevelvet'), so
 * a homoglyph of an existing name lands on that name's slug and is refused as taken.
 */
export function toFoldedSiteSlug(name: string): string {
  return toSiteSlug(removeConfusables(name.normalize('NFKC')));
}

export function isReservedSiteSlug(slug: string): boolean {
  return RESERVED_SLUGS.has(slug);
}
