#!/usr/bin/env node
// Copies the repository's LICENSE into a workspace before it is packed (`npm pack`, `vsce package`),
// so the published package carries the one licence text kept at the root. Usage: copy-license.mjs cli
import { copyFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const workspace = process.argv[2];
if (!workspace || !/^[a-z-]+$/.test(workspace)) {
  console.error('usage: copy-license.mjs <workspace folder, e.g. cli or extension>');
  process.exit(2);
}
copyFileSync(
  fileURLToPath(new URL('../LICENSE', import.meta.url)),
  fileURLToPath(new URL(`../${workspace}/LICENSE`, import.meta.url)),
);
