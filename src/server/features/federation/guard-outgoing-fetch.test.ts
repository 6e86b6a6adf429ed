// Decision 56: with the guard the server process installs, the global fetch (Fedify's deliveries
// and redirects) cannot reach loopback, private or link-local addresses, by name or by number.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getGlobalDispatcher, setGlobalDispatcher } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardOutgoingFetch } from './guard-outgoing-fetch.ts';

let server: http.Server;
let port: number;
const before = getGlobalDispatcher();

beforeAll(async () => {
  server = http.createServer((_req, res) => res.writeHead(307, { Location: 'http://127.0.0.1/' }).end());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  setGlobalDispatcher(before);
  await new Promise((resolve) => server.close(resolve));
});

const failure = (url: string) => fetch(url, { method: 'POST', body: '{}', redirect: 'manual' }).then(() => 'answered', (error: unknown) => String((error as { cause?: unknown }).cause ?? error));

describe('the outgoing fetch guard', () => {
  it('control: without it, the local server answers', async () => {
    expect(await failure(`http://127.0.0.1:${port}/inbox`)).toBe('answered');
  });

  it('with it, loopback by number or by name, link-local and private addresses are refused before connecting', async () => {
    guardOutgoingFetch();
    for (const url of [`http://127.0.0.1:${port}/inbox`, `http://localhost:${port}/inbox`, 'http://169.254.169.254/latest/meta-data', 'http://10.0.0.1/', 'http://[::1]/']) {
      expect(await failure(url), url).toMatch(/private, loopback or local address/);
    }
  });
});
