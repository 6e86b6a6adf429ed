// Issue 10: the open-jam sheet's rules (spec 1 §4, §5), each enforced by the server, and D22:
// two people writing one cell at once never silently overwrite each other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { jamSessions, jamSongs, jamSongSlots } from '../../db/schema.ts';
import { JAM_MESSAGES } from '../../../core/schemas/jam.ts';
import { todayIn } from '../../../core/time.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../tests/helpers/test-app.ts';
import { signUpAs } from '../../../../tests/helpers/accounts.ts';
import { dayIn } from '../../../../tests/helpers/factories.ts';

let t: TestApp;
let venue: { client: TestClient; id: string };
let maya: { client: TestClient; id: string };
let jordan: { client: TestClient; id: string };
let admin: { client: TestClient; id: string };
let visitor: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  venue = await signUpAs(t, 'venue');
  maya = await signUpAs(t, 'musician');
  jordan = await signUpAs(t, 'fan');
  admin = await signUpAs(t, 'admin');
  visitor = t.client();
}, 60_000);
afterAll(() => t.close());

const newSession = async (over: Record<string, unknown> = {}) => {
  const res = await venue.client.post('/api/jam/manage/sessions', { localDate: dayIn('America/Chicago', 3), timeStart: '19:00', timeEnd: '23:00', location: 'The Back Room', houseBand: ['The House Band'], ...over });
  expect(res.status).toBe(201);
  return res.json.id as string;
};
const sheet = async (client: TestClient, sessionId: string) => (await client.get(`/api/jam/sessions/${sessionId}`)).json.session as { songs: { id: string; song: string; isMine: boolean; cells: Record<string, { name: string; isMine: boolean } | null> }[]; canModerate: boolean };
const addSong = async (client: TestClient, sessionId: string, name?: string) => {
  const res = await client.post(`/api/jam/sessions/${sessionId}/songs`, {});
  expect(res.status).toBe(201);
  const songId = res.json.songId as string;
  if (name) expect((await client.put(`/api/jam/songs/${songId}/song`, { value: name, expected: '' })).status).toBe(200);
  return songId;
};
const write = (client: TestClient, songId: string, field: string, value: string, expected = '') => client.put(`/api/jam/songs/${songId}/${field}`, { value, expected });

describe('jam sessions (D22)', () => {
  it('a venue creates one at its own venue, in its region’s zone; it shows on the public sheet with the house band', async () => {
    const id = await newSession();
    const [row] = await t.db.select().from(jamSessions).where(eq(jamSessions.id, id));
    expect(row).toMatchObject({ venueId: venue.id, regionSlug: 'chicagoland', timeZone: 'America/Chicago', houseBand: ['The House Band'] });
    const list = (await visitor.get('/api/jam/sessions')).json.sessions as { id: string; location: string; canModerate: boolean }[];
    expect(list.find((s) => s.id === id)).toMatchObject({ location: 'The Back Room', canModerate: false });
    expect((await sheet(venue.client, id)).canModerate).toBe(true);
  });

  it('refuses a past date, a bad time and a missing location with the form’s messages', async () => {
    const past = await venue.client.post('/api/jam/manage/sessions', { localDate: '2020-01-07', timeStart: '19:00', timeEnd: '23:00', location: 'Here' });
    expect(past.status).toBe(422);
    expect(past.json.error.fields.localDate).toBe('Please choose today or a later date.');
    const bad = await venue.client.post('/api/jam/manage/sessions', { localDate: dayIn('America/Chicago', 3), timeStart: '25:00', timeEnd: '23:00', location: '' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.error.fields as object).sort()).toEqual(['location', 'timeStart']);
  });

  it('a venue edits and deletes only its own sessions; an admin any, in the region it picks', async () => {
    const other = await signUpAs(t, 'venue');
    const id = await newSession();
    const body = { localDate: dayIn('America/Chicago', 4), timeStart: '20:00', timeEnd: '23:30', location: 'Moved', houseBand: [] };
    expect((await other.client.put(`/api/jam/manage/sessions/${id}`, body)).status).toBe(404);
    expect((await other.client.delete(`/api/jam/manage/sessions/${id}`)).status).toBe(404);
    expect((await venue.client.put(`/api/jam/manage/sessions/${id}`, body)).status).toBe(200);
    expect((await admin.client.put(`/api/jam/manage/sessions/${id}`, { ...body, regionSlug: 'cleveland' })).status).toBe(200);
    const [row] = await t.db.select().from(jamSessions).where(eq(jamSessions.id, id));
    expect(row).toMatchObject({ location: 'Moved', timeStart: '20:00', regionSlug: 'cleveland', timeZone: 'America/New_York' });
    expect((await admin.client.post('/api/jam/manage/sessions', { ...body, regionSlug: 'nowhere' })).json.error.fields.regionSlug).toBe('Please choose the region.');
    expect((await admin.client.delete(`/api/jam/manage/sessions/${id}`)).status).toBe(200);
    expect((await visitor.get(`/api/jam/sessions/${id}`)).status).toBe(404);
  });
});

describe('the dashboard’s list of sessions (issue 21)', () => {
  it('counts every song on each sheet: 8 on a full sheet, 0 on an empty one', async () => {
    const full = await newSession({ location: 'Eight Songs' });
    const empty = await newSession({ location: 'No Songs Yet' });
    for (let i = 0; i < 8; i++) await addSong(i % 2 ? maya.client : jordan.client, full, `Song ${i + 1}`);
    const listed = (await venue.client.get('/api/jam/manage')).json.sessions as { id: string; songCount: number }[];
    expect(listed.find((s) => s.id === full)?.songCount).toBe(8);
    expect(listed.find((s) => s.id === empty)?.songCount).toBe(0);
    const asAdmin = (await admin.client.get('/api/jam/manage')).json.sessions as { id: string; songCount: number }[];
    expect(asAdmin.find((s) => s.id === full)?.songCount).toBe(8);
  });
});

describe('the sheet’s rules (spec 1 §5)', () => {
  let sessionId: string;
  beforeAll(async () => {
    sessionId = await newSession();
  });

  it('visitors read it but cannot sign up or add songs, with the spec’s messages', async () => {
    const songId = await addSong(maya.client, sessionId, 'Superstition');
    const signUp = await write(visitor, songId, 'drums', 'Sam');
    expect(signUp.status).toBe(401);
    expect(signUp.json.error.message).toBe(JAM_MESSAGES.logInToSignUp);
    const add = await visitor.post(`/api/jam/sessions/${sessionId}/songs`, {});
    expect(add.json.error.message).toBe(JAM_MESSAGES.logInToAdd);
    expect(JSON.stringify(await sheet(visitor, sessionId))).not.toContain(maya.id);
    // A malformed id names nothing: 404, not a database error.
    expect((await write(maya.client, '-'.repeat(36), 'song', 'x')).status).toBe(404);
  });

  it('a new row is named by its creator only; slots wait for a name', async () => {
    const added = await maya.client.post(`/api/jam/sessions/${sessionId}/songs`, {});
    expect(added.json.message).toBe("New song row added. Click on 'Song' to edit the name.");
    const songId = added.json.songId as string;
    expect((await write(maya.client, songId, 'bass', 'Maya')).json.error.message).toBe('Please enter a song name first.');
    expect((await write(jordan.client, songId, 'song', 'Not mine')).json.error.message).toBe('You can only edit songs that you created.');
    const named = await write(maya.client, songId, 'song', '  Valerie  ');
    expect(named.json.message).toBe('Song name updated to "Valerie"');
    expect((await sheet(maya.client, sessionId)).songs.find((s) => s.id === songId)).toMatchObject({ song: 'Valerie', isMine: true });
  });

  it('a row that is not editable keeps its name', async () => {
    const songId = await addSong(maya.client, sessionId, 'House Song');
    await t.db.update(jamSongs).set({ isEditable: false }).where(eq(jamSongs.id, songId));
    expect((await write(maya.client, songId, 'song', 'Renamed', 'House Song')).json.error.message).toBe('This song name cannot be edited.');
    expect((await write(maya.client, songId, 'song', '', 'House Song')).json.error.message).toBe('This song cannot be deleted.');
  });

  it('clearing a song name deletes the row only when no slot holds a name; dots count as empty', async () => {
    const songId = await addSong(maya.client, sessionId, 'Crossroads');
    expect((await write(jordan.client, songId, 'guitar1', 'Jordan')).json.message).toBe("You're signed up for a slot on a song!");
    expect((await write(maya.client, songId, 'song', ' ... ', 'Crossroads')).json.error.message).toBe('Cannot remove song name when other fields have data.');
    expect((await write(jordan.client, songId, 'guitar1', '', 'Jordan')).json.message).toBe('Removed from Guitar 1 on "Crossroads"');
    const removed = await write(maya.client, songId, 'song', '...', 'Crossroads');
    expect(removed.json).toMatchObject({ message: 'Song removed successfully', isSongRemoved: true });
    expect(await t.db.select().from(jamSongs).where(eq(jamSongs.id, songId))).toHaveLength(0);
  });

  it('a slot is taken only when empty or already yours; 255 characters at most', async () => {
    const songId = await addSong(maya.client, sessionId, 'Little Wing');
    expect((await write(maya.client, songId, 'vocal1', 'Maya')).status).toBe(200);
    const taken = await write(jordan.client, songId, 'vocal1', 'Jordan', 'Maya');
    expect(taken.status).toBe(403);
    expect(taken.json.error.message).toBe('Someone else has signed up for this slot.');
    expect((await write(jordan.client, songId, 'vocal1', '', 'Maya')).status).toBe(403);
    expect((await write(maya.client, songId, 'vocal1', 'Maya C.', 'Maya')).status).toBe(200);
    const long = await write(maya.client, songId, 'keys', 'x'.repeat(256));
    expect(long.status).toBe(422);
    expect(long.json.error.fields.value).toBe('Please keep it to 255 characters or fewer.');
    expect((await write(maya.client, songId, 'keys', 'x'.repeat(255))).status).toBe(200);
    const cells = (await sheet(jordan.client, sessionId)).songs.find((s) => s.id === songId)!.cells;
    expect(cells.vocal1).toEqual({ name: 'Maya C.', isMine: false });
    expect(cells.drums).toBeNull();
  });

  it('the session’s venue and admins may clear anyone’s entry', async () => {
    const songId = await addSong(maya.client, sessionId, 'Spam Song');
    await write(jordan.client, songId, 'other', 'buy cheap watches');
    expect((await write(venue.client, songId, 'other', '', 'buy cheap watches')).status).toBe(200);
    await write(jordan.client, songId, 'other', 'again');
    expect((await write(admin.client, songId, 'other', '', 'again')).status).toBe(200);
    expect((await write(admin.client, songId, 'song', '', 'Spam Song')).json.message).toBe('Song removed successfully');
  });

  it('a write over a newer entry is refused with a message, and the newer entry stays (D22)', async () => {
    const songId = await addSong(maya.client, sessionId, 'Stale');
    await write(maya.client, songId, 'bass', 'Maya');
    await write(maya.client, songId, 'bass', 'Maya (5-string)', 'Maya');
    const stale = await write(maya.client, songId, 'bass', 'Maya again', 'Maya');
    expect(stale.status).toBe(409);
    expect(stale.json.error.message).toBe(JAM_MESSAGES.changedMeanwhile);
    const [slot] = await t.db.select().from(jamSongSlots).where(and(eq(jamSongSlots.songId, songId), eq(jamSongSlots.slot, 'bass')));
    expect(slot!.name).toBe('Maya (5-string)');
  });

  it('an over session refuses changes', async () => {
    const songId = await addSong(maya.client, sessionId, 'Yesterday');
    const yesterday = new Date(`${todayIn('America/Chicago')}T12:00:00Z`);
    yesterday.setUTCDate(yesterday.getUTCDate() - 1);
    await t.db.update(jamSessions).set({ localDate: yesterday.toISOString().slice(0, 10) }).where(eq(jamSessions.id, sessionId));
    expect((await write(maya.client, songId, 'drums', 'Maya')).json.error.message).toBe('This jam session is over.');
    await t.db.update(jamSessions).set({ localDate: dayIn('America/Chicago', 3) }).where(eq(jamSessions.id, sessionId));
  });

  it('every change is announced to open pages with its session', async () => {
    const songId = await addSong(maya.client, sessionId, 'Announced');
    const heard = new Promise<string>((resolve) => t.services.live!.events.once('jam', resolve));
    await write(jordan.client, songId, 'drums', 'Jordan');
    expect(await heard).toBe(sessionId);
  });
});

describe('simultaneous claims (D22)', () => {
  it('200 people claim one empty slot at once: exactly one gets it, and the rest are told', async () => {
    const sessionId = await newSession();
    const songId = await addSong(maya.client, sessionId, 'Rush Hour');
    const claimants = await Promise.all(Array.from({ length: 20 }, () => signUpAs(t, 'musician')));
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => write(claimants[i % 20]!.client, songId, 'drums', `Drummer ${i}`)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409).every((r) => r.json.error.message === JAM_MESSAGES.changedMeanwhile)).toBe(true);
    expect(results.filter((r) => r.status === 409)).toHaveLength(199);
    const winner = results.findIndex((r) => r.status === 200);
    const [slot] = await t.db.select().from(jamSongSlots).where(and(eq(jamSongSlots.songId, songId), eq(jamSongSlots.slot, 'drums')));
    expect(slot!.name).toBe(`Drummer ${winner}`);
  }, 60_000);

  it('control: reading the slot and then writing it lets later claims overwrite earlier ones', async () => {
    const sessionId = await newSession();
    const songId = await addSong(maya.client, sessionId, 'Control');
    let wins = 0;
    await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const [current] = await t.db.select().from(jamSongSlots).where(and(eq(jamSongSlots.songId, songId), eq(jamSongSlots.slot, 'drums')));
        await new Promise((r) => setTimeout(r, 1));
        if (current) return;
        await t.db
          .insert(jamSongSlots)
          .values({ songId, slot: 'drums', name: `Drummer ${i}`, userId: maya.id })
          .onConflictDoUpdate({ target: [jamSongSlots.songId, jamSongSlots.slot], set: { name: `Drummer ${i}` } });
        wins++;
      }),
    );
    expect(wins).toBeGreaterThan(1);
  });
});
