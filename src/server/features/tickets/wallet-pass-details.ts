import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { DateTime } from 'luxon';
import type { TicketShow } from './find-ticket-show.ts';

/**
 * A pass's serial number (Apple) or object id suffix (Google): fixed per ticket, so adding the
 * ticket again replaces its pass, but not the ticket id itself, which only the barcode carries.
 */
export const passSerial = (ticketId: string) => createHash('sha256').update(`marquee wallet pass:${ticketId}`).digest('base64url').slice(0, 32);

/** An instant as ISO 8601 in the show's own zone (with its offset), as both wallets take dates. */
export const showTime = (instant: Date, timeZone: string) => DateTime.fromJSDate(instant, { zone: timeZone }).toISO({ suppressMilliseconds: true })!;

export const passTitle = (show: TicketShow) => `${show.showName} at ${show.venueName}`;

/** A ticket as its wallet passes show it: the show, and the ticket's type (issue 34 item 6; null for a gig without types). */
export type WalletPassShow = TicketShow & { ticketTypeName: string | null };

/** What a pass says of its ticket's state; a ticket that no longer admits is void in both wallets (issue 34). */
export function passState(status: TicketShow['status']): { label: string; isVoid: boolean; sentence: string } {
  switch (status) {
    case 'valid':
      return { label: 'Valid', isVoid: false, sentence: '' };
    case 'refunded':
      return { label: 'Refunded', isVoid: true, sentence: 'This ticket was refunded: it no longer admits anyone.' };
    case 'transferred':
      return { label: 'Passed on', isVoid: true, sentence: 'This ticket was passed on to someone else: it no longer admits anyone.' };
    default:
      return { label: 'Checked in', isVoid: true, sentence: 'This ticket was checked in at the door.' };
  }
}

/** Where Apple Wallet reaches the PassKit web service (issue 34): it appends `/v1/…`. */
export const appleWebServiceUrl = (publicUrl: string) => `${publicUrl}/api/wallet/apple`;

/**
 * The pass's `authenticationToken` (issue 34), which the device sends back as
 * `Authorization: ApplePass {token}`: an HMAC of the serial number with a key derived from the
 * server's secret, so it is in the pass alone and cannot be worked out from the ticket id, its
 * printed reference or the serial number. Rotating the secret ends the updates of saved passes.
 */
export const applePassAuthToken = (key: Buffer, serialNumber: string) => createHmac('sha256', key).update(`marquee apple wallet pass:v1:${serialNumber}`).digest('base64url');

export function isApplePassAuthToken(key: Buffer, serialNumber: string, token: string): boolean {
  const expected = Buffer.from(applePassAuthToken(key, serialNumber));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Google's object id for a ticket's pass. */
export const googleObjectId = (issuerId: string, ticketId: string) => `${issuerId}.marquee-ticket-${passSerial(ticketId)}`;
