// Issue 25: reading the old system's loosely typed fields into Marquee's (decision 52). Every reader
// either returns a value or throws a LegacyFault with the reason the report shows for the record.
import { createHash } from 'node:crypto';
import { SQL, sql } from 'drizzle-orm';

/** A record the importer refuses, with the reason the operator reads in the report and the CSV. */
export class LegacyFault extends Error {}

export const refuse = (reason: string): never => {
  throw new LegacyFault(reason);
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Trimmed text, or null when absent or blank. Numbers are written as text (a phone typed as a number). */
export function text(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** The first of several field spellings that has text (youtubeLink or youTubeLink…). */
export function firstText(doc: Record<string, unknown>, ...fields: string[]): string | null {
  for (const field of fields) {
    const value = text(doc[field]);
    if (value !== null) return value;
  }
  return null;
}

export function requireText(doc: Record<string, unknown>, field: string, ...alternatives: string[]): string {
  return firstText(doc, field, ...alternatives) ?? refuse(`missing ${field}`);
}

export function textList(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.map(text).filter((v): v is string => v !== null);
}

export function bool(value: unknown): boolean {
  return value === true || value === 'true';
}

export function record(value: unknown): Record<string, unknown> {
  return isRecord(value) ? value : {};
}

export function records(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

/**
 * A timestamp in any form an export holds: `{_seconds,_nanoseconds}`, the export tool's
 * `{__datatype__:'timestamp', value:{…}}`, `{seconds,nanoseconds}`, an ISO string, or epoch
 * milliseconds. Null when absent; a value that is there but is no date is refused.
 */
export function timestamp(value: unknown, field: string): Date | null {
  if (value === undefined || value === null || value === '') return null;
  let date: Date | null = null;
  if (isRecord(value)) {
    const inner = value.__datatype__ === 'timestamp' && isRecord(value.value) ? value.value : value;
    const seconds = inner._seconds ?? inner.seconds;
    const nanos = inner._nanoseconds ?? inner.nanoseconds ?? 0;
    if (typeof seconds === 'number' && typeof nanos === 'number') date = new Date(seconds * 1000 + Math.floor(nanos / 1e6));
  } else if (typeof value === 'number') {
    date = new Date(value);
  } else if (typeof value === 'string') {
    date = /^\d{10,}$/.test(value) ? new Date(Number(value)) : new Date(value);
  }
  if (!date || Number.isNaN(date.getTime())) return refuse(`bad date in ${field}`);
  return date;
}

/** A calendar date YYYY-MM-DD that exists (2026-13-45 is refused). */
export function localDate(value: unknown, field: string): string | null {
  const raw = text(value);
  if (raw === null) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw);
  if (!match) return refuse(`bad date in ${field}: "${raw}"`);
  const [, y, m, d] = match;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  if (date.getUTCFullYear() !== Number(y) || date.getUTCMonth() !== Number(m) - 1 || date.getUTCDate() !== Number(d)) {
    return refuse(`bad date in ${field}: "${raw}"`);
  }
  return raw;
}

/** A time of day as HH:MM (9:00, 21:30, 9pm and 9:30 PM are read too). */
export function timeOfDay(value: unknown, field: string): string | null {
  const raw = text(value);
  if (raw === null) return null;
  const match = /^(\d{1,2})(?::(\d{2}))?\s*([ap]\.?m\.?)?$/i.exec(raw);
  if (!match) return refuse(`bad time in ${field}: "${raw}"`);
  let hours = Number(match[1]);
  const minutes = Number(match[2] ?? '0');
  const meridiem = match[3]?.[0]?.toLowerCase();
  if (meridiem) {
    if (hours < 1 || hours > 12) return refuse(`bad time in ${field}: "${raw}"`);
    hours = (hours % 12) + (meridiem === 'p' ? 12 : 0);
  } else if (match[2] === undefined) {
    return refuse(`bad time in ${field}: "${raw}"`);
  }
  if (hours > 23 || minutes > 59) return refuse(`bad time in ${field}: "${raw}"`);
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/**
 * Dollars as the old system stored them (a float such as 12.1, or text such as "$15.50") to
 * integer cents, exactly: the decimal the number prints as is read digit by digit, so 12.1 is
 * 1210 and never 1209. A third decimal is rounded half up, once. Null when absent.
 */
export function dollarsToCents(value: unknown, field: string): number | null {
  if (value === undefined || value === null || value === '') return null;
  let decimal: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return refuse(`bad amount in ${field}`);
    // Shortest round-trip form: 12.1 prints "12.1", 1e21 prints with an exponent (refused below).
    decimal = String(value);
  } else if (typeof value === 'string') {
    decimal = value.trim().replace(/^\$\s*/, '').replace(/,/g, '');
  } else {
    return refuse(`bad amount in ${field}`);
  }
  const match = /^(\d*)(?:\.(\d*))?$/.exec(decimal);
  if (match && match[1] === '' && !match[2]) return refuse(`bad amount in ${field}: "${String(value)}"`);
  if (!match) return refuse(`bad amount in ${field}: "${String(value)}"`);
  const whole = match[1]!;
  const fraction = (match[2] ?? '').padEnd(3, '0');
  let cents = Number(whole || '0') * 100 + Number(fraction.slice(0, 2));
  if (Number(fraction[2]) >= 5) cents += 1;
  // PostgreSQL's integer holds up to $21,474,836.47.
  if (!Number.isSafeInteger(cents) || cents > 2_147_483_647) return refuse(`bad amount in ${field}: "${String(value)}"`);
  return cents;
}

/** A whole number ≥ 0 (counts, percents, capacities), or null when absent. */
export function count(value: unknown, field: string): number | null {
  if (value === undefined || value === null || value === '') return null;
  const n = typeof value === 'string' ? Number(value.trim()) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) return refuse(`bad number in ${field}: ${JSON.stringify(value)}`);
  return n;
}

/** An e-mail address, lower-cased as accounts keep them; null when absent. */
export function email(value: unknown, field: string): string | null {
  const raw = text(value);
  if (raw === null) return null;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(raw)) return refuse(`bad e-mail in ${field}: "${raw}"`);
  return raw.toLowerCase();
}

/**
 * The time of the write, for a column that needs one when the old record has none. It is not part
 * of a record's digest, so an unchanged record stays unchanged from one run to the next.
 */
export const NOW = sql`now()`;

/** A stable digest of what a record becomes in Marquee: equal digests mean nothing to change. */
export function digestOf(value: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(value, (_key, v: unknown) => (v instanceof SQL ? '(now)' : v)))
    .digest('base64url');
}
