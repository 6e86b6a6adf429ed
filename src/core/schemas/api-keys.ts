import { z } from 'zod';
import { requiredText } from './fields.ts';

/** Decision 53: how many keys an account may hold at once (revoked keys do not count). */
export const MAX_ACTIVE_API_KEYS = 10;

/**
 * What a key may read (issue 33, finding 11). Every key has `public:read` (public data, the
 * owner's gigs and their sales); ticket holders and check-ins are personal data, read only by a
 * key whose owner ticked their scope when making it. A key's scopes never change: make a new key.
 */
export const API_KEY_SCOPES = ['public:read', 'attendees:read', 'checkins:read'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
/** The scopes an owner may tick (public read is always there). */
export const OPTIONAL_API_KEY_SCOPES = ['attendees:read', 'checkins:read'] as const satisfies readonly ApiKeyScope[];
/** How the dashboard names each scope. */
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'public:read': 'public read',
  'attendees:read': 'attendees',
  'checkins:read': 'check-ins',
};

/** Naming a new API key on the dashboard (what it is for, so the owner can tell keys apart), and what it may read. */
export const createApiKeySchema = z.object({
  name: requiredText('Please give the key a name, e.g. "Our website".', 60),
  scopes: z.array(z.enum(API_KEY_SCOPES, { message: 'That is not a scope an API key can have.' })).max(10).optional(),
});

/** A key's scopes in their fixed order, `public:read` always first. */
export const normaliseApiKeyScopes = (asked: readonly string[] = []): ApiKeyScope[] => API_KEY_SCOPES.filter((scope) => scope === 'public:read' || asked.includes(scope));

/** A key as its owner's list shows it: never the key itself, only its first characters. */
export type ApiKeySummary = {
  id: string;
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};

/** The answer to creating a key: the one time the whole key is shown. */
export type CreatedApiKey = ApiKeySummary & { key: string };
