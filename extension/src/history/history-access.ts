import type * as HistoryCore from './history-core.ts';

let loaded: typeof HistoryCore | undefined;

/**
 * The history core, loaded on first call. esbuild bundles history-core.ts into a lazily
 * initialised module, so the index (the seed-2 data linked into maps and a path trie) is built
 * when a document is first scanned, not while VS Code waits for activation.
 */
export function historyCore(): typeof HistoryCore {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a run-time require keeps building the index out of activation
  loaded ??= require('./history-core.ts') as typeof HistoryCore;
  return loaded;
}
