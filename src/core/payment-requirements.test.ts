import { describe, expect, it } from 'vitest';
import { describeRequirement, describeRequirements, joinInWords } from './payment-requirements.ts';

describe('payment requirements in words (issue 21)', () => {
  it('names the sandbox and Stripe codes plainly, never as codes', () => {
    expect(describeRequirements(['individual.first_name', 'individual.last_name', 'external_account', 'tos_acceptance.date'])).toEqual([
      'Your legal first name',
      'Your legal last name',
      'A bank account for payouts',
      "Acceptance of the payment provider's terms of service",
    ]);
    // The three parts of a date of birth are one thing to do.
    expect(describeRequirements(['individual.dob.day', 'individual.dob.month', 'individual.dob.year'])).toEqual(['Your date of birth']);
  });

  it('reads an unknown code without dots or underscores', () => {
    expect(describeRequirement('individual.political_exposure')).toBe('Political exposure');
    expect(describeRequirement('person_1AbC.relationship.title')).toBe('Relationship title');
    expect(describeRequirement('')).toBe('Additional information');
  });

  it('joins a list as a sentence does', () => {
    expect(joinInWords(['a'])).toBe('a');
    expect(joinInWords(['a', 'b', 'c'])).toBe('a, b and c');
  });
});
