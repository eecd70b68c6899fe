// `keyfob lsp --stdio` on a real workspace folder, driven over its pipes by vscode-jsonrpc: policy
// and JWT role files get completion and hover; hover over a JWT role or a policy path answers who
// can get what from the workspace's files (refreshed when they change on disk or in the editor);
// JWT roles get the workflow trust checks `keyfob lint` reports, with the same codes and ranges.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { CompletionItem, Diagnostic, Hover } from 'vscode-languageserver-protocol';
import { fileUri, startLsp, type LspSession } from '../../test/helpers/lsp-client.ts';
import { pollUntil } from '../../test/helpers/poll.ts';
import { main } from '../src/main.ts';
import { captureIo } from './capture-io.ts';
import { octoAppRole } from './octo-app-role.ts';
import { scratchProjects } from './scratch-project.ts';

const project = scratchProjects('keyfob-lsp-access-');

const ROLE = octoAppRole('deploy, admin');
const DEPLOY = 'path "cloud/creds/deploy" {\n  capabilities = ["read"]\n}\n';
const ADMIN = '{"path": {"auth/*": {"capabilities": ["update"]}}}\n';
const WORKFLOW =
  'on: [pull_request]\njobs:\n  d:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: octo/keyfob@v1\n        with:\n          jwt-audience: sigstore\n';
const DEPLOY_ROLE =
  'credential_type: assumed_role\nrole_arns:\n  - arn:aws:iam::123456789012:role/deploy\ndefault_sts_ttl: 15m\n';

const root = project('workspace', {
  'auth/deploy.jwt-role.yaml': ROLE,
  'auth/deploy.policy.hcl': DEPLOY,
  'auth/admin.policy.json': ADMIN,
  'roles/deploy.role.yaml': DEPLOY_ROLE,
  '.github/workflows/pr.yml': WORKFLOW,
  '.git/HEAD': 'ref: refs/heads/main\n',
});
const uri = (path: string): string => fileUri(join(root, path));

let server: LspSession;
before(async () => {
  server = await startLsp({ rootUri: fileUri(root) });
});
after(() => server.stop());

const hoverText = async (path: string, line: number, character: number): Promise<string> => {
  const hover = await server.connection.sendRequest<Hover | null>('textDocument/hover', {
    textDocument: { uri: uri(path) },
    position: { line, character },
  });
  return hover ? (hover.contents as { value: string }).value : '';
};

const complete = (path: string, line: number, character: number): Promise<CompletionItem[]> =>
  server.connection.sendRequest<CompletionItem[]>('textDocument/completion', {
    textDocument: { uri: uri(path) },
    position: { line, character },
  });

/** Asks until `accept` holds (the server reads the workspace in the background), at most 300 times. */
const eventually = <T>(ask: () => Promise<T>, accept: (value: T) => boolean): Promise<T> =>
  pollUntil(ask, accept, { tries: 300, pauseMs: 50 });

/** What `keyfob lint --format json auth` in the workspace reports on the JWT role, as `code line:column` (1-based). */
async function lintCodes(): Promise<string[]> {
  const io = captureIo(root);
  await main(['lint', '--format', 'json', 'auth'], io);
  const { problems } = JSON.parse(io.out()) as {
    problems: { file: string; code: string; line: number; column: number }[];
  };
  return problems.filter((p) => p.file === 'auth/deploy.jwt-role.yaml').map((p) => `${p.code} ${p.line}:${p.column}`);
}

const asLint = (diagnostics: readonly Diagnostic[]): string[] =>
  diagnostics.map((d) => `${String(d.code)} ${d.range.start.line + 1}:${d.range.start.character + 1}`);

describe('keyfob lsp: JWT role trust checks with the workspace', () => {
  it('reports what keyfob lint reports: the workflows (audience, pull_request) and the policies (auth/*)', async () => {
    const expected = await lintCodes();
    assert.deepEqual(
      expected.map((e) => e.split(' ')[0]),
      ['JWT_TRUST_AUDIENCE_MISMATCH', 'JWT_TRUST_BRANCH_SUB_PULL_REQUEST', 'JWT_TRUST_POLICY_REACHES_TRUST'],
    );
    server.open(uri('auth/deploy.jwt-role.yaml'), 'yaml', ROLE);
    const { diagnostics } = await server.diagnosticsWhere(uri('auth/deploy.jwt-role.yaml'), (d) => d.length === 3);
    assert.deepEqual(asLint(diagnostics), expected);
  });

  it('re-checks the open JWT role when an open policy stops granting auth/*', async () => {
    const admin = uri('auth/admin.policy.json');
    server.open(admin, 'json', ADMIN);
    await server.diagnostics(admin, 1);
    await server.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: admin, version: 2 },
      contentChanges: [{ text: '{"path": {"cloud/creds/deploy": {"capabilities": ["read"]}}}\n' }],
    });
    const { diagnostics } = await server.diagnosticsWhere(uri('auth/deploy.jwt-role.yaml'), (d) => d.length === 2);
    assert.deepEqual(
      diagnostics.map((d) => d.code),
      ['JWT_TRUST_AUDIENCE_MISMATCH', 'JWT_TRUST_BRANCH_SUB_PULL_REQUEST'],
    );
  });
});

describe('keyfob lsp: who can get what, on hover', () => {
  it('over a JWT role field that decides it: the field docs, then the role access answer', async () => {
    const text = await hoverText('auth/deploy.jwt-role.yaml', 6, 3);
    assert.match(text, /\*\*`token_policies`\*\*/);
    assert.match(text, /\*\*JWT role `deploy`\*\* \(who can get what\)/);
    assert.match(text, /who can log in: octo\/app, branch main/);
    assert.match(text, /credentials: deploy \(creds: read\)/);
  });

  it('over a field that does not decide it: the field docs only', async () => {
    const text = await hoverText('auth/deploy.jwt-role.yaml', 1, 3);
    assert.match(text, /\*\*`user_claim`\*\*/);
    assert.doesNotMatch(text, /who can get what/);
  });

  it('over a policy path: the engine paths it covers and who reaches them through it', async () => {
    server.open(uri('auth/deploy.policy.hcl'), 'hcl', DEPLOY);
    const text = await hoverText('auth/deploy.policy.hcl', 0, 10);
    assert.match(text, /`cloud\/creds\/\{name\}`: credentials of a dynamic role/);
    assert.match(text, /\*\*Path `cloud\/creds\/deploy` of policy `deploy`\*\*/);
    assert.match(text, /- JWT role `deploy` \(octo\/app, branch main[^)]*\): `cloud\/creds\/deploy` \(read\)/);
    assert.doesNotMatch(text, /JWT role `ci`/, 'the control: no such role yet');
  });

  it('after a JWT role file appears on disk (didChangeWatchedFiles), the answer names it', async () => {
    writeFileSync(join(root, 'auth/ci.jwt-role.yaml'), ROLE.replace('[deploy, admin]', '[deploy]'));
    await server.connection.sendNotification('workspace/didChangeWatchedFiles', {
      changes: [{ uri: uri('auth/ci.jwt-role.yaml'), type: 1 }],
    });
    const text = await eventually(
      () => hoverText('auth/deploy.policy.hcl', 0, 10),
      (t) => t.includes('JWT role `ci`'),
    );
    assert.match(text, /- JWT role `ci` \(octo\/app, branch main[^)]*\): `cloud\/creds\/deploy` \(read\)/);
  });
});

describe('keyfob lsp: completion and hover in policy files', () => {
  it('offers capabilities inside capabilities = [...], each with its meaning', async () => {
    const items = await complete('auth/deploy.policy.hcl', 1, 18);
    const labels = items.map((i) => i.label);
    assert.deepEqual(labels, ['create', 'update', 'patch', 'delete', 'list', 'sudo', 'deny']);
    assert.match(items.find((i) => i.label === 'deny')?.detail ?? '', /Refuse the path/);
  });

  it('offers engine paths and the workspace role names in a path label', async () => {
    const doc = uri('auth/new.policy.hcl');
    server.open(doc, 'hcl', 'path "cl"\n');
    await server.diagnostics(doc, 1);
    const items = await complete('auth/new.policy.hcl', 0, 8);
    const labels = items.map((i) => i.label);
    for (const label of ['cloud/creds/{name}', 'cloud/creds/deploy', 'cloud/sts/deploy', 'auth/jwt/role/deploy'])
      assert.ok(labels.includes(label), `${label} in ${labels.join(', ')}`);
    const deploy = items.find((i) => i.label === 'cloud/creds/deploy');
    assert.deepEqual(deploy?.textEdit && 'range' in deploy.textEdit ? deploy.textEdit.range : undefined, {
      start: { line: 0, character: 5 },
      end: { line: 0, character: 9 },
    });
  });

  it('offers block keys in the JSON form and explains a capability on hover', async () => {
    const doc = uri('auth/json.policy.json');
    const text =
      '{\n  "path": {\n    "cloud/creds/deploy": {\n      "capabilities": ["read"],\n      ""\n    }\n  }\n}\n';
    server.open(doc, 'json', text);
    await server.diagnostics(doc, 1);
    const keys = (await complete('auth/json.policy.json', 4, 7)).map((i) => i.label);
    assert.deepEqual(keys, [
      'allowed_parameters',
      'denied_parameters',
      'required_parameters',
      'min_wrapping_ttl',
      'max_wrapping_ttl',
    ]);
    assert.match(await hoverText('auth/json.policy.json', 3, 26), /\*\*Capability `read`\*\*/);
  });
});

describe('keyfob lsp: completion and hover in JWT role files (schema-driven)', () => {
  it('offers the fields of a JWT role not yet written, and the bound_claims_type values', async () => {
    const doc = uri('auth/blank.jwt-role.yaml');
    server.open(doc, 'yaml', 'role_type: jwt\n\nbound_claims_type: \n');
    await server.diagnostics(doc, 1);
    const keys = (await complete('auth/blank.jwt-role.yaml', 1, 0)).map((i) => i.label);
    for (const field of [
      'bound_audiences',
      'bound_subject',
      'bound_claims',
      'claim_mappings',
      'user_claim',
      'token_policies',
      'token_ttl',
      'token_max_ttl',
    ])
      assert.ok(keys.includes(field), `${field} in ${keys.join(', ')}`);
    assert.ok(!keys.includes('role_type') && !keys.includes('bound_claims_type'), 'present keys are not offered');
    const values = (await complete('auth/blank.jwt-role.yaml', 2, 19)).map((i) => i.label);
    assert.deepEqual([...values].sort(), ['glob', 'string']);
    assert.match(await hoverText('auth/blank.jwt-role.yaml', 2, 3), /\*\*`bound_claims_type`\*\*/);
  });
});
