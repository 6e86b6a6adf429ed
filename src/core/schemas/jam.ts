import { z } from 'zod';
import { gigTime, localDate } from './gigs.ts';
import { requiredText } from './fields.ts';
import { JAM_MESSAGES, JAM_TEXT_MAX, normaliseJamText } from '../jam.ts';

export * from '../jam.ts';

const jamText = z
  .string()
  .max(JAM_TEXT_MAX * 4) // generous before trimming; the rule is checked after it
  .transform(normaliseJamText)
  .refine((v) => v.length <= JAM_TEXT_MAX, { error: JAM_MESSAGES.tooLong })
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), { error: 'Please remove the special characters from this text.' });

/**
 * One cell written (spec 1 §4): the new value (empty clears it) and the value the writer saw,
 * so a write over someone else's newer entry is refused (D22).
 */
export const jamCellSchema = z.object({
  value: jamText,
  expected: z.string().max(JAM_TEXT_MAX * 4).default('').transform(normaliseJamText),
});

/** A jam session as an admin or a venue enters it (D22). */
export const jamSessionSchema = z.object({
  localDate,
  timeStart: gigTime('start'),
  timeEnd: gigTime('end'),
  location: requiredText('Please enter where the jam is.', 200),
  houseBand: z
    .array(z.string().trim().max(100, { error: 'Please keep each house band name under 100 characters.' }))
    .max(10, { error: 'Please list at most 10 house bands.' })
    .default([])
    .transform((names) => names.filter(Boolean)),
  /** Admins choose the region; a venue's sessions are in its own. */
  regionSlug: z.string().max(50).optional(),
});
export type JamSessionInput = z.input<typeof jamSessionSchema>;
