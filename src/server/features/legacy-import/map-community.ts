// Issue 25: the open-jam sheets with their songs, gear listings and contact messages (decision 52).
import { sql } from 'drizzle-orm';
import { contactMessages, gearListings, jamSessions, jamSongs, jamSongSlots } from '../../db/schema.ts';
import type { LegacyDocument } from './export-format.ts';
import { stableUuid, type ImportContext } from './import-context.ts';
import { bool, count, email, firstText, localDate, record, refuse, requireText, text, textList, timeOfDay, timestamp } from './legacy-values.ts';
import { mapEach, type Mapped } from './map-collection.ts';
import { rewriteImage } from './rewrite-image.ts';
import type { Row, TableWriter } from './write-legacy-batch.ts';

// Songs and sign-ups added on Marquee stay: a newer export updates and adds its own.
export const JAM_WRITERS: TableWriter[] = [
  { key: 'session', table: jamSessions, mode: 'upsert', target: [jamSessions.id] },
  { key: 'songs', table: jamSongs, mode: 'upsert', target: [jamSongs.id], custom: { version: sql`jam_songs.version + 1` } },
  { key: 'slots', table: jamSongSlots, mode: 'upsert', target: [jamSongSlots.songId, jamSongSlots.slot] },
];
export const GEAR_WRITERS: TableWriter[] = [{ key: 'listing', table: gearListings, mode: 'upsert', target: [gearListings.id] }];
export const CONTACT_WRITERS: TableWriter[] = [{ key: 'message', table: contactMessages, mode: 'upsert', target: [contactMessages.id] }];

const SLOTS = ['artist', 'key', 'drums', 'bass', 'guitar1', 'guitar2', 'keys', 'vocal1', 'other'] as const;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The region of a jam: its own field if it names one, else the default region of its time zone. */
function jamRegion(context: ImportContext, doc: LegacyDocument, timeZone: string): string {
  const named = firstText(doc, 'region', 'regionSlug', 'locationSlug')?.toLowerCase();
  if (named && context.regions.has(named)) return named;
  if (context.regions.get(context.defaultRegion)?.timeZone === timeZone) return context.defaultRegion;
  return [...context.regions].find(([, region]) => region.timeZone === timeZone)?.[0] ?? context.defaultRegion;
}

export function mapJamSessions(context: ImportContext, documents: Record<string, LegacyDocument>): Mapped {
  return mapEach(context, 'jamSessions', documents, (legacyId, doc, newId) => {
    const zone = text(doc.timezone) ?? text(doc.timeZone) ?? context.regions.get(context.defaultRegion)!.timeZone;
    if (!isTimeZone(zone)) refuse(`unknown timezone "${zone}"`);
    const date = timestamp(doc.date, 'date');
    const day = localDate(typeof doc.date === 'string' ? doc.date : doc.dateString, 'date') ?? (date ? new Date(date).toLocaleDateString('en-CA', { timeZone: zone }) : refuse('missing date'));
    const creator = text(doc.createdBy) ? context.users.get(text(doc.createdBy)!) : undefined;
    const songs: Row[] = [];
    const slots: Row[] = [];
    const songDocs = Object.entries(record(doc.__collections__).songs ?? {}).filter(([, song]) => typeof song === 'object' && song !== null && !Array.isArray(song)) as Array<[string, LegacyDocument]>;
    songDocs.forEach(([songLegacyId, song], index) => {
      const songId = stableUuid(newId, 'song', songLegacyId);
      const author = text(song.songCreatedBy) ? context.users.get(text(song.songCreatedBy)!) : undefined;
      songs.push({
        id: songId,
        sessionId: newId,
        song: text(song.song) ?? '',
        isEditable: song.songIsEditable !== false,
        createdBy: author?.newId ?? null,
        songOrder: count(song.songOrder, 'songs.songOrder') ?? index,
        ...(timestamp(song.createdAt, 'songs.createdAt') ? { createdAt: timestamp(song.createdAt, 'songs.createdAt') } : {}),
      });
      for (const slot of SLOTS) {
        const value = song[slot];
        const filled = typeof value === 'string' ? { name: text(value), userId: null } : { name: text(record(value).name), userId: text(record(value).userId) };
        if (!filled.name) continue;
        const person = filled.userId ? context.users.get(filled.userId) : undefined;
        slots.push({ songId, slot, name: filled.name, userId: person?.newId ?? null });
      }
    });
    const createdAt = timestamp(doc.createdAt, 'createdAt');
    return {
      session: [
        {
          id: newId,
          regionSlug: jamRegion(context, doc, zone),
          localDate: day,
          location: requireText(doc, 'location'),
          timeStart: timeOfDay(doc.timeStart, 'timeStart') ?? refuse('missing timeStart'),
          timeEnd: timeOfDay(doc.timeEnd, 'timeEnd') ?? refuse('missing timeEnd'),
          timeZone: zone,
          houseBand: textList(doc.houseBand),
          createdBy: creator?.newId ?? null,
          ...(createdAt ? { createdAt } : {}),
        },
      ],
      songs,
      slots,
    };
  });
}

export function mapGearListings(context: ImportContext, documents: Record<string, LegacyDocument>): Mapped {
  return mapEach(context, 'gearSwap', documents, (legacyId, doc, newId) => {
    const ownerLegacyId = requireText(doc, 'userId', 'userID');
    const owner = context.users.get(ownerLegacyId) ?? refuse(`missing user: userId ${ownerLegacyId} is not an imported account`);
    const createdAt = timestamp(doc.createdAt, 'createdAt');
    const isSold = bool(doc.sold);
    return {
      listing: [
        {
          id: newId,
          userId: owner.newId,
          title: requireText(doc, 'title'),
          description: text(doc.description) ?? '',
          price: requireText(doc, 'price'),
          email: email(doc.email, 'email'),
          phone: text(doc.phone),
          imageUrls: textList(doc.imageURLs)
            .slice(0, 2)
            .map((address) => rewriteImage(context, address, 'gearSwap', legacyId))
            .filter((url): url is string => url !== null),
          isSold,
          soldAt: isSold ? (timestamp(doc.soldAt, 'soldAt') ?? createdAt) : null,
          ...(createdAt ? { createdAt } : {}),
        },
      ],
    };
  });
}

export function mapContactMessages(context: ImportContext, documents: Record<string, LegacyDocument>): Mapped {
  return mapEach(context, 'contactMessages', documents, (_legacyId, doc, newId) => {
    if (text(doc.honeypot)) refuse('spam: the hidden honeypot field was filled');
    const createdAt = timestamp(doc.createdAt ?? doc.timestamp, 'createdAt');
    return {
      message: [
        {
          id: newId,
          name: requireText(doc, 'name'),
          email: email(doc.email, 'email') ?? refuse('missing email'),
          message: requireText(doc, 'message'),
          ...(createdAt ? { createdAt } : {}),
        },
      ],
    };
  });
}
