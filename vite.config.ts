import path from 'node:path';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { embedScripts } from './scripts/embed-build-plugin.ts';
import { precompress } from './scripts/precompress-plugin.ts';
import { publicChunks } from './scripts/public-chunks-plugin.ts';

const clientRoot = path.resolve('src/client');
const { plugin: findPublicChunks, isSharedByPublicScreens } = publicChunks(clientRoot);

export default defineConfig(() => ({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), embedScripts(), precompress(), findPublicChunks],
  resolve: {
    // Issue 34: the part of React Router's declarative mode the client uses, in about 2 KB instead
    // of React Router's 11.4 KB (compressed) on every page; screens still import 'react-router'
    // and type-check against its types. The same in `vite` and the build.
    alias: [{ find: /^react-router$/, replacement: path.join(clientRoot, 'lib/router.tsx') }],
  },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: true,
    modulePreload: {
      // Browsers that run this client preload modules themselves.
      polyfill: false,
      // A lazy chunk need not preload what index.html has loaded already; with nothing else to
      // wait for, its import() fetches it at once.
      resolveDependencies: (file, deps, { hostType }) => {
        if (hostType === 'html') return deps;
        const rest = deps.filter((dep) => !/^assets\/(rolldown-runtime|vendor|index)-[\w-]{8}\.(js|css)$/.test(dep));
        return rest.length === 1 && rest[0] === file ? [] : rest;
      },
    },
    rolldownOptions: {
      // The entry exports nothing, so its chunk may also hold the modules grouped with it below.
      preserveEntrySignatures: false,
      output: {
        // Each file a page loads costs its response headers as well as its bytes (decision 43): a
        // public page loads the runtime, the vendor chunk, the entry and its own screen.
        codeSplitting: {
          groups: [
            {
              // React and TanStack Query, apart from the app's code: they change less often.
              name: 'vendor',
              priority: 2,
              // Mutations are only used behind sign-in, so they stay with those screens.
              test: (id) => /node_modules[\\/](react|react-dom|scheduler|@tanstack)[\\/]/.test(id) && !/(useMutation|mutationObserver)\.js$/.test(id),
            },
            {
              // The entry: the app shell and what two or more public screens share.
              name: 'index',
              priority: 1,
              test: (id) => id === path.join(clientRoot, 'main.tsx') || isSharedByPublicScreens(id),
            },
            {
              // A band's site is the same screen on its subdomain and at /band/{name}.
              name: 'band-site',
              test: /src[\\/]client[\\/]features[\\/]sites[\\/](subdomain-site|band-site)\.tsx$/,
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
}));
