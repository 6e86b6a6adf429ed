import type { Context } from '@fedify/fedify';
import { Announce, Create, Delete, Event, Note, Tombstone, Update, type Recipient } from '@fedify/fedify/vocab';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { stopIfStopping } from '../../jobs/job-queue.ts';
import { bandMayStillDecline } from '../booking/decline-window.ts';
import type { Services } from '../../services.ts';
import { federationOf, followersOf, sendWrittenActivity } from './create-federation.ts';
import { findActor } from './federation-actors.ts';
import { eventIdOf, gigActors, gigEventJsonLd, loadFederatedGig, type FederatedGig } from './gig-event.ts';
import { formatLocalDate, formatTimeRange } from '../../../core/time.ts';
import { escapeHtml } from '../../mail/secrets.ts';

const BATCH = 5;
const PUBLIC = new URL('https://www.w3.org/ns/activitystreams#Public');

/**
 * Decision 56: marks gigs whose public face changed (booked, edited, cancelled, reopened or
 * deleted), in the change's own transaction, for the `federate-gigs` job to tell the fediverse.
 * A mark stays until the gig's state after it is sent; a mark made while an instance is sending
 * the gig (its `changed_at` later than the one claimed) keeps it pending for the next run.
 */
export async function markGigsForFederation(db: DbOrTx, gigIds: readonly string[]): Promise<void> {
  if (gigIds.length === 0) return;
  await db.execute(sql`
    insert into federated_gigs (gig_id, is_pending, changed_at)
    select id, true, clock_timestamp() from unnest(${`{${gigIds.join(',')}}`}::uuid[]) as id
    on conflict (gig_id) do update set is_pending = true, changed_at = greatest(clock_timestamp(), federated_gigs.changed_at + interval '1 microsecond')`);
}

/**
 * Issue 33: a gig already sent is sent again as an Update only once it has had no change for this
 * long, so a burst of edits is one Update (the job runs every minute and when a gig changes).
 * A stream of edits never quiet this long would be more than the edit limit allows (60 an hour).
 */
export const UPDATE_QUIET_SECONDS = 60;

/** How long an instance may take to send one batch before another may take its gigs over. */
const LEASE = sql`interval '5 minutes'`;
/** A gig that could not be sent waits this long (other gigs go on meanwhile). */
const RETRY_AFTER = sql`interval '2 minutes'`;

/** `lease` (its `claimed_until`, as text) is the claim's token: only its holder ends or extends it. */
type Claimed = { gig_id: string; actors: string[]; first_sent_at: string | null; deleted_at: string | null; generation: number; changed_at: string; lease: string; sent_facts: string | null };

/**
 * Sends what the marked gigs became: a newly public gig as its venue's Create (and its band's
 * and region's boosts, to their own followers), a changed one as an Update, one no longer public
 * (deleted, reopened or cancelled) as a Delete, to every follower of the actors that told of it.
 * Each gig is claimed with a lease, so two instances never send one gig at once, and one that
 * stopped mid-way is taken over when its lease ends. Fedify queues each delivery, signs it and
 * retries it. Returns how many gigs were sent. `now` is the clock the waits are measured by
 * (isDue; tests move it); leases keep the database's.
 */
export async function federatePendingGigs(services: Services, { now = new Date() }: { now?: Date } = {}): Promise<number> {
  const federation = federationOf(services);
  if (!federation) return 0;
  const { db, env, logger } = services;
  const publicUrl = env.PUBLIC_URL.replace(/\/$/, '');
  const ctx = federation.createContext(new URL(publicUrl), services);
  let sent = 0;
  for (;;) {
    stopIfStopping(services.stopping);
    const { rows } = await db.execute<Claimed>(sql`
      update federated_gigs f set claimed_until = clock_timestamp() + ${LEASE}
      from (
        select p.gig_id from federated_gigs p
        where p.is_pending and (p.claimed_until is null or p.claimed_until < now()) and ${isDue(sql`${now.toISOString()}::timestamptz`)}
        order by p.changed_at limit ${BATCH} for update of p skip locked
      ) c
      where f.gig_id = c.gig_id
      returning f.gig_id, f.actors, f.first_sent_at, f.deleted_at, f.generation, f.changed_at::text as changed_at, f.claimed_until::text as lease, f.sent_facts`);
    if (rows.length === 0) return sent;
    for (const [i, row] of rows.entries()) {
      if (services.stopping?.aborted) {
        // Stopping: the rest of the batch goes back at once, for another instance.
        for (const left of rows.slice(i)) await db.execute(sql`update federated_gigs set claimed_until = null where gig_id = ${left.gig_id} and claimed_until = ${left.lease}::timestamptz`);
        stopIfStopping(services.stopping);
      }
      try {
        if (await federateGig(services, ctx, row, publicUrl)) sent++;
      } catch (error) {
        logger.warn({ err: error, gigId: row.gig_id }, 'federation: a gig could not be sent; it is tried again in two minutes');
        await db.execute(sql`update federated_gigs set claimed_until = now() + ${RETRY_AFTER} where gig_id = ${row.gig_id} and claimed_until = ${row.lease}::timestamptz`);
      }
    }
  }
}

/**
 * Whether a marked gig (`p`) is due at `now`: what it became decides. No longer public: its Delete
 * (if it was sent) at once. Not sent yet: its Create and boosts once a band booked with 'Band
 * already Chosen' can no longer decline it unheard (decision 34's wait, issue 33; a declined gig
 * is no longer public, so it is never sent). Sent: its Update once the gig has been quiet for
 * UPDATE_QUIET_SECONDS.
 */
const isDue = (now: SQL) => sql`case
  when not exists (select 1 from gigs g where g.id = p.gig_id and g.is_approved and g.cancelled_at is null) then true
  when p.first_sent_at is null or p.deleted_at is not null then not ${bandMayStillDecline(sql`p.gig_id`, now)}
  else p.changed_at <= ${now} - make_interval(secs => ${UPDATE_QUIET_SECONDS})
end`;

/**
 * Ends a gig's claim, if still this instance's (a claim taken over after its lease ran out is
 * the other instance's to end): pending again only if it was marked since it was claimed.
 */
const release = (row: Claimed, changes = sql``) => sql`
  update federated_gigs set is_pending = (changed_at > ${row.changed_at}::timestamptz), claimed_until = null ${changes}
  where gig_id = ${row.gig_id} and claimed_until = ${row.lease}::timestamptz`;

/** What a reply Note tells when it changes: the gig's date, times, act and venue. */
const factsOf = (gig: FederatedGig) => JSON.stringify([gig.localDate, gig.startTime, gig.endTime, gig.act, gig.venue.name]);

/** The venue's reply to the gig's post after a change of when or who: "Changed: The Fedi Tones at Fedi Hall is now on Fri, Dec 4, 2026, 9:00 PM - 11:00 PM CST." */
function changeNote(ctx: Context<Services>, { author, eventUri, gig, pageUrl }: { author: string; eventUri: URL; gig: FederatedGig; pageUrl: string }) {
  const authorUri = ctx.getActorUri(author);
  const text = `Changed: ${gig.act ?? 'Live music'} at ${gig.venue.name} is now on ${formatLocalDate(gig.localDate)}, ${formatTimeRange(gig.localDate, gig.startTime, gig.endTime, gig.timeZone)}.`;
  const id = new URL(`#change-${Date.now()}`, eventUri);
  const note = new Note({
    id: new URL(`${id.href}-note`),
    attribution: authorUri,
    replyTarget: eventUri,
    content: `<p>${escapeHtml(text)} <a href="${escapeHtml(pageUrl)}">${escapeHtml(pageUrl)}</a></p>`,
    url: new URL(pageUrl),
    tos: [PUBLIC],
    ccs: [ctx.getFollowersUri(author)],
  });
  return new Create({ id, actor: authorUri, object: note, tos: [PUBLIC], ccs: [ctx.getFollowersUri(author)] });
}

async function federateGig(services: Services, ctx: Context<Services>, row: Claimed, publicUrl: string): Promise<boolean> {
  const { db } = services;
  const eventUri = ctx.getObjectUri(Event, { id: eventIdOf(row.gig_id, row.generation) });
  const gig = await loadFederatedGig(db, row.gig_id);
  const wasSent = row.first_sent_at !== null && row.deleted_at === null;
  const options = { preferSharedInbox: true } as const;

  // Decision 49: a cancelled gig leaves every public list; Mastodon cannot update an Event it has
  // shown (it updates only its own kinds of post), so a cancellation is a Delete there too.
  if (!gig?.isApproved || gig.cancelledAt) {
    if (!wasSent || row.actors.length === 0) {
      await db.execute(release(row));
      return false;
    }
    const recipients = await followersOf(services, row.actors);
    const author = row.actors[0]!;
    if (recipients.length) {
      await ctx.sendActivity({ identifier: author }, recipients, new Delete({
        id: new URL(`#delete-${Date.now()}`, eventUri),
        actor: ctx.getActorUri(author),
        object: new Tombstone({ id: eventUri }),
        tos: [PUBLIC],
      }), options);
    }
    // The next publication of this gig gets a new address: servers keep a tombstone for this one.
    await db.execute(release(row, sql`, deleted_at = now(), last_sent_at = now(), generation = generation + 1`));
    return true;
  }

  const actors: string[] = [];
  for (const identifier of gigActors(gig)) if (await findActor(db, identifier, publicUrl)) actors.push(identifier);
  const [author] = actors;
  if (!author?.startsWith('venue.')) {
    // The venue's account is gone or banned: nobody speaks for the gig.
    await db.execute(release(row));
    return false;
  }
  const { '@context': context, ...event } = gigEventJsonLd(gig, { publicUrl, eventUri, actorUri: (a) => ctx.getActorUri(a) });
  const facts = factsOf(gig);
  const authorUri = ctx.getActorUri(author);
  const everyone = [...new Set([...actors, ...row.actors])];
  /** The venue's Create or Update of the Event, written out whole (FEP-8a8e's fields: see sendWrittenActivity). */
  const sendEvent = async (type: 'Create' | 'Update', recipients: Recipient[]) => {
    if (!recipients.length) return;
    const now = new Date().toISOString();
    const id = new URL(`#${type.toLowerCase()}-${Date.now()}`, eventUri);
    const values = { id, actor: authorUri, object: eventUri, tos: [PUBLIC], ccs: [ctx.getFollowersUri(author)] };
    await sendWrittenActivity(ctx, author, recipients, type === 'Create' ? new Create(values) : new Update(values), {
      '@context': context,
      id: id.href,
      type,
      actor: authorUri.href,
      published: now,
      to: [PUBLIC.href],
      cc: [ctx.getFollowersUri(author).href],
      object: type === 'Update' ? { ...event, updated: now } : event,
    });
  };

  if (!wasSent) {
    await sendEvent('Create', await followersOf(services, [author]));
    // The band and the region boost it to their own followers.
    for (const booster of actors.slice(1)) {
      const followers = await followersOf(services, [booster]);
      if (!followers.length) continue;
      await ctx.sendActivity({ identifier: booster }, followers, new Announce({
        id: new URL(`#announce-${row.gig_id}-${Date.now()}`, ctx.getActorUri(booster)),
        actor: ctx.getActorUri(booster),
        object: eventUri,
        tos: [PUBLIC],
        ccs: [ctx.getFollowersUri(booster)],
      }), options);
    }
  } else {
    const recipients = await followersOf(services, everyone);
    await sendEvent('Update', recipients);
    // Issue 35: Mastodon applies an Update only to its own kinds of post (Note, Question), so the
    // Event it showed keeps its first time and line-up. A change of when or who is also told as
    // the venue's reply to the gig's post, which Mastodon shows under it and on followers' feeds.
    if (recipients.length && row.sent_facts !== null && row.sent_facts !== facts) {
      await ctx.sendActivity({ identifier: author }, recipients, changeNote(ctx, { author, eventUri, gig, pageUrl: String(event.url) }), options);
    }
  }
  await db.execute(release(row, sql`, actors = ${`{${everyone.join(',')}}`}::text[], sent_facts = ${facts},
    first_sent_at = coalesce(case when deleted_at is null then first_sent_at end, now()), last_sent_at = now(), deleted_at = null`));
  return true;
}
