/** The one error type. Codes map to HTTP statuses in one place (server/http/error-handler.ts). */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA',
  'INTERNAL',
  'UNAVAILABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Body of every error response: a message a person can read, plus per-field messages. */
export type ErrorBody = {
  error: { code: ErrorCode; message: string; fields?: Record<string, string> };
};
