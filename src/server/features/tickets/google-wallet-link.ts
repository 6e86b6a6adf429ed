import { SignJWT } from 'jose';
import { ticketDisplayRefOf } from '../../../core/door-codes.ts';
import type { GoogleWalletSettings } from './wallet-settings.ts';
import { googleObjectId, passTitle, showTime, type WalletPassShow } from './wallet-pass-details.ts';

const localized = (value: string) => ({ defaultValue: { language: 'en-US', value } });

/**
 * 'Save to Google Wallet' (issue 23 item 8, decision 46): a link to Google with a JWT, signed
 * RS256 by the issuer's service account, that carries the gig as an event ticket class and the
 * ticket as its object, whose QR code is what the door admits (its signed code). With the Wallet
 * API configured both are created at Google first and the JWT names the object only (issue 35);
 * otherwise Google creates both from the JWT when the fan saves it.
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
  // Issue 35: with the Wallet API, the class and object are created at Google first and the JWT
  // names the object only: a link under Google's 1,800 characters whatever the names' lengths.
  // Without it (development, tests), the JWT carries both whole and Google creates them on save.
  const isInserted = settings.objects.kind === 'wallet-api';
  if (isInserted) {
    await settings.objects.insert('eventTicketClass', eventTicketClass);
    await settings.objects.insert('eventTicketObject', eventTicketObject);
  }
  const payload = isInserted ? { eventTicketObjects: [{ id: eventTicketObject.id }] } : { eventTicketClasses: [eventTicketClass], eventTicketObjects: [eventTicketObject] };
  const jwt = await new SignJWT({ origins: [new URL(publicUrl).origin], typ: 'savetowallet', payload })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(settings.serviceAccountEmail)
    .setAudience('google')
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .sign(settings.privateKey);
  return `https://pay.google.com/gp/v/save/${jwt}`;
}
