import { z } from 'zod';

/** Empty strings from forms become undefined, so optional fields stay optional. */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const emailField = (message = 'Please provide a valid email address.') =>
  z
    .string({ error: message })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: message }).max(254, { error: message }));

// eslint-disable-next-line no-control-regex -- control characters are what these refuse
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- as above, but tabs and line breaks are text here
const CONTROL_CHARACTERS_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const CONTROL_MESSAGE = 'Please remove the special characters from this text.';

/** Single-line text refuses every control character; a multi-line message keeps its line breaks. */
const withoutControlCharacters = (schema: z.ZodString, isMultiline: boolean) =>
  schema.refine((v) => !(isMultiline ? CONTROL_CHARACTERS_BUT_LINE_BREAKS : CONTROL_CHARACTERS).test(v), { error: CONTROL_MESSAGE });

export const requiredText = (message: string, max = 200, { isMultiline = false } = {}) =>
  withoutControlCharacters(
    z
      .string({ error: message })
      .trim()
      .min(1, { error: message })
      .max(max, { error: `Please keep this under ${max} characters.` }),
    isMultiline,
  );

export const optionalText = (max = 200, { isMultiline = false } = {}) =>
  z.preprocess(
    blankToUndefined,
    withoutControlCharacters(
      z
        .string()
        .trim()
        .max(max, { error: `Please keep this under ${max} characters.` }),
      isMultiline,
    ).optional(),
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

/** A list's page number: a whole number from 1 to 10,000 (anything else is a clear 422, never a 500). */
export const pageNumber = () =>
  z.coerce
    .number({ error: 'Please give a page number from 1 to 10000.' })
    .int({ error: 'Please give a page number from 1 to 10000.' })
    .min(1, { error: 'Please give a page number from 1 to 10000.' })
    .max(10_000, { error: 'Please give a page number from 1 to 10000.' })
    .default(1);

/**
 * A stored upload's address, as the upload answered it: /files/<key>, or the key under the
 * bucket's public address when files are served from there (decision 27). The server checks the
 * address is its own and the file the account's.
 */
export const storedFileUrl = (message: string, extensions: readonly ('jpg' | 'png')[]) =>
  z
    .string({ error: message })
    .max(300, { error: message })
    .regex(new RegExp(`^(/files|https?://[^\\s?#]+)/[a-z0-9][a-z0-9/_-]*\\.(${extensions.join('|')})$`), { error: message });
