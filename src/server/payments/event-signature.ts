import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../http/app-error.ts';

/** How old a signed event may be before it is refused as a replay. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const digest = (secret: string, timestamp: number, body: string) => createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, the scheme Stripe uses, for the sandbox's events. */
export function signEventBody(secret: string, body: string, now = new Date()): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `t=${timestamp},v1=${digest(secret, timestamp, body)}`;
}

export function verifyEventSignature(secret: string, body: string, header: string | undefined, now = new Date()): void {
  const parts = Object.fromEntries((header ?? '').split(',').map((part) => part.split('=', 2) as [string, string]));
  const timestamp = Number(parts.t);
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  const expected = Buffer.from(digest(secret, timestamp, body), 'hex');
  if (!Number.isInteger(timestamp) || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new AppError('BAD_REQUEST', 'The payment event signature is not valid.');
  }
  if (Math.abs(now.getTime() / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS) {
    throw new AppError('BAD_REQUEST', 'The payment event is too old.');
  }
}
