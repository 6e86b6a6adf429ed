import { and, eq } from 'drizzle-orm';
import { isUuid } from '../../../core/ids.ts';
import { INVALID_EVENT, type PublicGig } from '../../../core/public-pages.ts';
import type { DbOrTx } from '../../db/client.ts';
import { gigs } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { isUpcomingApproved, queryPublicGigs } from './public-gigs.ts';

/**
 * What /tickets shows for a gig (issue 21): its band, venue, date and the price checkout will
 * charge, all read here. The link's other query parameters are never trusted, so a stale or
 * edited link cannot show one price and charge another.
 */
export async function getTicketOffer(db: DbOrTx, gigId: string): Promise<{ gig: PublicGig }> {
  if (!isUuid(gigId)) throw new AppError('NOT_FOUND', INVALID_EVENT);
  const [gig] = await queryPublicGigs(db, and(eq(gigs.id, gigId), isUpcomingApproved), { limit: 1 });
  if (!gig || gig.ticketPriceCents === null || !gig.band) throw new AppError('NOT_FOUND', INVALID_EVENT);
  return { gig };
}
