import type { Context } from 'hono';
import type { z } from 'zod';
import { AppError } from './app-error.ts';

/** Parses input with the shared schema; a ZodError becomes a 422 with per-field messages. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  return schema.parse(input);
}

/** The JSON body; an empty body reads as `{}` (the schema then names what is missing), broken JSON is a 400. */
export async function readJsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError('BAD_REQUEST', 'The request could not be read. Please try again.');
  }
}

/** A multipart or url-encoded form; a malformed one is a 400, not a server error. */
export async function readFormBody(c: Context): Promise<Record<string, string | File>> {
  try {
    return await c.req.parseBody<Record<string, string | File>>();
  } catch {
    throw new AppError('BAD_REQUEST', 'The form could not be read. Please try again.');
  }
}
