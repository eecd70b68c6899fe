#!/usr/bin/env node
// The same integration suite under @vscode/test-electron, for machines that can download VS Code
// desktop (this offline machine cannot: the download fails with ENOTFOUND). Run `npm run test:electron`
// in extension/ after a build; it pins the VS Code version code-server 4.100.3 ships, so both hosts agree.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runTests } from '@vscode/test-electron';

const extensionDir = fileURLToPath(new URL('..', import.meta.url));
const workspace = mkdtempSync(join(tmpdir(), 'keyfob-electron-'));
cpSync(join(extensionDir, 'test', 'fixtures', 'workspace'), workspace, { recursive: true });
try {
  await runTests({
    version: process.env.KEYFOB_VSCODE_VERSION ?? '1.100.3',
    extensionDevelopmentPath: extensionDir,
    extensionTestsPath: join(extensionDir, 'dist', 'test', 'suite.js'),
    launchArgs: [workspace, '--disable-extensions', '--disable-workspace-trust', '--skip-welcome'],
  });
  console.log('extension suite under @vscode/test-electron: passed');
} catch (error) {
  console.error(
    `extension suite under @vscode/test-electron failed: ${error instanceof Error ? error.message : error}`,
  );
  process.exitCode = 1;
} finally {
  rmSync(workspace, { recursive: true, force: true });
}
