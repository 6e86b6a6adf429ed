import { pino, type Logger } from 'pino';

export type { Logger };

/** Structured JSON logs. Secrets and passwords are redacted wherever they appear. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'marquee' },
    redact: {
      paths: ['password', '*.password', 'newPassword', '*.newPassword', 'token', '*.token', 'headers.cookie', 'req.headers.cookie'],
      censor: '[redacted]',
    },
  });
}
