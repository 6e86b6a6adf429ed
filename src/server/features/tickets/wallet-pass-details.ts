import { createHash } from 'node:crypto';
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
