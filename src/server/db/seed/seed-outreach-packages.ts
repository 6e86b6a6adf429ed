import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { outreachPackages } from '../schema.ts';

type OutreachPackageSeed = typeof outreachPackages.$inferInsert;

/** The packages and prices of spec 3 §9, in cents (D9). */
export const OUTREACH_PACKAGES: readonly OutreachPackageSeed[] = [
  {
    id: 'basic',
    kind: 'standard',
    outreachType: null,
    name: 'Basic Outreach',
    priceCents: 2999,
    description: 'Introduce your band to up to 50 venues in the location you choose.',
    venueLimit: 50,
    features: [
      'Reach up to 50 venues',
      'Professional booking e-mail with your profile, genres and upcoming shows',
      'Links to your music, videos and socials',
      'Venue replies go straight to your inbox',
      'Campaign results on your dashboard',
    ],
    allowsCustomMessage: false,
    sortOrder: 1,
  },
  {
    id: 'premium',
    kind: 'standard',
    outreachType: null,
    name: 'Premium Outreach',
    priceCents: 4999,
    description: 'Twice the reach: put your band in front of up to 100 venues in one location.',
    venueLimit: 100,
    features: [
      'Reach up to 100 venues',
      'Professional booking e-mail with your profile, genres and upcoming shows',
      'Links to your music, videos and socials',
      'Venue replies go straight to your inbox',
      'Campaign results on your dashboard',
    ],
    allowsCustomMessage: false,
    sortOrder: 2,
  },
  {
    id: 'pro',
    kind: 'standard',
    outreachType: null,
    name: 'Pro Campaign',
    priceCents: 9999,
    description: 'Every active venue in the location, with a personal message written by you.',
    venueLimit: 999,
    features: [
      'Reach all active venues in the location',
      'Custom message in every e-mail',
      'Links to your music, videos and socials',
      'Venue replies go straight to your inbox',
      'Campaign results on your dashboard',
    ],
    allowsCustomMessage: true,
    sortOrder: 3,
  },
  {
    id: 'opener-basic',
    kind: 'beta',
    outreachType: 'opener',
    name: 'Opener Basic',
    priceCents: 1999,
    description: 'Ask 25 venues for an opening slot on an upcoming bill.',
    venueLimit: 25,
    features: [
      'Reach 25 venues',
      'Opener-focused pitch with your band draw',
      'Your profile, genres and recent shows included',
    ],
    allowsCustomMessage: false,
    sortOrder: 4,
  },
  {
    id: 'opener-premium',
    kind: 'beta',
    outreachType: 'opener',
    name: 'Opener Premium',
    priceCents: 3999,
    description: 'Ask 50 venues for an opening slot, with a follow-up a week later.',
    venueLimit: 50,
    features: [
      'Reach 50 venues',
      'Opener-focused pitch with your band draw',
      'Your profile, genres and recent shows included',
      'Follow-up after 1 week',
    ],
    allowsCustomMessage: false,
    hasFollowUp: true,
    sortOrder: 5,
  },
  {
    id: 'headline-basic',
    kind: 'beta',
    outreachType: 'headline',
    name: 'Headline Basic',
    priceCents: 4999,
    description: 'Pitch a full 45-90 minute headline set to 25 venues.',
    venueLimit: 25,
    features: [
      'Reach 25 venues',
      'Headline pitch for a full 45-90 minute set',
      'Your last 5 shows and your draw included',
      'Venue replies go straight to your inbox',
    ],
    allowsCustomMessage: false,
    sortOrder: 6,
  },
  {
    id: 'single-location',
    kind: 'single',
    outreachType: null,
    name: 'Venue Outreach Campaign',
    priceCents: 19900,
    description: 'A one-time campaign to every venue with an e-mail address in one location.',
    venueLimit: 999,
    features: [
      'One-time fee per location',
      'Every venue in the location with an e-mail address',
      'Optional custom message',
      'Venues typically respond within 24-48 hours',
    ],
    allowsCustomMessage: true,
    sortOrder: 7,
  },
];

/** Runs on every start: reference data, upserted so price or text changes reach existing databases. */
export async function seedOutreachPackages(db: DbOrTx): Promise<void> {
  await db
    .insert(outreachPackages)
    .values([...OUTREACH_PACKAGES])
    .onConflictDoUpdate({
      target: outreachPackages.id,
      set: {
        kind: sql`excluded.kind`,
        outreachType: sql`excluded.outreach_type`,
        name: sql`excluded.name`,
        priceCents: sql`excluded.price_cents`,
        description: sql`excluded.description`,
        venueLimit: sql`excluded.venue_limit`,
        features: sql`excluded.features`,
        allowsCustomMessage: sql`excluded.allows_custom_message`,
        hasFollowUp: sql`excluded.has_follow_up`,
        sortOrder: sql`excluded.sort_order`,
      },
    });
}
