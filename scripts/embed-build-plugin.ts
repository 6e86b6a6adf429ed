// The gig widget's scripts (issue 26), built with the client so every `vite build` (npm run build,
// npm start, npm test) makes them: /embed.js, a classic script (an IIFE: nothing leaks into the host
// page's globals), and /embed/iframe-resizer.js, an ES module. Each is built apart from the app's
// chunks (nothing of React comes along) and added to the client's output, where the precompress
// plugin makes their .br and .gz like every other asset. scripts/check-bundle-size.ts weighs them.
import path from 'node:path';
import { build, type Plugin, type Rollup } from 'vite';

export const EMBED_SCRIPTS = [
  { fileName: 'embed.js', entry: 'src/embed/marquee-gigs.ts', format: 'iife' },
  { fileName: 'embed/iframe-resizer.js', entry: 'src/embed/iframe-resizer.ts', format: 'es' },
] as const;

async function bundle(entry: string, format: 'iife' | 'es'): Promise<string> {
  const result = (await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    build: {
      write: false,
      minify: true,
      sourcemap: false,
      target: 'es2022',
      copyPublicDir: false,
      modulePreload: false,
      rolldownOptions: {
        input: path.resolve(entry),
        preserveEntrySignatures: format === 'es' ? 'strict' : false,
        output: { format, entryFileNames: 'out.js', codeSplitting: false },
      },
    },
  })) as Rollup.RollupOutput | Rollup.RollupOutput[];
  const outputs = Array.isArray(result) ? result : [result];
  const chunk = outputs.flatMap((o) => o.output).find((o): o is Rollup.OutputChunk => o.type === 'chunk' && o.isEntry);
  if (!chunk) throw new Error(`The embed build made no script for ${entry}.`);
  return chunk.code;
}

export function embedScripts(): Plugin {
  return {
    name: 'marquee-embed-scripts',
    apply: 'build',
    async generateBundle() {
      for (const { fileName, entry, format } of EMBED_SCRIPTS) {
        this.emitFile({ type: 'asset', fileName, source: await bundle(entry, format) });
      }
    },
  };
}
