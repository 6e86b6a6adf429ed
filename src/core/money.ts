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

/** An order of several tickets (issue 23, decision 45): what is paid, and each ticket's part of it. */
export type OrderSplit = {
  faceCents: number;
  serviceFeeCents: number;
  totalCents: number;
  bandShareCents: number;
  organiserShareCents: number;
  platformShareCents: number;
  tickets: TicketSplit[];
};

/**
 * Splits an order of tickets (decision 45). The service fee is 15% of the order's whole face value,
 * rounded half-up once, so a fan buying four tickets pays one fee line, never four roundings.
 * Each ticket's part of the fee is 15% of its own face price rounded down; the cents the rounding
 * leaves over (never more than one per ticket) go one each to the order's first tickets. Then
 * each ticket is split as a single ticket is (D10): band and organiser shares of its face price
 * rounded down, the platform the rest plus the ticket's fee. So every ticket's parts sum to what
 * that ticket cost, and the tickets sum to what the order paid.
 */
export function splitOrderPayment(faces: readonly number[], bandPercent: number, organiserPercent: number): OrderSplit {
  if (faces.length === 0) throw new RangeError('An order holds at least one ticket.');
  const faceCents = faces.reduce((sum, face) => sum + face, 0);
  const fee = serviceFeeCents(faceCents);
  const floors = faces.map((face) => Math.floor((face * SERVICE_FEE_PERCENT) / 100));
  let leftOver = fee - floors.reduce((sum, part) => sum + part, 0);
  const tickets = faces.map((face, i) => {
    const single = splitTicketPayment(face, bandPercent, organiserPercent);
    const ticketFee = floors[i]! + (leftOver > 0 ? 1 : 0);
    if (leftOver > 0) leftOver -= 1;
    return { ...single, serviceFeeCents: ticketFee, totalCents: face + ticketFee, platformShareCents: single.platformShareCents - single.serviceFeeCents + ticketFee };
  });
  const sum = (key: 'bandShareCents' | 'organiserShareCents' | 'platformShareCents') => tickets.reduce((total, t) => total + t[key], 0);
  return {
    faceCents,
    serviceFeeCents: fee,
    totalCents: faceCents + fee,
    bandShareCents: sum('bandShareCents'),
    organiserShareCents: sum('organiserShareCents'),
    platformShareCents: sum('platformShareCents'),
    tickets,
  };
}

/**
 * An order's recorded split shared out over its tickets (decision 47), from the order alone: each
 * part divided evenly, the cents left over one each to the first tickets, the platform the rest of
 * each ticket. Every order is for tickets of one price, and for those this is exactly
 * splitOrderPayment's tickets (a property test shows it), so a paid order's tickets are issued
 * from the split fixed when it was placed, whatever the gig's percentages have become since.
 */
export function shareOutOrder(order: { quantity: number; faceCents: number; feeCents: number; bandShareCents: number; organiserShareCents: number }): TicketSplit[] {
  const { quantity } = order;
  const spread = (total: number) => Array.from({ length: quantity }, (_, i) => Math.floor(total / quantity) + (i < total % quantity ? 1 : 0));
  const [face, fee, band, organiser] = [order.faceCents, order.feeCents, order.bandShareCents, order.organiserShareCents].map(spread) as [number[], number[], number[], number[]];
  return face.map((faceCents, i) => ({
    faceCents,
    serviceFeeCents: fee[i]!,
    totalCents: faceCents + fee[i]!,
    bandShareCents: band[i]!,
    organiserShareCents: organiser[i]!,
    platformShareCents: faceCents + fee[i]! - band[i]! - organiser[i]!,
  }));
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
