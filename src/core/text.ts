const ELLIPSIS = '…';

/** Cuts text to at most `max` characters, then adds '…' (the band card's 75, spec 1 §9). */
export function truncate(text: string, max: number): string {
  const clean = text.trim();
  if (clean.length <= max) return clean;
  return `${clean.slice(0, max).trimEnd()}${ELLIPSIS}`;
}

/**
 * Like truncate, but never splits a word: cuts at the last space within `max` characters
 * (rehearsal-space descriptions, spec 1 §9). A single word longer than `max` is cut inside.
 */
export function truncateAtWord(text: string, max: number): string {
  const clean = text.trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max + 1);
  const lastSpace = cut.lastIndexOf(' ');
  const kept = lastSpace > 0 ? cut.slice(0, lastSpace) : clean.slice(0, max);
  return `${kept.replace(/[\s,.;:!?-]+$/, '')}${ELLIPSIS}`;
}
