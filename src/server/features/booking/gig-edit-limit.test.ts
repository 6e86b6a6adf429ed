// Issue 33 finding 3d: an organiser edits gigs at most GIG_EDITS_PER_HOUR times an hour (each
// edit of a booked gig reaches webhooks and the fediverse); past it, 429 with a clear message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { createGig, dayIn } from '../../../../tests/helpers/factories.ts';
import { signUpAs } from '../../../../tests/helpers/accounts.ts';
import { GIG_EDITS_PER_HOUR, GIG_EDIT_LIMIT_MESSAGE } from './update-gig.ts';

const ZONE = 'America/Chicago';
const editForm = (description: string) => ({
  localDate: dayIn(ZONE, 20),
  startTime: '19:00',
  endTime: '22:00',
  description,
  loadInSoundCheck: '5pm load in',
  compensation: '$200',
  ticketing: { isEnabled: false },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ isRateLimitEnabled: true });
});
afterAll(() => t.close());

describe('the gig edit limit', () => {
  it('an organiser’s 61st edit within the hour is refused with 429; another organiser still edits', async () => {
    expect(GIG_EDITS_PER_HOUR).toBe(60);
    const venue = await signUpAs(t, 'venue');
    const gigs = [await createGig(t.db, { venueId: venue.id, localDate: dayIn(ZONE, 20), isApproved: false }), await createGig(t.db, { venueId: venue.id, localDate: dayIn(ZONE, 21), isApproved: false })];
    for (let i = 1; i <= GIG_EDITS_PER_HOUR; i++) {
      const res = await venue.client.put(`/api/booking/gigs/${gigs[i % 2]}`, editForm(`Edit number ${i}`));
      expect(res.status, `edit ${i}: ${res.text}`).toBe(200);
    }
    const refused = await venue.client.put(`/api/booking/gigs/${gigs[0]}`, editForm('One edit too many'));
    expect(refused.status).toBe(429);
    expect(refused.json.error.message).toBe(GIG_EDIT_LIMIT_MESSAGE);

    const other = await signUpAs(t, 'venue');
    const theirs = await createGig(t.db, { venueId: other.id, localDate: dayIn(ZONE, 22), isApproved: false });
    expect((await other.client.put(`/api/booking/gigs/${theirs}`, editForm('Someone else'))).status).toBe(200);
  });
});
