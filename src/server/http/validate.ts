import type { z } from 'zod';

/** Parses input with the shared schema; a ZodError becomes a 422 with per-field messages. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  return schema.parse(input);
}
