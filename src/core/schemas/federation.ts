import { z } from 'zod';

// Decision 56: the envelope every activity posted to a Marquee inbox must have before Fedify reads
// it (its signature, then its meaning): a type, and an actor named by an http(s) address.

const httpUrl = z.url({ protocol: /^https?$/, error: 'The actor must be an http(s) address.' }).max(2048);

export const inboxActivitySchema = z.looseObject({
  type: z.union([z.string().min(1).max(100), z.array(z.string().max(100)).min(1).max(10)], { error: 'The activity needs a type.' }),
  actor: z.union([httpUrl, z.looseObject({ id: httpUrl })], { error: 'The activity needs an actor.' }),
});

export type InboxActivity = z.infer<typeof inboxActivitySchema>;

/** The largest activity an inbox accepts. */
export const INBOX_MAX_BYTES = 256 * 1024;

/** A band's or venue's presence on the fediverse, as its dashboard shows it. */
export type FediversePresence = { isEnabled: false } | { isEnabled: true; handle: string; actorUrl: string; followers: number };
