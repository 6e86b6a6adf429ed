import { z } from 'zod';
import { requiredText } from './fields.ts';

/** Decision 53: how many keys an account may hold at once (revoked keys do not count). */
export const MAX_ACTIVE_API_KEYS = 10;

/** Naming a new API key on the dashboard (what it is for, so the owner can tell keys apart). */
export const createApiKeySchema = z.object({
  name: requiredText('Please give the key a name, e.g. "Our website".', 60),
});

/** A key as its owner's list shows it: never the key itself, only its first characters. */
export type ApiKeySummary = {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};

/** The answer to creating a key: the one time the whole key is shown. */
export type CreatedApiKey = ApiKeySummary & { key: string };
