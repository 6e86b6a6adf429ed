import { eq, sql } from 'drizzle-orm';
import { updateGigSchema } from '../../../core/schemas/gigs.ts';
import { gigDetailColumns } from './gig-columns.ts';
import type { DbOrTx } from '../../db/client.ts';
import { gigs, regions } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { limitHits } from '../../http/rate-limit.ts';
import type { Services } from '../../services.ts';
import type { SessionUser } from '../../http/session.ts';
import { parseInput } from '../../http/validate.ts';
import { publishGigsChanged } from '../live/live-events.ts';
import { emitWebhookEvent } from '../webhooks/emit-webhook-event.ts';
import { asOrganiser, findOrganisedGig } from './gig-ownership.ts';
import { assertVenueMaySell } from './venue-verification.ts';
import { countOpenCheckouts, refuseTicketingWhenSalesOff } from '../tickets/ticket-sales.ts';
import { markGigsForFederation } from '../federation/federate-gigs.ts';
import { bandMayStillDecline } from './decline-window.ts';

const isHeldForBand = async (tx: DbOrTx, gigId: string) => {
  const { rows } = await tx.execute<{ isHeld: boolean }>(sql`select ${bandMayStillDecline(sql`${gigId}::uuid`)} as "isHeld"`);
  return rows[0]!.isHeld;
};

/**
 * Issue 33: each edit of a booked gig reaches the organiser's webhooks and the fediverse (coalesced
 * there, but still work): an organiser edits gigs at most this many times an hour.
 */
export const GIG_EDITS_PER_HOUR = 60;
export const GIG_EDIT_LIMIT_MESSAGE = `You can edit gigs ${GIG_EDITS_PER_HOUR} times an hour. Please wait a little and try again.`;

/** The inline edit on a gig card (spec 2 §4): details, ticketing on or off, and the split. */
export async function updateGig(
  services: Pick<Services, 'db' | 'isRateLimitEnabled'>,
  sessionUser: SessionUser,
  gigId: string,
  rawInput: unknown,
  { isTicketSalesOn = true }: { isTicketSalesOn?: boolean } = {},
): Promise<void> {
  const { db } = services;
  const organiser = asOrganiser(sessionUser);
  await limitHits(services, `gig-edits:${organiser.id}`, { windowMs: 60 * 60 * 1000, max: GIG_EDITS_PER_HOUR, message: GIG_EDIT_LIMIT_MESSAGE });
  await db.transaction(async (tx) => {
    const gig = await findOrganisedGig(tx, organiser, gigId);
    if (gig.cancelledAt) throw new AppError('CONFLICT', 'This gig was cancelled, so it can no longer be changed.');
    const input = parseInput(updateGigSchema, { ...(rawInput as object), isPromoter: organiser.role === 'promoter' });
    const { ticketing } = input;
    refuseTicketingWhenSalesOff(isTicketSalesOn, ticketing.isEnabled && !gig.isTicketed);
    // Turning ticket sales on needs a verified venue (decision 33); a gig already selling keeps selling.
    if (ticketing.isEnabled && !gig.isTicketed) await assertVenueMaySell(tx, organiser, gig.venueId, { isTicketed: true, isBandChosen: false });
    // Decision 35: paid tickets fix the price and split; open checkouts (each keeps its own price) only hold their seats.
    const openCheckouts = gig.ticketsHeld > 0 ? await countOpenCheckouts(tx, gig.id) : 0;
    if (openCheckouts > 0 && ticketing.isEnabled && ticketing.quantity < gig.ticketsSold + openCheckouts) {
      const message = `${gig.ticketsSold + openCheckouts} tickets are sold or in open checkouts: the quantity cannot be lower.`;
      throw new AppError('VALIDATION', message, { ticketing: message });
    }
    if (openCheckouts > 0 && !ticketing.isEnabled) throw new AppError('CONFLICT', 'Tickets are being bought for this gig right now, so ticketing stays on.');
    if (gig.ticketsSold > 0) {
      if (!ticketing.isEnabled) throw new AppError('CONFLICT', 'Tickets have been sold for this gig, so ticketing stays on.');
      if (ticketing.quantity < gig.ticketsSold) {
        const message = `${gig.ticketsSold} tickets are already sold: the quantity cannot be lower.`;
        throw new AppError('VALIDATION', message, { ticketing: message });
      }
      if (ticketing.priceCents !== gig.ticketPriceCents || ticketing.bandPercent !== gig.bandPercent) {
        throw new AppError('CONFLICT', 'Tickets have been sold for this gig, so its price and split stay as they are.');
      }
    }
    const [region] = await tx.select({ timeZone: regions.timeZone }).from(regions).where(eq(regions.slug, gig.regionSlug));
    await tx
      .update(gigs)
      .set({
        ...gigDetailColumns(input, input.localDate, region!.timeZone),
        updatedAt: new Date(),
      })
      .where(eq(gigs.id, gig.id));
    if (gig.isApproved) await publishGigsChanged(tx);
    // Not while a pre-picked band may still decline (issue 33): its gig.published, sent once the
    // window has passed, carries the gig as it is then.
    if (gig.isApproved && !(await isHeldForBand(tx, gig.id))) await emitWebhookEvent(tx, 'gig.changed', { gigId: gig.id });
    if (gig.isApproved) await markGigsForFederation(tx, [gig.id]);
  });
}
