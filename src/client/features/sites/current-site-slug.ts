/** The subdomain slug the server found for this page (it renders a meta tag for it), or null. */
export function currentSiteSlug(): string | null {
  return document.querySelector<HTMLMetaElement>('meta[name="marquee-site"]')?.content || null;
}
