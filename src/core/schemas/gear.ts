import { z } from 'zod';
import {
  EMAIL_OR_PHONE_REQUIRED,
  GEAR_DESCRIPTION_MAX,
  GEAR_IMAGES_MAX,
  GEAR_PRICE_MAX,
  GEAR_TITLE_MAX,
  PHONE_FORMAT_MESSAGE,
} from '../gear-rules.ts';
import { optionalEmail, requiredText, storedFileUrl } from './fields.ts';

export const GEAR_IMAGE_AGAIN = 'Please upload the image again.';

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** Required text that is not just dots ("..." says nothing about the gear). */
const meaningfulText = (message: string, max: number, options?: { isMultiline: boolean }) =>
  requiredText(message, max, options).refine((v) => !/^[.\s]+$/.test(v), { error: message });

const uploadedImageUrl = storedFileUrl(GEAR_IMAGE_AGAIN, ['jpg']);

/** The List Your Gear form (spec 1 §5): shared by the form and POST /api/gear. */
export const gearListingSchema = z
  .object({
    title: meaningfulText('Please enter a title.', GEAR_TITLE_MAX),
    price: meaningfulText('Please enter a price.', GEAR_PRICE_MAX),
    description: meaningfulText('Please enter a description.', GEAR_DESCRIPTION_MAX, { isMultiline: true }),
    email: optionalEmail(),
    phone: z.preprocess(
      blankToUndefined,
      z
        .string({ error: PHONE_FORMAT_MESSAGE })
        .trim()
        .regex(/^\d{3}-\d{3}-\d{4}$/, { error: PHONE_FORMAT_MESSAGE })
        .optional(),
    ),
    imageUrls: z
      .array(uploadedImageUrl, { error: GEAR_IMAGE_AGAIN })
      .max(GEAR_IMAGES_MAX, { error: `A listing holds up to ${GEAR_IMAGES_MAX} images.` })
      .refine((urls) => new Set(urls).size === urls.length, { error: 'Please choose two different images.' })
      .default([]),
  })
  .refine((v) => Boolean(v.email || v.phone), { error: EMAIL_OR_PHONE_REQUIRED, path: ['contact'] });
export type GearListingInput = z.input<typeof gearListingSchema>;
export type GearListingFields = z.output<typeof gearListingSchema>;
