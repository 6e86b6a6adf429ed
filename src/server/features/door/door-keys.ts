import { createHmac, createPrivateKey, createPublicKey, sign, type KeyObject } from 'node:crypto';
import { asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { doorKeys } from '../../db/schema.ts';
import type { Services } from '../../services.ts';
import { importDoorKeys, signedCodeBody, toBase64Url, type DoorPublicKey } from '../../../core/door-codes.ts';

/**
 * The door's signing keys (decision 51). Only public halves are stored; each private half is
 * derived from the server's secret and the key's id, so every instance signs alike, nothing in
 * the database (or a backup of it) can sign a ticket, and rotating is one row.
 *
 * Rotation rule: `npm run door:rotate-key` retires the current key and makes the next (k1, k2, …).
 * Codes signed with a retired key still admit: online always (the database decides), offline
 * only for tickets already on the door's list; a ticket the list does not know admits offline
 * only with the current key. Online, a retired key's code is refused for a ticket issued after
 * the key was retired (a real one would carry the new key's code).
 */
type KeyServices = Pick<Services, 'db' | 'doorKeySecret'>;

/** The first key's id: fixed, so two instances starting on an empty table make the same one. */
export const FIRST_DOOR_KEY_ID = 'k1';
/** How long an instance keeps the current key before reading it again: a rotation reaches every instance within it. */
const KEY_CACHE_MS = 60_000;
/** PKCS#8 DER prefix of an Ed25519 private key; the 32-byte seed follows. */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** The secret door keys are derived from, itself derived from the server's secret; create-services.ts keeps it. */
export function deriveDoorKeySecret(serverSecret: string): Buffer {
  return createHmac('sha256', serverSecret).update('marquee door signing keys').digest();
}

export function doorPrivateKey(secret: Buffer, keyId: string): KeyObject {
  const seed = createHmac('sha256', secret).update(`door-key:v1:${keyId}`).digest();
  return createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
}

/** The raw 32-byte public key, base64url, as door_keys stores it and the door imports it. */
export function doorPublicKeyText(secret: Buffer, keyId: string): string {
  const jwk = createPublicKey(doorPrivateKey(secret, keyId)).export({ format: 'jwk' });
  return jwk.x!;
}

/** Makes the first key when there is none (safe with two instances: the same id, and on conflict nothing). */
export async function ensureDoorKey(db: DbOrTx, secret: Buffer): Promise<void> {
  await db.execute(sql`insert into ${doorKeys} (id, public_key)
    select ${FIRST_DOOR_KEY_ID}, ${doorPublicKeyText(secret, FIRST_DOOR_KEY_ID)}
    where not exists (select 1 from ${doorKeys} where ${doorKeys.retiredAt} is null)
    on conflict do nothing`);
}

type CurrentKey = { id: string; privateKey: KeyObject; expiresAt: number; refreshing?: Promise<unknown> };
const currentKeys = new WeakMap<Db, CurrentKey>();

async function readCurrentDoorKey(db: Db, on: DbOrTx, secret: Buffer): Promise<CurrentKey> {
  const newest = () => on.select({ id: doorKeys.id }).from(doorKeys).where(isNull(doorKeys.retiredAt)).orderBy(desc(doorKeys.createdAt), desc(doorKeys.id)).limit(1);
  let [row] = await newest();
  if (!row) {
    await ensureDoorKey(on, secret);
    [row] = await newest();
  }
  const key = { id: row!.id, privateKey: doorPrivateKey(secret, row!.id), expiresAt: Date.now() + KEY_CACHE_MS };
  currentKeys.set(db, key);
  return key;
}

/**
 * The key that signs now (the newest not retired), kept a minute per instance and then read again
 * in the background, so signing a ticket adds no statement to the sale (only the very first
 * signature reads it, on `on`: a transaction the caller is in, if any).
 */
async function currentDoorKey({ db, doorKeySecret }: KeyServices, on: DbOrTx = db): Promise<CurrentKey> {
  const cached = currentKeys.get(db);
  if (!cached) return readCurrentDoorKey(db, on, doorKeySecret);
  if (cached.expiresAt <= Date.now() && !cached.refreshing) {
    cached.refreshing = readCurrentDoorKey(db, db, doorKeySecret).catch(() => (cached.refreshing = undefined));
  }
  return cached;
}

/**
 * Reads the current key now (at start-up, so the first sale need not). If the stored public half
 * is not this server's (the server's secret changed: a new AUTH_SECRET, or a data folder restored
 * without its auth-secret file), every code it signed would read as forged, so the key is retired
 * and the next made from the secret in use; codes signed before still check against the old half.
 * Returns the id of the key so retired, if any.
 */
export async function loadDoorKey(services: KeyServices): Promise<{ retiredForSecret: string | null }> {
  const { db, doorKeySecret } = services;
  const key = await readCurrentDoorKey(db, db, doorKeySecret);
  const [stored] = await db.select({ publicKey: doorKeys.publicKey }).from(doorKeys).where(eq(doorKeys.id, key.id));
  if (!stored || stored.publicKey === doorPublicKeyText(doorKeySecret, key.id)) return { retiredForSecret: null };
  await rotateDoorKey(db, doorKeySecret);
  await readCurrentDoorKey(db, db, doorKeySecret);
  return { retiredForSecret: key.id };
}

/**
 * A ticket's signed code (MQ1.<keyId>.<ticketId>.<gigId>.<sig>), what its QR code carries. A
 * guest-list entry's code goes in the ticket slot. `on`: the transaction the caller is in, if any
 * (the key is read at most once a minute).
 */
export async function signTicketCode(services: KeyServices, ticketId: string, gigId: string, on?: DbOrTx): Promise<string> {
  const key = await currentDoorKey(services, on);
  const body = signedCodeBody(key.id, ticketId, gigId);
  return `${body}.${toBase64Url(sign(null, Buffer.from(body, 'utf8'), key.privateKey))}`;
}

/** Every key's public half, oldest first: what the door list ships. */
export async function listDoorKeys(db: DbOrTx): Promise<DoorPublicKey[]> {
  const rows = await db.select().from(doorKeys).orderBy(asc(doorKeys.createdAt), asc(doorKeys.id));
  return rows.map((k) => ({ id: k.id, publicKey: k.publicKey, retiredAt: k.retiredAt?.toISOString() ?? null }));
}

type VerificationKeys = { keys: Promise<Awaited<ReturnType<typeof importDoorKeys>>>; readAt: number };
const verificationKeys = new WeakMap<Db, VerificationKeys>();
/** How soon a code naming a key this instance does not know may make it read the keys again (a flood of made-up key ids reads them once). */
const UNKNOWN_KEY_REREAD_MS = 5_000;

/**
 * The public keys a scanned code is checked against on the server (the same WebCrypto check the
 * door runs), kept a minute (one read however many scans ask at once); read again sooner when a
 * code names a key this instance does not know yet (a rotation made on another instance).
 */
export async function doorVerificationKeys(db: Db, keyId?: string): Promise<Awaited<VerificationKeys['keys']>> {
  const cached = verificationKeys.get(db);
  const age = cached ? Date.now() - cached.readAt : Infinity;
  if (cached && age < KEY_CACHE_MS) {
    const keys = await cached.keys;
    if (keyId === undefined || keys.has(keyId) || age < UNKNOWN_KEY_REREAD_MS) return keys;
    const current = verificationKeys.get(db);
    if (current && current !== cached) return current.keys;
  }
  const entry: VerificationKeys = { keys: listDoorKeys(db).then(importDoorKeys), readAt: Date.now() };
  verificationKeys.set(db, entry);
  entry.keys.catch(() => verificationKeys.get(db) === entry && verificationKeys.delete(db));
  return entry.keys;
}

/** The next key id after these: k<highest number + 1>. */
export function nextDoorKeyId(ids: readonly string[]): string {
  const highest = Math.max(0, ...ids.map((id) => (/^k(\d+)$/.exec(id) ? Number(id.slice(1)) : 0)));
  return `k${highest + 1}`;
}

/**
 * Retires the current key and makes the next, in one transaction (the table is locked, so two
 * rotations at once make two keys one after the other, never the same id twice). Every instance
 * signs with the new key within a minute.
 */
export async function rotateDoorKey(db: Db, secret: Buffer, now = new Date()): Promise<{ retired: string[]; current: string }> {
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${doorKeys} in exclusive mode`);
    const rows = await tx.select({ id: doorKeys.id, retiredAt: doorKeys.retiredAt }).from(doorKeys);
    const next = nextDoorKeyId(rows.map((r) => r.id));
    const retired = await tx.update(doorKeys).set({ retiredAt: now }).where(isNull(doorKeys.retiredAt)).returning({ id: doorKeys.id });
    await tx.insert(doorKeys).values({ id: next, publicKey: doorPublicKeyText(secret, next), createdAt: new Date(now.getTime() + 1) });
    return { retired: retired.map((r) => r.id), current: next };
  });
  currentKeys.delete(db);
  verificationKeys.delete(db);
  return result;
}
