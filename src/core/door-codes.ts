/**
 * Signed ticket codes (issue 24, decision 51): what a ticket's QR code carries so that a door
 * with no signal can tell a Marquee ticket from a forgery. Runs the same in Node 24 and in the
 * browser (WebCrypto Ed25519); only the server holds a private key.
 *
 *   MQ1.<keyId>.<ticketId>.<gigId>.<signature>
 *
 * The signature is Ed25519 over the UTF-8 bytes of everything before the last dot, in base64url
 * (86 characters). A key id is 1-16 characters of [A-Za-z0-9_-]; a ticket id is the ticket's own
 * unguessable id (D14); the gig id is its UUID. Old codes (the plain ticket id, or JSON with a
 * ticketId) carry no signature: they still admit online, where the database decides.
 */
export const SIGNED_CODE_PREFIX = 'MQ1';

const SIGNED_CODE = /^MQ1\.([A-Za-z0-9_-]{1,16})\.([A-Za-z0-9_-]{16,64})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{86})$/;

/** A signed code taken apart; `signed` is the text the signature covers. */
export type SignedCode = { keyId: string; ticketId: string; gigId: string; signature: string; signed: string };

/** Splits a scanned text into a signed code's parts, or null when it is not one (it may still be an old code). */
export function parseSignedCode(text: string): SignedCode | null {
  const match = SIGNED_CODE.exec(text.trim());
  if (!match) return null;
  const [, keyId, ticketId, gigId, signature] = match as unknown as [string, string, string, string, string];
  return { keyId, ticketId, gigId, signature, signed: `${SIGNED_CODE_PREFIX}.${keyId}.${ticketId}.${gigId}` };
}

/** Whether a text looks like the start of a signed code (a scan cut short says so, not "unknown"). */
export const looksSigned = (text: string) => text.trim().startsWith(`${SIGNED_CODE_PREFIX}.`);

/** The text a ticket's signature covers. */
export const signedCodeBody = (keyId: string, ticketId: string, gigId: string) => `${SIGNED_CODE_PREFIX}.${keyId}.${ticketId}.${gigId}`;

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** A door signing key as the door receives it: the raw 32-byte public key in base64url. */
export type DoorPublicKey = { id: string; publicKey: string; retiredAt: string | null };

/** Imports public keys once; verification is then one WebCrypto call per scan. */
export async function importDoorKeys(keys: readonly DoorPublicKey[]): Promise<Map<string, { key: CryptoKey; retiredAt: string | null }>> {
  const imported = await Promise.all(
    keys.map(async (k) => [k.id, { key: await crypto.subtle.importKey('raw', fromBase64Url(k.publicKey), { name: 'Ed25519' }, false, ['verify']), retiredAt: k.retiredAt }] as const),
  );
  return new Map(imported);
}

export type CodeCheck =
  | { isSigned: true; isGenuine: true; code: SignedCode; isRetiredKey: boolean }
  | { isSigned: true; isGenuine: false; code: SignedCode | null; reason: 'forged' | 'unknown_key' | 'truncated' }
  | { isSigned: false };

/**
 * Checks a scanned text's signature against the door's keys. Says nothing about the ticket's
 * state (used, refunded, transferred) or its gig: that is the admission list's and the server's.
 */
export async function checkSignedCode(text: string, keys: Map<string, { key: CryptoKey; retiredAt: string | null }>): Promise<CodeCheck> {
  const code = parseSignedCode(text);
  if (!code) return looksSigned(text) ? { isSigned: true, isGenuine: false, code: null, reason: 'truncated' } : { isSigned: false };
  const key = keys.get(code.keyId);
  if (!key) return { isSigned: true, isGenuine: false, code, reason: 'unknown_key' };
  const isGenuine = await crypto.subtle.verify({ name: 'Ed25519' }, key.key, fromBase64Url(code.signature), new TextEncoder().encode(code.signed));
  return isGenuine ? { isSigned: true, isGenuine: true, code, isRetiredKey: key.retiredAt !== null } : { isSigned: true, isGenuine: false, code, reason: 'forged' };
}

/**
 * A ticket's reference in a door's admission list: the first 16 bytes of SHA-256 of its id, in
 * base64url (22 characters). The list names tickets only by it, so a lost door phone holds no
 * code that would admit anyone online; the door computes it from what it scans.
 */
export async function ticketRef(ticketId: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(ticketId)));
  return toBase64Url(digest.subarray(0, 16));
}
