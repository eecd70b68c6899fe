import * as assert from 'node:assert/strict';
import { suite, test } from 'mocha';
import * as vscode from 'vscode';

/** The host is a real VS Code and our extension is installed in it. */
export function registerSmokeTests(): void {
  suite('host', () => {
    test('runs inside VS Code 1.100 with the extension present', () => {
      const [major, minor] = vscode.version.split('.').map(Number);
      assert.ok(major === 1 && (minor ?? 0) >= 100, `VS Code ${vscode.version} is at least 1.100`);
      assert.ok(vscode.extensions.getExtension('keyfob.keyfob-vscode'), 'extension keyfob.keyfob-vscode is installed');
    });
  });
}
