// Several real Marquee processes (`node src/server/main.ts`) on one PostgreSQL database: the shape a
// big city runs behind a load balancer (issue 13). The test talks to them over HTTP, spreading its
// requests over the instances in turn, and reads the shared database directly to check outcomes.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from '../../src/server/db/client.ts';
import { openScratchDatabase } from '../helpers/test-database.ts';
import { createClient, TEST_ADMIN_EMAIL, TEST_ORIGIN } from '../helpers/test-app.ts';
import { freePort } from '../helpers/free-port.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export type Instance = {
  name: string;
  port: number;
  url: string;
  process: ChildProcess;
  /** Everything the process printed, for a failing test's message. */
  output: () => string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
};

export async function waitFor<T>(what: string, check: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Starts `count` instances together on a fresh database (so they also race to prepare it) with
 * the same settings, as a deployment would: one AUTH_SECRET, one PUBLIC_URL, one SMTP server, one
 * bucket. TRUST_PROXY is on, as behind a load balancer: each test client has its own address.
 */
export async function startCluster({ count = 2, env = {} }: { count?: number; env?: Record<string, string> } = {}) {
  if (!process.env.DATABASE_URL) throw new Error('The several-instances test needs DATABASE_URL (a PostgreSQL server): npm run test:cluster');
  const database: Database = await openScratchDatabase({ prefix: 'marquee_cluster', poolSize: 10 });
  const settings: Record<string, string> = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: database.url!,
    PUBLIC_URL: TEST_ORIGIN,
    AUTH_SECRET: 'cluster-secret-cluster-secret-cluster-secret-0123',
    ADMIN_EMAILS: TEST_ADMIN_EMAIL,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'info',
    TRUST_PROXY: 'true',
    REGISTER_RATE_LIMIT_PER_HOUR: '100000',
    // Decision 35: a production start sells tickets only with a provider chosen.
    PAYMENTS: 'sandbox',
    ...env,
  };
  const dataRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'marquee-cluster-'));
  const instances: Instance[] = [];

  async function startInstance(name: string): Promise<Instance> {
    const port = await freePort();
    const dataDir = path.join(dataRoot, name);
    let output = '';
    const child = spawn(process.execPath, ['src/server/main.ts'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', TZ: 'UTC', ...settings, PORT: String(port), DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const instance: Instance = { name, port, url: `http://127.0.0.1:${port}`, process: child, output: () => output, exited };
    let hasExited = false;
    void exited.then(() => (hasExited = true));
    await waitFor(`${name} to be ready`, async () => {
      if (hasExited) throw new Error(`${name} exited while starting:\n${output}`);
      return fetch(`${instance.url}/readyz`).then((r) => r.ok, () => false);
    }, 60_000);
    return instance;
  }

  instances.push(...(await Promise.all(Array.from({ length: count }, (_, i) => startInstance(`instance-${String.fromCharCode(97 + i)}`)))));

  let turn = 0;
  /** Sends a request to one instance, rewriting the site's address to the instance's own. */
  const send = async (instance: Instance, request: Request, address: string): Promise<Response> => {
    const url = new URL(request.url);
    const headers = new Headers(request.headers);
    headers.set('x-forwarded-for', address);
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
    return fetch(`${instance.url}${url.pathname}${url.search}`, { method: request.method, headers, body, redirect: 'manual' });
  };
  const live = () => instances.filter((i) => i.process.exitCode === null && !i.process.killed);
  const randomAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

  return {
    instances,
    db: database.db,
    database,
    /** A client whose requests go to each running instance in turn, from an address of its own. */
    client(address = randomAddress()) {
      return createClient({ fetch: (request) => { const up = live(); return send(up[turn++ % up.length]!, request, address); } });
    },
    /** A client of one instance only. */
    clientOf(instance: Instance, address = randomAddress()) {
      return createClient({ fetch: (request) => send(instance, request, address) });
    },
    startInstance: async (name: string) => {
      const instance = await startInstance(name);
      instances.push(instance);
      return instance;
    },
    async close() {
      for (const instance of instances) if (instance.process.exitCode === null) instance.process.kill('SIGKILL');
      await Promise.all(instances.map((i) => i.exited));
      await database.close();
      await fs.rm(dataRoot, { recursive: true, force: true });
    },
  };
}

export type Cluster = Awaited<ReturnType<typeof startCluster>>;
