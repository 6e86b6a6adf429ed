import { Hono } from 'hono';
import { JAM_MESSAGES } from '../../../core/schemas/jam.ts';
import { AppError } from '../../http/app-error.ts';
import { getCurrentSession, requireRole } from '../../http/session.ts';
import { readJsonBody } from '../../http/validate.ts';
import type { Services } from '../../services.ts';
import { addJamSong } from './add-jam-song.ts';
import { listJamSessions } from './list-jam-sessions.ts';
import { createJamSession, defaultJamLocation, deleteJamSession, listManagedJamSessions, updateJamSession } from './manage-jam-sessions.ts';
import { writeJamCell } from './write-jam-cell.ts';
import { isUuid } from '../../../core/ids.ts';

/** The open-jam sheet (spec 1 §2, §4, §5, §7; D22) and its sessions, managed by admins and venues. */
export function jamRoutes(services: Services) {
  const app = new Hono();
  const { db } = services;
  const signedIn = async (c: Parameters<typeof getCurrentSession>[1], message: string) => {
    const session = await getCurrentSession(services, c);
    if (!session) throw new AppError('UNAUTHENTICATED', message);
    return session.user;
  };

  /** Public: visitors read the sheet; signed-in viewers also learn which entries are theirs. */
  app.get('/jam/sessions', async (c) => {
    const session = await getCurrentSession(services, c);
    return c.json({ sessions: await listJamSessions(db, session?.user ?? null) });
  });

  app.get('/jam/sessions/:sessionId', async (c) => {
    const session = await getCurrentSession(services, c);
    const sessionId = c.req.param('sessionId');
    const [sheet] = isUuid(sessionId) ? await listJamSessions(db, session?.user ?? null, { sessionId }) : [];
    if (!sheet) throw new AppError('NOT_FOUND', 'That jam session was not found.');
    return c.json({ session: sheet });
  });

  app.post('/jam/sessions/:sessionId/songs', async (c) => {
    const user = await signedIn(c, JAM_MESSAGES.logInToAdd);
    return c.json(await addJamSong(services, user, c.req.param('sessionId')), 201);
  });

  app.put('/jam/songs/:songId/:field', async (c) => {
    const user = await signedIn(c, JAM_MESSAGES.logInToSignUp);
    return c.json(await writeJamCell(db, user, c.req.param('songId'), c.req.param('field'), await readJsonBody(c)));
  });

  app.get('/jam/manage', async (c) => {
    const { user } = await requireRole(services, c, 'admin', 'venue');
    return c.json({ ...(await listManagedJamSessions(db, user)), defaultLocation: await defaultJamLocation(db, user) });
  });

  app.post('/jam/manage/sessions', async (c) => {
    const { user } = await requireRole(services, c, 'admin', 'venue');
    return c.json(await createJamSession(db, user, await readJsonBody(c)), 201);
  });

  app.put('/jam/manage/sessions/:sessionId', async (c) => {
    const { user } = await requireRole(services, c, 'admin', 'venue');
    return c.json(await updateJamSession(db, user, c.req.param('sessionId'), await readJsonBody(c)));
  });

  app.delete('/jam/manage/sessions/:sessionId', async (c) => {
    const { user } = await requireRole(services, c, 'admin', 'venue');
    return c.json(await deleteJamSession(db, user, c.req.param('sessionId')));
  });

  return app;
}
