import type { Context } from 'hono';
import { ZodError } from 'zod';
import type { ErrorBody } from '../../core/errors.ts';
import type { Logger } from '../logger.ts';
import { AppError, STATUS_BY_CODE } from './app-error.ts';
import { fieldErrors } from '../../core/field-errors.ts';

/** Maps every thrown error to one JSON shape and status, in one place. */
export function handleError(error: Error, c: Context, logger: Logger) {
  if (error instanceof ZodError) {
    const fields = fieldErrors(error);
    const body: ErrorBody = { error: { code: 'VALIDATION', message: Object.values(fields)[0] ?? 'Invalid input.', fields } };
    return c.json(body, 422);
  }
  if (error instanceof AppError) {
    const body: ErrorBody = { error: { code: error.code, message: error.message, fields: error.fields } };
    return c.json(body, STATUS_BY_CODE[error.code]);
  }
  if (isUnstorableText(error)) {
    // A NUL byte or broken encoding that no schema caught: the input is wrong, not the server.
    const body: ErrorBody = { error: { code: 'BAD_REQUEST', message: 'That request holds characters Marquee cannot store.' } };
    return c.json(body, 400);
  }
  logger.error({ err: error, path: c.req.path, method: c.req.method }, 'unhandled error');
  const body: ErrorBody = { error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } };
  return c.json(body, 500);
}

/** PostgreSQL's "invalid byte sequence" and "untranslatable character", wherever the driver nests them. */
function isUnstorableText(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === '22021' || code === '22P05') return true;
  }
  return false;
}
