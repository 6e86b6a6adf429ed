// Issue 25: old accounts (users collection + the auth export) → Marquee accounts, their role's
// profile and the profile's lists (decision 52). Roles, locations and sign-up dates carry over;
// no account becomes admin by import; names keep the subdomain and /venue/ path they had.
import { ROLES, type Role } from '../../../core/roles.ts';
import {
  account,
  bandExtraGigs,
  bandGalleryImages,
  bandLinks,
  bandMembers,
  bandProfiles,
  managedArtists,
  managerProfiles,
  promoterProfiles,
  promoterVenues,
  rehearsalSpaceProfiles,
  user,
  venueProfiles,
} from '../../db/schema.ts';
import { sql } from 'drizzle-orm';
import { isReservedSiteSlug, toFoldedSiteSlug, toFoldedVenueSlug } from '../accounts/site-names.ts';
import type { LegacyAuthUser, LegacyDocument } from './export-format.ts';
import { assignId, stableUuid, type ImportContext } from './import-context.ts';
import { formatLegacyPassword } from './legacy-password.ts';
import { digestOf, email, firstText, LegacyFault, localDate, record, records, refuse, text, textList, timestamp } from './legacy-values.ts';
import { importedLink } from './public-web-address.ts';
import { rewriteImage } from './rewrite-image.ts';
import type { PlannedRecord, Row, TableWriter } from './write-legacy-batch.ts';
import { addressColumnsOf } from '../../../core/postal-address.ts';

export const USER_WRITERS: TableWriter[] = [
  {
    key: 'user',
    table: user,
    mode: 'upsert',
    target: [user.id],
    custom: {
      // A later export never takes back a confirmed address (a changed one is confirmed only if the
      // export says so), nor an admin role, nor a ban decided on Marquee.
      emailVerified: sql`case when "user".email = excluded.email then "user".email_verified or excluded.email_verified else excluded.email_verified end`,
      role: sql`case when "user".role = 'admin' then "user".role else excluded.role end`,
      banned: sql`coalesce("user".banned, false) or coalesce(excluded.banned, false)`,
      banReason: sql`coalesce("user".ban_reason, excluded.ban_reason)`,
    },
  },
  {
    // The old hash until the person signs in or sets a password on Marquee; an account that has a
    // credential of its own is given none (mapUsers leaves it out).
    key: 'account',
    table: account,
    mode: 'upsert',
    target: [account.id],
    custom: { password: sql`case when account.password like 'firebase-scrypt$%' then excluded.password else account.password end` },
  },
  // An admin's grant or withdrawal of beta outreach stands; only a new band gets it by its name.
  { key: 'band', table: bandProfiles, mode: 'upsert', target: [bandProfiles.userId], keep: ['hasBetaOutreach'] },
  { key: 'bandMembers', table: bandMembers, mode: 'replace', parentColumn: bandMembers.bandId },
  { key: 'bandGallery', table: bandGalleryImages, mode: 'replace', parentColumn: bandGalleryImages.bandId },
  { key: 'bandLinks', table: bandLinks, mode: 'replace', parentColumn: bandLinks.bandId },
  { key: 'bandExtraGigs', table: bandExtraGigs, mode: 'replace', parentColumn: bandExtraGigs.bandId },
  // Decision 33: an imported venue is unverified until an admin checks it, like a new one.
  // A verification stands while name and address do; renaming clears it, as on the venue's editor.
  {
    key: 'venue',
    table: venueProfiles,
    mode: 'upsert',
    target: [venueProfiles.userId],
    custom: {
      verifiedAt: sql`case when venue_profiles.name = excluded.name and venue_profiles.address = excluded.address then venue_profiles.verified_at end`,
      verifiedBy: sql`case when venue_profiles.name = excluded.name and venue_profiles.address = excluded.address then venue_profiles.verified_by end`,
    },
  },
  { key: 'promoter', table: promoterProfiles, mode: 'upsert', target: [promoterProfiles.userId] },
  { key: 'manager', table: managerProfiles, mode: 'upsert', target: [managerProfiles.userId] },
  { key: 'managedArtists', table: managedArtists, mode: 'upsert', target: [managedArtists.id] },
  { key: 'rehearsalSpace', table: rehearsalSpaceProfiles, mode: 'upsert', target: [rehearsalSpaceProfiles.userId] },
];

/** Written after every account is known: a promoter's venues name other accounts. */
export const PROMOTER_VENUE_WRITERS: TableWriter[] = [
  // Decision 34: the venue decides. The old system let a promoter list any venue, so each link
  // arrives as a request the venue accepts or declines, never as consent it did not give.
  { key: 'promoterVenues', table: promoterVenues, mode: 'insert-new' },
];

type Candidate = { legacyId: string; doc: Record<string, unknown>; auth?: LegacyAuthUser; createdAt: Date | null; email: string; role: Role };

const PROFILE_NAME: Partial<Record<Role, string>> = {
  band: 'bandName',
  venue: 'venueName',
  promoter: 'promoterName',
  artist_manager: 'managerName',
  rehearsal_space: 'rehearsalSpaceName',
};

function readRole(value: unknown, context: ImportContext, legacyId: string): Role {
  const raw = text(value);
  if (raw === null) return 'fan';
  const role = raw.toLowerCase().replace(/[\s-]+/g, '_');
  if (role === 'admin') {
    context.notes.push({ collection: 'users', legacyId, note: 'imported as a fan: no account becomes admin by import (grant it with npm run grant-admin)' });
    return 'fan';
  }
  if (role === 'manager') return 'artist_manager';
  if (!(ROLES as readonly string[]).includes(role)) return refuse(`unknown role "${raw}"`);
  return role as Role;
}

function readCandidate(context: ImportContext, legacyId: string, doc: Record<string, unknown>, auth: LegacyAuthUser | undefined): Candidate {
  const address = email(doc.email, 'email') ?? email(auth?.email, 'email') ?? refuse('missing email');
  const role = readRole(doc.role, context, legacyId);
  const createdAt = timestamp(doc.createdAt, 'createdAt') ?? (auth?.createdAt ? timestamp(auth.createdAt, 'createdAt') : null);
  const nameField = PROFILE_NAME[role];
  if (nameField && firstText(doc, nameField) === null) refuse(`missing ${nameField}`);
  return { legacyId, doc, auth, createdAt, email: address, role };
}

function profileRows(context: ImportContext, candidate: Candidate, userId: string, name: string): Record<string, Row[]> {
  const { doc, legacyId } = candidate;
  const image = (value: unknown) => rewriteImage(context, value, 'users', legacyId);
  // Issue 33: links as the profile editors take them; any other is left out with a note.
  const linkIn = (field: string, value: unknown) => importedLink(context, { collection: 'users', legacyId }, field, value);
  const link = (...fields: string[]) => {
    const field = fields.find((f) => text(doc[f]) !== null);
    return field === undefined ? null : linkIn(field, doc[field]);
  };
  const content = record(doc.content);
  switch (candidate.role) {
    case 'band': {
      const members = records(content.members)
        .map((m, position) => ({ id: stableUuid(userId, 'member', String(position)), bandId: userId, name: text(m.name) ?? '', instrument: text(m.instrument) ?? '', instagramHandle: text(m.instagram ?? m.instagramHandle), position }))
        .filter((m) => m.name !== '');
      const gallery = textList(doc.galleryImageURLs)
        .slice(0, 5)
        .map((address) => image(address))
        .filter((url): url is string => url !== null)
        .map((url, position) => ({ id: stableUuid(userId, 'gallery', String(position)), bandId: userId, url, position }));
      const links = records(content.links)
        .map((l, position) => ({ id: stableUuid(userId, 'link', String(position)), bandId: userId, label: text(l.label) ?? '', url: text(l.label) === null ? null : linkIn('content.links.url', l.url), position }))
        .filter((l) => l.label !== '' && l.url !== null);
      const extraGigs: Row[] = [];
      records(content.extraGigs).forEach((g, position) => {
        try {
          const day = localDate(g.date, 'content.extraGigs.date');
          const venueName = text(g.venue);
          if (day && venueName) extraGigs.push({ id: stableUuid(userId, 'extraGig', String(position)), bandId: userId, localDate: day, venueName, ticketUrl: linkIn('content.extraGigs.advanceTicketSalesLink', g.advanceTicketSalesLink) });
        } catch (error) {
          if (!(error instanceof LegacyFault)) throw error;
          context.notes.push({ collection: 'users', legacyId, note: `a show the band listed itself was left out: ${error.message}` });
        }
      });
      return {
        band: [
          {
            userId,
            name,
            slug: toFoldedSiteSlug(name),
            description: text(doc.bandDescription) ?? '',
            bio: text(content.bio),
            performerType: text(doc.performerType)?.toUpperCase() ?? 'BAND',
            genres: textList(doc.genres),
            imageUrl: image(doc.bandImageURL),
            contentImageUrl: image(content.image),
            logoUrl: image(doc.logoURL),
            instagramUrl: link('instagramLink'),
            facebookUrl: link('facebookLink'),
            youtubeUrl: link('youtubeLink', 'youTubeLink'),
            spotifyUrl: link('spotifyLink'),
            youtubeChannelUrl: link('youtubeChannelLink'),
            youtubeHighlightUrl: link('youtubeHighlightLink'),
            youtubeEmbedUrl: linkIn('content.youtube', content.youtube),
            spotifyEmbedUrl: linkIn('content.spotify', content.spotify),
            website: link('website'),
            phone: text(doc.phone),
            contactEmail: text(content.contactEmail),
            contactPhone: text(content.contactPhone),
            hasBetaOutreach: /goldtop/i.test(name),
            ...(candidate.createdAt ? { createdAt: candidate.createdAt } : {}),
          },
        ],
        bandMembers: members,
        bandGallery: gallery,
        bandLinks: links,
        bandExtraGigs: extraGigs,
      };
    }
    case 'venue':
      return {
        venue: [
          {
            userId,
            name,
            slug: toFoldedVenueSlug(name),
            ...addressColumnsOf({ address: text(doc.venueAddress) ?? '' }),
            phone: text(doc.venuePhone),
            contactEmail: text(doc.venueContactEmail),
            website: link('website'),
            facebookUrl: link('facebookLink'),
            instagramUrl: link('instagramLink'),
            youtubeUrl: link('youtubeLink', 'youTubeLink'),
            imageUrl: image(doc.venueImageURL),
            ...(candidate.createdAt ? { createdAt: candidate.createdAt } : {}),
          },
        ],
      };
    case 'promoter':
      // Both shapes: the editor's promoterWebsite… (newer) before registration's website….
      return {
        promoter: [
          {
            userId,
            name,
            companyName: text(doc.companyName),
            slug: toFoldedSiteSlug(name),
            description: text(doc.promoterDescription) ?? '',
            phone: text(doc.promoterPhone),
            email: text(doc.promoterEmail),
            website: link('promoterWebsite', 'website'),
            facebookUrl: link('promoterFacebookLink', 'facebookLink'),
            instagramUrl: link('promoterInstagramLink', 'instagramLink'),
            youtubeUrl: link('promoterYoutubeLink', 'youtubeLink', 'youTubeLink'),
            imageUrl: image(doc.promoterImageURL),
            ...(candidate.createdAt ? { createdAt: candidate.createdAt } : {}),
          },
        ],
      };
    case 'artist_manager': {
      const artists: Row[] = [];
      const names = new Set<string>();
      records(content.managedArtists).forEach((artist, position) => {
        const artistName = text(artist.name);
        if (!artistName || names.has(artistName.toLowerCase())) return;
        names.add(artistName.toLowerCase());
        const id = stableUuid(userId, 'managedArtist', artistName.toLowerCase());
        let byName = context.managedArtists.get(userId);
        if (!byName) context.managedArtists.set(userId, (byName = new Map<string, string>()));
        byName.set(artistName.toLowerCase(), id);
        artists.push({
          id,
          managerId: userId,
          name: artistName,
          genre: text(artist.genre),
          description: text(artist.description) ?? '',
          instagramUrl: linkIn('managedArtists.instagramLink', artist.instagramLink),
          facebookUrl: linkIn('managedArtists.facebookLink', artist.facebookLink),
          spotifyUrl: linkIn('managedArtists.spotifyLink', artist.spotifyLink),
          youtubeUrl: linkIn('managedArtists.youtubeLink', artist.youtubeLink),
          website: linkIn('managedArtists.website', artist.website),
          imageUrl: image(artist.imageURL),
          position,
          ...(artist.addedAt ? { addedAt: timestamp(artist.addedAt, 'managedArtists.addedAt') } : {}),
        });
      });
      return {
        manager: [
          {
            userId,
            name,
            description: text(doc.managerDescription) ?? '',
            instagramUrl: link('instagramLink'),
            facebookUrl: link('facebookLink'),
            website: link('website'),
            youtubeChannelUrl: link('youtubeChannelLink'),
            youtubeHighlightUrl: link('youtubeHighlightLink'),
            imageUrl: image(doc.managerImageURL),
            logoUrl: image(doc.logoURL),
            profileImageUrl: image(doc.profileImageURL),
            ...(candidate.createdAt ? { createdAt: candidate.createdAt } : {}),
          },
        ],
        managedArtists: artists,
      };
    }
    case 'rehearsal_space':
      return {
        rehearsalSpace: [
          {
            userId,
            name,
            address: text(doc.rehearsalSpaceAddress) ?? '',
            phone: text(doc.rehearsalSpacePhone),
            contactEmail: text(doc.rehearsalSpaceContactEmail),
            website: link('rehearsalSpaceWebsite', 'website'),
            description: text(doc.rehearsalSpaceDescription) ?? '',
            imageUrl: image(doc.rehearsalSpaceImageURL),
            ...(candidate.createdAt ? { createdAt: candidate.createdAt } : {}),
          },
        ],
      };
    default:
      return {};
  }
}

export type MappedUsers = { records: PlannedRecord[]; refusals: Array<{ legacyId: string; reason: string; document: unknown }>; promoterVenues: PlannedRecord[] };

/**
 * Maps every account: the users collection joined with the auth export by id (an auth account
 * without a document becomes a fan; a document without an auth account has no password yet).
 * Earlier sign-ups win an e-mail or a name both claim, as they did in the old system.
 */
export function mapUsers(
  context: ImportContext,
  documents: Record<string, LegacyDocument>,
  authUsers: LegacyAuthUser[],
  { hashConfigId, hasDocuments }: { hashConfigId: number | null; hasDocuments: boolean },
): MappedUsers {
  const authById = new Map(authUsers.map((u) => [u.localId, u]));
  const ids = [...new Set([...Object.keys(documents), ...authById.keys()])];
  const refusals: MappedUsers['refusals'] = [];
  // What the operator may read and pass around: never an old password hash.
  const shown = (legacyId: string) => {
    if (documents[legacyId] !== undefined) return documents[legacyId];
    const auth: Record<string, unknown> = { ...(authById.get(legacyId) ?? { localId: legacyId }) };
    delete auth.passwordHash;
    delete auth.salt;
    return auth;
  };
  const candidates: Candidate[] = [];
  const untouched: PlannedRecord[] = [];
  for (const legacyId of ids) {
    const known = context.known.get('users')?.get(legacyId);
    // An account with a role's profile is only changed by its own document: an export without it
    // (or without the users collection) leaves the account as it is. An account that never had a
    // document (a fan known only to the auth service) is read from the auth export again.
    if (known && documents[legacyId] === undefined) {
      const current = context.users.get(legacyId);
      if (!hasDocuments || (current && current.role !== 'fan')) {
        if (current) untouched.push({ legacyId, newId: known.newId, digest: known.digest, state: 'unchanged', rows: {} });
        continue;
      }
    }
    // Without the users collection an auth account's role and profile are unknown, not absent.
    if (!hasDocuments) {
      refusals.push({ legacyId, reason: 'no users document: firestore.json has no users collection, so the role and profile are unknown', document: shown(legacyId) });
      continue;
    }
    if (known && !context.users.has(legacyId)) {
      refusals.push({ legacyId, reason: 'deleted on Marquee since it was imported: not brought back', document: shown(legacyId) });
      continue;
    }
    const doc: unknown = documents[legacyId] ?? {};
    try {
      if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) refuse('not a document');
      candidates.push(readCandidate(context, legacyId, doc as Record<string, unknown>, authById.get(legacyId)));
    } catch (error) {
      if (!(error instanceof LegacyFault)) throw error;
      refusals.push({ legacyId, reason: error.message, document: shown(legacyId) });
    }
  }
  candidates.sort((a, b) => (a.createdAt?.getTime() ?? Infinity) - (b.createdAt?.getTime() ?? Infinity) || a.legacyId.localeCompare(b.legacyId));

  const planned: PlannedRecord[] = [...untouched];
  const emailsThisRun = new Map<string, string>();
  const accepted = new Map(untouched.map((record) => [record.legacyId, record.newId]));
  context.accepted.set('users', accepted);
  for (const candidate of candidates) {
    const { legacyId, doc, auth } = candidate;
    const { newId, digest: knownDigest } = assignId(context, 'users', legacyId);
    const refuseWith = (reason: string) => refusals.push({ legacyId, reason, document: shown(legacyId) });
    const earlier = emailsThisRun.get(candidate.email);
    if (earlier) {
      refuseWith(`duplicate e-mail: ${candidate.email} is also users/${earlier}`);
      continue;
    }
    const holder = context.emails.get(candidate.email);
    if (holder && holder !== newId) {
      refuseWith(`duplicate e-mail: ${candidate.email} already has a Marquee account`);
      continue;
    }
    const nameField = PROFILE_NAME[candidate.role];
    const name = (nameField && firstText(doc, nameField)) || text(auth?.displayName) || context.users.get(legacyId)?.name || candidate.email.split('@')[0]!;
    let siteSlug: string | null = null;
    let venueSlug: string | null = null;
    if (candidate.role === 'band' || candidate.role === 'promoter') {
      const slug = toFoldedSiteSlug(name);
      if (!slug || isReservedSiteSlug(slug)) {
        refuseWith(slug ? `reserved name: "${name}" would be the subdomain ${slug}, which Marquee keeps for itself` : `name "${name}" has no letters or numbers for a subdomain`);
        continue;
      }
      const owner = context.siteSlugs.get(slug);
      if (owner && owner !== newId) {
        refuseWith(`name taken: "${name}" is the subdomain ${slug}, which another account already has`);
        continue;
      }
      siteSlug = slug;
    }
    if (candidate.role === 'venue') {
      const slug = toFoldedVenueSlug(name).toLowerCase();
      if (!slug || isReservedSiteSlug(slug)) {
        refuseWith(`reserved name: "${name}" cannot be a /venue/ address`);
        continue;
      }
      const owner = context.venueSlugs.get(slug);
      if (owner && owner !== newId) {
        refuseWith(`name taken: /venue/${toFoldedVenueSlug(name)} already belongs to another venue`);
        continue;
      }
      venueSlug = slug;
    }
    const location = text(doc.location)?.toLowerCase() ?? null;
    const regionSlug = location && context.regions.has(location) ? location : context.defaultRegion;
    if (location && !context.regions.has(location)) context.notes.push({ collection: 'users', legacyId, note: `unknown location "${location}": placed in ${regionSlug}` });

    let profile: Record<string, Row[]>;
    try {
      profile = profileRows(context, candidate, newId, name);
    } catch (error) {
      if (!(error instanceof LegacyFault)) throw error;
      refuseWith(error.message);
      continue;
    }
    if (siteSlug) context.siteSlugs.set(siteSlug, newId);
    if (venueSlug) context.venueSlugs.set(venueSlug, newId);
    const rows: Record<string, Row[]> = {
      user: [
        {
          id: newId,
          name,
          email: candidate.email,
          emailVerified: auth?.emailVerified === true,
          role: candidate.role,
          location: regionSlug,
          banned: auth?.disabled === true,
          banReason: auth?.disabled === true ? 'Disabled in the old system' : null,
          ...(candidate.createdAt ? { createdAt: candidate.createdAt } : {}),
        },
      ],
      ...profile,
    };
    const credentialId = stableUuid(newId, 'credential');
    const ownCredential = context.credentials.get(newId);
    if (ownCredential !== undefined && ownCredential !== credentialId) {
      // A password chosen on Marquee (a set-your-password link): the old hash is not brought back beside it.
    } else if (auth?.passwordHash && auth.salt && hashConfigId !== null) {
      rows.account = [{ id: credentialId, accountId: newId, providerId: 'credential', userId: newId, password: formatLegacyPassword({ configId: hashConfigId, salt: auth.salt, hash: auth.passwordHash }) }];
    } else if (auth?.passwordHash && hashConfigId === null) {
      context.notes.push({ collection: 'users', legacyId, note: 'no hash-config.json: the old password cannot be checked, so this account needs a set-your-password e-mail' });
    }
    const digest = digestOf(rows);
    planned.push({ legacyId, newId, digest, state: knownDigest === undefined ? 'new' : knownDigest === digest ? 'unchanged' : 'changed', rows });
    emailsThisRun.set(candidate.email, legacyId);
    context.emails.set(candidate.email, newId);
    accepted.set(legacyId, newId);
    context.users.set(legacyId, { newId, role: candidate.role, regionSlug, name });
  }

  // A promoter's associated venues, now that every venue is known.
  const promoterVenueRecords: PlannedRecord[] = [];
  for (const candidate of candidates) {
    const promoter = context.users.get(candidate.legacyId);
    if (candidate.role !== 'promoter' || accepted.get(candidate.legacyId) === undefined || !promoter) continue;
    const venueIds = new Set<string>();
    for (const venue of records(candidate.doc.associatedVenues)) {
      const venueLegacyId = text(venue.id);
      const known = venueLegacyId ? context.users.get(venueLegacyId) : undefined;
      if (known?.role === 'venue') venueIds.add(known.newId);
      else context.notes.push({ collection: 'users', legacyId: candidate.legacyId, note: `associated venue ${venueLegacyId ?? text(venue.venueName) ?? '?'} is not an imported venue: left out` });
    }
    if (venueIds.size === 0) continue;
    const rows = { promoterVenues: [...venueIds].map((venueId) => ({ promoterId: promoter.newId, venueId, status: 'pending' })) };
    const { digest: knownDigest } = assignId(context, 'promoterVenues', candidate.legacyId);
    const digest = digestOf(rows);
    promoterVenueRecords.push({ legacyId: candidate.legacyId, newId: promoter.newId, digest, state: knownDigest === undefined ? 'new' : knownDigest === digest ? 'unchanged' : 'changed', rows });
  }
  return { records: planned, refusals, promoterVenues: promoterVenueRecords };
}
