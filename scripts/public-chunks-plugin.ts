// Finds the modules two or more public screens share, so the build can put them in the entry chunk
// with the app shell (decision 43): a public page then loads three or four files, not a dozen
// small ones, each costing its response headers. Writes .vite/chunks.json, the map of chunks and
// their modules that scripts/check-bundle-size.ts reads.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { PUBLIC_ROUTES } from './public-routes.ts';

/** dist/client/.vite/chunks.json: each JavaScript file, its static imports and its modules (relative to src/client). */
export type ChunkMap = Record<string, { imports: string[]; modules: string[] }>;
export const CHUNK_MAP_FILE = '.vite/chunks.json';

export function publicChunks(clientRoot: string): { plugin: Plugin; isSharedByPublicScreens: (id: string) => boolean } {
  const shared = new Set<string>();
  const screens = new Set(PUBLIC_ROUTES.flatMap((route) => route.modules.map((module) => path.resolve(clientRoot, module))));
  const plugin: Plugin = {
    name: 'marquee-public-chunks',
    apply: 'build',
    buildEnd() {
      const screensUsing = new Map<string, number>();
      for (const screen of screens) {
        // A screen's own modules, up to node_modules (the vendor chunk) and other screens (their own chunks).
        const reached = new Set<string>();
        const visit = (id: string) => {
          if (reached.has(id) || id.includes('node_modules') || id.startsWith('\0')) return;
          reached.add(id);
          for (const imported of this.getModuleInfo(id)?.importedIds ?? []) if (!screens.has(imported)) visit(imported);
        };
        visit(screen);
        reached.delete(screen);
        for (const id of reached) screensUsing.set(id, (screensUsing.get(id) ?? 0) + 1);
      }
      shared.clear();
      for (const [id, count] of screensUsing) if (count >= 2) shared.add(id);
    },
    // After the HTML plugin has dropped the empty facade of index.html.
    async writeBundle(options, bundle) {
      const chunks: ChunkMap = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const modules = output.moduleIds.filter((id) => !id.startsWith('\0')).map((id) => path.relative(clientRoot, id).split(path.sep).join('/'));
        chunks[output.fileName] = { imports: output.imports, modules };
      }
      const file = path.join(options.dir!, CHUNK_MAP_FILE);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, JSON.stringify(chunks, null, 1));
    },
  };
  return { plugin, isSharedByPublicScreens: (id) => shared.has(id) };
}
