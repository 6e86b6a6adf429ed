import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress-plugin.ts';

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), precompress()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: true,
    // Read by scripts/check-bundle-size.ts to find each public route's chunks.
    manifest: true,
    rolldownOptions: {
      output: {
        // Every page needs React, the router and TanStack Query: one file compresses better than
        // four (scripts/check-bundle-size.ts measures the result).
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              // Mutations are only used behind sign-in, so they stay with those screens.
              test: (id) => /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/.test(id) && !/(useMutation|mutationObserver)\.js$/.test(id),
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/files': 'http://localhost:3000', '/healthz': 'http://localhost:3000' },
  },
});
