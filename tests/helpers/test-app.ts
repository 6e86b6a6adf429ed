import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../src/server/app.ts';
import { openEmbeddedDatabase } from '../../src/server/db/client.ts';
import { prepareDatabase } from '../../src/server/db/prepare-database.ts';
import { readEnv } from '../../src/server/env.ts';
import { createLogger } from '../../src/server/logger.ts';
import { createServices } from '../../src/server/create-services.ts';
import type { Services } from '../../src/server/services.ts';
import { createStorage } from '../../src/server/storage/create-storage.ts';
import { openTestDatabase } from './test-database.ts';

export const TEST_ORIGIN = 'http://localhost:3000';
export const TEST_ADMIN_EMAIL = 'root@admin.test';

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The whole server (real database, auth, mail outbox, storage) behind app.fetch, for API tests. */
export async function createTestApp({
  env = {},
  isRateLimitEnabled = false,
  startJobs = false,
  poolSize,
  isEmbeddedInDataDir = false,
}: {
  env?: Record<string, string>;
  isRateLimitEnabled?: boolean;
  startJobs?: boolean;
  /** PostgreSQL pool size (tests use 5; benchmarks pass main.ts's 10). */
  poolSize?: number;
  /** The embedded database in DATA_DIR/db, as `npm start` keeps it, whether or not DATABASE_URL is set. */
  isEmbeddedInDataDir?: boolean;
} = {}) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'marquee-test-'));
  const config = readEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_ORIGIN,
    ADMIN_EMAILS: TEST_ADMIN_EMAIL,
    DEMO_DATA: 'false',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    // Tests change data directly and read it back at once; the cache has its own test.
    PUBLIC_CACHE_SECONDS: '0',
    ...env,
  });
  const logger = createLogger(config.LOG_LEVEL);
  const database = isEmbeddedInDataDir ? await openEmbeddedDatabase(dataDir) : await openTestDatabase(poolSize);
  await prepareDatabase(database, { isDemoDataEnabled: false, storage: await createStorage(config), logger });
  const services: Services = await createServices(config, database, logger, { isRateLimitEnabled, startJobs });
  const app = createApp(services);
  return {
    app,
    services,
    db: services.db,
    /** A browser-like client with its own cookie jar. */
    client: () => createClient(app),
    async close() {
      await services.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestClient = ReturnType<typeof createClient>;

/** A browser-like client of any fetch handler (one app in-process, or instances over HTTP). */
export function createClient(app: { fetch: (req: Request) => Response | Promise<Response> }) {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const store = (response: Response) => {
    for (const raw of response.headers.getSetCookie()) {
      const [pair = '', ...attrs] = raw.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0/i.test(a)) || value === '';
      if (expired) jar.delete(name);
      else jar.set(name, value);
    }
  };
  const request = async (method: string, pathname: string, body?: unknown, headers: Record<string, string> = {}) => {
    const init: RequestInit = { method, headers: { origin: TEST_ORIGIN, cookie: cookieHeader(), ...headers } };
    if (body instanceof FormData) init.body = body;
    else if (body !== undefined) {
      init.body = JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
    }
    const response = await app.fetch(new Request(`${TEST_ORIGIN}${pathname}`, init));
    store(response);
    const text = await response.text();
    let json: any;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: response.status, json, text, headers: response.headers };
  };
  return {
    get: (p: string, headers?: Record<string, string>) => request('GET', p, undefined, headers),
    post: (p: string, body?: unknown, headers?: Record<string, string>) => request('POST', p, body ?? {}, headers),
    put: (p: string, body?: unknown, headers?: Record<string, string>) => request('PUT', p, body ?? {}, headers),
    patch: (p: string, body?: unknown, headers?: Record<string, string>) => request('PATCH', p, body ?? {}, headers),
    delete: (p: string, headers?: Record<string, string>) => request('DELETE', p, undefined, headers),
    cookies: jar,
  };
}

/** Registers through the real multipart endpoint, as the form does. */
export function registrationForm(data: Record<string, unknown>, image?: Buffer): FormData {
  const form = new FormData();
  form.set('data', JSON.stringify(data));
  if (image) form.set('image', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'photo.jpg');
  return form;
}
