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

export type TicketSplit = {
  faceCents: number;
  serviceFeeCents: number;
  /** What the fan pays: face price plus service fee. */
  totalCents: number;
  bandShareCents: number;
  organiserShareCents: number;
  /** The platform's share of the face price plus the whole service fee (D10). */
  platformShareCents: number;
};

/**
 * Splits what a fan pays for one ticket (D9, D10): the band and the organiser get their
 * percentages of the face price, rounded down to the cent; the platform gets the rest of the face
 * price and the service fee. The four parts always add up to the total, and none is negative.
 */
export function splitTicketPayment(faceCents: number, bandPercent: number, organiserPercent: number): TicketSplit {
  if (!Number.isSafeInteger(faceCents) || faceCents < 0) throw new RangeError('The face price must be whole cents, 0 or more.');
  if (![bandPercent, organiserPercent].every((p) => Number.isInteger(p) && p >= 0) || bandPercent + organiserPercent !== ARTIST_AND_ORGANISER_PERCENT) {
    throw new RangeError(`Band and organiser percentages must be whole numbers totalling ${ARTIST_AND_ORGANISER_PERCENT}.`);
  }
  const fee = serviceFeeCents(faceCents);
  const bandShareCents = Math.floor((faceCents * bandPercent) / 100);
  const organiserShareCents = Math.floor((faceCents * organiserPercent) / 100);
  return {
    faceCents,
    serviceFeeCents: fee,
    totalCents: faceCents + fee,
    bandShareCents,
    organiserShareCents,
    platformShareCents: faceCents - bandShareCents - organiserShareCents + fee,
  };
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
