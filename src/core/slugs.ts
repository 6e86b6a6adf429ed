/** Band and promoter subdomain slug: the name lower-cased with all whitespace removed (spec 1 §1). */
export function toSiteSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/\s+/g, '')
    .replace(/[^a-z0-9&-]/g, '')
    .replace(/&/g, 'and');
}

/** Venue path segment: the name camelCased, e.g. "The Empty Bottle" -> "theEmptyBottle" (spec 1 §2). */
export function toVenueSlug(name: string): string {
  const words = name
    .replace(/&/g, ' and ')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return words
    .map((word, i) => {
      const lower = word.toLowerCase();
      return i === 0 ? lower : lower.charAt(0).toUpperCase() + lower.slice(1);
    })
    .join('');
}

function normaliseName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

function ampersandVariants(name: string): string[] {
  const n = normaliseName(name);
  return [n, n.replace(/\s*&\s*/g, ' and '), n.replace(/\s+and\s+/g, ' & ')];
}

/**
 * Finds the entity a free-text name refers to, in the spec's order (spec 1 §2): exact, then
 * case-insensitive, then '&'/'And' variants, then first-word prefix. Slug forms match too, so
 * /band/thestrokes finds "The Strokes".
 */
export function matchByName<T>(query: string, items: readonly T[], nameOf: (item: T) => string): T | undefined {
  const q = query.trim();
  if (!q) return undefined;
  const exact = items.find((item) => nameOf(item) === q);
  if (exact) return exact;
  const lower = normaliseName(q);
  const insensitive = items.find((item) => normaliseName(nameOf(item)) === lower);
  if (insensitive) return insensitive;
  const variants = new Set(ampersandVariants(q));
  const byVariant = items.find((item) => ampersandVariants(nameOf(item)).some((v) => variants.has(v)));
  if (byVariant) return byVariant;
  const slug = toSiteSlug(q);
  const bySlug = items.find((item) => {
    const name = nameOf(item);
    return toSiteSlug(name) === slug || toVenueSlug(name).toLowerCase() === q.toLowerCase();
  });
  if (bySlug) return bySlug;
  const firstWord = lower.split(' ')[0] ?? '';
  if (!firstWord) return undefined;
  return items.find((item) => normaliseName(nameOf(item)).startsWith(firstWord));
}
