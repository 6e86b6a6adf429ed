import { z } from 'zod';
import { BAND_DESCRIPTION_MAX, MANAGER_DESCRIPTION_MAX, PROMOTER_DESCRIPTION_MAX, REHEARSAL_DESCRIPTION_MAX } from './account.ts';
import { optionalEmail, optionalPhone, optionalText, optionalUrl, requiredText, storedFileUrl } from './fields.ts';

/** Spec 2 §9: a gallery holds up to 5 images (band and promoter). */
export const GALLERY_MAX = 5;
export const MANAGED_ARTIST_DESCRIPTION_MAX = 500;
export const MEMBERS_MAX = 30;
export const EXTRA_GIGS_MAX = 50;
export const CUSTOM_LINKS_MAX = 20;
/** Spec 2 §5: the manager's profile image is exactly this size. */
export const MANAGER_PROFILE_IMAGE = { width: 1280, height: 800 } as const;

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const PASSWORD_TOO_SHORT = 'Password too short';
export const ARTIST_NAME_REQUIRED = 'Artist name is required';
export const MUST_LOG_IN_TO_ADD_ARTIST = 'You must be logged in to add an artist';
export const ONLY_MANAGERS_ADD_ARTISTS = 'Only artist managers can add artists';
export const IMAGE_MUST_BE_1280_BY_800 = 'Image must be exactly 1280×800';
export const INVALID_IMAGE_FILE = 'Invalid image file';
export const LOGO_MUST_BE_PNG_OR_SVG = 'Please choose a PNG or SVG logo.';

const description = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v : ''),
    z
      .string()
      .trim()
      .max(max, { error: `Description must be ${max} characters or fewer.` })
      // eslint-disable-next-line no-control-regex -- descriptions keep line breaks, nothing else
      .refine((v) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(v), { error: 'Please remove the special characters from this text.' }),
  );

const storedImageUrl = () => storedFileUrl('Please upload the image again.', ['jpg', 'png']);

const imageUrl = () => z.preprocess((v) => (v === '' || v === undefined ? null : v), storedImageUrl().nullable());

const socialLinks = {
  instagramUrl: optionalUrl(),
  facebookUrl: optionalUrl(),
  youtubeUrl: optionalUrl(),
  website: optionalUrl(),
};

const gallery = () => z.array(storedImageUrl()).max(GALLERY_MAX, { error: `A gallery holds up to ${GALLERY_MAX} images.` }).default([]);

/** A band member; one without a name is dropped on save (spec 2 §5). */
const memberSchema = z.object({
  name: z.preprocess((v) => (typeof v === 'string' ? v : ''), z.string().trim().max(100, { error: 'Please keep names under 100 characters.' })),
  instrument: optionalText(100),
  instagramHandle: optionalText(60),
});

const extraGigSchema = z.object({
  localDate: z.iso.date({ error: 'Please give each extra gig a date.' }),
  venueName: requiredText('Please give each extra gig a venue.', 200),
  ticketUrl: optionalUrl(),
});

const customLinkSchema = z.object({
  label: requiredText('Please give each link a label.', 60),
  url: optionalUrl().pipe(z.string({ error: 'Please enter a valid web address.' })),
});

/** The band editor (spec 2 §2, §3). The name is shown but not changed here (decision 0016). */
export const bandProfileSchema = z.object({
  description: description(BAND_DESCRIPTION_MAX),
  bio: optionalText(5000, { isMultiline: true }),
  performerType: z.enum(['BAND', 'SOLO', 'DJ', 'DUO', 'OTHER'], { error: 'Please choose a performer type.' }).default('BAND'),
  genres: z.array(requiredText('Please remove the empty genre.', 40)).max(10, { error: 'Please choose up to 10 genres.' }).default([]),
  /** Told to venues in outreach e-mails (spec 3 §3): free text such as 'Since 2016'. */
  yearsActive: optionalText(40),
  performanceStyle: optionalText(200),
  phone: optionalPhone(),
  contactEmail: optionalEmail(),
  contactPhone: optionalPhone(),
  ...socialLinks,
  spotifyUrl: optionalUrl(),
  youtubeChannelUrl: optionalUrl(),
  youtubeHighlightUrl: optionalUrl(),
  youtubeEmbedUrl: optionalUrl(),
  spotifyEmbedUrl: optionalUrl(),
  imageUrl: imageUrl(),
  logoUrl: imageUrl(),
  members: z
    .array(memberSchema)
    .max(MEMBERS_MAX, { error: `Please list up to ${MEMBERS_MAX} members.` })
    .default([])
    .transform((members) => members.filter((m) => m.name !== '')),
  gallery: gallery(),
  extraGigs: z.array(extraGigSchema).max(EXTRA_GIGS_MAX, { error: `Please list up to ${EXTRA_GIGS_MAX} extra gigs.` }).default([]),
  customLinks: z.array(customLinkSchema).max(CUSTOM_LINKS_MAX, { error: `Please list up to ${CUSTOM_LINKS_MAX} links.` }).default([]),
});
export type BandProfileInput = z.input<typeof bandProfileSchema>;

/** The venue editor: the venue fields of spec 2 §3. */
export const venueProfileSchema = z.object({
  name: requiredText('Please enter the venue name.'),
  /** The street line; with the fields below empty, a whole one-line address (issue 35). */
  address: requiredText('Please enter the venue address.', 300),
  addressLocality: optionalText(100),
  addressRegion: optionalText(100),
  postalCode: optionalText(20),
  addressCountry: optionalText(60),
  phone: optionalPhone(),
  contactEmail: optionalEmail(),
  ...socialLinks,
  imageUrl: imageUrl(),
});
export type VenueProfileInput = z.input<typeof venueProfileSchema>;

/** The promoter editor: details, image, venue picker, gallery and video (spec 2 §2). */
export const promoterProfileSchema = z.object({
  companyName: optionalText(),
  description: description(PROMOTER_DESCRIPTION_MAX),
  phone: optionalPhone(),
  email: optionalEmail(),
  ...socialLinks,
  imageUrl: imageUrl(),
  venueIds: z.array(z.string().min(1).max(100)).max(50, { error: 'Please choose up to 50 venues.' }).default([]),
  gallery: gallery(),
  videoUrl: optionalUrl(),
});
export type PromoterProfileInput = z.input<typeof promoterProfileSchema>;

/** The artist manager editor (spec 2 §3). */
export const managerProfileSchema = z.object({
  name: requiredText('Please enter your name.'),
  description: description(MANAGER_DESCRIPTION_MAX),
  instagramUrl: optionalUrl(),
  facebookUrl: optionalUrl(),
  website: optionalUrl(),
  youtubeChannelUrl: optionalUrl(),
  youtubeHighlightUrl: optionalUrl(),
  imageUrl: imageUrl(),
  logoUrl: imageUrl(),
  profileImageUrl: imageUrl(),
});
export type ManagerProfileInput = z.input<typeof managerProfileSchema>;

/** Add artist and edit artist (spec 2 §3 content.managedArtists). */
export const managedArtistSchema = z.object({
  name: requiredText(ARTIST_NAME_REQUIRED, 100),
  genre: optionalText(60),
  description: description(MANAGED_ARTIST_DESCRIPTION_MAX),
  instagramUrl: optionalUrl(),
  facebookUrl: optionalUrl(),
  spotifyUrl: optionalUrl(),
  youtubeUrl: optionalUrl(),
  website: optionalUrl(),
  imageUrl: imageUrl(),
});
export type ManagedArtistInput = z.input<typeof managedArtistSchema>;

/** The rehearsal dashboard's edit mode (spec 2 §2, §5). */
export const rehearsalSpaceProfileSchema = z.object({
  name: requiredText('Please enter the name of your space.'),
  address: requiredText('Please enter the address of your space.', 300),
  phone: optionalPhone(),
  contactEmail: optionalEmail(),
  website: optionalUrl(),
  description: description(REHEARSAL_DESCRIPTION_MAX),
  imageUrl: imageUrl(),
});
export type RehearsalSpaceProfileInput = z.input<typeof rehearsalSpaceProfileSchema>;

export const IMAGE_KINDS = ['photo', 'logo', 'manager-profile'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];
