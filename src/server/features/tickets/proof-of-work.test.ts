// Issue 23 (on-sale day): while more seats are held by open checkouts than are free, a checkout
// needs a proof of work (ALTCHA, self-hosted); a solved challenge is accepted once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { eq } from 'drizzle-orm';
import { gigs } from '../../db/schema.ts';
import { PROOF_MESSAGES } from '../../../core/schemas/tickets.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { createBand, createGig, createVenue, dayIn } from '../../../../tests/helpers/factories.ts';

let t: TestApp;
let gigId: string;

beforeAll(async () => {
  // A light challenge, so the test solves it in milliseconds; production's is a second or two in a browser.
  t = await createTestApp({ env: { PROOF_OF_WORK_COST: '10', PROOF_OF_WORK_MAX_COUNTER: '40' } });
  const venueId = (await createVenue(t.db)).id;
  const bandId = (await createBand(t.db)).id;
  gigId = await createGig(t.db, { venueId, bandId, localDate: dayIn('America/Chicago', 9), isTicketed: true, ticketPriceCents: 2000, ticketQuantity: 5 });
});
afterAll(() => t.close());

const checkout = (email: string, extra: Record<string, unknown> = {}) => t.client().post('/api/tickets/checkout', { gigId, email, ...extra });
const solved = async () => {
  const challenge = (await t.client().get('/api/tickets/challenge')).json as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  return { challenge, solution: solution! };
};

describe('the on-sale check', () => {
  it('asks for a proof once more seats are held than free; a solved challenge holds, once', async () => {
    // Three of five seats in open checkouts: three held, two free.
    for (const email of ['a@pow.test', 'b@pow.test', 'c@pow.test']) expect((await checkout(email)).status).toBe(201);
    const asked = await checkout('d@pow.test');
    expect(asked.status).toBe(422);
    expect(asked.json.error).toMatchObject({ message: PROOF_MESSAGES.needed, fields: { proof: 'needed' } });
    expect((await t.db.select({ held: gigs.ticketsHeld }).from(gigs).where(eq(gigs.id, gigId)))[0]!.held).toBe(3);

    const proof = await solved();
    expect((await checkout('d@pow.test', { proof })).status).toBe(201);
    // The same proof again is refused: each check admits one checkout.
    const replay = await checkout('e@pow.test', { proof });
    expect(replay.json.error.message).toBe(PROOF_MESSAGES.used);
  });

  it('refuses a tampered or made-up proof', async () => {
    const proof = await solved();
    const tampered = { ...proof, solution: { ...proof.solution, derivedKey: `00${proof.solution.derivedKey.slice(2, -2)}ff` } };
    expect((await checkout('f@pow.test', { proof: tampered })).json.error.message).toBe(PROOF_MESSAGES.invalid);
    const forged = { ...proof, challenge: { ...proof.challenge, signature: 'f'.repeat(64) } };
    expect((await checkout('g@pow.test', { proof: forged })).json.error.message).toBe(PROOF_MESSAGES.invalid);
    expect((await checkout('h@pow.test', { proof: 'nonsense' })).json.error.message).toBe(PROOF_MESSAGES.invalid);
  });
});
