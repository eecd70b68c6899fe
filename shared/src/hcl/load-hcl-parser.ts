import type { Node, Parser, Tree } from 'web-tree-sitter';

/**
 * keyfob's one HCL parser: tree-sitter's HCL grammar run by web-tree-sitter (WebAssembly), the same
 * code in Node, the action's bundle and the extension's web worker. Loading compiles the WebAssembly
 * once, asynchronously; parsing is synchronous after that. Each host awaits `loadHclParser()` once
 * before it reads HCL (the CLI, the engine, the action's file modes, the language server's
 * initialize, the test runner's preload).
 *
 * The loaded parser lives in one global slot, so that every copy of this module in one process
 * (bundles that each carry shared/, a preload and the code it serves) shares one load.
 */
const SLOT = Symbol.for('keyfob.hcl-parser');

interface ParserSlot {
  parser?: Parser;
  loading?: Promise<void>;
}

function parserSlot(): ParserSlot {
  const holder = globalThis as { [SLOT]?: ParserSlot };
  holder[SLOT] ??= {};
  return holder[SLOT];
}

/** Node's Buffer, where there is one (not in the extension's web worker). */
interface NodeBuffer {
  from(text: string, encoding: 'base64'): Uint8Array;
}

function decode(base64: string): Uint8Array {
  // Node's native decoder: atob and a loop over the 300 KB took 3-9 ms of CPU per process, this under 1.
  const buffer = (globalThis as { Buffer?: NodeBuffer }).Buffer;
  if (buffer) return buffer.from(base64, 'base64');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Loads the HCL parser once per process; later calls return the same promise. */
export function loadHclParser(): Promise<void> {
  const slot = parserSlot();
  slot.loading ??= (async () => {
    // Imported here, not at the top: the runtime and the embedded WebAssembly are 550 KB of
    // script (about 7 ms of CPU to load) that a process reading no HCL never needs.
    const [{ Language, Parser }, { HCL_GRAMMAR_WASM, TREE_SITTER_WASM }] = await Promise.all([
      import('web-tree-sitter'),
      import('./hcl-wasm.generated.ts'),
    ]);
    // The runtime comes from memory: never look for tree-sitter.wasm beside a script (there is none in a bundle).
    await Parser.init({
      wasmBinary: decode(TREE_SITTER_WASM),
      locateFile: (path: string) => path,
    } as Parameters<typeof Parser.init>[0]);
    const language = await Language.load(decode(HCL_GRAMMAR_WASM));
    const parser = new Parser();
    parser.setLanguage(language);
    slot.parser = parser;
  })();
  return slot.loading;
}

/** True once `loadHclParser()` has finished. */
export function isHclParserLoaded(): boolean {
  return parserSlot().parser !== undefined;
}

/**
 * Parses `text` and hands the syntax tree's root to `read`, which turns it into plain values; the
 * tree's WebAssembly memory is freed when `read` returns (nodes must not escape it).
 * Offsets of nodes (`startIndex`, `endIndex`) are UTF-16 offsets into `text`.
 */
export function withHclTree<T>(text: string, read: (root: Node) => T): T {
  const parser = parserSlot().parser;
  if (!parser) throw new Error('the HCL parser is not loaded: await loadHclParser() once before reading HCL');
  const tree: Tree | null = parser.parse(text);
  if (!tree) throw new Error('the HCL parser returned no tree');
  try {
    return read(tree.rootNode);
  } finally {
    tree.delete();
  }
}
