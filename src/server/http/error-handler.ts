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
  logger.error({ err: error, path: c.req.path, method: c.req.method }, 'unhandled error');
  const body: ErrorBody = { error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } };
  return c.json(body, 500);
}
