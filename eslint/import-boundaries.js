// Local ESLint rule `marquee/import-boundaries`: which part of src may import which. See
// docs/decisions/0014-lint.md. Relative specifiers are resolved to paths, so every spelling of the
// same import (`../x`, `../../features/x`, `import()`, `export ... from`) is judged the same way.
//
// Options: { root, featureExports, compositionRoots }
//   root: the project folder (absolute).
//   featureExports: { 'server/discovery': ['public-gigs.ts', ...], ... }: the files of a feature that
//     code outside it may import. Anything else in a feature folder is its internals.
//   compositionRoots: path prefixes (relative to root) that wire features together (the server's
//     app, the client's router and layout) and may import any feature file.
import path from 'node:path';

const FEATURE = /^src\/(server|client)\/features\/([^/]+)\/(.+)$/;

/** @type {import('eslint').Rule.RuleModule} */
export const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps src/core, src/server, src/client and the features within their boundaries.' },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          featureExports: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
          compositionRoots: { type: 'array', items: { type: 'string' } },
        },
        required: ['root', 'featureExports'],
        additionalProperties: false,
      },
    ],
    messages: {
      coreImportsApp: 'src/core is shared by server and client and must not import from {{target}}.',
      clientImportsServer: 'Client code must not import server code ({{target}}).',
      featureImportsRoot:
        "Features must not import the composition root ({{target}}): import the Services type from src/server/services.ts and register jobs in src/server/jobs/register-jobs.ts.",
      featureInternals:
        "'{{file}}' is internal to the {{feature}} feature. Import one of its public files ({{allowed}}) or add this file to featureExports in eslint.config.js on purpose.",
    },
  },
  create(context) {
    const { root, featureExports, compositionRoots = [] } = context.options[0];
    const toPosix = (p) => p.split(path.sep).join('/');
    const from = toPosix(path.relative(root, context.filename));
    if (from.startsWith('..')) return {};
    const fromFeature = from.match(FEATURE);
    const isCompositionRoot = compositionRoots.some((prefix) => from === prefix || from.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`));

    function check(node, source) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = toPosix(path.relative(root, path.resolve(path.dirname(context.filename), source)));
      if (from.startsWith('src/core/') && /^src\/(server|client|door)(\/|$)/.test(target)) {
        context.report({ node, messageId: 'coreImportsApp', data: { target } });
        return;
      }
      // The door app (src/door, issue 24) is client code too.
      if ((from.startsWith('src/client/') || from.startsWith('src/door/')) && /^src\/server(\/|$)/.test(target)) {
        context.report({ node, messageId: 'clientImportsServer', data: { target } });
        return;
      }
      const isRootTarget = compositionRoots.some((prefix) => target === prefix.replace(/\.ts$/, '') + '.ts' || target === prefix);
      if (fromFeature && fromFeature[1] === 'server' && isRootTarget) {
        context.report({ node, messageId: 'featureImportsRoot', data: { target } });
        return;
      }
      const toFeature = target.match(FEATURE);
      if (!toFeature || isCompositionRoot) return;
      const [, side, name, file] = toFeature;
      if (fromFeature && fromFeature[1] === side && fromFeature[2] === name) return;
      const allowed = featureExports[`${side}/${name}`] ?? [];
      if (!allowed.includes(file)) {
        context.report({
          node,
          messageId: 'featureInternals',
          data: { file, feature: `${side}/${name}`, allowed: allowed.length ? allowed.join(', ') : 'none yet' },
        });
      }
    }

    const fromSource = (node) => {
      if (node.source) check(node.source, node.source.value);
    };
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression(node) {
        if (node.source.type === 'Literal') check(node.source, node.source.value);
        else if (node.source.type === 'TemplateLiteral' && node.source.expressions.length === 0) check(node.source, node.source.quasis[0].value.cooked);
      },
    };
  },
};
