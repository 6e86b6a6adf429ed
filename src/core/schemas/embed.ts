import { z } from 'zod';
import { EMBED_LIMIT, EMBED_SLUG_PATTERN, EMBED_THEMES } from '../embed.ts';

/** An empty parameter (an attribute left blank) names nothing, like a missing one. */
const slug = (what: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string()
      .trim()
      .regex(EMBED_SLUG_PATTERN, { error: `The ${what} is named by its address: letters, digits and hyphens, up to 128.` })
      .optional(),
  );

/** GET /api/embed/gigs and /embed/gigs (issue 26): whose upcoming gigs, and how many. */
export const embedGigsQuerySchema = z
  .object({
    band: slug('band'),
    venue: slug('venue'),
    promoter: slug('promoter'),
    region: slug('region'),
    limit: z.coerce
      .number({ error: `The limit is a whole number from ${EMBED_LIMIT.min} to ${EMBED_LIMIT.max}.` })
      .int({ error: `The limit is a whole number from ${EMBED_LIMIT.min} to ${EMBED_LIMIT.max}.` })
      .min(EMBED_LIMIT.min, { error: `The limit is a whole number from ${EMBED_LIMIT.min} to ${EMBED_LIMIT.max}.` })
      .max(EMBED_LIMIT.max, { error: `The limit is a whole number from ${EMBED_LIMIT.min} to ${EMBED_LIMIT.max}.` })
      .default(EMBED_LIMIT.default),
    // As the element reads its attribute: `Dark` is dark.
    theme: z.preprocess((value) => (typeof value === 'string' ? value.trim().toLowerCase() : value), z.enum(EMBED_THEMES, { error: 'The theme is light or dark.' }).optional()),
  })
  .refine((q) => q.band || q.venue || q.promoter || q.region, { error: 'Name a band, venue, promoter or region.', path: ['band'] });
export type EmbedGigsQuery = z.output<typeof embedGigsQuerySchema>;
