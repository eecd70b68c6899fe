// Resources with for_each or count, read as Terraform reads them where the module says their
// instances (labels 255 and 247 of the Terraform corpus's third collection): an indexed reference
// `vault_policy.env[each.key].name` into a resource with for_each, each.key/each.value/count.index
// inside an instance's attributes, and `vault_policy` resources made from a folder with
// `for_each = fileset(...)`, `name = trimsuffix(each.value, ".hcl")`, `policy = file(...)`. Where one
// instance cannot be chosen, a value every instance agrees on is known; otherwise it stays unknown
// and no rule fires on it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { lintText, terraformContextOf } from '@keyfob/shared/lint';
import { readTerraformFile, readTerraformResources } from '@keyfob/shared/terraform';

/** A module folder in memory: Terraform files and others (policies), listed for fileset(). */
function lint(files: Record<string, string>, fileName = 'main.tf') {
  const terraform = terraformContextOf({
    names: Object.keys(files),
    read: (name) => files[name],
    list: (folder) => {
      const prefix = folder === '' ? '' : `${folder}/`;
      return Object.keys(files)
        .filter((name) => name.startsWith(prefix))
        .map((name) => name.slice(prefix.length));
    },
  });
  return lintText(files[fileName] ?? '', { fileName, terraform });
}
/** Each problem's code and field (a token policy's problem is at its item). */
const codes = (result: { problems: readonly { code: string; path?: string }[] }) =>
  result.problems.map((p) => `${p.code} ${(p.path ?? '').split('/').slice(0, 2).join('/')}`).sort();

const TFC_BACKEND = `resource "vault_jwt_auth_backend" "tfc" {
  path         = "jwt"
  bound_issuer = "https://app.terraform.io"
}
`;

/** A Terraform Cloud role on the backend above naming the given token policies (HCL). */
const tfcRole = (policies: string, head = '') => `resource "vault_jwt_auth_backend_role" "tfc" {
${head}  backend         = vault_jwt_auth_backend.tfc.path
  role_name       = "tfc"
  role_type       = "jwt"
  user_claim      = "terraform_full_workspace"
  bound_audiences = ["vault.workload.identity"]
  bound_claims    = { sub = "organization:acme:project:p:workspace:w:run_phase:apply" }
  token_policies  = ${policies}
}
`;

const ADMIN = 'path "sys/auth/*" { capabilities = ["create", "update", "sudo"] }';
const READER = 'path "secret/data/app" { capabilities = ["read"] }';

describe("an indexed reference into a resource with for_each (label 255's shape)", () => {
  const policies = (name: string, forEach = 'toset(var.environments)') => `variable "environments" {
  default = ["dev", "test", "prod"]
}
locals {
  tenant_policy = <<-EOT
    ${ADMIN}
  EOT
}
resource "vault_policy" "env" {
  for_each = ${forEach}
  name     = ${name}
  policy   = local.tenant_policy
}
`;

  test('a policy name every instance shares: the role with the same for_each reaches the trust', () => {
    const text = `${TFC_BACKEND}${policies('"hcp-terraform-workspace"')}${tfcRole(
      '[vault_policy.env[each.key].name]',
      '  for_each = toset(var.environments)\n',
    )}`;
    assert.deepEqual(codes(lint({ 'main.tf': text })), ['JWT_TRUST_POLICY_REACHES_TRUST /token_policies']);
  });

  test('a literal key chooses the instance; a name that differs by instance is read in it', () => {
    const text = `${TFC_BACKEND}${policies('"ws-${each.key}"')}${tfcRole('[vault_policy.env["prod"].name]')}`;
    assert.deepEqual(codes(lint({ 'main.tf': text })), ['JWT_TRUST_POLICY_REACHES_TRUST /token_policies']);
  });

  test('names that differ by instance and a key keyfob does not know: unknown, silent', () => {
    const text = `${TFC_BACKEND}${policies('"ws-${each.key}"')}${tfcRole(
      '[vault_policy.env[var.env].name]',
      '',
    )}variable "env" {}\n`;
    assert.deepEqual(codes(lint({ 'main.tf': text })), []);
  });

  test('a key with no instance is unknown, not another instance', () => {
    const text = `${TFC_BACKEND}${policies('"ws-${each.key}"')}${tfcRole('[vault_policy.env["qa"].name]')}`;
    assert.deepEqual(codes(lint({ 'main.tf': text })), []);
  });

  test('instances over an unknown for_each: a name that does not depend on the instance is still known', () => {
    const text = `${TFC_BACKEND}${policies('"shared"', 'toset(var.unknown_envs)')}${tfcRole(
      '[vault_policy.env[each.key].name]',
    )}variable "unknown_envs" {}\n`;
    assert.deepEqual(codes(lint({ 'main.tf': text })), ['JWT_TRUST_POLICY_REACHES_TRUST /token_policies']);
  });

  test('count with a literal count: count.index in the instance, [0] chooses it', () => {
    const text = `${TFC_BACKEND}resource "vault_policy" "p" {
  count  = 2
  name   = "p-\${count.index}"
  policy = count.index == 0 ? "x" : "y"
}
resource "vault_policy" "q" {
  count  = 2
  name   = "q-\${count.index}"
  policy = <<-EOT
    ${ADMIN}
  EOT
}
${tfcRole('[vault_policy.q[1].name]')}`;
    const tf = readTerraformFile('main.tf', text);
    const [, q] = readTerraformResources(tf, { files: [tf] }).filter((r) => r.resourceType.kind === 'policy');
    assert.deepEqual(
      q?.instances?.map((i) => [i.address, i.name]),
      [
        ['vault_policy.q[0]', 'q-0'],
        ['vault_policy.q[1]', 'q-1'],
      ],
    );
    assert.deepEqual(codes(lint({ 'main.tf': text })), ['JWT_TRUST_POLICY_REACHES_TRUST /token_policies']);
  });

  test('each.value of a for_each over a literal map, and a reader policy: silent', () => {
    const text = `${TFC_BACKEND}resource "vault_policy" "m" {
  for_each = { reader = "${READER.replaceAll('"', '\\"')}", admin = "${ADMIN.replaceAll('"', '\\"')}" }
  name     = each.key
  policy   = each.value
}
`;
    assert.deepEqual(codes(lint({ 'main.tf': `${text}${tfcRole('["reader"]')}` })), []);
    assert.deepEqual(codes(lint({ 'main.tf': `${text}${tfcRole('["admin"]')}` })), [
      'JWT_TRUST_POLICY_REACHES_TRUST /token_policies',
    ]);
  });
});

describe("vault_policy resources made from a folder with fileset (label 247's shape)", () => {
  const folder = (nameExpr = 'trimsuffix(each.value, ".hcl")') => ({
    'policies.tf': `resource "vault_policy" "this" {
  for_each = fileset("\${path.module}/policies", "*.hcl")
  name     = ${nameExpr}
  policy   = file("\${path.module}/policies/\${each.value}")
}
`,
    'policies/create_child_token.hcl': 'path "auth/token/create" { capabilities = ["create", "update", "sudo"] }\n',
    'policies/reader.hcl': `${READER}\n`,
    'policies/notes.txt': `${ADMIN}\n`,
  });

  test('a JWT role naming a policy of the folder that mints tokens reaches the trust', () => {
    const files = { ...folder(), 'main.tf': `${TFC_BACKEND}${tfcRole('["reader", "create_child_token"]')}` };
    assert.deepEqual(codes(lint(files)), ['JWT_TRUST_POLICY_REACHES_TRUST /token_policies']);
  });

  test('one naming only the reader does not; a file the pattern does not match is no policy', () => {
    const files = { ...folder(), 'main.tf': `${TFC_BACKEND}${tfcRole('["reader", "notes"]')}` };
    assert.deepEqual(codes(lint(files)), []);
  });

  test('basename and replace name the instances too', () => {
    for (const name of ['replace(basename(each.value), ".hcl", "")', 'trimsuffix(basename(each.key), ".hcl")']) {
      const files = { ...folder(name), 'main.tf': `${TFC_BACKEND}${tfcRole('["create_child_token"]')}` };
      assert.deepEqual(codes(lint(files)), ['JWT_TRUST_POLICY_REACHES_TRUST /token_policies'], name);
    }
  });

  test('fileset patterns: ** across folders, classes and alternatives pick the same files as Terraform', () => {
    const role = `${TFC_BACKEND}${tfcRole('["create_child_token"]')}`;
    const withPattern = (pattern: string) => ({
      ...folder(),
      'policies.tf': folder()['policies.tf'].replace('"*.hcl"', JSON.stringify(pattern)),
      'main.tf': role,
    });
    for (const pattern of ['**/*.hcl', '{reader,create_child_token}.hcl', '[cr]*.hcl', 'c?eate_*.hcl'])
      assert.deepEqual(codes(lint(withPattern(pattern))), ['JWT_TRUST_POLICY_REACHES_TRUST /token_policies'], pattern);
    for (const pattern of ['reader.hcl', '*/*.hcl', '[!c]*.hcl', '{reader,notes}.*'])
      assert.deepEqual(codes(lint(withPattern(pattern))), [], pattern);
  });

  test('a pattern written to make a backtracking matcher slow is matched in one pass (it used to hang)', () => {
    // `**a` twelve times then `**b` against a file named with forty a's: a regular expression of
    // twelve `.*` tries every split of the name before it fails; the pass over pieces does not
    const pattern = `${'**a'.repeat(12)}**b`;
    const files = {
      'policies.tf': folder()['policies.tf'].replace('"*.hcl"', JSON.stringify(pattern)),
      [`policies/${'a'.repeat(40)}`]: `${ADMIN}\n`,
      'main.tf': `${TFC_BACKEND}${tfcRole(`["${'a'.repeat(40)}"]`)}`,
    };
    assert.deepEqual(codes(lint(files)), []);
  });

  test('a folder outside the module, or a module that cannot be listed, is unknown: silent', () => {
    const outside = {
      ...folder(),
      'policies.tf': folder()['policies.tf'].replace('${path.module}/policies"', '${path.module}/../policies"'),
      'main.tf': `${TFC_BACKEND}${tfcRole('["create_child_token"]')}`,
    };
    assert.deepEqual(codes(lint(outside)), []);
    const files = { ...folder(), 'main.tf': `${TFC_BACKEND}${tfcRole('["create_child_token"]')}` };
    const terraform = terraformContextOf({
      names: Object.keys(files),
      read: (name) => files[name as keyof typeof files],
    });
    assert.deepEqual(codes(lintText(files['main.tf'], { fileName: 'main.tf', terraform })), []);
  });
});
