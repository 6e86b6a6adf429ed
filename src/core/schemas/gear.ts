import { z } from 'zod';
import { optionalEmail, requiredText } from './fields.ts';

/** Spec 1 §9: a listing shows at most two images, each cropped 16:9. */
export const GEAR_IMAGES_MAX = 2;
/** Spec 1 §9: a card cuts the description at about 100 characters, at a word boundary. */
export const GEAR_DESCRIPTION_PREVIEW = 100;
export const GEAR_TITLE_MAX = 120;
export const GEAR_PRICE_MAX = 40;
export const GEAR_DESCRIPTION_MAX = 2000;
/** Spec 1 §5: the phone input takes at most 12 characters (xxx-xxx-xxxx). */
export const GEAR_PHONE_MAX_LENGTH = 12;

export const EMAIL_OR_PHONE_REQUIRED = 'Please provide at least an email or phone number.';
export const PHONE_FORMAT_MESSAGE = 'Please enter phone number in format: xxx-xxx-xxxx';
export const GEAR_TITLE_REQUIRED = 'Please enter a title.';
export const GEAR_PRICE_REQUIRED = 'Please enter a price.';
export const GEAR_DESCRIPTION_REQUIRED = 'Please enter a description.';
export const GEAR_TOO_MANY_IMAGES = `A listing holds up to ${GEAR_IMAGES_MAX} images.`;
export const GEAR_IMAGE_AGAIN = 'Please upload the image again.';

/** The phone input's auto-format (spec 1 §5): digits only, grouped as xxx-xxx-xxxx. */
export function formatGearPhone(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 10);
  if (digits.length <= 3) return digits;
  if (digits.length <= 6) return `${digits.slice(0, 3)}-${digits.slice(3)}`;
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** Required text that is not just dots ("..." says nothing about the gear). */
const meaningfulText = (message: string, max: number, options?: { isMultiline: boolean }) =>
  requiredText(message, max, options).refine((v) => !/^[.\s]+$/.test(v), { error: message });

/** A stored upload's address (/files/...): the server checks it is the caller's own. */
const uploadedImageUrl = z
  .string({ error: GEAR_IMAGE_AGAIN })
  .max(300, { error: GEAR_IMAGE_AGAIN })
  .regex(/^\/files\/[a-z0-9][a-z0-9/_-]*\.jpg$/, { error: GEAR_IMAGE_AGAIN });

/** The List Your Gear form (spec 1 §5): shared by the form and POST /api/gear. */
export const gearListingSchema = z
  .object({
    title: meaningfulText(GEAR_TITLE_REQUIRED, GEAR_TITLE_MAX),
    price: meaningfulText(GEAR_PRICE_REQUIRED, GEAR_PRICE_MAX),
    description: meaningfulText(GEAR_DESCRIPTION_REQUIRED, GEAR_DESCRIPTION_MAX, { isMultiline: true }),
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
      .max(GEAR_IMAGES_MAX, { error: GEAR_TOO_MANY_IMAGES })
      .refine((urls) => new Set(urls).size === urls.length, { error: 'Please choose two different images.' })
      .default([]),
  })
  .refine((v) => Boolean(v.email || v.phone), { error: EMAIL_OR_PHONE_REQUIRED, path: ['contact'] });
export type GearListingInput = z.input<typeof gearListingSchema>;
export type GearListingFields = z.output<typeof gearListingSchema>;

/** One listing as GET /api/gear returns it; `contact` is null for visitors (D21). */
export type GearListingView = {
  id: string;
  title: string;
  description: string;
  price: string;
  imageUrls: string[];
  createdAt: string;
  isOwn: boolean;
  contact: { email: string | null; phone: string | null } | null;
};

export type GearPage = {
  listings: GearListingView[];
  page: number;
  pageSize: number;
  total: number;
  /** True for visitors: sellers' e-mail and phone are shown to signed-in users only (D21). */
  isContactHidden: boolean;
};
