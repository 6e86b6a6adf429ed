import { PKPass } from 'passkit-generator';
import { ticketDisplayRefOf } from '../../../core/door-codes.ts';
import sharp from 'sharp';
import { formatLocalDate, formatTimeRange } from '../../../core/time.ts';
import type { AppleWalletSettings } from './wallet-settings.ts';
import { passSerial, passState, passTitle, showTime, type WalletPassShow } from './wallet-pass-details.ts';

/** Marquee's mark (the site's favicon), drawn as the pass's icon and logo. */
const MARK_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#18181b"/><path d="M14 46V18h7l11 16 11-16h7v28h-7V30L32 44 21 30v16z" fill="#fbbf24"/></svg>';

/** Wallet needs an icon in each resolution (29, 58 and 87 points square); the logo sits on the pass's front. */
const IMAGE_SIZES: Record<string, number> = { 'icon.png': 29, 'icon@2x.png': 58, 'icon@3x.png': 87, 'logo.png': 50, 'logo@2x.png': 100, 'logo@3x.png': 150 };
let images: Promise<Record<string, Buffer>> | undefined;
const passImages = () =>
  (images ??= Promise.all(Object.entries(IMAGE_SIZES).map(async ([name, size]) => [name, await sharp(Buffer.from(MARK_SVG)).resize(size, size).png().toBuffer()] as const)).then(
    (entries): Record<string, Buffer> => Object.fromEntries(entries),
  ));

/** A relevance window may span at most 24 hours: from two hours before the doors to the end of the show. */
const RELEVANCE_LEAD_MS = 2 * 60 * 60_000;
const RELEVANCE_MAX_MS = 24 * 60 * 60_000;

/**
 * The ticket as an Apple Wallet pass (issue 23 item 8, decision 46): an event ticket whose QR
 * code carries exactly what the door admits (the ticket id), with the show's name, venue,
 * address and time, relevant around the show, and signed with the pass type's certificate
 * (a PKCS #7 detached signature of manifest.json, which lists each file's SHA-1).
 */
export async function buildAppleWalletPass(
  settings: AppleWalletSettings,
  show: WalletPassShow,
  { ticketPageUrl, code, webService }: { ticketPageUrl: string; code: string; webService?: { url: string; authenticationToken: string } },
): Promise<Buffer> {
  const start = showTime(show.startsAt, show.timeZone);
  const end = showTime(show.endsAt, show.timeZone);
  const state = passState(show.status);
  const passJson = {
    formatVersion: 1,
    passTypeIdentifier: settings.passTypeId,
    teamIdentifier: settings.teamId,
    serialNumber: passSerial(show.ticketId),
    // Issue 34: the device registers here for updates, and fetches the pass again when told it changed.
    ...(webService ? { webServiceURL: webService.url, authenticationToken: webService.authenticationToken } : {}),
    // A ticket that no longer admits (refunded, passed on, checked in): Wallet shows the pass as void.
    ...(state.isVoid ? { voided: true } : {}),
    organizationName: 'Marquee',
    description: `Ticket: ${passTitle(show)}`,
    logoText: 'Marquee',
    backgroundColor: 'rgb(24, 24, 27)',
    foregroundColor: 'rgb(244, 244, 245)',
    labelColor: 'rgb(251, 191, 36)',
    sharingProhibited: true,
    eventTicket: {
      headerFields: [{ key: 'status', label: 'TICKET', value: state.label, changeMessage: 'Your ticket: %@' }],
      primaryFields: [{ key: 'show', label: 'SHOW', value: show.showName }],
      secondaryFields: [
        { key: 'venue', label: 'VENUE', value: show.venueName },
        { key: 'starts', label: 'DOORS', value: start, dateStyle: 'PKDateStyleMedium', timeStyle: 'PKDateStyleShort', ignoresTimeZone: true },
      ],
      auxiliaryFields: [
        // Issue 34 item 6: the ticket's type is part of the ticket.
        ...(show.ticketTypeName ? [{ key: 'type', label: 'TYPE', value: show.ticketTypeName }] : []),
        ...(show.venueAddress ? [{ key: 'address', label: 'ADDRESS', value: show.venueAddress }] : []),
      ],
      backFields: [
        { key: 'when', label: 'When', value: `${formatLocalDate(show.localDate)}, ${formatTimeRange(show.localDate, show.startTime, show.endTime, show.timeZone)}` },
        { key: 'holder', label: 'Ticket holder', value: show.holderEmail },
        { key: 'admits', label: 'At the door', value: state.isVoid ? state.sentence : 'Show the QR code: it admits one person, once.' },
        { key: 'page', label: 'Your ticket page', value: ticketPageUrl },
      ],
    },
    semantics: {
      eventName: passTitle(show),
      eventType: 'PKEventTypeLivePerformance',
      eventStartDate: start,
      eventEndDate: end,
      venueName: show.venueName,
      performerNames: [show.showName],
    },
  };
  const pass = new PKPass(
    { 'pass.json': Buffer.from(JSON.stringify(passJson)), ...(await passImages()) },
    { wwdr: settings.wwdr, signerCert: settings.signerCert, signerKey: settings.signerKey, signerKeyPassphrase: settings.keyPassphrase },
  );
  // Under the code, the printed reference door staff can type (issue 33), never the ticket id.
  pass.setBarcodes({ format: 'PKBarcodeFormatQR', message: code, messageEncoding: 'iso-8859-1', altText: await ticketDisplayRefOf(show.ticketId) });
  pass.setRelevantDate(show.startsAt);
  const relevantFrom = new Date(show.startsAt.getTime() - RELEVANCE_LEAD_MS);
  pass.setRelevantDates([{ startDate: relevantFrom, endDate: new Date(Math.min(show.endsAt.getTime(), relevantFrom.getTime() + RELEVANCE_MAX_MS)) }]);
  return pass.getAsBuffer();
}
