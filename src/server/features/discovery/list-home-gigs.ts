import type { Db } from '../../db/client.ts';
import { listUpcomingPublicGigs } from './public-gigs.ts';

/** The national home page shows the next gigs everywhere, none that has ended (issue 34); /gigs lists them all (D18). */
export const HOME_GIG_LIMIT = 25;

export async function listHomeGigs(db: Db, now = new Date()) {
  return { gigs: await listUpcomingPublicGigs(db, 'everywhere', null, HOME_GIG_LIMIT, now) };
}
