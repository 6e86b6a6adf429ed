import path from 'node:path';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './scripts/precompress-plugin.ts';

/**
 * The door app (issue 24): an installable, offline scanner at /qr-scanner/, built apart from the
 * main client so the public pages' chunks and JavaScript budget stay exactly as they are. Its
 * service worker (scope /qr-scanner/) precaches only this app's own files and never caches /api:
 * the door's data lives in IndexedDB.
 */
export default defineConfig(({ command }) => ({
  root: 'src/door',
  base: '/qr-scanner/',
  publicDir: 'public',
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      // main.tsx registers the worker itself (no inline script: the CSP allows none).
      injectRegister: false,
      registerType: 'autoUpdate',
      scope: '/qr-scanner/',
      includeAssets: ['icon-192.png', 'icon-512.png', 'icon-maskable-512.png'],
      manifest: {
        name: 'Marquee Door',
        short_name: 'Door',
        description: 'Scan Marquee tickets at the door, with or without signal.',
        id: '/qr-scanner/',
        start_url: '/qr-scanner/',
        scope: '/qr-scanner/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#09090b',
        theme_color: '#09090b',
        icons: [
          { src: 'icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: 'icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,png,svg,webmanifest}'],
        navigateFallback: '/qr-scanner/index.html',
        // Only the door's own pages fall back to its screen; the API is always the network's.
        navigateFallbackAllowlist: [/^\/qr-scanner(\/|$)/],
        navigateFallbackDenylist: [/^\/api\//],
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
    precompress(),
  ],
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: path.resolve('node_modules/react-router/dist/production/index.mjs') }] : [],
  },
  build: {
    outDir: '../../dist/door',
    emptyOutDir: true,
    sourcemap: true,
    modulePreload: { polyfill: false },
    // React, zod, dexie and the QR decoder in one file, loaded once and then kept by the service worker.
    chunkSizeWarningLimit: 700,
  },
  server: {
    port: 5174,
    proxy: { '/api': 'http://localhost:3000' },
  },
}));
