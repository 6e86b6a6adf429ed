import { z } from 'zod';
import { BAND_DRAW_MAX, CUSTOM_MESSAGE_MAX } from '../outreach.ts';

const regionSlug = z.string({ error: 'Please choose a location.' }).trim().min(1, { error: 'Please choose a location.' }).max(50);
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, { error: message })
    .optional()
    .transform((v) => v || undefined);

/** Buying a campaign (spec 3 §7): the package and location; the price always comes from the package. */
export const outreachCheckoutSchema = z.object({
  packageId: z.string({ error: 'Please choose a package.' }).min(1, { error: 'Please choose a package.' }).max(50),
  regionSlug,
  customMessage: optionalText(CUSTOM_MESSAGE_MAX, `Please keep your message under ${CUSTOM_MESSAGE_MAX} characters.`),
  bandDraw: optionalText(BAND_DRAW_MAX, `Please keep the band draw under ${BAND_DRAW_MAX} characters.`),
});

/**
 * Issue 34: anyone signed in offers to pay for a standard campaign in a band's name (spec 3 §2);
 * the band is named by its public slug, and agrees before anything is charged or sent.
 */
export const outreachSponsorSchema = outreachCheckoutSchema.pick({ packageId: true, regionSlug: true, customMessage: true }).extend({
  bandSlug: z.string({ error: 'Please choose the band the campaign is for.' }).trim().min(1, { error: 'Please choose the band the campaign is for.' }).max(100),
});

export const outreachOfferAnswerSchema = z.object({ agree: z.boolean({ error: 'Please say whether you agree.' }) });

export const outreachBandSearchSchema = z.object({ q: z.string().trim().max(60).default('') });

export const outreachLocationSchema = z.object({ regionSlug });

export const outreachTestEmailSchema = z.object({
  regionSlug,
  customMessage: optionalText(CUSTOM_MESSAGE_MAX, `Please keep your message under ${CUSTOM_MESSAGE_MAX} characters.`),
});

export const outreachPreviewSchema = z.object({
  regionSlug,
  outreachType: z.enum(['opener', 'headline'], { error: 'Please choose opener or headline.' }),
  bandDraw: optionalText(BAND_DRAW_MAX, `Please keep the band draw under ${BAND_DRAW_MAX} characters.`),
});

export const outreachTokenSchema = z.object({ token: z.string().min(16).max(100) });

export const adminBypassSchema = z.object({ regionSlug, bandId: z.string().max(100).optional() });
