import type { ImportContext } from './import-context.ts';
import { rewriteLegacyImageUrl } from './import-legacy-files.ts';

/**
 * An image address of an old document, as Marquee serves it now; one whose file is not in the
 * storage copy is left out and noted, so the operator can add the file and run again.
 */
export function rewriteImage(context: ImportContext, address: unknown, collection: string, legacyId: string): string | null {
  const { url, missing } = rewriteLegacyImageUrl(address, context.fileUrls);
  if (missing) context.notes.push({ collection, legacyId, note: `image ${missing} is not in the storage copy: left out` });
  return url;
}
