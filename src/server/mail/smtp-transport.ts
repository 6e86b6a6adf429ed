import nodemailer from 'nodemailer';
import type { Env } from '../env.ts';

export function createSmtpTransport(env: Env) {
  if (!env.SMTP_HOST) return undefined;
  return nodemailer.createTransport({
    // One connection kept open for many messages (a campaign sends hundreds), not one per message.
    pool: true,
    maxConnections: 3,
    // A mail server that cannot be reached fails within seconds, not nodemailer's 2 minutes: a band
    // waiting on its test e-mail then sees the simulated preview (issue 21), and a batch moves on.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    host: env.SMTP_HOST,
    port: env.SMTP_PORT,
    secure: env.SMTP_SECURE,
    auth: env.SMTP_USER ? { user: env.SMTP_USER, pass: env.SMTP_PASSWORD ?? '' } : undefined,
  });
}
