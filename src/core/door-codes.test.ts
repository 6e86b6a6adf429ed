import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkSignedCode, importDoorKeys, parseSignedCode, readTicketDisplayRef, signedCodeBody, ticketDisplayRef, ticketRef, toBase64Url } from './door-codes.ts';

const GIG = '0b6f3d9e-1c2a-4b5c-8d7e-9f0a1b2c3d4e';
const TICKET = 'Qm9vbXRpY2tldC1pZC0xMjM0NTY3';

function makeKey(id: string, retiredAt: string | null = null) {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
  const signCode = (ticketId: string, gigId: string) => {
    const body = signedCodeBody(id, ticketId, gigId);
    return `${body}.${toBase64Url(sign(null, Buffer.from(body), privateKey))}`;
  };
  return { door: { id, publicKey: toBase64Url(raw), retiredAt }, signCode };
}

describe('signed ticket codes', () => {
  it('a code signed by the server checks as genuine at a door that holds the key', async () => {
    const key = makeKey('k1');
    const keys = await importDoorKeys([key.door]);
    const check = await checkSignedCode(key.signCode(TICKET, GIG), keys);
    expect(check).toMatchObject({ isSigned: true, isGenuine: true, isRetiredKey: false, code: { ticketId: TICKET, gigId: GIG, keyId: 'k1' } });
  });

  it('refuses a code whose ticket, gig or signature was altered, and says a cut-short scan was cut short', async () => {
    const key = makeKey('k1');
    const keys = await importDoorKeys([key.door]);
    const code = key.signCode(TICKET, GIG);
    const otherTicket = code.replace(TICKET, `${TICKET.slice(0, -1)}8`);
    const otherGig = code.replace(GIG, GIG.replace('0b6f', '0b70'));
    const sig = code.slice(code.lastIndexOf('.') + 1);
    const otherSig = code.slice(0, code.lastIndexOf('.') + 1) + (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1);
    for (const altered of [otherTicket, otherGig, otherSig]) {
      expect(await checkSignedCode(altered, keys)).toMatchObject({ isSigned: true, isGenuine: false, reason: 'forged' });
    }
    expect(await checkSignedCode(code.slice(0, 60), keys)).toMatchObject({ isGenuine: false, reason: 'truncated' });
  });

  it('refuses a code signed by a key the door does not hold, and marks one signed by a retired key', async () => {
    const stranger = makeKey('k9');
    const retired = makeKey('k0', '2026-11-01T00:00:00.000Z');
    const keys = await importDoorKeys([makeKey('k1').door, retired.door]);
    expect(await checkSignedCode(stranger.signCode(TICKET, GIG), keys)).toMatchObject({ isGenuine: false, reason: 'unknown_key' });
    // Same key id, different key: a forgery, not an unknown key.
    expect(await checkSignedCode(makeKey('k1').signCode(TICKET, GIG), keys)).toMatchObject({ isGenuine: false, reason: 'forged' });
    expect(await checkSignedCode(retired.signCode(TICKET, GIG), keys)).toMatchObject({ isGenuine: true, isRetiredKey: true });
  });

  it('leaves old codes (a plain ticket id or JSON) to the online check', async () => {
    const keys = await importDoorKeys([makeKey('k1').door]);
    expect(await checkSignedCode(TICKET, keys)).toEqual({ isSigned: false });
    expect(await checkSignedCode(JSON.stringify({ ticketId: TICKET }), keys)).toEqual({ isSigned: false });
    expect(parseSignedCode(`MQ1.k1.${TICKET}.${GIG}.short`)).toBeNull();
  });

  it("names a ticket in the door's list by a hash that does not give its code away", async () => {
    const ref = await ticketRef(TICKET);
    expect(ref).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(ref).toBe(await ticketRef(TICKET));
    expect(ref).not.toBe(await ticketRef(`${TICKET}x`));
    expect(ref).not.toContain(TICKET.slice(0, 8));
  });

  it('prints a short reference under the QR code that is not the code, and reads it back however it is typed', async () => {
    const ref = await ticketRef(TICKET);
    const shown = ticketDisplayRef(ref);
    expect(shown).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(shown).toBe(ticketDisplayRef(await ticketRef(TICKET)));
    expect(shown).not.toBe(ticketDisplayRef(await ticketRef(`${TICKET}x`)));
    expect(TICKET).not.toContain(shown.replace('-', ''));
    expect(readTicketDisplayRef(shown)).toBe(shown);
    expect(readTicketDisplayRef(` ${shown.toLowerCase().replace('-', ' ')} `)).toBe(shown);
    expect(readTicketDisplayRef('OOLI-1234')).toBe('0011-1234');
    expect(readTicketDisplayRef(TICKET)).toBeNull();
    expect(readTicketDisplayRef('ABCD-EFGU')).toBeNull();
  });
});
