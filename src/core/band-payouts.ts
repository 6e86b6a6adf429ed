import { formatCents } from './money.ts';
import { formatLocalDate } from './time.ts';

/**
 * Issue 34, item 1: a band share whose band (or manager) has no complete payout account when a
 * ticket is paid is held, not forfeited at once. It is paid out as soon as payouts are set up, up
 * to the end of the deadline day: this many days after the show's date, in the show's own zone.
 * After that it is forfeited to the platform.
 */
export const BAND_SHARE_HOLD_DAYS = 30;
/** The reminder e-mail goes this many days before the deadline. */
export const BAND_SHARE_REMINDER_DAYS = 7;

/** The deadline date (YYYY-MM-DD) of a show's held band share. */
export function bandShareDeadline(localDate: string): string {
  const [y, m, d] = localDate.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + BAND_SHARE_HOLD_DAYS)).toISOString().slice(0, 10);
}

/** The band shares of a show's standing tickets, in cents, by where they are. */
export type BandShareSums = { held: number; pending: number; paid: number; forfeited: number; failed: number };

/**
 * One show's payout state as the band reads it on 'Your shows': held until setup (with the
 * deadline) comes first, as it is the one that needs the band; then being paid, paid, forfeited.
 * `none`: no share yet (no tickets sold).
 */
export type BandPayout =
  | { state: 'none' }
  | { state: 'held'; amountCents: number; deadline: string }
  | { state: 'pending'; amountCents: number }
  | { state: 'paid'; amountCents: number; forfeitedCents: number }
  | { state: 'forfeited'; amountCents: number; deadline: string }
  | { state: 'failed'; amountCents: number };

export function bandPayoutOf(sums: Partial<BandShareSums> | null, localDate: string): BandPayout {
  const s: BandShareSums = { held: 0, pending: 0, paid: 0, forfeited: 0, failed: 0, ...sums };
  const deadline = bandShareDeadline(localDate);
  if (s.held > 0) return { state: 'held', amountCents: s.held, deadline };
  if (s.failed > 0) return { state: 'failed', amountCents: s.failed };
  if (s.pending > 0) return { state: 'pending', amountCents: s.pending + s.paid };
  if (s.paid > 0) return { state: 'paid', amountCents: s.paid, forfeitedCents: s.forfeited };
  if (s.forfeited > 0) return { state: 'forfeited', amountCents: s.forfeited, deadline };
  return { state: 'none' };
}

/** The one line 'Your shows' gives a show's payout (null: nothing sold yet). */
export function bandPayoutLine(payout: BandPayout): string | null {
  switch (payout.state) {
    case 'none':
      return null;
    case 'held':
      return `Your share of ${formatCents(payout.amountCents)} is held until you set up payouts. Set them up by ${formatLocalDate(payout.deadline)}, or it is forfeited to Marquee.`;
    case 'pending':
      return `Your share of ${formatCents(payout.amountCents)} is being paid out to your payout account.`;
    case 'paid':
      return `Your share of ${formatCents(payout.amountCents)} was paid out to your payout account.${payout.forfeitedCents > 0 ? ` ${formatCents(payout.forfeitedCents)} was forfeited before payouts were set up.` : ''}`;
    case 'forfeited':
      return `Your share of ${formatCents(payout.amountCents)} was forfeited: payouts were not set up by ${formatLocalDate(payout.deadline)}.`;
    case 'failed':
      return `Your share of ${formatCents(payout.amountCents)} could not be sent to your payout account. Marquee support is looking into it.`;
  }
}
