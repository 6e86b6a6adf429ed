// Brotli and gzip copies of every built text asset, made once at build time, so the server sends
// them as they are (serveStatic's `precompressed`) instead of compressing on every request. Small
// files too: a page loads them like the others, and each compressed copy is kept only if smaller.
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml)$/;

async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? listFiles(path.join(dir, e.name)) : Promise.resolve([path.join(dir, e.name)]))));
  return nested.flat();
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'marquee-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await listFiles(outDir)).filter((f) => COMPRESSIBLE.test(f));
      await Promise.all(
        files.map(async (file) => {
          const raw = await fs.readFile(file);
          const [br, gz] = await Promise.all([
            brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
            gzip(raw, { level: 9 }),
          ]);
          await Promise.all([br.length < raw.length && fs.writeFile(`${file}.br`, br), gz.length < raw.length && fs.writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}
