import { z } from 'zod';
import { REGISTERABLE_ROLES } from '../roles.ts';
import { emailField, optionalEmail, optionalPhone, optionalText, optionalUrl, requiredText } from './fields.ts';

/** At least 8 characters (D4); the message stays the spec's. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const BAND_DESCRIPTION_MAX = 150;
export const MANAGER_DESCRIPTION_MAX = 150;
export const REHEARSAL_DESCRIPTION_MAX = 500;
export const PROMOTER_DESCRIPTION_MAX = 500;

export const passwordField = z
  .string({ error: 'Password too short' })
  .min(PASSWORD_MIN_LENGTH, { error: 'Password too short' })
  .max(PASSWORD_MAX_LENGTH, { error: 'Password too long' });

const common = {
  email: emailField(),
  password: passwordField,
  location: requiredText('Please choose your location.', 64),
};

/** Venue and promoter sections share their contact fields and social links. */
const contactAndLinks = {
  phone: optionalPhone(),
  contactEmail: optionalEmail(),
  website: optionalUrl(),
  facebookUrl: optionalUrl(),
  instagramUrl: optionalUrl(),
  youtubeUrl: optionalUrl(),
};

const description = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v : ''),
    z
      .string()
      .trim()
      .max(max, { error: `Description must be ${max} characters or fewer.` }),
  );

export const registerSchema = z.discriminatedUnion('role', [
  z.object({ ...common, role: z.literal('fan') }),
  z.object({ ...common, role: z.literal('musician') }),
  z.object({
    ...common,
    role: z.literal('venue'),
    name: requiredText('Please enter the venue name.'),
    address: requiredText('Please enter the venue address.', 300),
    ...contactAndLinks,
  }),
  z.object({
    ...common,
    role: z.literal('promoter'),
    name: requiredText('Please enter your promoter name.'),
    companyName: optionalText(),
    venueIds: z.array(z.string().min(1)).max(50).default([]),
    ...contactAndLinks,
  }),
  z.object({
    ...common,
    role: z.literal('artist_manager'),
    name: requiredText('Please enter your name.'),
    instagramUrl: optionalUrl(),
    description: description(MANAGER_DESCRIPTION_MAX),
    website: optionalUrl(),
  }),
  z.object({
    ...common,
    role: z.literal('rehearsal_space'),
    name: requiredText('Please enter the name of your space.'),
    address: requiredText('Please enter the address of your space.', 300),
    phone: optionalPhone(),
    contactEmail: optionalEmail(),
    website: optionalUrl(),
    description: description(REHEARSAL_DESCRIPTION_MAX),
  }),
  z.object({
    ...common,
    role: z.literal('band'),
    name: requiredText('Please enter your band name.', 100),
    instagramUrl: optionalUrl(),
    description: description(BAND_DESCRIPTION_MAX),
    website: optionalUrl(),
  }),
]);
export type RegisterInput = z.input<typeof registerSchema>;
export type Registration = z.output<typeof registerSchema>;

/** Roles whose registration section carries an image (spec 1 §2 Register). */
export const ROLES_WITH_IMAGE = ['venue', 'promoter', 'artist_manager', 'rehearsal_space', 'band'] as const;

export const loginSchema = z.object({
  email: emailField(),
  password: z.string().min(1, { error: 'Please enter your password.' }),
});

export const requestPasswordResetSchema = z.object({ email: emailField() });

export const resetPasswordSchema = z.object({
  token: z.string().min(1),
  newPassword: passwordField,
});

// Keep the role list in one place for forms.
export const registerableRoles = REGISTERABLE_ROLES;

/** 'Send the link again' (D32): the signed-in account is the only input. */
export const resendVerificationSchema = z.object({}).strict();
