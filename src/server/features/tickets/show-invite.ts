import { buildShowInvite } from '../calendar/build-calendar-feed.ts';
import type { ShowOfTickets } from './find-ticket-show.ts';

/** A ticket's show as one calendar entry in the show's own zone: attached to the ticket e-mail and offered by 'Add to calendar'. */
export function showInvite(show: ShowOfTickets, description: string): string {
  return buildShowInvite({
    id: show.gigId,
    summary: `${show.showName} at ${show.venueName}`,
    startsAt: show.startsAt,
    endsAt: show.endsAt,
    timeZone: show.timeZone,
    location: show.location,
    description,
  });
}
