import { z } from 'zod';
import type { PaymentsMode } from '../core/payments-mode.ts';

const bool = (fallback: boolean) =>
  z
    .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
    .default(fallback ? 'true' : 'false')
    .transform((v) => (v === '' ? fallback : ['1', 'true', 'yes', 'on'].includes(v)));

const optional = () =>
  z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : undefined));

const S3_REQUIRED = ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** Decision 46: each wallet is configured whole or not at all (the Apple key's passphrase is optional). */
const WALLET_SETTINGS = [
  [
    ['APPLE_WALLET_PASS_TYPE_ID', 'APPLE_WALLET_TEAM_ID', 'APPLE_WALLET_SIGNER_CERT', 'APPLE_WALLET_SIGNER_KEY', 'APPLE_WALLET_WWDR_CERT'],
    'Set APPLE_WALLET_PASS_TYPE_ID, APPLE_WALLET_TEAM_ID, APPLE_WALLET_SIGNER_CERT, APPLE_WALLET_SIGNER_KEY and APPLE_WALLET_WWDR_CERT to offer Apple Wallet passes, or none of them',
  ],
  [
    ['GOOGLE_WALLET_ISSUER_ID', 'GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL', 'GOOGLE_WALLET_PRIVATE_KEY'],
    'Set GOOGLE_WALLET_ISSUER_ID, GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL and GOOGLE_WALLET_PRIVATE_KEY to offer Google Wallet passes, or none of them',
  ],
] as const;

/**
 * Every setting Marquee reads, each explained in settings-reference.ts (the operators' configuration
 * reference, docs/operators/configuration.md, is generated from both) and listed in .env.example.
 */
export const envShape = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optional().pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:3000'),
  AUTH_SECRET: optional().pipe(z.string().min(32).optional()),
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email())),
  DEMO_DATA: bool(true),
  /** Set when a reverse proxy in front of Marquee sets X-Forwarded-For. */
  TRUST_PROXY: bool(false),
  SMS_NUMBER: z.string().default('(312) 555-0142'),
  MERCH_URL: z.string().default('https://merch.marquee.example'),
  INSTAGRAM_URL: z.string().default('https://instagram.com/marquee.live'),
  SUPPORT_EMAIL: z.email().default('support@marquee.local'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Issue 22: one in this many public answers served from the cache is logged (every other request always is). */
  LOG_CACHE_HIT_SAMPLE: z.coerce.number().int().min(1).max(1_000_000).default(100),
  MAIL_FROM: z.string().default('Marquee <hello@marquee.local>'),
  OPERATOR_EMAIL: z.email().default('operators@marquee.local'),
  SMTP_HOST: optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  SMTP_SECURE: bool(false),
  SMTP_USER: optional(),
  SMTP_PASSWORD: optional(),
  /** D4: sign-in attempts per client address per minute. */
  SIGN_IN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** Registration attempts per client address per hour (issue 7: no probing for accounts). */
  REGISTER_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(10),
  /** Issue 20: 'Notify Bands' sends per organiser per day (a repeated request id is not a new send). */
  BAND_NOTICES_PER_DAY: z.coerce.number().int().min(1).default(3),
  /** Issue 20: test outreach e-mails per band per hour. */
  OUTREACH_TEST_EMAILS_PER_HOUR: z.coerce.number().int().min(1).default(10),
  /** How long public lists may be served from memory; 0 turns the cache off. Gig changes clear it at once. */
  PUBLIC_CACHE_SECONDS: z.coerce.number().min(0).max(300).default(5),
  /** D30: when the weekly digest goes out, in each region's own zone ("MON 10:00"). */
  DIGEST_SCHEDULE: z
    .string()
    .regex(/^(SUN|MON|TUE|WED|THU|FRI|SAT)\s+([01]\d|2[0-3]):[0-5]\d$/i, { error: 'DIGEST_SCHEDULE must be a weekday and a time, like "MON 10:00"' })
    .default('MON 10:00'),
  /** Issue 13: Prometheus metrics at /metrics, for a scraper that sends this as a bearer token; unset, /metrics is 404. */
  METRICS_TOKEN: optional().refine((v) => v === undefined || v.length >= 16, { error: 'METRICS_TOKEN must be at least 16 characters' }),
  /** D29: with all three set, texts go through Twilio and its inbound webhook is accepted; otherwise texts stay in the outbox. */
  TWILIO_ACCOUNT_SID: optional(),
  TWILIO_AUTH_TOKEN: optional(),
  TWILIO_FROM_NUMBER: optional(),
  /**
   * Issue 20 (decision 35): which card provider sells tickets. stripe: Stripe (both keys needed);
   * sandbox: the built-in test provider, no real money; off: no ticket sales. Unset: Stripe when its
   * keys are set, else the sandbox with demo data or in development and tests, else off.
   */
  PAYMENTS: optional().pipe(z.enum(['stripe', 'sandbox', 'off'], { error: 'PAYMENTS must be stripe, sandbox or off' }).optional()),
  /** Decision 35: open (unpaid, unexpired) checkouts one e-mail address, and one client address, may hold per gig. */
  CHECKOUT_HOLDS_PER_EMAIL: z.coerce.number().int().min(1).default(10),
  CHECKOUT_HOLDS_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  /** Decision 35: checkouts one client address may start per 10 minutes, whatever the gig. */
  CHECKOUT_RATE_LIMIT_PER_10_MINUTES: z.coerce.number().int().min(1).default(20),
  /** Decision 50: how long a waitlist offer holds its ticket for one person before it passes to the next. */
  WAITLIST_OFFER_HOURS: z.coerce.number().min(0.5).max(48).default(2),
  /** Issue 23: the on-sale proof of work: PBKDF2 rounds per try, and the most tries a solver needs (difficulty). */
  PROOF_OF_WORK_COST: z.coerce.number().int().min(1).default(1000),
  PROOF_OF_WORK_MAX_COUNTER: z.coerce.number().int().min(1).default(4000),
  /** D13: with both set (and PAYMENTS unset or stripe), payments go through Stripe. */
  STRIPE_SECRET_KEY: optional(),
  STRIPE_WEBHOOK_SECRET: optional(),
  /** Sends Stripe's API calls elsewhere (stripe-mock, a test's stand-in); unset, they go to Stripe. */
  STRIPE_API_BASE: optional().pipe(z.url({ protocol: /^https?$/ }).optional()),
  UPLOAD_MAX_BYTES: z.coerce.number().int().min(1024).default(8 * 1024 * 1024),
  /** Decision 27: with the four S3_ settings below set, uploads go to that bucket; otherwise to DATA_DIR/files. */
  S3_BUCKET: optional().pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: 'S3_BUCKET must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens' })
      .optional(),
  ),
  S3_REGION: optional(),
  S3_ACCESS_KEY_ID: optional(),
  S3_SECRET_ACCESS_KEY: optional(),
  /** An S3-compatible service (MinIO, Cloudflare R2); unset, AWS's own endpoint for S3_REGION. */
  S3_ENDPOINT: optional().pipe(z.url({ protocol: /^https?$/, error: 'S3_ENDPOINT must be an http(s) address, like http://127.0.0.1:9000' }).optional()),
  /** Where the bucket's files are public (a CDN in front of it); unset, Marquee serves them at /files. */
  S3_PUBLIC_URL: optional().pipe(z.url({ protocol: /^https?$/, error: 'S3_PUBLIC_URL must be an http(s) address, like https://files.example.com' }).optional()),
  /** Decision 28: where `npm run backup` writes its backups, and how many it keeps (0: all of them). */
  BACKUP_DIR: z.string().min(1).default('./backups'),
  BACKUP_KEEP: z.coerce.number().int().min(0).default(0),
  /** Issue 36: the health page calls the last backup stale after this many hours (a daily backup, with room). */
  BACKUP_MAX_AGE_HOURS: z.coerce.number().min(1).default(26),
  /**
   * Decision 46: with these set, each ticket offers an 'Add to Apple Wallet' pass. The three
   * certificate settings take a PEM or the path of a PEM file; the key's passphrase is optional.
   */
  APPLE_WALLET_PASS_TYPE_ID: optional().pipe(z.string().regex(/^pass\.[A-Za-z0-9.-]+$/, { error: 'APPLE_WALLET_PASS_TYPE_ID must be a pass type identifier, like pass.com.example.marquee' }).optional()),
  APPLE_WALLET_TEAM_ID: optional().pipe(z.string().regex(/^[A-Z0-9]{10}$/, { error: 'APPLE_WALLET_TEAM_ID must be a 10-character Apple team identifier' }).optional()),
  APPLE_WALLET_SIGNER_CERT: optional(),
  APPLE_WALLET_SIGNER_KEY: optional(),
  APPLE_WALLET_WWDR_CERT: optional(),
  /** Kept as typed: a passphrase may begin or end with a space. */
  APPLE_WALLET_KEY_PASSPHRASE: z.string().optional().transform((v) => v || undefined),
  /** Decision 46: with these set, each ticket offers a 'Save to Google Wallet' link; the key is a PEM or the path of one. */
  GOOGLE_WALLET_ISSUER_ID: optional().pipe(z.string().regex(/^\d+$/, { error: 'GOOGLE_WALLET_ISSUER_ID must be the issuer id Google Wallet shows (digits)' }).optional()),
  GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: optional().pipe(z.email({ error: 'GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL must be the service account e-mail address' }).optional()),
  GOOGLE_WALLET_PRIVATE_KEY: optional(),
  /**
   * Issue 34: a refunded or passed-on ticket's saved passes are updated. send: through APNs (with
   * the pass certificate) and Google's Wallet API (with the service account); record: only logged
   * (no network). Unset: send in production, record in development and tests.
   */
  WALLET_UPDATES: optional().pipe(z.enum(['send', 'record'], { error: 'WALLET_UPDATES must be send or record' }).optional()),
  /**
   * Decision 54: lets webhook endpoints be plain http and point at private, loopback and link-local
   * addresses. For tests and a local receiver only: in production it opens Marquee to SSRF.
   */
  WEBHOOKS_ALLOW_PRIVATE: bool(false),
  /**
   * Decision 56: bands, venues and regions are ActivityPub actors others follow from Mastodon and
   * the like. Off: no WebFinger, NodeInfo, actors or inboxes (404), and nothing is sent.
   */
  FEDERATION: bool(true),
  /** Servers (host names, a leading `*.` for their subdomains) whose requests the inboxes refuse and to which nothing is sent. */
  FEDERATION_BLOCKED_HOSTS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean)),
  /** Decision 56: lets federation reach loopback and private addresses (tests with servers on this machine). Never in production. */
  FEDERATION_ALLOW_PRIVATE: bool(false),
});

const envSchema = envShape
  .refine((env) => Boolean(env.STRIPE_SECRET_KEY) === Boolean(env.STRIPE_WEBHOOK_SECRET), {
    path: ['STRIPE_WEBHOOK_SECRET'],
    error: 'Set both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to use Stripe, or neither',
  })
  .refine((env) => env.PAYMENTS !== 'stripe' || Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET), {
    path: ['PAYMENTS'],
    error: 'PAYMENTS=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
  })
  .refine((env) => [env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN, env.TWILIO_FROM_NUMBER].every(Boolean) || ![env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN, env.TWILIO_FROM_NUMBER].some(Boolean), {
    path: ['TWILIO_AUTH_TOKEN'],
    error: 'Set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER to send texts through Twilio, or none of them to keep texts in the outbox',
  })
  .superRefine((env, ctx) => {
    for (const [names, message] of WALLET_SETTINGS) {
      if (!names.some((name) => env[name]) || names.every((name) => env[name])) continue;
      for (const name of names.filter((n) => !env[n])) ctx.addIssue({ code: 'custom', path: [name], message });
    }
  })
  .superRefine((env, ctx) => {
    const isS3Named = S3_REQUIRED.some((name) => env[name]) || Boolean(env.S3_ENDPOINT || env.S3_PUBLIC_URL);
    if (!isS3Named) return;
    for (const name of S3_REQUIRED.filter((n) => !env[n])) {
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: 'Set S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY to keep uploads in S3, or none of the S3_ settings to keep them in DATA_DIR/files',
      });
    }
  })
  .transform((env) => ({
    ...env,
    PUBLIC_URL: env.PUBLIC_URL.replace(/\/+$/, ''),
    S3_PUBLIC_URL: env.S3_PUBLIC_URL?.replace(/\/+$/, ''),
    PAYMENTS: paymentsMode(env),
    WALLET_UPDATES: env.WALLET_UPDATES ?? (env.NODE_ENV === 'production' ? 'send' : 'record'),
  }));


/**
 * Decision 35: the sandbox is a deliberate choice, never what a production start falls into.
 * PAYMENTS wins when set; unset, Stripe when its keys are set, the sandbox with demo data (the
 * quick start) or in development and tests, and otherwise no ticket sales at all.
 */
function paymentsMode(env: { PAYMENTS?: PaymentsMode; STRIPE_SECRET_KEY?: string; DEMO_DATA: boolean; NODE_ENV: string }): PaymentsMode {
  if (env.PAYMENTS) return env.PAYMENTS;
  if (env.STRIPE_SECRET_KEY) return 'stripe';
  return env.DEMO_DATA || env.NODE_ENV !== 'production' ? 'sandbox' : 'off';
}

export type Env = z.output<typeof envSchema>;

export class InvalidSettingsError extends Error {}

/** Reads and validates the settings; a bad one stops the start with a message that names it. */
export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || 'settings';
    return `  ${name}: ${issue.message} (got ${JSON.stringify(source[name] ?? '')})`;
  });
  throw new InvalidSettingsError(`Invalid settings:\n${lines.join('\n')}`);
}
