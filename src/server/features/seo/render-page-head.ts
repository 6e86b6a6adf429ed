export type PageMeta = {
  title: string;
  description: string;
  /** Absolute URL of the preview image. */
  image?: string;
  canonical: string;
  type?: 'website' | 'profile' | 'music.group' | 'place';
  jsonLd?: object[];
  /** The mini-site slug when the page is a band or promoter subdomain. */
  siteSlug?: string;
  status?: 200 | 404;
};

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
// JSON in a <script> block must not close it or open a comment.
const safeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

/** Puts the page's own title, description, preview image and JSON-LD into index.html (D17). */
export function renderPageHead(template: string, meta: PageMeta, publicUrl: string): string {
  const description = meta.description.replace(/\s+/g, ' ').trim().slice(0, 300);
  const tags = [
    `<title>${escapeAttr(meta.title)}</title>`,
    `<meta name="description" content="${escapeAttr(description)}" />`,
    `<link rel="canonical" href="${escapeAttr(meta.canonical)}" />`,
    `<meta property="og:site_name" content="Marquee" />`,
    `<meta property="og:type" content="${meta.type ?? 'website'}" />`,
    `<meta property="og:title" content="${escapeAttr(meta.title)}" />`,
    `<meta property="og:description" content="${escapeAttr(description)}" />`,
    `<meta property="og:url" content="${escapeAttr(meta.canonical)}" />`,
    meta.image ? `<meta property="og:image" content="${escapeAttr(meta.image)}" />` : '',
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}" />`,
    meta.siteSlug ? `<meta name="marquee-site" content="${escapeAttr(meta.siteSlug)}" />` : '',
    // On a subdomain, links to the main site's pages are absolute.
    meta.siteSlug ? `<meta name="marquee-main" content="${escapeAttr(publicUrl)}" />` : '',
    ...(meta.jsonLd ?? []).map((item) => `<script type="application/ld+json">${safeJson(item)}</script>`),
  ].filter(Boolean);
  return template
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .replace(/<meta name="description"[^>]*>/, '')
    .replace('</head>', `    ${tags.join('\n    ')}\n  </head>`);
}
