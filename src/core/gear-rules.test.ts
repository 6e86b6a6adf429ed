import { describe, expect, it } from 'vitest';
import { formatGearPhone } from './gear-rules.ts';
import { gearListingSchema } from './schemas/gear.ts';

describe('the gear form phone input (spec 1 §5)', () => {
  it('groups digits as xxx-xxx-xxxx while they are typed', () => {
    expect(formatGearPhone('3')).toBe('3');
    expect(formatGearPhone('312')).toBe('312');
    expect(formatGearPhone('3125')).toBe('312-5');
    expect(formatGearPhone('312555')).toBe('312-555');
    expect(formatGearPhone('3125550')).toBe('312-555-0');
    expect(formatGearPhone('3125550100')).toBe('312-555-0100');
  });

  it('drops everything but digits and stops at ten digits (12 characters)', () => {
    expect(formatGearPhone('(312) 555-0100 ext 9')).toBe('312-555-0100');
    expect(formatGearPhone('312-555-01009')).toBe('312-555-0100');
    expect(formatGearPhone('abc')).toBe('');
  });

  it('gives what the schema accepts', () => {
    const parsed = gearListingSchema.safeParse({ title: 'Amp', price: '$5', description: 'Works.', phone: formatGearPhone('7735550123') });
    expect(parsed.success).toBe(true);
  });
});
