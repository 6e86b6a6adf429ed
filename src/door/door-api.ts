import { DOOR_DEVICE_HEADER, type DoorAdmissionList, type DoorDeviceRegistration, type DoorGig, type DoorSearchResult, type DoorSyncInput, type DoorSyncResult } from '../core/schemas/door.ts';

/**
 * The door app's whole network layer (issue 24): every request the door makes goes through here,
 * with the device's token in the X-Door-Device header. Nothing here is cached: the service worker
 * never touches /api, and the door keeps its data in IndexedDB.
 */

export class DoorApiError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
  /** No answer at all (no signal, or too slow): the door decides on its own. */
  get isNetwork() {
    return this.status === 0;
  }
}

type Options = { token?: string; method?: 'GET' | 'POST'; body?: unknown; timeoutMs?: number; signal?: AbortSignal };

async function doorFetch<T>(path: string, { token, method = 'GET', body, timeoutMs = 15_000 }: Options = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (token) headers[DOOR_DEVICE_HEADER] = token;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: 'same-origin', cache: 'no-store', signal: AbortSignal.timeout(timeoutMs) });
  } catch {
    throw new DoorApiError(0, 'NETWORK', 'No connection.');
  }
  if (!response.ok) {
    const answer = (await response.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
    throw new DoorApiError(response.status, answer?.error?.code ?? 'ERROR', answer?.error?.message ?? `The server answered ${response.status}.`);
  }
  return (await response.json()) as T;
}

export type SessionUser = { id: string; name: string; email: string; role: string };

/** The signed-in account of this browser, if any (an organiser registering a door). */
export const readSession = async () => (await doorFetch<{ me: { user: SessionUser } | null }>('/api/me')).me?.user ?? null;

export const registerDevice = (label: string) => doorFetch<DoorDeviceRegistration>('/api/door/devices', { method: 'POST', body: { label } });

export const acceptInvitation = (token: string, label: string) => doorFetch<DoorDeviceRegistration>('/api/door/invitations/accept', { method: 'POST', body: { token, label } });

export async function listGigs(token: string): Promise<DoorGig[]> {
  const answer = await doorFetch<{ gigs: DoorGig[] } | DoorGig[]>('/api/door/gigs', { token });
  return Array.isArray(answer) ? answer : answer.gigs;
}

export const fetchList = (token: string, gigId: string, since?: string) =>
  doorFetch<DoorAdmissionList>(`/api/door/gigs/${encodeURIComponent(gigId)}/list${since ? `?since=${encodeURIComponent(since)}` : ''}`, { token, timeoutMs: 30_000 });

/** Sends a batch; `timeoutMs` is short for a scan waiting at the door (~2.5 s), longer in the background. */
export const syncBatch = (token: string, gigId: string, batch: DoorSyncInput, timeoutMs = 20_000) =>
  doorFetch<DoorSyncResult>(`/api/door/gigs/${encodeURIComponent(gigId)}/sync`, { token, method: 'POST', body: batch, timeoutMs });

/** Issue 34: the server's search (it sees the addresses the door's list masks); short, so a slow answer does not hold the door. */
export const searchDoor = (token: string, gigId: string, q: string) =>
  doorFetch<DoorSearchResult>(`/api/door/gigs/${encodeURIComponent(gigId)}/search`, { token, method: 'POST', body: { q }, timeoutMs: 4_000 });
