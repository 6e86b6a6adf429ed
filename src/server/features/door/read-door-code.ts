import type { Db } from '../../db/client.ts';
import { checkSignedCode } from '../../../core/door-codes.ts';
import { readTicketCode } from '../../../core/ticket-codes.ts';
import { doorVerificationKeys } from './door-keys.ts';

/**
 * What a scanned text names, checked on the server: a signed code (decision 51) whose signature
 * holds, with its key and gig; an old code (the plain ticket id, or JSON), which names no gig and
 * is checked by the database alone; or a refusal. A key the server does not know is a forgery
 * here: every key Marquee ever made is in door_keys.
 */
export type ReadDoorCode =
  | { isReadable: true; ticketId: string; gigId: string | null; keyId: string | null; keyRetiredAt: string | null }
  | { isReadable: false; reason: 'forged' | 'truncated' | 'unknown' };

export async function readDoorCode(db: Db, text: string): Promise<ReadDoorCode> {
  const keyId = /^MQ1\.([A-Za-z0-9_-]{1,16})\./.exec(text.trim())?.[1];
  if (keyId === undefined && !text.trim().startsWith('MQ1.')) {
    const ticketId = readTicketCode(text);
    return ticketId ? { isReadable: true, ticketId, gigId: null, keyId: null, keyRetiredAt: null } : { isReadable: false, reason: 'unknown' };
  }
  const keys = await doorVerificationKeys(db, keyId);
  const check = await checkSignedCode(text, keys);
  if (!check.isSigned) return { isReadable: false, reason: 'unknown' };
  if (!check.isGenuine) return { isReadable: false, reason: check.reason === 'truncated' ? 'truncated' : 'forged' };
  return { isReadable: true, ticketId: check.code.ticketId, gigId: check.code.gigId, keyId: check.code.keyId, keyRetiredAt: keys.get(check.code.keyId)?.retiredAt ?? null };
}
