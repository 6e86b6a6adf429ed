import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionsPolicyFor, setSecurityHeaders } from './security-headers.ts';
import { doorAppRoutes, serveDoorAssets } from './serve-door-app.ts';

// The door app (issue 24) as the server serves it: its own build under /qr-scanner/, the camera
// allowed on its pages only, its service worker always revalidated, its deep links its index.html.
let dist: string;
let app: Hono;
beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'door-dist-'));
  await fs.mkdir(path.join(dist, 'assets'));
  await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Ticket Scanner</title>');
  await fs.writeFile(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  await fs.writeFile(path.join(dist, 'manifest.webmanifest'), '{"name":"Marquee Door"}');
  await fs.writeFile(path.join(dist, 'assets', 'index-abc12345.js'), 'console.log(1)');
  app = new Hono();
  app.use('/qr-scanner/assets/*', serveDoorAssets(dist));
  app.use(setSecurityHeaders({}));
  app.route('/', doorAppRoutes(dist));
});
afterAll(() => fs.rm(dist, { recursive: true, force: true }));

const get = (p: string) => app.fetch(new Request(`http://localhost${p}`));

describe('the door app, served', () => {
  it('/qr-scanner leads to /qr-scanner/ (the service worker\'s scope), keeping the gig it was asked for', async () => {
    const res = await get('/qr-scanner?gig=abc');
    expect(res.status).toBe(308);
    expect(res.headers.get('location')).toBe('/qr-scanner/?gig=abc');
  });

  it('its pages, deep links included, are its index.html, revalidated, and may use the camera; the site\'s pages may not', async () => {
    for (const p of ['/qr-scanner/', '/qr-scanner/join']) {
      const res = await get(p);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('Ticket Scanner');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('permissions-policy')).toContain('camera=(self)');
    }
    expect(permissionsPolicyFor('/dashboard')).toContain('camera=()');
    expect(permissionsPolicyFor('/qr-scanner-fake')).toContain('camera=()');
  });

  it('the service worker and manifest are revalidated on every load; hashed files are kept a year', async () => {
    const worker = await get('/qr-scanner/sw.js');
    expect(worker.status).toBe(200);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    const manifest = await get('/qr-scanner/manifest.webmanifest');
    expect(manifest.headers.get('content-type')).toBe('application/manifest+json');
    const asset = await get('/qr-scanner/assets/index-abc12345.js');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});
