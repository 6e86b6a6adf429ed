import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import type { MarqueeApp } from '../app.ts';

/**
 * The app on node:http, as @hono/node-server's serve() does, with the public fast path first
 * (issue 22): a GET the public cache answered moments ago is sent again without routing.
 */
export function serveApp(app: MarqueeApp, { port, hostname }: { port: number; hostname?: string }, onListening?: (info: AddressInfo) => void): Server {
  const handle = getRequestListener(app.fetch, { hostname });
  const server = createServer((req, res) => {
    if (!app.servePublicHit(req, res)) void handle(req, res);
  });
  server.listen(port, hostname, () => onListening?.(server.address() as AddressInfo));
  return server;
}
