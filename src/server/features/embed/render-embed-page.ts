import { EMBED_EMPTY_TEXT, embedLinkOf, type EmbedGig, type EmbedTheme } from '../../../core/embed.ts';
import { EMBED_STYLES } from '../../../core/embed-styles.ts';
// Every character that could open markup or end a quoted attribute, as e-mails' secrets are filled.
import { escapeHtml } from '../../mail/secrets.ts';

function gigItem(gig: EmbedGig): string {
  const go = embedLinkOf(gig);
  const link = `<a class="${go.className}" href="${escapeHtml(go.href)}" target="_blank" rel="noopener">${go.label}<span class="sr">${escapeHtml(go.hidden)}</span></a>`;
  const price = gig.isSoldOut ? 'Sold out' : gig.price;
  return `<li><div class="when"><time datetime="${escapeHtml(gig.startsAt)}">${escapeHtml(gig.date)}</time><span>${escapeHtml(gig.time)}</span></div>`
    + `<div class="what"><span class="title">${escapeHtml(gig.title)}</span><span class="where">${escapeHtml(gig.venue)}${gig.city ? `, ${escapeHtml(gig.city)}` : ''}</span>`
    + `${price ? `<span class="price">${escapeHtml(price)}</span>` : ''}</div>${link}</li>`;
}

/**
 * The iframe form of the gig widget (issue 26): a small standalone page, every value escaped,
 * no React. The resizer's child script reports its height to the host page that framed it.
 */
export function renderEmbedPage({ gigs, theme, publicUrl }: { gigs: EmbedGig[]; theme: EmbedTheme | undefined; publicUrl: string }): string {
  const list = gigs.length > 0 ? `<ul>${gigs.map(gigItem).join('')}</ul>` : `<p class="empty">${EMBED_EMPTY_TEXT}</p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>Upcoming gigs on Marquee</title>
<style>html,body{margin:0;padding:0;background:transparent}${EMBED_STYLES}</style>
<script type="module" src="/embed/iframe-resizer.js"></script></head>
<body><section class="mq"${theme ? ` data-theme="${theme}"` : ''} aria-label="Upcoming gigs">${list}
<p class="credit">Gigs and tickets by <a href="${escapeHtml(publicUrl)}/" target="_blank" rel="noopener">Marquee</a></p></section></body></html>`;
}
