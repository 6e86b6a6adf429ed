import { describe, expect, it } from 'vitest';
import { OUTREACH_PACKAGES } from '../../db/seed/seed-outreach-packages.ts';
import { describePackageDifference } from '../../../core/outreach.ts';

const packages = OUTREACH_PACKAGES.map((p) => ({
  id: p.id,
  name: p.name,
  priceCents: p.priceCents,
  outreachType: p.outreachType ?? null,
  venueLimit: p.venueLimit,
  allowsCustomMessage: p.allowsCustomMessage ?? false,
  hasFollowUp: p.hasFollowUp ?? false,
}));
const pkg = (id: string) => packages.find((p) => p.id === id)!;
const nineVenues = { name: 'Madison', venuesWithEmail: 9 };

describe('what a package adds where a cheaper one reaches the same venues (issue 21)', () => {
  it('with 9 venues, the $199 campaign is the Pro e-mail to the same venues, and the Pro adds only the custom message', () => {
    expect(describePackageDifference(pkg('basic'), packages, nineVenues)).toBeNull();
    expect(describePackageDifference(pkg('premium'), packages, nineVenues)).toBe('In Madison this e-mails the same 9 venues as Basic Outreach ($29.99), with the same e-mail: only the price differs.');
    expect(describePackageDifference(pkg('pro'), packages, nineVenues)).toBe('In Madison this e-mails the same 9 venues as Premium Outreach ($49.99); what it adds is your own custom message.');
    expect(describePackageDifference(pkg('single-location'), packages, nineVenues)).toBe('In Madison this e-mails the same 9 venues as Pro Campaign ($99.99), with the same e-mail: only the price differs.');
  });

  it('compares only the same e-mail, and says nothing where the dearer package reaches more', () => {
    expect(describePackageDifference(pkg('opener-premium'), packages, nineVenues)).toBe('In Madison this e-mails the same 9 venues as Opener Basic ($19.99); what it adds is a follow-up e-mail after 1 week.');
    expect(describePackageDifference(pkg('headline-basic'), packages, nineVenues)).toBeNull();
    const big = { name: 'Chicagoland', venuesWithEmail: 120 };
    expect(describePackageDifference(pkg('premium'), packages, big)).toBeNull();
    expect(describePackageDifference(pkg('pro'), packages, big)).toBeNull();
    expect(describePackageDifference(pkg('single-location'), packages, big)).toBe('In Chicagoland this e-mails the same 120 venues as Pro Campaign ($99.99), with the same e-mail: only the price differs.');
    expect(describePackageDifference(pkg('opener-premium'), packages, big)).toBeNull();
  });
});
