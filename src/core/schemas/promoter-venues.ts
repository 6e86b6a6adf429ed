import { z } from 'zod';

/** D34: what a venue does with a promoter's request, or later with an accepted association. */
export const PROMOTER_DECISIONS = ['accept', 'decline', 'end'] as const;
export type PromoterDecision = (typeof PROMOTER_DECISIONS)[number];

export const promoterDecisionSchema = z.object({
  decision: z.enum(PROMOTER_DECISIONS, { error: 'Please choose accept, decline or end.' }),
});
