import { formatCents } from '../../../core/money.ts';
import { formatLocalDate, formatTimeRange } from '../../../core/time.ts';
import { escapeHtml, secretPlaceholder } from '../../mail/secrets.ts';

export type DigestGig = { localDate: string; startTime: string; endTime: string; timeZone: string; showName: string; venueName: string; venueAddress: string; ticketPriceCents: number | null; url: string };

const UNSUBSCRIBE = secretPlaceholder('unsubscribe');

/** The weekly digest (D30): the region's shows of the coming seven days, by day, with links. */
export function weeklyDigestEmail({ regionName, gigs, regionUrl }: { regionName: string; gigs: DigestGig[]; regionUrl: string }) {
  const line = (g: DigestGig) => `${g.showName} at ${g.venueName}, ${formatTimeRange(g.localDate, g.startTime, g.endTime, g.timeZone)}${g.ticketPriceCents !== null ? `, tickets ${formatCents(g.ticketPriceCents)}` : ''}`;
  const days = [...new Set(gigs.map((g) => g.localDate))];
  const text = [
    `This week's live music in ${regionName}: ${gigs.length} ${gigs.length === 1 ? 'show' : 'shows'}.`,
    '',
    ...days.flatMap((day) => [formatLocalDate(day), ...gigs.filter((g) => g.localDate === day).map((g) => `- ${line(g)}\n  ${g.url}`), '']),
    `Every show: ${regionUrl}`,
    '',
    `You get this weekly because you have a Marquee account in ${regionName}. Unsubscribe: ${UNSUBSCRIBE}`,
  ].join('\n');
  const html = `<div style="max-width:560px;margin:0 auto;font:16px/1.5 -apple-system,Segoe UI,Roboto,Arial,sans-serif;color:#18181b">
<h1 style="font-size:22px;margin:0 0 8px">This week in ${escapeHtml(regionName)}</h1>
<p style="margin:0 0 16px;color:#52525b">${gigs.length} ${gigs.length === 1 ? 'show' : 'shows'} in the next seven days.</p>
${days
  .map(
    (day) => `<h2 style="font-size:15px;text-transform:uppercase;letter-spacing:.05em;color:#b45309;margin:20px 0 8px">${escapeHtml(formatLocalDate(day))}</h2>
${gigs
  .filter((g) => g.localDate === day)
  .map(
    (g) => `<p style="margin:0 0 12px"><a href="${escapeHtml(g.url)}" style="color:#18181b;font-weight:700">${escapeHtml(g.showName)}</a><br>${escapeHtml(g.venueName)}${g.venueAddress ? `, ${escapeHtml(g.venueAddress)}` : ''}<br><span style="color:#52525b">${escapeHtml(formatTimeRange(g.localDate, g.startTime, g.endTime, g.timeZone))}${g.ticketPriceCents !== null ? ` · tickets ${escapeHtml(formatCents(g.ticketPriceCents))}` : ''}</span></p>`,
  )
  .join('\n')}`,
  )
  .join('\n')}
<p style="margin:24px 0"><a href="${escapeHtml(regionUrl)}" style="display:inline-block;background:#fbbf24;color:#18181b;font-weight:700;padding:12px 20px;border-radius:8px;text-decoration:none">Every show in ${escapeHtml(regionName)}</a></p>
<p style="font-size:13px;color:#52525b">You get this weekly because you have a Marquee account in ${escapeHtml(regionName)}. <a href="${UNSUBSCRIBE}" style="color:#52525b">Unsubscribe</a>.</p>
</div>`;
  return { subject: `This week's live music in ${regionName}`, text, html };
}

/** The digest by text (D29, D30): one SMS segment where it fits, else the count of shows and the link. */
export function weeklyDigestText({ regionName, gigs, regionUrl }: { regionName: string; gigs: DigestGig[]; regionUrl: string }) {
  const first = gigs[0]!;
  const full = `Marquee: ${gigs.length} ${gigs.length === 1 ? 'show' : 'shows'} in ${regionName} this week. Next: ${first.showName} @ ${first.venueName} ${formatLocalDate(first.localDate)}. ${regionUrl} Reply STOP to end`;
  return full.length <= 160 ? full : `Marquee: ${gigs.length} shows in ${regionName} this week. ${regionUrl} Reply STOP to end`;
}
