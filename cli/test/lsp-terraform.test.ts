// `keyfob lsp --stdio` on a Terraform module, driven over its pipes by vscode-jsonrpc, as an editor
// runs it beside terraform-ls: keyfob lint's problems of the Vault-provider resources (same codes
// and ranges, the module's other files read from the workspace) without what terraform-ls reports
// itself (syntax errors, missing attributes the provider requires); hover (what an attribute writes
// and what the engine does with it) and completion of engine values, only inside supported blocks.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { CompletionItem, Diagnostic, Hover } from 'vscode-languageserver-protocol';
import { fileUri, startLsp, type LspSession } from '../../test/helpers/lsp-client.ts';
import { main } from '../src/main.ts';
import { captureIo } from './capture-io.ts';
import { scratchProjects } from './scratch-project.ts';

const project = scratchProjects('keyfob-lsp-terraform-');

const MAIN = [
  'resource "vault_aws_secret_backend_role" "deploy" {',
  '  backend         = "aws"',
  '  name            = "deploy"',
  '  credential_type = local.kind',
  '  policy_arns     = ["arn:aws:iam::aws:policy/ReadOnlyAccess"]',
  '  default_sts_ttl = 3600',
  '}',
  '',
  'resource "vault_aws_secret_backend_role" "incomplete" {',
  '  backend = "aws"',
  '  name    = "incomplete"',
  '}',
  '',
  'resource "vault_aws_secret_backend" "aws" {',
  '  username_template = "{{ .DisplayName }}"',
  '  max_lease_ttl_seconds = var.max_ttl',
  '  region = var.region',
  '}',
  '',
  'resource "vault_policy" "deploy" {',
  '  name   = "deploy"',
  '  policy = <<EOT',
  'path "cloud/creds/deploy" {',
  '  capabilities = ["read", "raed"]',
  '}',
  'EOT',
  '}',
  '',
  'resource "aws_iam_role" "other" {',
  '  name = ""',
  '}',
  '',
].join('\n');
// Another file of the module: the local it defines decides main.tf's credential type.
const LOCALS = 'locals {\n  kind = "iam_usr"\n}\n\nvariable "region" {}\n';
const JWT_ROLE =
  'role_type: jwt\nuser_claim: repository\nbound_audiences: [keyfob]\nbound_subject: repo:octo/app:ref:refs/heads/main\ntoken_policies: [deploy]\n';

// A JWT role in Terraform holding the vault_policy of main.tf: its access answer on hover.
const JWT_TF = [
  'resource "vault_jwt_auth_backend_role" "tf" {',
  '  role_name       = "tf"',
  '  role_type       = "jwt"',
  '  user_claim      = "repository"',
  '  bound_audiences = ["keyfob"]',
  '  bound_subject   = "repo:octo/infra:ref:refs/heads/main"',
  '  token_policies  = ["deploy"]',
  '}',
  '',
].join('\n');

const root = project('workspace', {
  'infra/main.tf': MAIN,
  'infra/jwt.tf': JWT_TF,
  'infra/locals.tf': LOCALS,
  'auth/gh.jwt-role.yaml': JWT_ROLE,
});
const uri = (path: string): string => fileUri(join(root, path));
const MAIN_URI = uri('infra/main.tf');

let server: LspSession;
let opened: Diagnostic[];
before(async () => {
  server = await startLsp({ rootUri: fileUri(root) });
  server.open(MAIN_URI, 'terraform', MAIN);
  // The module's locals.tf is read with the workspace, in the background: wait for its credential type.
  opened = (await server.diagnosticsWhere(MAIN_URI, (d) => d.some((x) => x.code === 'ROLE_UNKNOWN_CREDENTIAL_TYPE')))
    .diagnostics;
});
after(() => server.stop());

const lineOf = (needle: string): number => MAIN.slice(0, MAIN.indexOf(needle)).split('\n').length - 1;
const columnOf = (needle: string, delta = 0): number =>
  MAIN.indexOf(needle) - MAIN.lastIndexOf('\n', MAIN.indexOf(needle)) - 1 + delta;

const hoverText = async (needle: string, delta = 0): Promise<string> => {
  const hover = await server.connection.sendRequest<Hover | null>('textDocument/hover', {
    textDocument: { uri: MAIN_URI },
    position: { line: lineOf(needle), character: columnOf(needle, delta) },
  });
  return hover ? (hover.contents as { value: string }).value : '';
};

const complete = async (text: string, needle: string, delta: number): Promise<string[]> => {
  const at = text.indexOf(needle) + delta;
  const before = text.slice(0, at);
  const items = await server.connection.sendRequest<CompletionItem[]>('textDocument/completion', {
    textDocument: { uri: MAIN_URI },
    position: { line: before.split('\n').length - 1, character: at - before.lastIndexOf('\n') - 1 },
  });
  return items.map((item) => item.label);
};

/** `keyfob lint --format json infra/main.tf` in the workspace, as `code line:column` (1-based). */
async function lintCodes(): Promise<string[]> {
  const io = captureIo(root);
  await main(['lint', '--format', 'json', 'infra/main.tf'], io);
  const { problems } = JSON.parse(io.out()) as { problems: { code: string; line: number; column: number }[] };
  return problems.map((p) => `${p.code} ${p.line}:${p.column}`);
}

const asLint = (diagnostics: readonly Diagnostic[]): string[] =>
  diagnostics.map((d) => `${String(d.code)} ${d.range.start.line + 1}:${d.range.start.character + 1}`);

describe('keyfob lsp in a Terraform file: diagnostics', () => {
  it("keyfob lint's problems, same codes and places, without the missing attribute terraform-ls reports", async () => {
    const lint = await lintCodes();
    // keyfob lint reports the role without credential_type; terraform-ls says it first (the provider requires it).
    assert.ok(lint.includes('ROLE_MISSING_CREDENTIAL_TYPE 11:3'), lint.join(', '));
    assert.deepEqual(
      asLint(opened),
      lint.filter((p) => !p.startsWith('ROLE_MISSING_CREDENTIAL_TYPE')),
    );
    assert.deepEqual(asLint(opened), [
      'ROLE_UNKNOWN_CREDENTIAL_TYPE 4:21',
      'TEMPLATE_NO_TYPE_BRANCH 15:24',
      'TEMPLATE_MAY_EXCEED_LIMIT 15:24',
      'POLICY_UNKNOWN_CAPABILITY 24:27',
    ]);
  });

  it('a syntax error is left to terraform-ls (keyfob lint says TF_SYNTAX), and the problems come back once it parses', async () => {
    const broken = MAIN.replace('name    = "incomplete"', 'name    = "incomplete');
    await server.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: MAIN_URI, version: 2 },
      contentChanges: [{ text: broken }],
    });
    assert.deepEqual(await server.diagnostics(MAIN_URI, 2), []);
    await server.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: MAIN_URI, version: 3 },
      contentChanges: [{ text: MAIN }],
    });
    assert.deepEqual(asLint(await server.diagnostics(MAIN_URI, 3)), asLint(opened));
  });
});

describe('keyfob lsp in a Terraform file: hover', () => {
  it('a TTL: the engine field it writes, in seconds, read back as a duration', async () => {
    const text = await hoverText('default_sts_ttl = 3600', 2);
    assert.match(
      text,
      /\*\*`default_sts_ttl`\*\* of `vault_aws_secret_backend_role.deploy` writes the engine's `default_sts_ttl` \(number of seconds\)/,
    );
    assert.match(text, /`3600` s: the engine reads it back as `1h0m0s`/);
    assert.doesNotMatch(text, /duration string with a unit/);
  });

  it('a username template: the usernames it makes against the 64/32 caps', async () => {
    const text = await hoverText('{{ .DisplayName }}', 3);
    assert.match(text, /\*\*Username template\*\*/);
    assert.match(text, /- IAM: `token-deploy` \(12 chars\); worst case 256 of 64/);
  });

  it('a value keyfob cannot evaluate: why its rules stay silent', async () => {
    const text = await hoverText('var.region', 2);
    assert.match(text, /keyfob cannot evaluate this value \(.*var\.region.*\), so the rules on it stay silent/);
  });

  it('a policy path in a vault_policy: the engine paths and who reaches them', async () => {
    const text = await hoverText('cloud/creds/deploy', 3);
    assert.match(text, /`cloud\/creds\/\{name\}`: credentials of a dynamic role/);
    assert.match(text, /\*\*Path `cloud\/creds\/deploy` of policy `deploy`\*\*/);
    // auth/gh.jwt-role.yaml (not open) holds the policy by its name.
    assert.match(text, /- JWT role `gh` \(octo\/app, branch main/);
  });

  it("a JWT role's token_policies: the field, then who can log in and what the policy of main.tf reaches", async () => {
    const jwt = uri('infra/jwt.tf');
    server.open(jwt, 'terraform', JWT_TF);
    await server.diagnostics(jwt, 1);
    const hover = await server.connection.sendRequest<Hover | null>('textDocument/hover', {
      textDocument: { uri: jwt },
      position: { line: 6, character: 4 },
    });
    const text = hover ? (hover.contents as { value: string }).value : '';
    assert.match(text, /\*\*`token_policies`\*\* of `vault_jwt_auth_backend_role.tf`/);
    assert.match(text, /\*\*JWT role `tf`\*\* \(who can get what\)/);
    assert.match(text, /who can log in: octo\/infra, branch main/);
  });

  it('nothing on provider-only attributes and other resources (terraform-ls documents them)', async () => {
    assert.equal(await hoverText('backend         = "aws"', 2), '');
    assert.equal(await hoverText('name = ""', 1), '');
  });
});

describe('keyfob lsp in a Terraform file: completion', () => {
  it('credential types inside a role block, TTLs as seconds, capabilities in a policy', async () => {
    const text = MAIN.replace('credential_type = local.kind', 'credential_type = ""');
    await server.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: MAIN_URI, version: 4 },
      contentChanges: [{ text }],
    });
    await server.diagnostics(MAIN_URI, 4);
    const types = await complete(text, 'credential_type = ""', 'credential_type = "'.length);
    assert.deepEqual(types, ['iam_user', 'assumed_role', 'federation_token', 'session_token']);
    const ttls = await complete(text, 'default_sts_ttl = 3600', 'default_sts_ttl = '.length);
    assert.ok(ttls.includes('3600') && ttls.includes('900'), ttls.join());
    const capabilities = await complete(text, '"raed"', 1);
    // read is in the list already.
    assert.deepEqual(capabilities, ['create', 'update', 'patch', 'delete', 'list', 'sudo', 'deny']);
  });

  it('nothing outside the supported blocks (terraform-ls completes the rest)', async () => {
    assert.deepEqual(await complete(MAIN, 'name = ""', 'name = "'.length), []);
    assert.deepEqual(await complete(MAIN, 'backend         = "aws"', 'backend         = "'.length), []);
  });
});
