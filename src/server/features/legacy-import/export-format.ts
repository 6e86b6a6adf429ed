// Issue 25: the shape of an export of the old system, as the importer reads it (decision 52).
// A folder holds any of:
//   firestore.json     the document database, as firestore-export-import writes it
//   users.json         the authentication service's `auth:export --format=json`
//   hash-config.json   the password-hash parameters the service shows its owner
//   storage/…          a copy of the file storage, in the old folders (bandImages/<uid>/…)

/** A timestamp in either form the export tool writes. */
export type LegacyTimestamp =
  | { _seconds: number; _nanoseconds: number }
  | { __datatype__: 'timestamp'; value: { _seconds: number; _nanoseconds: number } };

/** A document: its fields, and its subcollections (a jam session's `songs`) under `__collections__`. */
export type LegacyDocument = Record<string, unknown> & {
  __collections__?: Record<string, Record<string, LegacyDocument>>;
};

/** firestore.json: collection name → document id → document. Top-level `__collections__` is tolerated too. */
export type LegacyFirestore = Record<string, Record<string, LegacyDocument>>;

/** The collections the importer maps, in the order it writes them (each may refer to earlier ones). */
export const LEGACY_COLLECTIONS = [
  'users',
  'gigs',
  'gigApplications',
  'heldPayments',
  'jamSessions',
  'gearSwap',
  'contactMessages',
  'venueDatabase',
  'outreachCampaigns',
  'betaOutreachCampaigns',
] as const;
export type LegacyCollection = (typeof LEGACY_COLLECTIONS)[number];

/** One account of users.json (`auth:export --format=json`). */
export type LegacyAuthUser = {
  localId: string;
  email?: string;
  emailVerified?: boolean;
  /** base64, modified scrypt (with hash-config.json); absent for accounts that never set a password. */
  passwordHash?: string;
  /** base64 */
  salt?: string;
  displayName?: string;
  /** Milliseconds since the epoch, as a string. */
  createdAt?: string;
  lastSignedInAt?: string;
  disabled?: boolean;
  providerUserInfo?: unknown[];
};
export type LegacyAuthExport = { users: LegacyAuthUser[] };

/** hash-config.json: the parameters the old service shows under its password hash settings. */
export type LegacyHashConfig = {
  algorithm?: 'SCRYPT';
  base64_signer_key: string;
  base64_salt_separator: string;
  rounds: number;
  mem_cost: number;
};

/**
 * The old download address of a stored file, as the documents hold it:
 * https://firebasestorage.googleapis.com/v0/b/<bucket>/o/<path, URL-encoded>?alt=media&token=<token>
 * Returns the object path (bandImages/<uid>/<file>), or null for any other address.
 */
export function legacyStoragePath(address: string): string | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  const match = /^\/v0\/b\/[^/]+\/o\/([^/]+)$/.exec(url.pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

/** The download address the old storage gave a file (the generator writes these into documents). */
export function legacyDownloadUrl(bucket: string, objectPath: string, token: string): string {
  return `https://firebasestorage.googleapis.com/v0/b/${bucket}/o/${encodeURIComponent(objectPath)}?alt=media&token=${token}`;
}
