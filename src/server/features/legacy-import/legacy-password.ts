// Issue 25: an imported account keeps its old password (decision 52). Its credential row holds
// `firebase-scrypt$<legacy_hash_configs id>$<salt>$<hash>` (both base64, as users.json has them)
// until its first sign-in checks the password with the old modified scrypt and stores
// better-auth's own hash in its place.

export const LEGACY_PASSWORD_PREFIX = 'firebase-scrypt$';

export type LegacyPassword = { configId: number; salt: string; hash: string };

export function formatLegacyPassword({ configId, salt, hash }: LegacyPassword): string {
  return `${LEGACY_PASSWORD_PREFIX}${configId}$${salt}$${hash}`;
}

/** Null for anything else (better-auth's own `salt:key` hashes). */
export function parseLegacyPassword(stored: string): LegacyPassword | null {
  if (!stored.startsWith(LEGACY_PASSWORD_PREFIX)) return null;
  const [configId, salt, hash, ...rest] = stored.slice(LEGACY_PASSWORD_PREFIX.length).split('$');
  if (rest.length > 0 || !configId || !salt || !hash || !/^\d+$/.test(configId)) return null;
  return { configId: Number(configId), salt, hash };
}
