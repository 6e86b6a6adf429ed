import type { LegacyDocument } from './export-format.ts';
import { assignId, type ImportContext } from './import-context.ts';
import { digestOf, LegacyFault } from './legacy-values.ts';
import type { PlannedRecord, RowSet } from './write-legacy-batch.ts';

export type Mapped = { records: PlannedRecord[]; refusals: Array<{ legacyId: string; reason: string; document: unknown }> };

/**
 * Maps each document of a collection with `mapOne`, which returns the rows it becomes or throws a
 * LegacyFault with the reason it is refused. A record keeps the id an earlier run gave it; its
 * digest says whether anything changed since.
 */
export function mapEach(
  context: ImportContext,
  collection: string,
  documents: Record<string, LegacyDocument>,
  mapOne: (legacyId: string, doc: LegacyDocument, newId: string) => RowSet,
): Mapped {
  const accepted = new Map<string, string>();
  context.accepted.set(collection, accepted);
  const result: Mapped = { records: [], refusals: [] };
  for (const [legacyId, doc] of Object.entries(documents)) {
    const { newId, digest: knownDigest } = assignId(context, collection, legacyId);
    try {
      if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) throw new LegacyFault('not a document');
      const rows = mapOne(legacyId, doc, newId);
      const digest = digestOf(rows);
      result.records.push({ legacyId, newId, digest, state: knownDigest === undefined ? 'new' : knownDigest === digest ? 'unchanged' : 'changed', rows });
      accepted.set(legacyId, newId);
    } catch (error) {
      if (!(error instanceof LegacyFault)) throw error;
      result.refusals.push({ legacyId, reason: error.message, document: doc });
    }
  }
  return result;
}
