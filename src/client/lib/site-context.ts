// On a band's or promoter's subdomain the server marks the page with two meta tags (D16).

/** The subdomain slug the server found for this page, or null on the main site. */
export function currentSiteSlug(): string | null {
  return document.querySelector<HTMLMetaElement>('meta[name="marquee-site"]')?.content || null;
}

/** The main site's address when this page is a subdomain site, else null. */
export function mainSiteUrl(): string | null {
  return document.querySelector<HTMLMetaElement>('meta[name="marquee-main"]')?.content || null;
}

/** Whether the server's head announces a promoter's site (og:type `profile`, D17), whose page needs none of a band site's code. */
export function isPromoterSiteHead(): boolean {
  return document.querySelector<HTMLMetaElement>('meta[property="og:type"]')?.content === 'profile';
}
