// typescript-eslint loads TypeScript as a library (its compiler API). The project compiles with
// TypeScript 7, the native port, whose package has no such API, so in the ESLint process every
// `typescript` import is sent to the devDependency alias `typescript-5.9` (npm:typescript@~5.9.3).
// tsc, Vite and Vitest are untouched. See docs/decisions/0014-lint.md.
import { registerHooks } from 'node:module';

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === 'typescript' || specifier.startsWith('typescript/')) {
      return nextResolve(`typescript-5.9${specifier.slice('typescript'.length)}`, context);
    }
    return nextResolve(specifier, context);
  },
});
