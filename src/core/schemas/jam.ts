import { z } from 'zod';
import { gigTime, localDate } from './gigs.ts';
import { requiredText } from './fields.ts';

/** The jam sheet's columns (spec 1 §2), in order: the song name, then its slots. */
export const JAM_SLOTS = ['artist', 'key', 'drums', 'bass', 'guitar1', 'guitar2', 'keys', 'vocal1', 'other'] as const;
export type JamSlot = (typeof JAM_SLOTS)[number];
export const JAM_FIELDS = ['song', ...JAM_SLOTS] as const;
export type JamField = (typeof JAM_FIELDS)[number];
export const JAM_FIELD_LABELS: Record<JamField, string> = {
  song: 'Song',
  artist: 'Artist',
  key: 'Key',
  drums: 'Drums',
  bass: 'Bass',
  guitar1: 'Guitar 1',
  guitar2: 'Guitar 2',
  keys: 'Keys',
  vocal1: 'Vocal 1',
  other: 'Other',
};

/** Spec 1 §5 and §9: at most 255 characters; the counter shows above 200 and turns red above 204. */
export const JAM_TEXT_MAX = 255;
export const JAM_COUNTER_FROM = 200;
export const JAM_COUNTER_RED_FROM = 204;

/** Trimmed; a value made only of dots counts as empty (spec 1 §5). */
export const normaliseJamText = (value: string) => {
  const trimmed = value.trim();
  return /^\.+$/.test(trimmed) ? '' : trimmed;
};

export const JAM_MESSAGES = {
  logInToSignUp: 'Please log in to sign up for the jam session.',
  logInToAdd: 'Please log in to add a new song.',
  songNotEditable: 'This song name cannot be edited.',
  notYourSong: 'You can only edit songs that you created.',
  songNotDeletable: 'This song cannot be deleted.',
  songHasData: 'Cannot remove song name when other fields have data.',
  songNameFirst: 'Please enter a song name first.',
  tooLong: `Please keep it to ${JAM_TEXT_MAX} characters or fewer.`,
  slotTaken: 'Someone else has signed up for this slot.',
  /** D22: two people wrote one cell at once; the later write is refused, not applied over the first. */
  changedMeanwhile: 'Someone changed this cell just before you. The sheet now shows their entry; edit it again if you still want to.',
  sessionOver: 'This jam session is over.',
  songAdded: "New song row added. Click on 'Song' to edit the name.",
  songRemoved: 'Song removed successfully',
  signedUp: "You're signed up for a slot on a song!",
  failedToAdd: 'Failed to add new song. Please try again.',
  operationFailed: 'Operation failed. Please try again.',
} as const;

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
