import * as assert from 'node:assert/strict';
import { lintText } from '@keyfob/shared/lint';
import { suite, test } from 'mocha';
import * as vscode from 'vscode';
import { waitFor } from './helpers.ts';
import {
  codeOf,
  expectCleanAfterProbe,
  fixtureUri,
  keyfobDiagnostics,
  openFixture,
  openNew,
  waitForDiagnostics,
} from './helpers.ts';

/** Same codes and ranges as `keyfob lint` (lintText), computed here from the same text. */
function expectedFromLint(document: vscode.TextDocument): string[] {
  const name = document.uri.path.slice(document.uri.path.lastIndexOf('/') + 1);
  const result = lintText(document.getText(), {
    fileName: name,
    format: document.languageId === 'yaml' ? 'yaml' : 'json',
  });
  return result.problems
    .map((p) => `${p.code} ${p.range?.startLine}:${p.range?.startColumn}-${p.range?.endLine}:${p.range?.endColumn}`)
    .sort();
}

function actual(diagnostics: readonly vscode.Diagnostic[]): string[] {
  return diagnostics
    .map(
      (d) =>
        `${codeOf(d)} ${d.range.start.line + 1}:${d.range.start.character + 1}-${d.range.end.line + 1}:${d.range.end.character + 1}`,
    )
    .sort();
}

/** Diagnostics: codes, ranges, links, tags; YAML multi-document, JSON; settings globs; silence elsewhere. */
export function registerDiagnosticsTests(): void {
  suite('diagnostics', () => {
    test('YAML: codes and ranges equal keyfob lint, on the keys and values at fault', async () => {
      const document = await openFixture('roles/mistakes.role.yaml');
      const found = await waitForDiagnostics(document.uri, (d) => d.length >= 3);
      assert.deepEqual(actual(found), expectedFromLint(document));
      const unknown = found.find((d) => codeOf(d) === 'FIELD_UNKNOWN');
      assert.ok(unknown, 'misspelt polcy_arns is reported');
      assert.deepEqual(
        [unknown.range.start.line, unknown.range.start.character, unknown.range.end.character],
        [3, 0, 10],
      );
      const duration = found.find((d) => codeOf(d) === 'DURATION_BAD_UNIT');
      assert.deepEqual([duration?.range.start.line, duration?.range.start.character], [5, 17]);
      assert.ok(found.some((d) => codeOf(d) === 'ROLE_IAM_USER_FIELD_NOT_ALLOWED' && d.range.start.line === 6));
    });

    test('every diagnostic links its code to the documentation', async () => {
      const document = await openFixture('roles/mistakes.role.yaml');
      const found = await waitForDiagnostics(document.uri, (d) => d.length > 0);
      for (const d of found) {
        const code = d.code as { value: string; target: vscode.Uri };
        assert.match(code.target.toString(), new RegExp(`#${code.value.toLowerCase()}$`));
      }
    });

    test('JSON: codes and ranges equal keyfob lint', async () => {
      const document = await openFixture('roles/mistakes.role.json');
      const found = await waitForDiagnostics(document.uri, (d) => d.length >= 2);
      assert.deepEqual(actual(found), expectedFromLint(document));
      assert.ok(found.some((d) => codeOf(d) === 'ROLE_ARNS_NOT_ALLOWED' && d.range.start.line === 4));
      assert.ok(found.some((d) => codeOf(d) === 'DURATION_BAD_UNIT' && d.range.start.line === 3));
    });

    test("YAML with several documents: each problem on its own document's lines", async () => {
      const document = await openFixture('roles/team.role.yaml');
      const found = await waitForDiagnostics(document.uri, (d) => d.length > 0);
      assert.deepEqual(actual(found), expectedFromLint(document));
      const boundary = found.find((d) => codeOf(d) === 'ROLE_IAM_USER_FIELD_NOT_ALLOWED');
      assert.equal(boundary?.range.start.line, 12, 'user_path of the second document');
    });

    test('unused or ignored fields carry the Unnecessary tag, legacy fields Deprecated', async () => {
      const legacy = await openFixture('fixes/legacy.role.yaml');
      const deprecated = await waitForDiagnostics(legacy.uri, (d) =>
        d.some((x) => x.tags?.includes(vscode.DiagnosticTag.Deprecated)),
      );
      assert.ok(deprecated.some((d) => codeOf(d) === 'ROLE_LEGACY_FIELD'));
      const suppress = await openFixture('fixes/suppress.role.yaml');
      const unused = await waitForDiagnostics(suppress.uri, (d) => d.length > 0);
      assert.ok(
        unused.some((d) => d.tags?.includes(vscode.DiagnosticTag.Unnecessary)),
        'mfa_serial_number on iam_user is unnecessary',
      );
    });

    test('the include setting makes custom/*.yaml a role file; other YAML stays silent', async () => {
      const custom = await openFixture('custom/team.yaml');
      const found = await waitForDiagnostics(custom.uri, (d) => d.length > 0);
      assert.ok(found.some((d) => codeOf(d) === 'ROLE_POLICY_NOT_ALLOWED'));
      const other = await openFixture('other/not-a-role.yaml');
      // Control: a keyfob modeline makes the same text a role file, with problems; without it, silence again.
      await expectCleanAfterProbe(
        other,
        0,
        '# yaml-language-server: $schema=https://keyfob.dev/schemas/role.schema.json\n',
        // The modeline makes the rest of the text a role file: its problems are below the probe.
        (d) => d.length > 0,
      );
      assert.deepEqual(keyfobDiagnostics(other.uri), []);
    });

    for (const file of ['roles/named.role.json', 'roles/schema.role.json']) {
      test(`one report per problem with VS Code's JSON language features on: ${file}`, async () => {
        // VS Code's JSON language features may run in another extension host than the suite (the
        // Node host, when the suite runs in the web worker host), where `getExtension` cannot see
        // them: the control below, their own diagnostic in a plain JSON file, proves they are on.
        const document = await openFixture(file);
        const ours = await waitForDiagnostics(document.uri, (d) => d.length >= 3);
        assert.deepEqual(actual(ours), expectedFromLint(document));
        // Control: VS Code's JSON validation runs here and has had its turn (a syntax error in a
        // plain JSON file opened after the role file is reported), so silence below is its verdict.
        const plain = await openNew(`other/control-${file.slice(6, -10)}.json`, '{ "a": 1 "b": 2 }\n');
        await waitFor(
          () => vscode.languages.getDiagnostics(plain.uri),
          (d) => d.some((x) => x.source !== 'keyfob'),
          "VS Code's JSON diagnostic in the control file",
        );
        const all = vscode.languages.getDiagnostics(document.uri);
        const describe = all
          .map((d) => `${d.source}:${codeOf(d)}@${d.range.start.line}:${d.range.start.character} ${d.message}`)
          .join('\n');
        // With a `$schema` URL VS Code fetches the schema itself, and may only say it could not (a
        // problem of that URL, at the `$schema` value, which keyfob does not report): nothing else.
        const others = all.filter((d) => d.source !== 'keyfob');
        assert.ok(
          others.every(
            (d) => d.range.start.line === 1 && /^Unable to load schema from 'https:\/\/keyfob\.dev\//.test(d.message),
          ),
          `only keyfob reports on the role file:\n${describe}`,
        );
        if (!file.startsWith('roles/schema')) assert.deepEqual(others, [], describe);
        for (const d of ours) {
          const here = all.filter(
            (x) => x.range.intersection(d.range) !== undefined && !x.range.intersection(d.range)?.isEmpty,
          );
          assert.equal(here.length, 1, `one report at ${d.range.start.line}:${d.range.start.character}:\n${describe}`);
        }
      });
    }

    test('edits re-lint after the debounce; a suppression comment silences its code', async () => {
      const document = await openNew('scratch/edit.role.yaml', 'credential_type: session_token\nuser_path: /x/\n');
      await waitForDiagnostics(document.uri, (d) => d.some((x) => codeOf(x) === 'ROLE_IAM_USER_FIELD_NOT_ALLOWED'));
      const edit = new vscode.WorkspaceEdit();
      edit.insert(
        document.uri,
        new vscode.Position(1, 0),
        '# keyfob-disable-next-line ROLE_IAM_USER_FIELD_NOT_ALLOWED -- migrating\n',
      );
      assert.ok(await vscode.workspace.applyEdit(edit));
      await waitForDiagnostics(document.uri, (d) => d.length === 0);
      assert.ok(fixtureUri('scratch/edit.role.yaml'));
    });
  });
}
