// The open-jam sheet's columns, limits and messages (spec 1 §2, §5, §8, §9), shared by the page
// and the server. No zod here: the public page loads this without the schemas.

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
  failedToDelete: 'Failed to delete song. Please try again.',
  operationFailed: 'Operation failed. Please try again.',
} as const;
