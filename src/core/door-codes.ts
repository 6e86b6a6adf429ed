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

/** Crockford's base32: no I, L, O or U, so a reference read aloud or typed is hard to get wrong. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * What is printed under a ticket's QR code (issue 33): the first 40 bits of its door reference
 * (`ticketRef`), in Crockford base32, as `XXXX-XXXX`. Door staff type it when a code will not
 * scan and the door finds the ticket on its own list. It is derived from the ticket id one way,
 * so it is neither the id the door admits online nor a key to the ticket's page or its actions.
 */
export function ticketDisplayRef(ref: string): string {
  const bytes = fromBase64Url(ref).subarray(0, 5);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let text = '';
  for (let shift = 35n; shift >= 0n; shift -= 5n) text += CROCKFORD[Number((bits >> shift) & 31n)];
  return `${text.slice(0, 4)}-${text.slice(4)}`;
}

/** A typed reference as `ticketDisplayRef` writes it (case, spaces, dashes and the look-alikes O, I and L forgiven), or null. */
export function readTicketDisplayRef(text: string): string | null {
  const plain = text.trim().toUpperCase().replace(/[\s-]/g, '').replaceAll('O', '0').replace(/[IL]/g, '1');
  if (!/^[0-9A-HJKMNP-TV-Z]{8}$/.test(plain)) return null;
  return `${plain.slice(0, 4)}-${plain.slice(4)}`;
}

/** The printed reference of a ticket id (`ticketDisplayRef` of its `ticketRef`). */
export const ticketDisplayRefOf = async (ticketId: string) => ticketDisplayRef(await ticketRef(ticketId));
