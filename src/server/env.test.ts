import { describe, expect, it } from 'vitest';
import { InvalidSettingsError, readEnv } from './env.ts';

describe('settings', () => {
  it('has working defaults for a fresh clone', () => {
    const env = readEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: './data', PUBLIC_URL: 'http://localhost:3000', DEMO_DATA: true, ADMIN_EMAILS: [] });
    expect(env.DATABASE_URL).toBeUndefined();
  });
  it('reads lists and switches', () => {
    const env = readEnv({ ADMIN_EMAILS: ' Ops@Example.com, b@example.com ', DEMO_DATA: 'false', PUBLIC_URL: 'https://marquee.example/' });
    expect(env.ADMIN_EMAILS).toEqual(['ops@example.com', 'b@example.com']);
    expect(env.DEMO_DATA).toBe(false);
    expect(env.PUBLIC_URL).toBe('https://marquee.example');
  });
  it('stops with a message that names each bad setting', () => {
    expect(() => readEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://nope' })).toThrow(InvalidSettingsError);
    try {
      readEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://nope', ADMIN_EMAILS: 'not-an-email' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL');
      expect(message).toContain('ADMIN_EMAILS');
    }
  });
  it('takes Stripe only with both of its keys (D13), else the sandbox', () => {
    expect(readEnv({}).STRIPE_SECRET_KEY).toBeUndefined();
    expect(readEnv({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }).STRIPE_WEBHOOK_SECRET).toBe('whsec_1');
    expect(() => readEnv({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/STRIPE_WEBHOOK_SECRET: Set both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/);
  });
});
