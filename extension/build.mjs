#!/usr/bin/env node
// Bundles the extension with esbuild: the desktop build (Node, CommonJS) and its language server,
// the web build (browser worker, CommonJS as VS Code's web extension host expects) and its
// language server (a web worker), the integration suite (a Mocha entry exporting `run()`, loadable
// by code-server's and @vscode/test-electron's extension hosts; once for the Node extension host,
// once for the web worker extension host), and the
// contributed snippet files generated from shared/src/editor's scaffolds (one source for both).
import { build } from 'esbuild';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { webTreeSitterPlugin } from '../scripts/lib/web-tree-sitter-plugin.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, 'dist');
const production = process.env.KEYFOB_DEV !== '1';

const common = {
  bundle: true,
  external: ['vscode'],
  format: 'cjs',
  target: 'es2022',
  sourcemap: production ? false : 'linked',
  minify: production,
  legalComments: 'none',
  logLevel: 'warning',
  // jsonc-parser's UMD main requires its parts dynamically, which a bundle cannot follow; its ESM build can be.
  mainFields: ['module', 'main'],
};

async function buildSnippets() {
  const out = join(dist, '.gen', 'snippets.cjs');
  await build({
    ...common,
    minify: false,
    entryPoints: [join(here, 'src', 'snippets-source.ts')],
    platform: 'node',
    outfile: out,
  });
  const { snippetFiles } = createRequire(import.meta.url)(out);
  mkdirSync(join(dist, 'snippets'), { recursive: true });
  for (const [name, content] of Object.entries(snippetFiles())) {
    writeFileSync(join(dist, 'snippets', `${name}.json`), `${JSON.stringify(content, null, 2)}\n`);
  }
  rmSync(join(dist, '.gen'), { recursive: true, force: true });
}

// The schemas contributed with jsonValidation/yamlValidation (dist/schemas/*.schema.json): the
// repository's schemas with their annotations (titles, descriptions, defaults, examples, the
// property tree) and without a single assertion keyword. keyfob's language server reports every
// rule of these schemas (it validates against them, then applies the rules beside them), so a
// second validator reading the contributed copy (VS Code's JSON, Red Hat YAML) finds nothing to
// report twice and never shows a raw regex; `doNotSuggest` leaves key completion to keyfob.
const ASSERTIONS = new Set([
  'type',
  'enum',
  'const',
  'pattern',
  'required',
  'additionalProperties',
  'patternProperties',
  'propertyNames',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'format',
  'contentMediaType',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'if',
  'then',
  'else',
  'dependentRequired',
  'dependentSchemas',
  'dependencies',
  'contains',
  'multipleOf',
]);

function annotationsOnly(schema, isProperty = false) {
  if (Array.isArray(schema)) return schema.map((item) => annotationsOnly(item));
  if (typeof schema !== 'object' || schema === null) return schema;
  const out = {};
  for (const [key, value] of Object.entries(schema)) {
    if (ASSERTIONS.has(key)) continue;
    if (key === 'properties' || key === '$defs' || key === 'definitions') {
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, sub]) => [name, annotationsOnly(sub, key === 'properties')]),
      );
    } else if (key === 'default' || key === 'examples') {
      out[key] = value;
    } else {
      out[key] = annotationsOnly(value);
    }
  }
  if (isProperty) out.doNotSuggest = true;
  return out;
}

function buildContributedSchemas() {
  mkdirSync(join(dist, 'schemas'), { recursive: true });
  for (const kind of ['role', 'static-role', 'manifest']) {
    const schema = JSON.parse(readFileSync(join(here, '..', 'schemas', `${kind}.schema.json`), 'utf8'));
    // Comments and trailing commas are keyfob's to report (DOC_JSON_*), not VS Code's a second time.
    const contributed = {
      ...annotationsOnly(schema),
      allowComments: true,
      allowTrailingCommas: true,
      $comment:
        'Annotations only: keyfob checks these files itself (keyfob lint, its language server), with the full schema of the same $id.',
    };
    writeFileSync(join(dist, 'schemas', `${kind}.schema.json`), `${JSON.stringify(contributed, null, 2)}\n`);
  }
}

// Four bundles beside the suite and snippets: the desktop extension (dist/extension.js) and the
// language server it forks (dist/server.js, Node IPC); the web extension (dist/web/extension.js)
// and the server it starts in a web worker (dist/web/server.js). vscode-languageclient/-server
// pick their Node or browser half from the entry each imports.
// The web suite's stand-ins for what only Node has: Mocha's browser build, and the `assert` and
// `util` packages (Node's modules for browsers, as VS Code's web extension samples use them).
const webSuite = join(here, 'test', 'suite', 'web');
const SUBSTITUTES = {
  mocha: join(webSuite, 'mocha-browser.ts'),
  'node:assert/strict': join(webSuite, 'assert-strict.ts'),
  'node:util': createRequire(import.meta.url).resolve('util/'),
};
const browserSubstitutes = {
  name: 'browser-substitutes',
  setup(builder) {
    builder.onResolve({ filter: /^(mocha|node:assert\/strict|node:util)$/ }, (args) =>
      // The substitute itself imports the real package.
      args.importer === SUBSTITUTES[args.path] ? undefined : { path: SUBSTITUTES[args.path] },
    );
  },
};

rmSync(dist, { recursive: true, force: true });
const web = {
  ...common,
  platform: 'browser',
  mainFields: ['browser', 'module', 'main'],
  plugins: [webTreeSitterPlugin('browser')],
};
await Promise.all([
  build({
    ...common,
    entryPoints: [join(here, 'src', 'desktop.ts')],
    platform: 'node',
    outfile: join(dist, 'extension.js'),
  }),
  build({
    ...common,
    entryPoints: [join(here, 'src', 'server', 'node-server.ts')],
    platform: 'node',
    plugins: [webTreeSitterPlugin('node')],
    outfile: join(dist, 'server.js'),
  }),
  build({ ...web, entryPoints: [join(here, 'src', 'web.ts')], outfile: join(dist, 'web', 'extension.js') }),
  // A worker is not a CommonJS module: its bundle runs as a plain script.
  build({
    ...web,
    format: 'iife',
    entryPoints: [join(here, 'src', 'server', 'web-server.ts')],
    outfile: join(dist, 'web', 'server.js'),
  }),
  build({
    ...common,
    minify: false,
    entryPoints: [join(here, 'test', 'suite', 'index.ts')],
    platform: 'node',
    // Mocha's parallel mode resolves worker files at run time; the suite runs serially, so it is unused.
    logOverride: { 'require-resolve-not-external': 'silent' },
    outfile: join(dist, 'test', 'suite.js'),
  }),
  // The same suite for the web worker extension host: browser CommonJS, with browser substitutes.
  build({
    ...web,
    minify: false,
    entryPoints: [join(here, 'test', 'suite', 'web-index.ts')],
    plugins: [...web.plugins, browserSubstitutes],
    inject: [join(webSuite, 'process.mjs')],
    outfile: join(dist, 'web', 'test', 'suite.js'),
  }),
  buildSnippets(),
]);
buildContributedSchemas();
// AWS's IAM catalogue (schemas/iam-catalogue.mjs wrote it) for both servers: the Node one reads
// dist/iam from disk, the web worker requests dist/iam/<file> from the extension's own location.
cpSync(join(here, '..', 'schemas', 'generated', 'iam'), join(dist, 'iam'), { recursive: true });
