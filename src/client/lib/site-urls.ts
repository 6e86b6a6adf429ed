/** A band's or promoter's mini-site on its own subdomain of the public host (D16). */
export function siteUrl(publicUrl: string, slug: string): string {
  const url = new URL(publicUrl);
  return `${url.protocol}//${slug}.${url.host}/`;
}

/** /tickets with the query the spec's ticket buttons carry (spec 1 §2). */
export function ticketsUrl(params: { band: string; event: string; priceCents: number; date: string; bandId?: string; gigId?: string }): string {
  const q = new URLSearchParams({
    band: params.band,
    event: params.event,
    price: (params.priceCents / 100).toFixed(2),
    date: params.date,
  });
  if (params.bandId) q.set('bandId', params.bandId);
  if (params.gigId) q.set('gigId', params.gigId);
  return `/tickets?${q.toString()}`;
}
