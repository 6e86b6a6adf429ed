// Decision 51: the door's signing keys. Every instance derives the same private key from the
// server's secret, only public halves are stored, two instances starting at once make one first
// key, and a rotation retires the old key while its codes still check.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doorKeys } from '../../db/schema.ts';
import { checkSignedCode, importDoorKeys, parseSignedCode } from '../../../core/door-codes.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { deriveDoorKeySecret, doorPublicKeyText, ensureDoorKey, listDoorKeys, loadDoorKey, nextDoorKeyId, rotateDoorKey, signTicketCode } from './door-keys.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const GIG = '3b0c4a52-8f7e-4c1d-9a51-0d7c2f1e6b90';
const TICKET = 'AbCdEfGhIjKlMnOpQrStUv';

describe('door signing keys', () => {
  it('derives the same key from the same secret and id, and another from another secret or id', () => {
    const secret = deriveDoorKeySecret('one-secret-one-secret-one-secret-0123');
    expect(doorPublicKeyText(secret, 'k1')).toBe(doorPublicKeyText(deriveDoorKeySecret('one-secret-one-secret-one-secret-0123'), 'k1'));
    expect(doorPublicKeyText(secret, 'k1')).not.toBe(doorPublicKeyText(secret, 'k2'));
    expect(doorPublicKeyText(secret, 'k1')).not.toBe(doorPublicKeyText(deriveDoorKeySecret('another-secret-another-secret-0123'), 'k1'));
    expect(doorPublicKeyText(secret, 'k1')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('the server made its first key at start-up, and ten instances starting at once still leave one', async () => {
    await Promise.all(Array.from({ length: 10 }, () => ensureDoorKey(t.db, t.services.doorKeySecret)));
    const keys = await t.db.select().from(doorKeys);
    expect(keys.map((k) => k.id)).toEqual(['k1']);
    expect(keys[0]!.publicKey).toBe(doorPublicKeyText(t.services.doorKeySecret, 'k1'));
  });

  it('a signed code checks with the stored public key; altering any part of it does not', async () => {
    const code = await signTicketCode(t.services, TICKET, GIG);
    expect(parseSignedCode(code)).toMatchObject({ keyId: 'k1', ticketId: TICKET, gigId: GIG });
    const keys = await importDoorKeys(await listDoorKeys(t.db));
    expect(await checkSignedCode(code, keys)).toMatchObject({ isSigned: true, isGenuine: true, isRetiredKey: false });
    const otherTicket = code.replace(TICKET, `${TICKET.slice(0, -1)}w`);
    expect(await checkSignedCode(otherTicket, keys)).toMatchObject({ isGenuine: false, reason: 'forged' });
  });

  it('nextDoorKeyId counts on from the highest key', () => {
    expect(nextDoorKeyId([])).toBe('k1');
    expect(nextDoorKeyId(['k1', 'k9', 'k10'])).toBe('k11');
  });
});

describe('rotating the key', () => {
  it('retires the current key and signs with the next; codes of the old key still check, marked retired', async () => {
    const before = await signTicketCode(t.services, TICKET, GIG);
    const { retired, current } = await rotateDoorKey(t.db, t.services.doorKeySecret);
    expect(retired).toEqual(['k1']);
    expect(current).toBe('k2');
    const after = await signTicketCode(t.services, TICKET, GIG);
    expect(parseSignedCode(after)?.keyId).toBe('k2');
    const listed = await listDoorKeys(t.db);
    expect(listed.map((k) => [k.id, k.retiredAt !== null])).toEqual([
      ['k1', true],
      ['k2', false],
    ]);
    const keys = await importDoorKeys(listed);
    expect(await checkSignedCode(before, keys)).toMatchObject({ isGenuine: true, isRetiredKey: true });
    expect(await checkSignedCode(after, keys)).toMatchObject({ isGenuine: true, isRetiredKey: false });
    // Starting again after a rotation makes no new first key.
    await ensureDoorKey(t.db, t.services.doorKeySecret);
    expect((await listDoorKeys(t.db)).map((k) => k.id)).toEqual(['k1', 'k2']);
  });
});

describe('a server whose secret changed', () => {
  it('retires the key the old secret made at start-up and signs with a new one, so its codes never read as forged', async () => {
    const oldCode = await signTicketCode(t.services, TICKET, GIG);
    const newSecret = deriveDoorKeySecret('a-new-auth-secret-a-new-auth-secret-0123');
    const restarted = { db: t.db, doorKeySecret: newSecret };
    const { retiredForSecret } = await loadDoorKey(restarted);
    expect(retiredForSecret).toBe(parseSignedCode(oldCode)?.keyId);
    const newCode = await signTicketCode(restarted, TICKET, GIG);
    const keys = await importDoorKeys(await listDoorKeys(t.db));
    expect(await checkSignedCode(newCode, keys)).toMatchObject({ isGenuine: true, isRetiredKey: false });
    expect(await checkSignedCode(oldCode, keys)).toMatchObject({ isGenuine: true, isRetiredKey: true });
    // Starting again with the same secret changes nothing.
    expect(await loadDoorKey(restarted)).toEqual({ retiredForSecret: null });
  });
});
