import type { Services } from '../../services.ts';
import { publishGigsChanged } from '../live/live-events.ts';

/**
 * A saved profile shows on public pages at once: this process forgets its cached public answers,
 * and the gigs notice reaches every other process (gig cards carry band and venue names and images).
 */
export async function publishProfileChange(services: Services): Promise<void> {
  services.publicCache.clear();
  await publishGigsChanged(services.db);
}
