// Bundles the action into committed CommonJS files that the runner starts with node24:
//   dist/main.cjs     the main step
//   dist/post.cjs     the post step (revoke leases, clear variables)
//   dist/credential-process.cjs  the credential_process of a refreshing AWS profile (refresh: true)
//   dist/network.cjs  undici with a proxy/CA dispatcher, loaded by the others only when needed
// @actions/core 3 is ESM-only while its dependencies call require(); CommonJS output handles both.
//   dist/file-modes.cjs  lint, apply, history and access-diff (YAML parser, rules), loaded only by those modes
//   dist/github.cjs   @actions/github (the event, Octokit for the pull request comment), loaded only by
//                     access-diff and history
// The output is deterministic: CI rebuilds and fails when dist/ differs from the committed files.
import { build } from 'esbuild';
import { renameSync, rmSync } from 'node:fs';
import { webTreeSitterPlugin } from '../scripts/lib/web-tree-sitter-plugin.mjs';

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  minify: true,
  legalComments: 'eof',
  charset: 'utf8',
  logLevel: 'warning',
  // ESM builds first: jsonc-parser's CommonJS build is UMD with require() calls esbuild cannot follow.
  mainFields: ['module', 'main'],
};

/** Keeps the lazily loaded parts out of main and post: they require the separate files at run time. */
const chunks = {
  name: 'lazy-chunks',
  setup(b) {
    b.onResolve({ filter: /[\\/]network\.ts$/ }, () => ({ path: './network.cjs', external: true }));
    b.onResolve({ filter: /[\\/]file-modes\.ts$/ }, () => ({ path: './file-modes.cjs', external: true }));
    b.onResolve({ filter: /[\\/]github\.ts$/ }, () => ({ path: './github.cjs', external: true }));
  },
};

/**
 * Marks modules as free of side effects so that what the action does not use is dropped: shared/ is
 * pure by design (values in, values out), and core's OIDC helper with its HTTP client is unused
 * (src/id-token.ts asks for ID tokens through the step's own fetch). Without this the bundle carries
 * the platform-history data, the YAML parser and a second copy of undici that never run.
 */
const PURE =
  /[\\/]shared[\\/]src[\\/]|[\\/]schemas[\\/]|@actions[\\/]http-client[\\/]|@actions[\\/]core[\\/]lib[\\/]oidc-utils\.js$/;
const pure = {
  name: 'pure-modules',
  setup(b) {
    b.onResolve({ filter: /.*/ }, async (args) => {
      if (args.pluginData?.resolving) return undefined;
      const resolved = await b.resolve(args.path, {
        resolveDir: args.resolveDir,
        kind: args.kind,
        importer: args.importer,
        pluginData: { resolving: true },
      });
      if (resolved.errors.length > 0 || resolved.external || !PURE.test(resolved.path)) return undefined;
      return { ...resolved, sideEffects: false };
    });
  },
};

const treeSitter = webTreeSitterPlugin('node');

// Built beside dist/ and swapped in only when every bundle built: a failed build (a dependency missing
// from a stale node_modules) leaves the committed bundles as they were instead of deleting them.
const OUT = 'dist.next';
rmSync(OUT, { recursive: true, force: true });
const built = Promise.all([
  build({
    ...common,
    entryPoints: ['src/bin/main-entry.ts'],
    outfile: `${OUT}/main.cjs`,
    plugins: [chunks, pure, treeSitter],
  }),
  build({
    ...common,
    entryPoints: ['src/bin/post-entry.ts'],
    outfile: `${OUT}/post.cjs`,
    plugins: [chunks, pure, treeSitter],
  }),
  build({
    ...common,
    entryPoints: ['src/bin/credential-process-entry.ts'],
    outfile: `${OUT}/credential-process.cjs`,
    plugins: [chunks, pure, treeSitter],
  }),
  build({ ...common, entryPoints: ['src/network.ts'], outfile: `${OUT}/network.cjs` }),
  build({ ...common, entryPoints: ['src/github.ts'], outfile: `${OUT}/github.cjs`, plugins: [pure] }),
  build({
    ...common,
    entryPoints: ['src/modes/file-modes.ts'],
    outfile: `${OUT}/file-modes.cjs`,
    plugins: [pure, treeSitter],
  }),
]);
try {
  await built;
} catch (error) {
  rmSync(OUT, { recursive: true, force: true });
  throw error;
}
rmSync('dist', { recursive: true, force: true });
renameSync(OUT, 'dist');
