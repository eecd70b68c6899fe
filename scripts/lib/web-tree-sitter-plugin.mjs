// An esbuild plugin for bundles that are not ES modules (the action's CommonJS files, the extension's
// Node server and its web worker): web-tree-sitter (keyfob's HCL parser) is an ES module that asks
// `import.meta.url` for its own place. keyfob hands it its WebAssembly from memory, so the place is
// only used to make a `require` for Node's built-ins: in CommonJS it is the bundle's own file; in a
// browser worker there is none, and its Node-only imports stay unresolved (never run there).
import { readFile } from 'node:fs/promises';

/** @param {'node' | 'browser'} platform */
export function webTreeSitterPlugin(platform) {
  // Computed at the module's top: inside, the runtime declares a `require` of its own (hoisted).
  const prelude = platform === 'node' ? 'const __treeSitterUrl = require("url").pathToFileURL(__filename).href;\n' : '';
  const url = platform === 'node' ? '__treeSitterUrl' : 'undefined';
  return {
    name: 'web-tree-sitter',
    setup(build) {
      build.onLoad({ filter: /[\\/]web-tree-sitter[\\/]tree-sitter\.js$/ }, async (args) => ({
        contents: prelude + (await readFile(args.path, 'utf8')).replaceAll('import.meta.url', url),
        loader: 'js',
      }));
      if (platform === 'browser')
        build.onResolve({ filter: /^(module|fs\/promises)$/ }, (args) => ({ path: args.path, external: true }));
    },
  };
}
