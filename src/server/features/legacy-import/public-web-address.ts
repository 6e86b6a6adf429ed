import net from 'node:net';
import { optionalUrl } from '../../../core/schemas/fields.ts';
import { isPrivateAddress } from '../webhooks/webhook-addresses.ts';
import type { ImportContext } from './import-context.ts';
import { text } from './legacy-values.ts';

const webAddress = optionalUrl();

/**
 * Issue 33: an address Marquee may show as a link or an image, or null. The profile editors'
 * rule first (the shared optionalUrl field: an http(s) address, "https://" added when none is
 * given, so `javascript:` and `data:` are no addresses), then a public host: never localhost, a
 * .local or .internal name, a single-label name, or a private, loopback or link-local IP literal
 * (webhooks' list). The URL parser reads 2130706433 or 0x7f.1 as 127.0.0.1 before it is judged.
 */
export function toPublicWebAddress(raw: string): string | null {
  const parsed = webAddress.safeParse(raw);
  if (!parsed.success || parsed.data === undefined) return null;
  const url = new URL(parsed.data);
  if (url.username || url.password) return null;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (net.isIP(host)) return isPrivateAddress(host) ? null : parsed.data;
  const isLocalName = host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal') || !host.includes('.');
  return isLocalName ? null : parsed.data;
}

/** An old document's link field as Marquee keeps it: a public web address, or null with a note saying what was left out. */
export function importedLink(context: ImportContext, where: { collection: string; legacyId: string }, field: string, value: unknown): string | null {
  const raw = text(value);
  if (raw === null) return null;
  const url = toPublicWebAddress(raw);
  if (url === null) context.notes.push({ ...where, note: `${field} ${JSON.stringify(raw.slice(0, 100))} is not a public web address: left out` });
  return url;
}
