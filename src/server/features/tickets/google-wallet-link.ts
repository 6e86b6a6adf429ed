import { SignJWT } from 'jose';
import { ticketDisplayRefOf } from '../../../core/door-codes.ts';
import type { GoogleWalletSettings } from './wallet-settings.ts';
import { googleObjectId, passTitle, showTime, type WalletPassShow } from './wallet-pass-details.ts';

const localized = (value: string) => ({ defaultValue: { language: 'en-US', value } });

/**
 * 'Save to Google Wallet' (issue 23 item 8, decision 46): a link to Google with a JWT, signed
 * RS256 by the issuer's service account, that carries the gig as an event ticket class and the
 * ticket as its object, whose QR code is exactly what the door admits (the ticket id). Google
 * creates both when the fan saves it; nothing is sent to Google before that.
 */
export async function googleWalletSaveUrl(settings: GoogleWalletSettings, show: WalletPassShow, { publicUrl, code, now = new Date() }: { publicUrl: string; code: string; now?: Date }): Promise<string> {
  const classId = `${settings.issuerId}.marquee-gig-${show.gigId}`;
  const eventTicketClass = {
    id: classId,
    issuerName: 'Marquee',
    reviewStatus: 'UNDER_REVIEW',
    eventName: localized(passTitle(show)),
    venue: { name: localized(show.venueName), address: localized(show.venueAddress || show.venueName) },
    dateTime: { start: showTime(show.startsAt, show.timeZone), end: showTime(show.endsAt, show.timeZone) },
  };
  const eventTicketObject = {
    id: googleObjectId(settings.issuerId, show.ticketId),
    classId,
    state: 'ACTIVE',
    ticketHolderName: show.holderEmail,
    // Issue 34 item 6: the ticket's type is part of the ticket.
    ...(show.ticketTypeName ? { ticketType: localized(show.ticketTypeName) } : {}),
    barcode: { type: 'QR_CODE', value: code, alternateText: await ticketDisplayRefOf(show.ticketId) },
  };
  const jwt = await new SignJWT({ origins: [new URL(publicUrl).origin], typ: 'savetowallet', payload: { eventTicketClasses: [eventTicketClass], eventTicketObjects: [eventTicketObject] } })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(settings.serviceAccountEmail)
    .setAudience('google')
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .sign(settings.privateKey);
  return `https://pay.google.com/gp/v/save/${jwt}`;
}
