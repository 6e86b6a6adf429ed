import { z } from 'zod';

/** Empty strings from forms become undefined, so optional fields stay optional. */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const emailField = (message = 'Please provide a valid email address.') =>
  z
    .string({ error: message })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: message }).max(254, { error: message }));

export const requiredText = (message: string, max = 200) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Please keep this under ${max} characters.` });

export const optionalText = (max = 200) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(max, { error: `Please keep this under ${max} characters.` })
      .optional(),
  );

/** A web address; "https://" is added when the scheme is missing (spec 1 §2, venue website). */
export const optionalUrl = (message = 'Please enter a valid web address.') =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(500, { error: message })
      .transform((v) => (/^https?:\/\//i.test(v) ? v : `https://${v}`))
      .pipe(z.url({ protocol: /^https?$/, error: message }))
      .optional(),
  );

export const optionalEmail = (message = 'Please provide a valid email address.') =>
  z.preprocess(blankToUndefined, emailField(message).optional());

export const optionalPhone = () =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^[+()\d][\d\s().+-]{6,24}$/, { error: 'Please enter a valid phone number.' })
      .optional(),
  );
