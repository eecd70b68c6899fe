import * as assert from 'node:assert/strict';
import { suite, suiteTeardown, test } from 'mocha';
import * as vscode from 'vscode';
import {
  codeOf,
  expectCleanAfterProbe,
  fixtureUri,
  keyfobDiagnostics,
  openFixture,
  waitForDiagnostics,
} from './helpers.ts';

/** Commands (new role file, validate workspace) and the outline. */
export function registerCommandTests(): void {
  suite('commands and outline', () => {
    // Each new role file stays open until the loop is done, so every one gets its own untitled name.
    // Closing one (revert and close) and opening the next at once reuses `Untitled-1`; seen once under
    // load: the JSON document's diagnostics were those of the closed YAML text (DOC_JSON_SYNTAX at 0:0),
    // likely the closed document's revert reaching the server after the new document's didOpen.
    const created: vscode.TextDocument[] = [];
    suiteTeardown(async () => {
      for (const document of created) {
        await vscode.window.showTextDocument(document);
        await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
      }
    });
    for (const kind of ['iam_user', 'assumed_role', 'federation_token', 'session_token', 'static-role']) {
      for (const format of ['yaml', 'json']) {
        test(`New role file: ${kind} in ${format} lints clean`, async () => {
          const document = await vscode.commands.executeCommand<vscode.TextDocument>(
            'keyfob.newRoleFile',
            kind,
            format,
          );
          assert.ok(document, 'a document was opened');
          created.push(document);
          assert.equal(document.languageId, format);
          // Line 1 is inside the role in both formats (after the YAML modeline, after JSON's `{`).
          await expectCleanAfterProbe(document, 1, format === 'yaml' ? 'bogus_key: 1\n' : '  "bogus_key": 1,\n');
          assert.deepEqual(keyfobDiagnostics(document.uri).map(codeOf), []);
        });
      }
    }

    test('Validate all role files reports files that are not open', async () => {
      const summary = await vscode.commands.executeCommand<{ files: number; problems: number; errors: number }>(
        'keyfob.validateWorkspace',
      );
      assert.ok(summary.files >= 10, `found ${summary.files} role files`);
      assert.ok(summary.errors > 0);
      const staticRole = fixtureUri('roles/rotate.static-role.yaml');
      const found = await waitForDiagnostics(staticRole, (d) => d.length > 0);
      assert.ok(found.some((d) => codeOf(d) === 'STATIC_ROLE_ROTATION_TOO_SHORT'));
      assert.ok(
        vscode.languages.getDiagnostics(fixtureUri('other/not-a-role.yaml')).every((d) => d.source !== 'keyfob'),
      );
    });

    test('the outline lists each role of a multi-document file with its fields', async () => {
      const document = await openFixture('roles/team.role.yaml');
      const symbols = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>(
        'vscode.executeDocumentSymbolProvider',
        document.uri,
      );
      const ours = symbols.filter((s) => ['reader', 'deployer', 'session'].includes(s.name));
      assert.deepEqual(
        ours.map((s) => s.name),
        ['reader', 'deployer', 'session'],
      );
      assert.equal(ours[1]?.range.start.line, 5);
      assert.ok(ours[1]?.children.some((c) => c.name === 'role_arns'));
      assert.match(ours[1]?.detail ?? '', /assumed_role/);
    });
  });
}
