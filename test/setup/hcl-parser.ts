// Preloaded into every test process (scripts/test.mjs passes it with --import): loads keyfob's HCL
// parser once, as each host does at start (the CLI, the engine, the action, the language server),
// so tests call the synchronous readers directly.
import { loadHclParser } from '@keyfob/shared/hcl';

await loadHclParser();
