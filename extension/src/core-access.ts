import type * as Core from './core.ts';

let loaded: typeof Core | undefined;

/**
 * The shared core, loaded on first call. Activation then only registers providers (a few ms); the
 * parser and rules (most of the bundle's size and load time) load when a document is first checked,
 * and never for a session that opens no YAML or JSON file. build.mjs resolves `./core.js` to the
 * separate desktop file, or inlines core.ts in the web build (a web extension is a single file).
 */
export function core(): typeof Core {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a run-time require is what keeps the core out of the activation path
  loaded ??= require('./core.js') as typeof Core;
  return loaded;
}
