/** Money is integer cents everywhere (D9). */
export const SERVICE_FEE_PERCENT = 15;
export const PLATFORM_PERCENT = 25;
export const ARTIST_AND_ORGANISER_PERCENT = 75;
export const DEFAULT_BAND_PERCENT = 50;
export const DEFAULT_ORGANISER_PERCENT = 25;

/** 15% of the face price, rounded half-up to the cent (D9). */
export function serviceFeeCents(faceCents: number): number {
  return Math.floor((faceCents * SERVICE_FEE_PERCENT + 50) / 100);
}

export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}$${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
}

/** Parses a dollar amount typed by a person ("12", "12.5", "$12.50") into cents; null if invalid. */
export function parseDollarsToCents(input: string): number | null {
  const m = /^\s*\$?\s*(\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(input);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}
