import type { Db } from '../../db/client.ts';
import { isUpcomingApproved, queryPublicGigs } from './public-gigs.ts';

/** The national home page shows the next gigs everywhere; /gigs lists them all (D18). */
export const HOME_GIG_LIMIT = 25;

export async function listHomeGigs(db: Db) {
  return { gigs: await queryPublicGigs(db, isUpcomingApproved, { limit: HOME_GIG_LIMIT }) };
}
