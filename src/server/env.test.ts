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
  describe('which provider sells tickets (PAYMENTS, decision 35): the sandbox only by choice', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' };
    const production = { NODE_ENV: 'production', DEMO_DATA: 'false' };
    it.each([
      ['the quick start (demo data on)', {}, 'sandbox'],
      ['development', { NODE_ENV: 'development', DEMO_DATA: 'false' }, 'sandbox'],
      ['tests', { NODE_ENV: 'test', DEMO_DATA: 'false' }, 'sandbox'],
      ['production with Stripe keys', { ...production, ...stripe }, 'stripe'],
      ['demo data with Stripe keys', stripe, 'stripe'],
      ['production, no demo data, no keys, nothing chosen: no ticket sales', production, 'off'],
      ['production with PAYMENTS=sandbox, chosen', { ...production, PAYMENTS: 'sandbox' }, 'sandbox'],
      ['the sandbox chosen over Stripe keys', { ...production, ...stripe, PAYMENTS: 'sandbox' }, 'sandbox'],
      ['sales off by choice, demo data or not', { PAYMENTS: 'off' }, 'off'],
      ['an empty PAYMENTS is unset', { ...production, PAYMENTS: ' ' }, 'off'],
    ])('%s', (_, source, mode) => {
      expect(readEnv(source as Record<string, string>).PAYMENTS).toBe(mode);
    });
    it('refuses an unknown mode, and stripe without its keys, naming PAYMENTS', () => {
      expect(() => readEnv({ PAYMENTS: 'free' })).toThrow(/PAYMENTS: PAYMENTS must be stripe, sandbox or off/);
      expect(() => readEnv({ PAYMENTS: 'stripe' })).toThrow(/PAYMENTS: PAYMENTS=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/);
    });
    it('limits the tickets held in open checkouts per e-mail and per address per gig (issue 23: tickets), and checkouts per address', () => {
      expect(readEnv({})).toMatchObject({ CHECKOUT_HOLDS_PER_EMAIL: 10, CHECKOUT_HOLDS_PER_ADDRESS: 20, CHECKOUT_RATE_LIMIT_PER_10_MINUTES: 20 });
      expect(readEnv({ CHECKOUT_HOLDS_PER_EMAIL: '1' }).CHECKOUT_HOLDS_PER_EMAIL).toBe(1);
      expect(() => readEnv({ CHECKOUT_HOLDS_PER_ADDRESS: '0' })).toThrow(/CHECKOUT_HOLDS_PER_ADDRESS/);
    });
  });
  it('keeps uploads in S3 only with the bucket, region and both keys (decision 27), and names what is missing', () => {
    const s3 = { S3_BUCKET: 'marquee-files', S3_REGION: 'auto', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(readEnv({}).S3_BUCKET).toBeUndefined();
    expect(readEnv({ ...s3, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_PUBLIC_URL: 'https://files.marquee.example/' })).toMatchObject({
      ...s3,
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_PUBLIC_URL: 'https://files.marquee.example',
    });

    const message = (source: Record<string, string>) => {
      try {
        readEnv(source);
      } catch (error) {
        if (error instanceof InvalidSettingsError) return error.message;
      }
      throw new Error('the settings were accepted');
    };
    const allOrNone = 'Set S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY to keep uploads in S3, or none of the S3_ settings to keep them in DATA_DIR/files';
    const noKeys = message({ S3_BUCKET: 'marquee-files', S3_REGION: 'auto' });
    expect(noKeys).toContain(`S3_ACCESS_KEY_ID: ${allOrNone}`);
    expect(noKeys).toContain(`S3_SECRET_ACCESS_KEY: ${allOrNone}`);
    expect(noKeys).not.toContain('S3_BUCKET:');
    // A public address alone does not turn S3 on.
    expect(message({ S3_PUBLIC_URL: 'https://files.marquee.example' })).toContain(`S3_BUCKET: ${allOrNone}`);
    expect(message({ ...s3, S3_BUCKET: 'Marquee_Files' })).toContain('S3_BUCKET: S3_BUCKET must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens');
    expect(message({ ...s3, S3_ENDPOINT: 'minio:9000' })).toContain('S3_ENDPOINT: S3_ENDPOINT must be an http(s) address, like http://127.0.0.1:9000');
    expect(message({ ...s3, S3_PUBLIC_URL: 'ftp://files.marquee.example' })).toContain('S3_PUBLIC_URL: S3_PUBLIC_URL must be an http(s) address');
  });
});
