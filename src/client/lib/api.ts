import type { ErrorBody, ErrorCode } from '../../core/errors.ts';

/** An error answer from the server, with its readable message and per-field messages. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | 'NETWORK';
  readonly fields: Record<string, string>;

  constructor(status: number, code: ErrorCode | 'NETWORK', message: string, fields: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

async function parseError(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as (ErrorBody & { message?: string; code?: string }) | null;
  if (body?.error) return new ApiError(response.status, body.error.code, body.error.message, body.error.fields);
  // better-auth answers { code, message }.
  return new ApiError(response.status, 'BAD_REQUEST', body?.message ?? `Request failed (${response.status})`);
}

export async function apiFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      ...init,
      headers: init.body instanceof FormData ? init.headers : { 'content-type': 'application/json', ...init.headers },
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'Network error. Please try again later.');
  }
  if (!response.ok) throw await parseError(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

export const postJson = <T>(path: string, body: unknown) =>
  apiFetch<T>(path, { method: 'POST', body: JSON.stringify(body) });
