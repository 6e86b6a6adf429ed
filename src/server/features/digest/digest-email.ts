import { formatLocalDate } from '../../../core/time.ts';
import type { DigestGig } from '../../mail/emails/weekly-digest.ts';

/** The digest by text (D29, D30): one SMS segment where it fits, else the count of shows and the link. */
export function weeklyDigestText({ regionName, gigs, regionUrl }: { regionName: string; gigs: DigestGig[]; regionUrl: string }) {
  const first = gigs[0]!;
  const full = `Marquee: ${gigs.length} ${gigs.length === 1 ? 'show' : 'shows'} in ${regionName} this week. Next: ${first.showName} @ ${first.venueName} ${formatLocalDate(first.localDate)}. ${regionUrl} Reply STOP to end`;
  return full.length <= 160 ? full : `Marquee: ${gigs.length} shows in ${regionName} this week. ${regionUrl} Reply STOP to end`;
}
