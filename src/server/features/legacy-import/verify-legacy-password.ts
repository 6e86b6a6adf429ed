import { hashPassword } from 'better-auth/crypto';
import { and, eq } from 'drizzle-orm';
import { FirebaseScrypt } from 'firebase-scrypt';
import type { Db } from '../../db/client.ts';
import { account, legacyHashConfigs } from '../../db/schema.ts';
import { parseLegacyPassword } from './legacy-password.ts';

/**
 * Node's scrypt refuses more than 32 MiB (its default maxmem) and firebase-scrypt does not raise
 * it: scrypt needs 128·N·r bytes, so the old service's usual mem_cost 14 / rounds 8 (16 MiB) fits,
 * and anything from mem_cost 15 / rounds 8 up would fail for every password alike.
 */
const SCRYPT_DEFAULT_MAXMEM = 32 * 1024 * 1024;

const MAX_CONFIG_ID = 2 ** 31 - 1;

/** Per database (a test process holds several, each numbering its configs from 1); configs never change once imported. */
const hashersByDb = new WeakMap<Db, Map<number, FirebaseScrypt>>();

async function findHasher(db: Db, configId: number): Promise<FirebaseScrypt | null> {
  let hashers = hashersByDb.get(db);
  if (!hashers) hashersByDb.set(db, (hashers = new Map<number, FirebaseScrypt>()));
  const cached = hashers.get(configId);
  if (cached) return cached;
  const [config] = await db.select().from(legacyHashConfigs).where(eq(legacyHashConfigs.id, configId));
  if (!config) return null;
  if (128 * 2 ** config.memCost * config.rounds >= SCRYPT_DEFAULT_MAXMEM) {
    throw new Error(`Legacy hash config ${configId} (mem_cost ${config.memCost}, rounds ${config.rounds}) needs more scrypt memory than Node allows by default`);
  }
  const hasher = new FirebaseScrypt({ memCost: config.memCost, rounds: config.rounds, saltSeparator: config.saltSeparator, signerKey: config.signerKey });
  hashers.set(configId, hasher);
  return hasher;
}

/**
 * Whether `password` is the one an imported account had (issue 25, decision 52): `stored` is
 * `firebase-scrypt$<config id>$<salt>$<hash>`, checked with the old service's modified scrypt.
 * Anything else, a config that is not there or an empty password, is simply a wrong password.
 */
export async function verifyLegacyPassword(db: Db, stored: string, password: string): Promise<boolean> {
  const legacy = parseLegacyPassword(stored);
  // Past PostgreSQL's integer the lookup itself would fail: no such config either.
  // A hash that decodes to nothing would equal the hash of an empty signer key: never a match.
  if (!legacy || !password || legacy.configId > MAX_CONFIG_ID || Buffer.from(legacy.hash, 'base64').length < 16) return false;
  const hasher = await findHasher(db, legacy.configId);
  if (!hasher) return false;
  return hasher.verify(password, legacy.salt, legacy.hash);
}

/**
 * better-auth's password check for an imported account (its `password.verify`): the right old
 * password stores better-auth's own hash in place of the old string at once. The update names the
 * old string (its salt is the account's own), so of two sign-ins at once both succeed and the first
 * one's hash is kept, and a password set meanwhile (a reset) is never overwritten.
 */
export async function upgradeLegacyPassword(db: Db, stored: string, password: string): Promise<boolean> {
  if (!(await verifyLegacyPassword(db, stored, password))) return false;
  const newHash = await hashPassword(password);
  await db
    .update(account)
    .set({ password: newHash })
    .where(and(eq(account.providerId, 'credential'), eq(account.password, stored)));
  return true;
}
