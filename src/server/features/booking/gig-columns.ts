import type { z } from 'zod';
import type { updateGigSchema } from '../../../core/schemas/gigs.ts';
import { toInstant } from '../../../core/time.ts';

type GigDetails = Omit<z.output<typeof updateGigSchema>, 'localDate' | 'isPromoter'>;

/** The columns a gig's details and ticketing set, for a new gig on `localDate` or an edited one. */
export function gigDetailColumns(input: GigDetails, localDate: string, timeZone: string) {
  const { ticketing } = input;
  return {
    localDate,
    startTime: input.startTime,
    endTime: input.endTime,
    startsAt: toInstant(localDate, input.startTime, timeZone),
    description: input.description,
    loadInSoundCheck: input.loadInSoundCheck,
    compensation: input.compensation,
    coverCharge: input.coverCharge ?? null,
    isTicketed: ticketing.isEnabled,
    ticketPriceCents: ticketing.isEnabled ? ticketing.priceCents : null,
    ticketQuantity: ticketing.isEnabled ? ticketing.quantity : null,
    ...(ticketing.isEnabled
      ? { bandPercent: ticketing.bandPercent, organiserPercent: ticketing.organiserPercent, maxTicketsPerOrder: ticketing.maxPerOrder, isTransferAllowed: ticketing.isTransferAllowed }
      : {}),
  };
}
