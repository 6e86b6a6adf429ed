/**
 * Issue 36: the operators' configuration reference (docs/operators/configuration.md), generated
 * from the settings schema in env.ts: each setting's name, its default as the schema gives it, and
 * what it does. The type makes every setting in the schema need its line here, and a test fails
 * when the document is not what `npm run docs:settings` writes.
 */
import type { z } from 'zod';
import { envShape } from './env.ts';

const GROUPS = {
  server: 'The server',
  site: 'What the site shows',
  mail: 'E-mail and texts',
  limits: 'Limits',
  payments: 'Payments and tickets',
  storage: 'Files and backups',
  wallet: 'Wallet passes',
  outside: 'Webhooks and the fediverse',
} as const;

type Help = {
  group: keyof typeof GROUPS;
  description: string;
  /** Written instead of the schema's default where that default is worked out at start. */
  shownDefault?: string;
};

export const SETTINGS_HELP = {
  NODE_ENV: { group: 'server', description: '`production`, `development` or `test`. `npm start` runs production; development and tests use the payment sandbox and record wallet updates.' },
  PORT: { group: 'server', description: 'HTTP port.' },
  HOST: { group: 'server', description: 'The address the server listens on.' },
  PUBLIC_URL: { group: 'server', description: 'The address people use; band sites are on subdomains of its host. Links in e-mails, feeds, the widget snippet and the API use it.' },
  TRUST_PROXY: { group: 'server', description: 'Trust `X-Forwarded-For` from a reverse proxy (for rate limits and the client address).' },
  DATA_DIR: { group: 'server', description: 'The embedded database, uploaded files and the generated auth secret.' },
  DATABASE_URL: { group: 'server', description: 'A PostgreSQL 15+ server instead of the embedded database (needed to run several instances).' },
  AUTH_SECRET: { group: 'server', shownDefault: 'generated into `DATA_DIR`', description: 'Session signing secret, 32+ characters; ticket-page links and the door’s signing keys are derived from it, so changing it voids both. Give every instance the same one.' },
  ADMIN_EMAILS: { group: 'server', description: 'Comma-separated e-mail addresses made admin at start (or `npm run grant-admin -- someone@example.com`).' },
  DEMO_DATA: { group: 'server', description: 'Seed the demo scene into an empty database. Turn it off for a real scene.' },
  LOG_LEVEL: { group: 'server', description: 'Structured JSON log level.' },
  LOG_CACHE_HIT_SAMPLE: { group: 'server', description: 'One in this many public answers served ready from the cache is logged (with `sampled`); every other request is logged.' },
  METRICS_TOKEN: { group: 'server', description: 'Serve Prometheus metrics at `/metrics` to a scraper sending `Authorization: Bearer {token}` (16+ characters); unset, `/metrics` is 404.' },
  PUBLIC_CACHE_SECONDS: { group: 'server', description: 'How long public lists may be served from memory (gig changes clear it at once); `0` turns it off.' },
  UPLOAD_MAX_BYTES: { group: 'server', description: 'Largest accepted image upload, in bytes.' },

  SMS_NUMBER: { group: 'site', description: 'The text-message number shown in the header and footer.' },
  MERCH_URL: { group: 'site', description: 'The merch shop linked from the header and footer.' },
  INSTAGRAM_URL: { group: 'site', description: 'The Instagram account linked from the footer.' },
  SUPPORT_EMAIL: { group: 'site', description: 'The support address shown to people.' },

  MAIL_FROM: { group: 'mail', description: 'Sender of every e-mail.' },
  OPERATOR_EMAIL: { group: 'mail', description: 'Where contact-form messages go.' },
  SMTP_HOST: { group: 'mail', description: 'Send e-mail by SMTP through this server; unset, e-mail stays in the outbox (admins read it on the dashboard).' },
  SMTP_PORT: { group: 'mail', description: 'The SMTP server’s port.' },
  SMTP_SECURE: { group: 'mail', description: 'Connect with TLS from the start (port 465); otherwise STARTTLS when the server offers it.' },
  SMTP_USER: { group: 'mail', description: 'SMTP user name, when the server asks for one.' },
  SMTP_PASSWORD: { group: 'mail', description: 'SMTP password.' },
  DIGEST_SCHEDULE: { group: 'mail', description: 'When the weekly digest goes out, in each region’s own time zone ("MON 10:00").' },
  TWILIO_ACCOUNT_SID: { group: 'mail', description: 'With `TWILIO_AUTH_TOKEN` and `TWILIO_FROM_NUMBER`: texts go through Twilio, whose inbound webhook is `{PUBLIC_URL}/api/sms/inbound` (signature checked). None of the three: texts stay in the outbox.' },
  TWILIO_AUTH_TOKEN: { group: 'mail', description: 'Twilio’s auth token (see `TWILIO_ACCOUNT_SID`).' },
  TWILIO_FROM_NUMBER: { group: 'mail', description: 'The Twilio number texts come from (see `TWILIO_ACCOUNT_SID`).' },

  SIGN_IN_RATE_LIMIT_PER_MINUTE: { group: 'limits', description: 'Sign-in attempts per client address per minute (each account also backs off after 5 failures, at most 15 minutes).' },
  REGISTER_RATE_LIMIT_PER_HOUR: { group: 'limits', description: 'Registration attempts per client address per hour.' },
  BAND_NOTICES_PER_DAY: { group: 'limits', description: '‘Notify Bands’ sends per venue or promoter per day (each to at most 50 bands with verified addresses; a repeated request id is the same send).' },
  OUTREACH_TEST_EMAILS_PER_HOUR: { group: 'limits', description: 'Test outreach e-mails per band per hour, to the band’s own verified address.' },
  CHECKOUT_HOLDS_PER_EMAIL: { group: 'limits', description: 'Tickets one e-mail address may hold in open (unpaid, unexpired) checkouts per gig.' },
  CHECKOUT_HOLDS_PER_ADDRESS: { group: 'limits', description: 'Tickets one client address may hold in open checkouts per gig.' },
  CHECKOUT_RATE_LIMIT_PER_10_MINUTES: { group: 'limits', description: 'Checkouts one client address may start per 10 minutes.' },
  PROOF_OF_WORK_COST: { group: 'limits', description: 'The on-sale proof of work (decision 47): PBKDF2 rounds per try.' },
  PROOF_OF_WORK_MAX_COUNTER: { group: 'limits', description: 'The most tries a browser needs for the on-sale proof of work (about a second or two on a phone).' },

  PAYMENTS: { group: 'payments', shownDefault: '(derived)', description: '`stripe`, `sandbox` or `off`. Unset: `stripe` when both Stripe keys are set, else `sandbox` with `DEMO_DATA=true` or in development and tests, else `off` (no ticket sales) (decision 35).' },
  STRIPE_SECRET_KEY: { group: 'payments', description: 'With `STRIPE_WEBHOOK_SECRET`: payments go through Stripe, with events at `{PUBLIC_URL}/api/payments/events/stripe` (decision 20).' },
  STRIPE_WEBHOOK_SECRET: { group: 'payments', description: 'The signing secret of Stripe’s webhook endpoint for Marquee (see `STRIPE_SECRET_KEY`).' },
  STRIPE_API_BASE: { group: 'payments', description: 'Send Stripe’s API calls to another address (stripe-mock, a test stand-in) instead of api.stripe.com.' },
  WAITLIST_OFFER_HOURS: { group: 'payments', description: 'How long a sold-out gig’s waitlist offer holds its ticket for one person before it passes to the next (decision 50).' },

  S3_BUCKET: { group: 'storage', description: 'With `S3_REGION`, `S3_ACCESS_KEY_ID` and `S3_SECRET_ACCESS_KEY`: uploaded files go to this bucket (decision 27); none of the four: to `DATA_DIR/files`. Needed to run several instances.' },
  S3_REGION: { group: 'storage', description: 'The bucket’s region (see `S3_BUCKET`).' },
  S3_ACCESS_KEY_ID: { group: 'storage', description: 'The access key for the bucket (see `S3_BUCKET`).' },
  S3_SECRET_ACCESS_KEY: { group: 'storage', description: 'The access key’s secret (see `S3_BUCKET`).' },
  S3_ENDPOINT: { group: 'storage', description: 'An S3-compatible service instead of AWS (MinIO, Cloudflare R2), e.g. `http://127.0.0.1:9000`; path-style addresses are used.' },
  S3_PUBLIC_URL: { group: 'storage', description: 'Where the bucket’s files can be read publicly (a CDN in front of it); new uploads are linked there. Unset, Marquee serves them at `/files/...`.' },
  BACKUP_DIR: { group: 'storage', description: 'Where `npm run backup` writes (keep it outside `DATA_DIR`).' },
  BACKUP_KEEP: { group: 'storage', description: 'How many of the newest backups `npm run backup` keeps; `0` keeps all.' },
  BACKUP_MAX_AGE_HOURS: { group: 'storage', description: 'The admin health page (and `/metrics/health`) reports the last backup as stale after this many hours; the default suits a daily backup from cron.' },

  APPLE_WALLET_PASS_TYPE_ID: { group: 'wallet', description: 'With the team id and the three certificate settings: each valid ticket’s page offers ‘Add to Apple Wallet’, a `.pkpass` signed with the pass type’s certificate (decision 46). None: no button.' },
  APPLE_WALLET_TEAM_ID: { group: 'wallet', description: 'The 10-character Apple team identifier.' },
  APPLE_WALLET_SIGNER_CERT: { group: 'wallet', description: 'The pass type certificate: a PEM (newlines as `\\n`) or a PEM file’s path. One that does not open stops the start.' },
  APPLE_WALLET_SIGNER_KEY: { group: 'wallet', description: 'The certificate’s private key: a PEM or a PEM file’s path.' },
  APPLE_WALLET_WWDR_CERT: { group: 'wallet', description: 'Apple’s WWDR intermediate certificate: a PEM or a PEM file’s path.' },
  APPLE_WALLET_KEY_PASSPHRASE: { group: 'wallet', description: 'The private key’s passphrase, if it has one (kept as typed).' },
  GOOGLE_WALLET_ISSUER_ID: { group: 'wallet', description: 'With the service account’s e-mail and key: each valid ticket’s page offers ‘Save to Google Wallet’ (decision 46). None: no button.' },
  GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: { group: 'wallet', description: 'The Google service account that signs the save links and calls the Wallet API.' },
  GOOGLE_WALLET_PRIVATE_KEY: { group: 'wallet', description: 'The service account’s PKCS #8 private key: a PEM or a PEM file’s path.' },
  WALLET_UPDATES: { group: 'wallet', shownDefault: '`send` in production, else `record`', description: 'Saved passes follow their ticket (decision 58): `send` pushes a refunded or passed-on ticket’s pass through APNs and sets Google objects EXPIRED, within a minute, retried for 3 days; `record` keeps the changes without calling Apple or Google.' },

  WEBHOOKS_ALLOW_PRIVATE: { group: 'outside', description: 'Lets webhook endpoints be plain `http://` and point at private, loopback and link-local addresses (for tests and a local receiver; never in production: it opens Marquee to SSRF).' },
  FEDERATION: { group: 'outside', description: 'Bands, venues and regions are ActivityPub actors others follow; `false`: no WebFinger, NodeInfo, actors or inboxes (404), nothing sent (decision 56).' },
  FEDERATION_BLOCKED_HOSTS: { group: 'outside', description: 'Servers whose activities are refused (403) and to which nothing is sent, comma-separated; each name blocks its subdomains too.' },
  FEDERATION_ALLOW_PRIVATE: { group: 'outside', description: 'Lets federation reach loopback and private addresses (tests with servers on one machine; never in production).' },
} satisfies Record<keyof typeof envShape.shape, Help>;

/** A setting's default as the schema gives it when the setting is not set. */
function defaultOf(schema: z.ZodType): string {
  const parsed = schema.safeParse(undefined);
  if (!parsed.success || parsed.data === undefined) return '(unset)';
  if (Array.isArray(parsed.data)) return parsed.data.length ? `\`${parsed.data.join(',')}\`` : '(empty)';
  const value: unknown = parsed.data;
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? `\`${value}\`` : '(derived)';
}

const cell = (text: string) => text.replaceAll('|', '\\|');

/** The whole reference, as docs/operators/configuration.md holds it. */
export function renderSettingsReference(): string {
  const help: Record<string, Help> = SETTINGS_HELP;
  const sections = Object.entries(GROUPS).map(([group, title]) => {
    const rows = Object.entries(envShape.shape)
      .filter(([name]) => help[name]!.group === group)
      .map(([name, schema]) => `| \`${name}\` | ${cell(help[name]!.shownDefault ?? defaultOf(schema))} | ${cell(help[name]!.description)} |`);
    return [`## ${title}`, '', '| Setting | Default | What it does |', '|---|---|---|', ...rows].join('\n');
  });
  return [
    '# Configuration reference',
    '',
    '<!-- Generated from src/server/env.ts and src/server/settings-reference.ts by `npm run docs:settings`; a test fails when it is stale. Edit those, not this file. -->',
    '',
    'Every setting is an environment variable, read and checked at start: a bad value stops the start',
    'with a message naming the setting. `.env.example` lists them with comments; copy it to `.env`',
    '(read by `npm start`) or set them in the environment. Settings that go together (Stripe’s two keys,',
    'Twilio’s three, S3’s four, each wallet’s) are given all or none.',
    '',
    ...sections.flatMap((section) => [section, '']),
  ].join('\n');
}
