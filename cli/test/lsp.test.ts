import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { lintText } from '@keyfob/shared/lint';
import type {
  CodeAction,
  CompletionItem,
  Diagnostic,
  DocumentSymbol,
  Hover,
  InlayHint,
  TextEdit,
} from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { fileUri, startLsp } from '../../test/helpers/lsp-client.ts';
import type { LspSession } from '../../test/helpers/lsp-client.ts';

// `keyfob lsp --stdio` driven over its pipes by vscode-jsonrpc, the protocol library VS Code's own
// client is built on: the answers any editor gets.

const ROOT = '/tmp/keyfob-lsp-test';
const ROLE = 'credential_type: iam_usr\npolicy_arns:\n  - arn:aws:iam::aws:policy/ReadOnlyAccess\n';
const CODE = "await fetch(`${base}/api/v2/registry-modules`, { method: 'POST' });\n";

let server: LspSession;
before(async () => {
  server = await startLsp({ rootUri: fileUri(ROOT), settings: { roleFiles: { include: ['deploy/*.yaml'] } } });
});
after(() => server.stop());

/** The diagnostics `keyfob lint` gives the same text, in protocol form (code, range, severity). */
function lintAsProtocol(
  text: string,
  fileName: string,
): { code: string; range: Diagnostic['range']; severity: number }[] {
  const document = TextDocument.create('x', 'yaml', 1, text);
  const severity = { error: 1, warning: 2, info: 3 } as const;
  return lintText(text, { fileName }).problems.map((p) => ({
    code: p.code,
    range: { start: document.positionAt(p.range?.start ?? 0), end: document.positionAt(p.range?.end ?? 0) },
    severity: severity[p.severity],
  }));
}

function brief(diagnostics: Diagnostic[]): { code: unknown; range: Diagnostic['range']; severity: unknown }[] {
  return diagnostics.map((d) => ({ code: d.code, range: d.range, severity: d.severity }));
}

function applyEdits(text: string, edits: TextEdit[]): string {
  return TextDocument.applyEdits(TextDocument.create('x', 'yaml', 1, text), edits);
}

describe('keyfob lsp --stdio: role files', () => {
  const uri = fileUri(`${ROOT}/deploy.role.yaml`);
  let diagnostics: Diagnostic[];
  before(async () => {
    server.open(uri, 'yaml', ROLE);
    diagnostics = await server.diagnostics(uri, 1);
  });

  it('publishes the codes and ranges keyfob lint reports', () => {
    assert.ok(diagnostics.length > 0);
    assert.deepEqual(brief(diagnostics), lintAsProtocol(ROLE, 'deploy.role.yaml'));
    const first = diagnostics[0];
    assert.equal(first?.source, 'keyfob');
    assert.equal(
      first?.codeDescription?.href,
      'https://github.com/keyfob/keyfob/blob/main/docs/codes.md#role_unknown_credential_type',
    );
  });

  it('offers the fix once, and applying it clears the problem', async () => {
    const problem = diagnostics.find((d) => d.code === 'ROLE_UNKNOWN_CREDENTIAL_TYPE');
    assert.ok(problem);
    const actions = await server.connection.sendRequest<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: problem.range,
      context: { diagnostics },
    });
    const fixes = actions.filter((a) => a.title === 'Change credential_type to iam_user');
    assert.equal(fixes.length, 1);
    const edits = fixes[0]?.edit?.changes?.[uri] ?? [];
    const fixed = applyEdits(ROLE, edits);
    assert.match(fixed, /^credential_type: iam_user$/m);
    await server.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      contentChanges: edits.map((e) => ({ range: e.range, text: e.newText })),
    });
    const after = await server.diagnostics(uri, 2);
    assert.deepEqual(brief(after), lintAsProtocol(fixed, 'deploy.role.yaml'));
    assert.equal(
      after.some((d) => d.code === 'ROLE_UNKNOWN_CREDENTIAL_TYPE'),
      false,
    );
  });

  it('completes keys and credential types', async () => {
    const doc = fileUri(`${ROOT}/blank.role.yaml`);
    server.open(doc, 'yaml', 'credential_type: \n');
    await server.diagnostics(doc, 1);
    const values = await server.connection.sendRequest<CompletionItem[]>('textDocument/completion', {
      textDocument: { uri: doc },
      position: { line: 0, character: 17 },
    });
    assert.ok(
      ['iam_user', 'assumed_role', 'federation_token', 'session_token'].every((v) => values.some((i) => i.label === v)),
      values.map((i) => i.label).join(),
    );
    const keys = await server.connection.sendRequest<CompletionItem[]>('textDocument/completion', {
      textDocument: { uri },
      position: { line: 3, character: 0 },
    });
    assert.ok(keys.some((i) => i.label === 'name' && i.textEdit));
  });

  it('explains a field on hover', async () => {
    const hover = await server.connection.sendRequest<Hover>('textDocument/hover', {
      textDocument: { uri },
      position: { line: 1, character: 3 },
    });
    const value = (hover.contents as { kind: string; value: string }).value;
    assert.match(value, /\*\*`policy_arns`\*\*/);
    assert.deepEqual(hover.range, { start: { line: 1, character: 0 }, end: { line: 1, character: 11 } });
  });

  it('outlines the role', async () => {
    const symbols = await server.connection.sendRequest<DocumentSymbol[]>('textDocument/documentSymbol', {
      textDocument: { uri },
    });
    assert.equal(symbols.length, 1);
    assert.ok(symbols[0]?.children?.some((c) => c.name === 'policy_arns'));
  });

  it('lints JSON role files with the same rules', async () => {
    const json = '{\n  "credential_type": "iam_user",\n  "ttl": "1d"\n}\n';
    const doc = fileUri(`${ROOT}/ci.role.json`);
    server.open(doc, 'json', json);
    const found = await server.diagnostics(doc, 1);
    assert.ok(found.length > 0);
    assert.deepEqual(
      brief(found),
      lintText(json, { fileName: 'ci.role.json' }).problems.map((p) => {
        const d = TextDocument.create('x', 'json', 1, json);
        return {
          code: p.code,
          range: { start: d.positionAt(p.range?.start ?? 0), end: d.positionAt(p.range?.end ?? 0) },
          severity: { error: 1, warning: 2, info: 3 }[p.severity],
        };
      }),
    );
  });

  it('lints files the roleFiles.include setting names (read with workspace/configuration)', async () => {
    const included = fileUri(`${ROOT}/deploy/team.yaml`);
    const other = fileUri(`${ROOT}/other/team.yaml`);
    server.open(included, 'yaml', 'credential_type: iam_usr\n');
    server.open(other, 'yaml', 'credential_type: iam_usr\n');
    const found = await server.diagnostics(included, 1);
    assert.ok(found.some((d) => d.code === 'ROLE_UNKNOWN_CREDENTIAL_TYPE'));
    assert.deepEqual(brief(found), lintAsProtocol('credential_type: iam_usr\n', 'team.role.yaml'));
    assert.deepEqual(await server.diagnostics(other, 1), []);
  });

  it('names an untitled document by its path, not its scheme (a new file with a keyfob modeline lints clean)', async () => {
    const text =
      '# yaml-language-server: $schema=https://keyfob.dev/schemas/role.schema.json\ncredential_type: iam_user\npolicy_arns:\n  - arn:aws:iam::aws:policy/ReadOnlyAccess\n';
    const doc = 'untitled:Untitled-1';
    server.open(doc, 'yaml', `${text}bogus_key: 1\n`);
    assert.deepEqual(
      (await server.diagnostics(doc, 1)).map((d) => d.code),
      ['FIELD_UNKNOWN'],
    );
    server.connection
      .sendNotification('textDocument/didChange', {
        textDocument: { uri: doc, version: 2 },
        contentChanges: [{ text }],
      })
      .catch(() => undefined);
    assert.deepEqual(await server.diagnostics(doc, 2), []);
  });

  it('keyfob/lintFiles: lints files that are not open, with the same classification; refuses oversized requests', async () => {
    const text = 'credential_type: iam_usr\n';
    const answer = await server.connection.sendRequest<{ files: { uri: string; diagnostics: Diagnostic[] }[] }>(
      'keyfob/lintFiles',
      {
        files: [
          { uri: fileUri(`${ROOT}/closed.role.yaml`), languageId: 'yaml', text },
          { uri: fileUri(`${ROOT}/deploy/closed.yaml`), languageId: 'yaml', text },
          { uri: fileUri(`${ROOT}/other/closed.yaml`), languageId: 'yaml', text },
        ],
      },
    );
    assert.deepEqual(
      answer.files.map((f) => f.uri.slice(fileUri(ROOT).length + 1)),
      ['closed.role.yaml', 'deploy/closed.yaml', 'other/closed.yaml'],
    );
    assert.deepEqual(brief(answer.files[0]?.diagnostics ?? []), lintAsProtocol(text, 'closed.role.yaml'));
    assert.deepEqual(
      brief(answer.files[1]?.diagnostics ?? []),
      lintAsProtocol(text, 'closed.role.yaml'),
      'the include setting applies',
    );
    assert.deepEqual(answer.files[2]?.diagnostics, [], 'not a keyfob file');
    const many = Array.from({ length: 501 }, (_, i) => ({
      uri: fileUri(`${ROOT}/r${i}.role.yaml`),
      languageId: 'yaml',
      text,
    }));
    await assert.rejects(
      server.connection.sendRequest('keyfob/lintFiles', { files: many }),
      /501 files in one request; send at most 500/,
    );
    await assert.rejects(
      server.connection.sendRequest('keyfob/lintFiles', { files: [{ uri: 1 }] }),
      /params\.files\[0\] needs a string uri and text/,
    );
  });

  it('re-lints only what an edit touched and still reports the whole file', async () => {
    const docs = Array.from(
      { length: 300 },
      (_, i) =>
        `name: role-${i}\ncredential_type: assumed_role\nrole_arns: [arn:aws:iam::123456789012:role/r${i}]\ndefault_sts_ttl: ${i % 7 === 3 ? '1d' : '1h'}\n`,
    );
    const text = docs.join('---\n');
    const doc = fileUri(`${ROOT}/many.role.yaml`);
    server.open(doc, 'yaml', text);
    assert.deepEqual(brief(await server.diagnostics(doc, 1)), lintAsProtocol(text, 'many.role.yaml'));
    const line = 50 * 5 + 3; // document 50's default_sts_ttl (5 lines a document with its separator)
    const edit = { range: { start: { line, character: 17 }, end: { line, character: 19 } }, text: '2d' };
    await server.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: doc, version: 2 },
      contentChanges: [edit],
    });
    const edited = applyEdits(text, [{ range: edit.range, newText: edit.text }]);
    assert.notEqual(edited, text);
    assert.deepEqual(brief(await server.diagnostics(doc, 2)), lintAsProtocol(edited, 'many.role.yaml'));
  });
});

describe('keyfob lsp --stdio: platform API history in code', () => {
  const uri = fileUri(`${ROOT}/src/client.ts`);
  let diagnostics: Diagnostic[];
  before(async () => {
    server.open(uri, 'typescript', CODE);
    diagnostics = await server.diagnostics(uri, 1);
  });

  it('reports a deprecated endpoint with the Deprecated tag', () => {
    assert.equal(diagnostics.length, 1);
    const [found] = diagnostics;
    assert.equal(found?.code, 'HISTORY_DEPRECATED');
    assert.equal(found?.source, 'keyfob history');
    assert.deepEqual(found?.tags, [2]);
    assert.match(
      typeof found?.message === 'string' ? found.message : '',
      /POST \/registry-modules is deprecated since 2021-06-08/,
    );
  });

  it('shows the history on hover, fixes it, and notes it at the end of the line', async () => {
    const range = diagnostics[0]?.range;
    assert.ok(range);
    const hover = await server.connection.sendRequest<Hover>('textDocument/hover', {
      textDocument: { uri },
      position: range.start,
    });
    assert.match((hover.contents as { value: string }).value, /\*\*2021-06-08\*\* deprecated/);
    const actions = await server.connection.sendRequest<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range,
      context: { diagnostics },
    });
    assert.equal(actions.length, 1);
    assert.match(
      applyEdits(CODE, actions[0]?.edit?.changes?.[uri] ?? []),
      /\/api\/v2\/organizations\/:organization_name\/registry-modules\/vcs/,
    );
    const hints = await server.connection.sendRequest<InlayHint[]>('textDocument/inlayHint', {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: { line: 1, character: 0 } },
    });
    assert.deepEqual(
      hints.map((h) => [h.position, h.label]),
      [
        [
          { line: 0, character: CODE.indexOf('\n') },
          'deprecated 2021-06-08 → use POST /organizations/:organization_name/registry-modules/vcs',
        ],
      ],
    );
  });
});

describe('keyfob lsp: usage', () => {
  it('says what it needs without a transport', async () => {
    const { main } = await import('../src/main.ts');
    const { captureIo } = await import('./capture-io.ts');
    const io = captureIo(process.cwd());
    assert.equal(await main(['lsp'], io), 2);
    assert.match(io.err(), /give exactly one of --stdio or --node-ipc/);
  });
});
