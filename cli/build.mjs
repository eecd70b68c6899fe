// Bundles the keyfob command into one CommonJS file that the launcher in bin/ loads.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/bin.ts'],
  outfile: 'dist/keyfob.cjs',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: 'linked',
  // jsonc-parser's main entry is a UMD file whose inner require() calls a bundler cannot follow.
  mainFields: ['module', 'main'],
  logLevel: 'warning',
  // import.meta.url is used to find files shipped beside the bundle (schemas, examples).
  define: { 'import.meta.url': 'importMetaUrl' },
  banner: { js: "const importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
});
