import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { importDoorKeys, signedCodeBody, ticketDisplayRefOf, ticketRef, toBase64Url } from '../core/door-codes.ts';
import { DOOR_MESSAGES, DOOR_REFUSALS, type DoorGuest, type DoorTicket } from '../core/schemas/door.ts';
import { checkCodeFormat, decideOffline, decideTicket, decisionFromServer, validationFailed, isRecentRepeatOfAdmitted, mergeSearch, searchByName, ticketOfReference, whyNotAdmit, type DoorContext } from './decide.ts';
import { localAdmissions, type QueuedScan } from './sync-queue.ts';

// A door with no signal decides from its own list (issue 24, decision 51). Each story below is one
// guest at the door; the list and the scans are plain data, as IndexedDB gives them to the door.
const GIG = '0b6f3d9e-1c2a-4b5c-8d7e-9f0a1b2c3d4e';
const OTHER_GIG = '7a1e2b3c-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const NOW = Date.parse('2026-11-26T21:00:00.000Z');

function makeKey(id: string, retiredAt: string | null = null) {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
  const signCode = (ticketId: string, gigId = GIG) => {
    const body = signedCodeBody(id, ticketId, gigId);
    return `${body}.${toBase64Url(sign(null, Buffer.from(body), privateKey))}`;
  };
  return { door: { id, publicKey: toBase64Url(raw), retiredAt }, signCode };
}

const current = makeKey('k2');
const retired = makeKey('k1', '2026-11-01T00:00:00.000Z');
const ticketId = (n: number) => `ticket-${String(n).padStart(4, '0')}-abcdefghijklmnop`;

async function onList(n: number, changes: Partial<DoorTicket> = {}): Promise<DoorTicket> {
  return { ref: await ticketRef(ticketId(n)), status: 'valid', typeName: 'General', holderLabel: `Holder ${n}`, usedAt: null, usedByDevice: null, ...changes };
}

async function door(tickets: DoorTicket[], { guests = [] as DoorGuest[], scans = [] as QueuedScan[], now = NOW } = {}): Promise<DoorContext> {
  const map = new Map(tickets.map((t) => [t.ref, t]));
  return {
    gigId: GIG,
    deviceId: 'device-front',
    keys: await importDoorKeys([current.door, retired.door]),
    tickets: map,
    guestsByRef: new Map(guests.map((g) => [g.ref, g])),
    ...localAdmissions(scans, map),
    now,
  };
}

const admittedHere = async (n: number, secondsAgo: number): Promise<QueuedScan> => ({
  id: crypto.randomUUID(),
  gigId: GIG,
  code: current.signCode(ticketId(n)),
  scannedAt: new Date(NOW - secondsAgo * 1000).toISOString(),
  wasAdmitted: true,
  ticketRef: await ticketRef(ticketId(n)),
  isSynced: false,
});

describe('the door decides offline from its own list', () => {
  it('admits a valid ticket on the list, with its holder and type', async () => {
    const ctx = await door([await onList(1)]);
    expect(await decideOffline(current.signCode(ticketId(1)), ctx)).toMatchObject({ kind: 'admit', holderLabel: 'Holder 1', typeName: 'General' });
  });

  it('refuses forged, cut-short and unknown-key codes, and codes for another gig', async () => {
    const ctx = await door([await onList(1)]);
    const code = current.signCode(ticketId(1));
    const forged = code.replace(ticketId(1), ticketId(2));
    expect(await decideOffline(forged, ctx)).toMatchObject({ kind: 'refuse', reason: 'forged', detail: DOOR_REFUSALS.forged });
    expect(await decideOffline(code.slice(0, 70), ctx)).toMatchObject({ kind: 'refuse', reason: 'truncated' });
    expect(await decideOffline(makeKey('k9').signCode(ticketId(1)), ctx)).toMatchObject({ kind: 'refuse', reason: 'unknown_key' });
    expect(await decideOffline(current.signCode(ticketId(1), OTHER_GIG), ctx)).toMatchObject({ kind: 'refuse', reason: 'other_gig' });
  });

  it('refuses refunded and passed-on tickets once the list says so', async () => {
    const ctx = await door([await onList(1, { status: 'refunded' }), await onList(2, { status: 'transferred' })]);
    expect(await decideOffline(current.signCode(ticketId(1)), ctx)).toMatchObject({ kind: 'refuse', reason: 'refunded' });
    expect(await decideOffline(current.signCode(ticketId(2)), ctx)).toMatchObject({ kind: 'refuse', reason: 'transferred' });
  });

  it('admits a genuine current-key code that is not on the list (bought after the download)', async () => {
    const ctx = await door([]);
    const decision = await decideOffline(current.signCode(ticketId(7)), ctx);
    expect(decision).toMatchObject({ kind: 'admit', ref: await ticketRef(ticketId(7)) });
  });

  it('rotation: a retired key admits only tickets already on the list', async () => {
    const ctx = await door([await onList(1)]);
    expect(await decideOffline(retired.signCode(ticketId(1)), ctx)).toMatchObject({ kind: 'admit' });
    expect(await decideOffline(retired.signCode(ticketId(8)), ctx)).toMatchObject({ kind: 'refuse', reason: 'retired_key', detail: DOOR_REFUSALS.retired_key });
  });

  it('an old plain code is found on the list by its ref; unknown, it needs the network', async () => {
    const ctx = await door([await onList(1)]);
    expect(await decideOffline(ticketId(1), ctx)).toMatchObject({ kind: 'admit' });
    expect(await decideOffline(JSON.stringify({ ticketId: ticketId(1) }), ctx)).toMatchObject({ kind: 'admit' });
    expect(await decideOffline(ticketId(3), ctx)).toMatchObject({ kind: 'refuse', reason: 'not_in_list' });
    expect(await decideOffline('hello', ctx)).toMatchObject({ kind: 'refuse', reason: 'unknown' });
  });

  it('a second scan on this device: amber moments after, red later; the list\'s own "used" says which door', async () => {
    const ticket = await onList(1);
    const code = current.signCode(ticketId(1));
    expect(await decideOffline(code, await door([ticket], { scans: [await admittedHere(1, 12)] }))).toMatchObject({ kind: 'already', detail: 'Already scanned (12 s ago, this door)' });
    expect(await decideOffline(code, await door([ticket], { scans: [await admittedHere(1, 600)] }))).toMatchObject({ kind: 'refuse', reason: 'already_used' });
    // Bought after the download and admitted here: still refused the second time.
    expect(await decideOffline(current.signCode(ticketId(9)), await door([], { scans: [await admittedHere(9, 3)] }))).toMatchObject({ kind: 'already', detail: 'Already scanned (3 s ago, this door)' });
    const usedElsewhere = await onList(2, { status: 'used', usedAt: new Date(NOW - 20_000).toISOString(), usedByDevice: 'device-side' });
    expect(await decideOffline(current.signCode(ticketId(2)), await door([usedElsewhere]))).toMatchObject({ kind: 'already', detail: 'Already scanned (20 s ago, another door)' });
    // A phone whose clock is three hours slow still reads the list's (server) times right.
    const slowPhone = { ...(await door([usedElsewhere], { now: NOW - 3 * 3_600_000 })), serverOffsetMs: 3 * 3_600_000 };
    expect(await decideOffline(current.signCode(ticketId(2)), slowPhone)).toMatchObject({ kind: 'already', detail: 'Already scanned (20 s ago, another door)' });
  });

  it('guest codes admit the party one scan at a time, then say everyone is in', async () => {
    const code = 'guest-entry-code-0001-abcdef';
    const guest: DoorGuest = { id: '5d1f0c2e-8b7a-4c3d-9e2f-1a0b9c8d7e6f', name: 'Ada Lovelace', plusCount: 1, admittedCount: 0, note: 'Band\'s friend', ref: await ticketRef(code) };
    const scanned = current.signCode(code);
    expect(await decideOffline(scanned, await door([], { guests: [guest] }))).toMatchObject({ kind: 'admit', guestId: guest.id, holderLabel: 'Ada Lovelace' });
    const oneIn: QueuedScan = { id: crypto.randomUUID(), gigId: GIG, code: scanned, scannedAt: new Date(NOW - 5000).toISOString(), wasAdmitted: true, forGuestId: guest.id, isSynced: false };
    expect(await decideOffline(scanned, await door([], { guests: [guest], scans: [oneIn] }))).toMatchObject({ kind: 'admit' });
    expect(await decideOffline(scanned, await door([], { guests: [guest], scans: [oneIn, { ...oneIn, id: crypto.randomUUID() }] }))).toMatchObject({ kind: 'already', detail: DOOR_MESSAGES.guestFull });
  });
});

describe('the server\'s answer on the door screen', () => {
  const serverNow = NOW;
  it('reads admitted, refused and a recent duplicate (amber, which door)', () => {
    expect(decisionFromServer({ id: 'a', result: 'admitted', holderLabel: 'j…n@e…e.com', typeName: 'General' }, { deviceLabel: 'Front', serverNow })).toMatchObject({ kind: 'admit', holderLabel: 'j…n@e…e.com' });
    expect(decisionFromServer({ id: 'a', result: 'refused', reason: 'refunded' }, { deviceLabel: 'Front', serverNow })).toMatchObject({ kind: 'refuse', detail: DOOR_REFUSALS.refunded });
    expect(decisionFromServer({ id: 'a', result: 'duplicate', firstAdmittedAt: new Date(NOW - 8000).toISOString(), firstDeviceLabel: 'Side' }, { deviceLabel: 'Front', serverNow })).toMatchObject({ kind: 'already', detail: 'Already scanned (8 s ago, another door)' });
    expect(decisionFromServer({ id: 'a', result: 'duplicate', firstAdmittedAt: new Date(NOW - 3_600_000).toISOString(), firstDeviceLabel: 'Side' }, { deviceLabel: 'Front', serverNow })).toMatchObject({ kind: 'refuse', reason: 'already_used' });
  });
});

describe('non-stop scanning and the name search', () => {
  it('ignores the code just handled for a few seconds, not a different one', () => {
    const last = { text: 'MQ1.code', at: NOW };
    expect(isRecentRepeatOfAdmitted('MQ1.code', last, NOW + 1500)).toBe(true);
    expect(isRecentRepeatOfAdmitted('MQ1.code', last, NOW + 5000)).toBe(false);
    expect(isRecentRepeatOfAdmitted('MQ1.other', last, NOW + 500)).toBe(false);
  });

  it('finds holders and guest-list names by any word, best matches first', async () => {
    const tickets = [await onList(1, { holderLabel: 'Sam Rivers' }), await onList(2, { holderLabel: 'Ada Sampson' })];
    const guests: DoorGuest[] = [{ id: 'g1', name: 'Samira Khan', plusCount: 2, admittedCount: 0, note: '', ref: await ticketRef('guest-code-samira-0001') }];
    const found = searchByName('sam', tickets, guests);
    expect(found.map((f) => (f.kind === 'ticket' ? f.ticket.holderLabel : f.guest.name))).toEqual(['Samira Khan', 'Sam Rivers', 'Ada Sampson']);
    expect(searchByName('s', tickets, guests)).toEqual([]);
  });
});

describe('a reference typed at the door (issue 33)', () => {
  it('names the ticket on the list it is printed on, however it is typed; an unknown one is refused, other codes pass through', async () => {
    const tickets = new Map((await Promise.all([1, 2, 3].map((n) => onList(n)))).map((t) => [t.ref, t]));
    const printed = await ticketDisplayRefOf(ticketId(2));
    const expected = { ref: await ticketRef(ticketId(2)) };
    expect(ticketOfReference({ code: printed }, tickets)).toEqual(expected);
    expect(ticketOfReference({ code: ` ${printed.toLowerCase().replace('-', '')} ` }, tickets)).toEqual(expected);
    expect(ticketOfReference({ code: await ticketDisplayRefOf(ticketId(9)) }, tickets)).toMatchObject({ kind: 'refuse', reason: 'not_in_list' });
    expect(ticketOfReference({ code: ticketId(2) }, tickets)).toEqual({ code: ticketId(2) });
    expect(ticketOfReference({ guestId: 'g', count: 1 }, tickets)).toEqual({ guestId: 'g', count: 1 });
  });
});

describe('find anyone on the list (issue 34)', () => {
  it('offline, the door\'s own list finds an order number (with or without #) and a printed ticket reference; a masked address matches as shown', async () => {
    const tickets = [await onList(1, { holderLabel: 'j…n@e…e.com', orderRef: 'GH12JK34' }), await onList(2, { orderRef: 'GH12JK34' }), await onList(3, { orderRef: 'ZZ99ZZ99' })];
    expect(searchByName('#gh12jk34', tickets, []).map((f) => f.kind === 'ticket' && f.ticket.ref)).toEqual([tickets[0]!.ref, tickets[1]!.ref]);
    const printed = await ticketDisplayRefOf(ticketId(3));
    expect(searchByName(printed.toLowerCase(), tickets, []).map((f) => f.kind === 'ticket' && f.ticket.ref)).toEqual([tickets[2]!.ref]);
    expect(searchByName('j…n', tickets, [])).toHaveLength(1);
    // A part of an address the list does not hold finds nothing on the door: the server matches it.
    expect(searchByName('jonathan', tickets, [])).toEqual([]);
  });

  it('the server\'s hits (an address matched on its copy) come first, each ticket once; one this door let in since its list came stays marked in', async () => {
    const usedHere = await onList(1, { holderLabel: 'j…n@e…e.com', status: 'used', usedAt: '2026-11-26T20:58:00.000Z', usedByDevice: 'device-front' });
    const other = await onList(2, { holderLabel: 'Jo Nathan' });
    const onDevice = new Map([usedHere, other].map((t) => [t.ref, t]));
    const fromServer = { tickets: [{ ...usedHere, status: 'valid' as const, usedAt: null, usedByDevice: null }], guests: [] };
    const merged = mergeSearch(searchByName('jo', onDevice.values(), []), fromServer, onDevice);
    expect(merged.map((f) => f.kind === 'ticket' && [f.ticket.holderLabel, f.ticket.status])).toEqual([
      ['j…n@e…e.com', 'used'],
      ['Jo Nathan', 'valid'],
    ]);
    // Offline (no server answer): the door's own hits.
    expect(mergeSearch([{ kind: 'ticket', ticket: other }], null, onDevice)).toEqual([{ kind: 'ticket', ticket: other }]);
  });

  it("a guest the server found is shown as the door's own list has it (the party may have come in since the search)", () => {
    const asSearched = { id: 'g1', name: 'Ada Lovelace', plusCount: 2, admittedCount: 0, note: '', ref: 'r1' };
    const onThisDoor = { ...asSearched, admittedCount: 2 };
    const merged = mergeSearch([], { tickets: [], guests: [asSearched] }, new Map(), 12, new Map([['g1', onThisDoor]]));
    expect(merged).toEqual([{ kind: 'guest', guest: onThisDoor }]);
    // A guest the door's list does not hold yet is shown as the server found it.
    expect(mergeSearch([], { tickets: [], guests: [asSearched] }, new Map())).toEqual([{ kind: 'guest', guest: asSearched }]);
  });

  it('a used, passed-on or refunded ticket says why it does not admit; a valid one admits', async () => {
    const clockOf = () => '8:58 PM';
    expect(whyNotAdmit(await onList(1), false, clockOf)).toBeNull();
    expect(whyNotAdmit(await onList(1, { status: 'used', usedAt: '2026-11-26T20:58:00.000Z' }), false, clockOf)).toBe('Already checked in at 8:58 PM.');
    expect(whyNotAdmit(await onList(1, { status: 'transferred' }), false, clockOf)).toBe('Passed on: the new holder has a new code. Does not admit.');
    expect(whyNotAdmit(await onList(1, { status: 'refunded' }), false, clockOf)).toBe('Refunded. Does not admit.');
  });

  it('the door\'s answer names the ticket type, refusals too (issue 34, item 6)', async () => {
    const ctx = await door([]);
    expect(decideTicket(await onList(1, { typeName: 'VIP' }), ctx)).toMatchObject({ kind: 'admit', typeName: 'VIP' });
    expect(decideTicket(await onList(1, { typeName: 'VIP', status: 'transferred' }), ctx)).toMatchObject({ kind: 'refuse', reason: 'transferred', typeName: 'VIP', holderLabel: 'Holder 1' });
    expect(decisionFromServer({ id: 'a', result: 'refused', reason: 'refunded', typeName: 'Early bird', holderLabel: 'Sam' }, { deviceLabel: 'Front', serverNow: NOW })).toMatchObject({ kind: 'refuse', typeName: 'Early bird', holderLabel: 'Sam' });
  });
});

describe("the spec's scanner texts (issue 34, item 17)", () => {
  it("a refusal with no more specific reason says 'Invalid ticket'; a failed check says 'Error validating ticket. Please try again.'", () => {
    expect(decisionFromServer({ id: 'a', result: 'refused' }, { deviceLabel: 'Front', serverNow: NOW })).toMatchObject({ kind: 'refuse', detail: 'Invalid ticket' });
    // A reason this door's version does not know yet reads the same, never a blank line.
    expect(decisionFromServer({ id: 'a', result: 'refused', reason: 'new_reason' as never }, { deviceLabel: 'Front', serverNow: NOW })).toMatchObject({ kind: 'refuse', detail: 'Invalid ticket' });
    expect(validationFailed()).toMatchObject({ kind: 'refuse', detail: 'Error validating ticket. Please try again.' });
    expect(DOOR_MESSAGES.invalidTicket).toBe('Invalid ticket');
  });

  it('the test validation box tells a well-formed Marquee code from anything else, and names no one', () => {
    const signed = current.signCode(ticketId(1));
    const valid = checkCodeFormat(`  ${signed}\n`);
    expect(valid).toMatchObject({ isValid: true });
    expect(valid.detail).toContain('admits no one');
    expect(valid.detail).not.toContain('Holder');
    expect(checkCodeFormat(JSON.stringify({ ticketId: ticketId(2) }))).toMatchObject({ isValid: true });
    expect(checkCodeFormat(signed.slice(0, 40))).toMatchObject({ isValid: false, detail: 'Invalid ticket: only part of a Marquee code.' });
    expect(checkCodeFormat('https://example.com/not-a-ticket')).toMatchObject({ isValid: false, detail: 'Invalid ticket: this is not a Marquee ticket code.' });
    expect(checkCodeFormat('   ')).toMatchObject({ isValid: false });
  });
});
