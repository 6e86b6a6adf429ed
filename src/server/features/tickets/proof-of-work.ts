import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import { PROOF_MESSAGES } from '../../../core/schemas/tickets.ts';
import { AppError } from '../../http/app-error.ts';
import { countHit } from '../../http/rate-limit.ts';
import type { Services } from '../../services.ts';

const ALGORITHM = 'PBKDF2/SHA-256';
const CHALLENGE_MINUTES = 10;

/**
 * Issue 23 (on-sale day): a proof-of-work challenge (ALTCHA, self-hosted: no third party sees the
 * buyer). The browser tries counters until a PBKDF2 key starts with the challenge's prefix, which
 * costs a real browser a second or two and a bot farm that much per checkout. Deterministic mode:
 * the answer is a random counter below PROOF_OF_WORK_MAX_COUNTER, so the work is bounded.
 */
export async function createProofChallenge({ env, proofOfWorkKey }: Pick<Services, 'env' | 'proofOfWorkKey'>): Promise<Challenge> {
  return createChallenge({
    algorithm: ALGORITHM,
    cost: env.PROOF_OF_WORK_COST,
    counter: randomInt(Math.max(1, Math.floor(env.PROOF_OF_WORK_MAX_COUNTER / 2)), env.PROOF_OF_WORK_MAX_COUNTER),
    deriveKey,
    expiresAt: new Date(Date.now() + CHALLENGE_MINUTES * 60_000),
    hmacSignatureSecret: proofOfWorkKey,
    hmacKeySignatureSecret: `${proofOfWorkKey}:key`,
  });
}

/** What the browser sends back: the challenge it was given and its solution. */
export const proofSchema = z.object({
  challenge: z.object({
    parameters: z.object({
      algorithm: z.string(),
      nonce: z.string().max(200),
      salt: z.string().max(200),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string().max(200),
      keySignature: z.string().max(200).optional(),
      expiresAt: z.number().optional(),
    }),
    signature: z.string().max(200),
  }),
  solution: z.object({ counter: z.number().int().min(0), derivedKey: z.string().max(300) }),
});
export type Proof = z.infer<typeof proofSchema>;

/**
 * Checks a solved challenge: signed by this server, not expired, solved, and used once (its nonce
 * is counted in the rate-limit table for as long as the challenge lives, so a replay is refused).
 */
export async function verifyProof({ db, proofOfWorkKey }: Pick<Services, 'db' | 'proofOfWorkKey'>, proof: Proof): Promise<void> {
  const result = await verifySolution({
    challenge: proof.challenge,
    solution: proof.solution,
    deriveKey,
    hmacSignatureSecret: proofOfWorkKey,
    hmacKeySignatureSecret: `${proofOfWorkKey}:key`,
  });
  if (!result.verified) throw new AppError('VALIDATION', result.expired ? PROOF_MESSAGES.expired : PROOF_MESSAGES.invalid, { proof: 'needed' });
  if ((await countHit(db, `proof:${proof.challenge.parameters.nonce}`, CHALLENGE_MINUTES * 60_000)) > 1) {
    throw new AppError('VALIDATION', PROOF_MESSAGES.used, { proof: 'needed' });
  }
}
