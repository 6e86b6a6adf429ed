import { checkSignedCode, looksSigned, parseSignedCode, readTicketDisplayRef, ticketDisplayRef, ticketRef } from '../core/door-codes.ts';
import { readTicketCode } from '../core/ticket-codes.ts';
import { alreadyScannedText, DOOR_MESSAGES, DOOR_REFUSALS, type DoorGuest, type DoorRefusal, type DoorScanResult, type DoorTicket } from '../core/schemas/door.ts';

/**
 * The door's own decisions (issue 24, decision 51), as pure functions over plain data so they are
 * tested without a browser or IndexedDB: what the door says when it decides alone (offline, or when
 * the server is slow), and how a server answer reads on the screen.
 */

/** A repeat of an admission this recent is amber ("already scanned, 12 s ago"), not a red refusal. */
export const RECENT_REPEAT_MS = 90_000;
/** The code just admitted is ignored by the camera this long (the guest is still in front of it). */
export const IGNORE_SAME_CODE_MS = 4_000;

export type DoorKeys = Awaited<ReturnType<typeof import('../core/door-codes.ts').importDoorKeys>>;

/** What the door is asked: a scanned or typed code, a ticket found by name (its ref), or a guest-list party. */
export type DoorAction = { code: string } | { ref: string } | { guestId: string; count: number };

/** What the screen shows: green ADMIT, red REFUSED, amber ALREADY IN. */
export type Decision =
  | { kind: 'admit'; ref?: string; guestId?: string; count?: number; typeName?: string; holderLabel?: string; note?: string }
  | { kind: 'refuse'; reason: DoorRefusal; detail: string; ref?: string; guestId?: string; typeName?: string; holderLabel?: string }
  | { kind: 'already'; detail: string; ref?: string; guestId?: string; typeName?: string; holderLabel?: string };

/** An admission this door made (or learnt of) that the list may not show yet. */
export type LocalAdmission = { at: number; isThisDoor: boolean; deviceLabel?: string };

/** What an offline decision reads: the door's copy of the gig's list and its own recent admissions. */
export type DoorContext = {
  gigId: string;
  deviceId: string;
  keys: DoorKeys;
  tickets: ReadonlyMap<string, DoorTicket>;
  /** Guests by the ref of their guest-list code (DoorGuest.ref), for scanned guest codes. */
  guestsByRef: ReadonlyMap<string, DoorGuest>;
  /** Admissions by ticket ref this door made since the list was last downloaded. */
  admissions: ReadonlyMap<string, LocalAdmission>;
  /** Guests this door let in since the list was last downloaded, by guest id. */
  guestAdmissions: ReadonlyMap<string, number>;
  now: number;
  /** The server's clock minus this device's (from the last answer): times on the list are the server's. */
  serverOffsetMs?: number;
};

const refuse = (reason: DoorRefusal, extra: { ref?: string; guestId?: string } = {}): Decision => ({ kind: 'refuse', reason, detail: DOOR_REFUSALS[reason], ...extra });

/** Already in: amber if moments ago (the same guest still at the door), red otherwise. */
export function alreadyIn(at: number, now: number, where: 'this door' | 'another door', ref?: string): Decision {
  const ms = Math.max(0, now - at);
  if (ms <= RECENT_REPEAT_MS) return { kind: 'already', detail: alreadyScannedText(Math.round(ms / 1000), where), ref };
  const when = new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return { kind: 'refuse', reason: 'already_used', detail: `${DOOR_REFUSALS.already_used} ${when}, ${where}.`, ref };
}

/** A ticket the list knows: its state on the list, and this door's admissions since. Every answer names its type (issue 34: 'VIP' at the door too). */
export function decideTicket(ticket: DoorTicket, ctx: DoorContext): Decision {
  const who = { typeName: ticket.typeName, holderLabel: ticket.holderLabel };
  const local = ctx.admissions.get(ticket.ref);
  if (local) return { ...alreadyIn(local.at, ctx.now, local.isThisDoor ? 'this door' : 'another door', ticket.ref), ...who };
  if (ticket.status === 'refunded' || ticket.status === 'transferred') return { ...refuse(ticket.status, { ref: ticket.ref }), ...who };
  if (ticket.status === 'used') {
    const at = ticket.usedAt ? Date.parse(ticket.usedAt) : 0;
    return { ...alreadyIn(at, ctx.now + (ctx.serverOffsetMs ?? 0), ticket.usedByDevice === ctx.deviceId ? 'this door' : 'another door', ticket.ref), ...who };
  }
  return { kind: 'admit', ref: ticket.ref, ...who };
}

/**
 * Why a ticket found by a search does not admit (issue 34: a used or passed-on ticket never shows
 * 'Admit'), or null when it does. `clockOf` formats a time (the screen's locale).
 */
export function whyNotAdmit(ticket: DoorTicket, isAdmittedHere: boolean, clockOf: (iso: string) => string): string | null {
  if (ticket.status === 'transferred') return 'Passed on: the new holder has a new code. Does not admit.';
  if (ticket.status === 'refunded') return 'Refunded. Does not admit.';
  if (ticket.status === 'used' || isAdmittedHere) return ticket.usedAt ? `Already checked in at ${clockOf(ticket.usedAt)}.` : 'Already checked in.';
  return null;
}

/** How many of a guest-list party are still outside (the list's count plus this door's since). */
export const guestsLeft = (guest: DoorGuest, ctx: Pick<DoorContext, 'guestAdmissions'>) =>
  1 + guest.plusCount - guest.admittedCount - (ctx.guestAdmissions.get(guest.id) ?? 0);

/** Lets `count` of a guest-list party in, if that many are still outside. */
export function decideGuest(guest: DoorGuest, count: number, ctx: DoorContext): Decision {
  const left = guestsLeft(guest, ctx);
  if (left <= 0) return { kind: 'already', detail: DOOR_MESSAGES.guestFull, guestId: guest.id };
  if (count > left) return { kind: 'refuse', reason: 'already_used', detail: `Only ${left} of ${guest.name}'s party ${left === 1 ? 'is' : 'are'} still to come in.`, guestId: guest.id };
  return { kind: 'admit', guestId: guest.id, count, holderLabel: guest.name, typeName: 'Guest list', note: guest.note || undefined };
}

/**
 * Decides a scanned text from the door's own list (decision 51's offline rule):
 * - a signed code must verify (forged, truncated, unknown key refused) and name this gig;
 * - a ticket on the list is decided by its state there and this door's admissions since;
 * - a genuine code not on the list admits only with the current key (bought after the download);
 *   a retired key's codes admit only tickets already on the list;
 * - an old plain code (no signature) is looked up by its ref; unknown, it needs the network.
 */
export async function decideOffline(text: string, ctx: DoorContext): Promise<Decision & { ref?: string }> {
  const check = await checkSignedCode(text, ctx.keys);
  if (check.isSigned && !check.isGenuine) return refuse(check.reason);
  if (check.isSigned) {
    if (check.code.gigId !== ctx.gigId) return refuse('other_gig');
    const ref = await ticketRef(check.code.ticketId);
    const guest = ctx.guestsByRef.get(ref);
    if (guest) return decideGuest(guest, 1, ctx);
    const ticket = ctx.tickets.get(ref);
    if (ticket) return decideTicket(ticket, ctx);
    const local = ctx.admissions.get(ref);
    if (local) return alreadyIn(local.at, ctx.now, local.isThisDoor ? 'this door' : 'another door', ref);
    if (check.isRetiredKey) return refuse('retired_key', { ref });
    return { kind: 'admit', ref };
  }
  const ticketId = readTicketCode(text);
  if (!ticketId) return refuse('unknown');
  const ref = await ticketRef(ticketId);
  const ticket = ctx.tickets.get(ref);
  if (ticket) return decideTicket(ticket, ctx);
  const local = ctx.admissions.get(ref);
  if (local) return alreadyIn(local.at, ctx.now, local.isThisDoor ? 'this door' : 'another door', ref);
  return refuse('not_in_list', { ref });
}

/** The ref a scanned text names, if any (to mark it used locally whoever decided). */
export async function refOfCode(text: string): Promise<string | undefined> {
  const check = await checkSignedCode(text, new Map());
  if (check.isSigned) return check.code ? ticketRef(check.code.ticketId) : undefined;
  const ticketId = readTicketCode(text);
  return ticketId ? ticketRef(ticketId) : undefined;
}

/** The ticket's type and holder, when the server's answer names them. */
const who = (result: DoorScanResult) => ({ ...(result.typeName ? { typeName: result.typeName } : {}), ...(result.holderLabel ? { holderLabel: result.holderLabel } : {}) });

/** The server's answer to one scan, as the screen shows it. `serverNow` is the answer's serverTime. */
export function decisionFromServer(result: DoorScanResult, ctx: { deviceLabel: string; serverNow: number }): Decision {
  const ref = result.ticketRef;
  switch (result.result) {
    case 'admitted':
      return { kind: 'admit', ref, typeName: result.typeName, holderLabel: result.holderLabel };
    case 'refused':
      // No reason (or one this door does not know yet): the spec's default, 'Invalid ticket'.
      if (!result.reason || !(result.reason in DOOR_REFUSALS)) return { kind: 'refuse', reason: 'unknown', detail: DOOR_MESSAGES.invalidTicket, ref, ...who(result) };
      return { ...refuse(result.reason, { ref }), ...who(result) };
    case 'duplicate':
    case 'conflict': {
      const at = result.firstAdmittedAt ? Date.parse(result.firstAdmittedAt) : ctx.serverNow;
      const decision = { ...alreadyIn(at, ctx.serverNow, result.firstDeviceLabel === ctx.deviceLabel ? 'this door' : 'another door', ref), ...who(result) };
      if (decision.kind === 'refuse' && result.firstDeviceLabel) return { ...decision, detail: `${DOOR_REFUSALS.already_used} ${new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}, ${result.firstDeviceLabel}.` };
      return decision;
    }
  }
}

/** Whether the camera should skip this read: the code just admitted, still in front of the lens. */
export function isRecentRepeatOfAdmitted(text: string, last: { text: string; at: number } | null, now: number): boolean {
  return Boolean(last && last.text === text.trim() && now - last.at < IGNORE_SAME_CODE_MS);
}

export type SearchHit = { kind: 'ticket'; ticket: DoorTicket } | { kind: 'guest'; guest: DoorGuest };

/**
 * Search over the door's own list (it works offline): ticket holders and guest-list names (a
 * masked address matches as shown), and (issue 34) a whole order number or ticket reference. An
 * e-mail address typed whole or in part is matched by the server (mergeSearch adds its answer).
 */
export function searchByName(query: string, tickets: Iterable<DoorTicket>, guests: Iterable<DoorGuest>, limit = 8): SearchHit[] {
  const q = query.trim().toLowerCase();
  if (q.length < 2) return [];
  const order = q.replace(/^#/, '').toUpperCase();
  const reference = readTicketDisplayRef(q);
  const exact: SearchHit[] = [];
  const ticketList = [...tickets];
  for (const ticket of ticketList) {
    if ((order.length >= 4 && ticket.orderRef === order) || (reference && ticketDisplayRef(ticket.ref) === reference)) exact.push({ kind: 'ticket', ticket });
  }
  if (exact.length) return exact.slice(0, limit);
  const found: ({ kind: 'ticket'; ticket: DoorTicket; score: number } | { kind: 'guest'; guest: DoorGuest; score: number })[] = [];
  const score = (label: string) => {
    const text = label.toLowerCase();
    if (text.startsWith(q)) return 0;
    if (text.split(/[\s@.…]+/).some((word) => word.startsWith(q))) return 1;
    return text.includes(q) ? 2 : -1;
  };
  for (const guest of guests) {
    const s = score(guest.name);
    if (s >= 0) found.push({ kind: 'guest', guest, score: s });
  }
  for (const ticket of ticketList) {
    const s = score(ticket.holderLabel);
    if (s >= 0) found.push({ kind: 'ticket', ticket, score: s });
  }
  return found.sort((a, b) => a.score - b.score).slice(0, limit).map((item) => (item.kind === 'ticket' ? { kind: item.kind, ticket: item.ticket } : { kind: item.kind, guest: item.guest }));
}

/**
 * The door's own hits and the server's (issue 34): the server's first (it matched the address the
 * door cannot see, and knows each ticket's state now), then the door's others, each ticket and guest
 * once. A ticket this door let in since its list came stays marked in (the door's copy wins there).
 */
export function mergeSearch(
  local: SearchHit[],
  server: { tickets: DoorTicket[]; guests: DoorGuest[] } | null,
  onDevice: ReadonlyMap<string, DoorTicket>,
  limit = 12,
  guestsOnDevice: ReadonlyMap<string, DoorGuest> = new Map(),
): SearchHit[] {
  if (!server) return local;
  const seen = new Set<string>();
  const out: SearchHit[] = [];
  const add = (hit: SearchHit) => {
    const key = hit.kind === 'ticket' ? `t:${hit.ticket.ref}` : `g:${hit.guest.id}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push(hit);
  };
  for (const ticket of server.tickets) {
    const here = onDevice.get(ticket.ref);
    add({ kind: 'ticket', ticket: here && here.status === 'used' && ticket.status === 'valid' ? { ...ticket, status: 'used', usedAt: here.usedAt, usedByDevice: here.usedByDevice } : ticket });
  }
  // A guest the door's own list holds is shown as the list has it: the server's answer was read
  // when the search was typed, and the party may have come in since (the list and the door's own
  // check-ins say how many are still to come).
  for (const guest of server.guests) add({ kind: 'guest', guest: guestsOnDevice.get(guest.id) ?? guest });
  for (const hit of local) add(hit);
  return out.slice(0, limit);
}

/**
 * A typed ticket reference (`XXXX-XXXX`, printed under the QR code; issue 33) as the ticket on
 * this door's list it names, checked in by name like a search result; any other action as it is.
 * The reference is not the ticket's code: it admits only a ticket the door's list holds.
 */
export function ticketOfReference(action: DoorAction, tickets: ReadonlyMap<string, DoorTicket>): DoorAction | Decision {
  if (!('code' in action)) return action;
  const reference = readTicketDisplayRef(action.code);
  if (!reference) return action;
  for (const ticket of tickets.values()) if (ticketDisplayRef(ticket.ref) === reference) return { ref: ticket.ref };
  return { kind: 'refuse', reason: 'not_in_list', detail: `No ticket on this door's list has the reference ${reference}. Check the letters, or search by name.` };
}

/** A check the door could not make (the network or the device failed mid-way): the spec's words, scan again. */
export const validationFailed = (): Decision => ({ kind: 'refuse', reason: 'unknown', detail: DOOR_MESSAGES.validationError });

/**
 * The test validation box on 'Access Restricted' (issue 34, item 17; the spec's screen for a
 * signed-in user who may not scan): whether a pasted or typed text is a well-formed Marquee ticket
 * code — a signed code (MQ1.key.ticket.gig.signature, complete) or an old plain code (a ticket id,
 * or JSON with a ticketId). It runs on the device alone: it checks the form only (no door key, no
 * list), so it admits no one, records nothing and never says whose ticket it is or if it still admits.
 */
export function checkCodeFormat(text: string): { isValid: true; detail: string } | { isValid: false; detail: string } {
  const code = text.trim();
  if (!code) return { isValid: false, detail: 'Paste or type a ticket code first.' };
  if (looksSigned(code)) {
    return parseSignedCode(code)
      ? { isValid: true, detail: 'This is a well-formed Marquee ticket code. This check admits no one: only the door, with its list, says if the ticket gets in.' }
      : { isValid: false, detail: `${DOOR_MESSAGES.invalidTicket}: only part of a Marquee code.` };
  }
  if (readTicketCode(code)) return { isValid: true, detail: 'This is a well-formed Marquee ticket code (an older one, without a signature). This check admits no one: only the door, with its list, says if the ticket gets in.' };
  return { isValid: false, detail: `${DOOR_MESSAGES.invalidTicket}: this is not a Marquee ticket code.` };
}
