import type { ImportContext } from './import-context.ts';
import { rewriteLegacyImageUrl } from './import-legacy-files.ts';

/**
 * An image address of an old document, as Marquee serves it now; one whose file is not in the
 * storage copy is left out and noted, so the operator can add the file and run again, and so is
 * one that is no public web address (issue 33).
 */
export function rewriteImage(context: ImportContext, address: unknown, collection: string, legacyId: string): string | null {
  const { url, missing, refused } = rewriteLegacyImageUrl(address, context.fileUrls);
  if (missing) context.notes.push({ collection, legacyId, note: `image ${missing} is not in the storage copy: left out` });
  if (refused) context.notes.push({ collection, legacyId, note: `image ${JSON.stringify(refused.slice(0, 100))} is not a public web address: left out` });
  return url;
}
