/**
 * The gear swap's limits, messages and shapes (spec 1 §5, §9; D21), without zod: the public
 * /gear-swap page uses them and must stay small; the form's schema is in schemas/gear.ts.
 */

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

/** The phone input's auto-format (spec 1 §5): digits only, grouped as xxx-xxx-xxxx. */
export function formatGearPhone(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 10);
  if (digits.length <= 3) return digits;
  if (digits.length <= 6) return `${digits.slice(0, 3)}-${digits.slice(3)}`;
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** One listing as GET /api/gear returns it; `contact` is null for visitors (D21). */
export type GearListingView = {
  id: string;
  title: string;
  description: string;
  price: string;
  imageUrls: string[];
  /** The seller's location (issue 21); null only if it names no region. */
  city: string | null;
  createdAt: string;
  isOwn: boolean;
  contact: { email: string | null; phone: string | null } | null;
};

/** The list's filters (issue 21): a region slug, and words found in a title or description. */
export type GearFilters = { page?: number; location?: string; search?: string };

export type GearPage = {
  listings: GearListingView[];
  page: number;
  pageSize: number;
  total: number;
  /** True for visitors: sellers' e-mail and phone are shown to signed-in users only (D21). */
  isContactHidden: boolean;
};
