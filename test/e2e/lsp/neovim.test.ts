import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { missingProgram, PROGRAMS } from '../../helpers/programs.ts';
import { runNeovim } from './neovim-run.ts';

// Neovim (Debian's 0.7, headless) with its built-in LSP client starts `keyfob lsp --stdio` the way a
// user's config does (neovim-client.lua), opens a role file, a TypeScript file, an ACL policy and a
// Terraform file, and reports what the editor received. Skipped, and saying so, where nvim is not
// installed.

const nvimMissing = missingProgram(PROGRAMS.nvim);

interface NvimResults {
  errors: string[];
  role_diagnostics: { code: string; lnum: number; col: number; end_col: number; severity: number; message: string }[];
  completion: string[];
  hover: string;
  actions: string[];
  fixed_line: string;
  after_fix: string[];
  code_diagnostics: { code: string; tags: number[]; lnum: number; col: number; message: string }[];
  code_hover: string;
  policy_completion: string[];
  policy_hover: string;
  tf_diagnostics: { code: string; lnum: number; col: number; end_col: number }[];
  tf_hover: string;
  tf_completion: string[];
  tf_outside: number;
  tfe_type_hover: string;
  tfe_argument_hover: string;
}

// A Terraform file (Neovim sends no language id under --clean -u: the server goes by its name) with a
// role (a misspelt credential type) and a JWT role any repository
// can log in with; positions are 0-based, as the protocol counts them.
const TERRAFORM = [
  'resource "vault_aws_secret_backend_role" "deploy" {',
  '  backend         = "aws"',
  '  name            = "deploy"',
  '  credential_type = "iam_usr"',
  '  policy_arns     = ["arn:aws:iam::aws:policy/ReadOnlyAccess"]',
  '}',
  '',
  'resource "vault_jwt_auth_backend_role" "gh" {',
  '  role_name       = "gh"',
  '  role_type       = "jwt"',
  '  user_claim      = "repository"',
  '  bound_audiences = ["keyfob"]',
  '  token_policies  = ["deploy"]',
  '  token_ttl       = 900',
  '}',
  '',
  'resource "tfe_workspace" "app" {',
  '  name       = "app"',
  '  project_id = tfe_project.platform.id',
  '}',
  '',
].join('\n');
const TERRAFORM_AT = {
  hover: { line: 13, character: 21 },
  completion: { line: 3, character: 21 },
  outside: { line: 1, character: 21 },
  tfe_type: { line: 16, character: 13 },
  tfe_argument: { line: 18, character: 4 },
};

describe('keyfob lsp in headless Neovim', { skip: nvimMissing }, () => {
  let scratch: string;
  let results: NvimResults;
  before(() => {
    scratch = mkdtempSync(join(tmpdir(), 'keyfob-nvim-'));
    mkdirSync(join(scratch, 'src'));
    writeFileSync(
      join(scratch, 'deploy.role.yaml'),
      'credential_type: iam_usr\npolicy_arns:\n  - arn:aws:iam::aws:policy/ReadOnlyAccess\n',
    );
    writeFileSync(
      join(scratch, 'src', 'client.ts'),
      "await fetch(`${base}/api/v2/registry-modules`, { method: 'POST' });\n",
    );
    writeFileSync(join(scratch, 'deploy.policy.hcl'), 'path "cloud/creds/deploy" {\n  capabilities = ["read"]\n}\n');
    writeFileSync(
      join(scratch, 'gh-deploy.jwt-role.yaml'),
      'role_type: jwt\nuser_claim: repository\nbound_audiences: [keyfob]\nbound_subject: repo:octo/app:ref:refs/heads/main\ntoken_policies: [deploy]\n',
    );
    writeFileSync(join(scratch, 'main.tf'), TERRAFORM);
    results = runNeovim<NvimResults>('./neovim-client.lua', scratch, scratch, {
      KEYFOB_ROLE: join(scratch, 'deploy.role.yaml'),
      KEYFOB_CODE: join(scratch, 'src', 'client.ts'),
      KEYFOB_POLICY: join(scratch, 'deploy.policy.hcl'),
      KEYFOB_TF: join(scratch, 'main.tf'),
      KEYFOB_TF_AT: JSON.stringify(TERRAFORM_AT),
    });
  });
  after(() => rmSync(scratch, { recursive: true, force: true }));

  it('shows the role file problems in vim.diagnostic', () => {
    const typo = results.role_diagnostics.find((d) => d.code === 'ROLE_UNKNOWN_CREDENTIAL_TYPE');
    assert.deepEqual(typo && { lnum: typo.lnum, col: typo.col, end_col: typo.end_col, severity: typo.severity }, {
      lnum: 0,
      col: 17,
      end_col: 24,
      severity: 1,
    });
    assert.match(typo?.message ?? '', /did you mean "iam_user"/);
  });

  it('completes credential types and explains fields on hover', () => {
    assert.ok(
      results.completion.includes('iam_user') && results.completion.includes('assumed_role'),
      results.completion.join(),
    );
    assert.match(results.hover, /\*\*`policy_arns`\*\*/);
  });

  it('applies the quick fix through Neovim, and the problem goes', () => {
    assert.ok(results.actions.includes('Change credential_type to iam_user'), results.actions.join());
    assert.equal(results.fixed_line, 'credential_type: iam_user');
    assert.equal(results.after_fix.includes('ROLE_UNKNOWN_CREDENTIAL_TYPE'), false);
  });

  it('flags a deprecated platform API in code and shows its history on hover', () => {
    assert.deepEqual(
      results.code_diagnostics.map((d) => [d.code, d.tags, d.lnum, d.col]),
      [['HISTORY_DEPRECATED', [2], 0, 13]],
    );
    assert.match(results.code_hover, /\*\*2021-06-08\*\* deprecated/);
  });

  it('completes capabilities in a policy and answers who reaches its path on hover', () => {
    assert.deepEqual(results.policy_completion, ['create', 'update', 'patch', 'delete', 'list', 'sudo', 'deny']);
    assert.match(results.policy_hover, /\*\*Path `cloud\/creds\/deploy` of policy `deploy`\*\*/);
    assert.match(
      results.policy_hover,
      /- JWT role `gh-deploy` \(octo\/app, branch main[^)]*\): `cloud\/creds\/deploy` \(read\)/,
    );
  });

  it('a Terraform file: the problems of its Vault-provider resources at their lines, as keyfob lint has them', () => {
    assert.deepEqual(
      results.tf_diagnostics.map((d) => [d.code, d.lnum, d.col, d.end_col]),
      [
        ['ROLE_UNKNOWN_CREDENTIAL_TYPE', 3, 20, 29],
        ['JWT_TRUST_ANY_REPOSITORY', 8, 2, 11],
      ],
    );
  });

  it('a Terraform file: hover and completion inside a role resource, nothing on provider-only attributes', () => {
    assert.match(
      results.tf_hover,
      /\*\*`token_ttl`\*\* of `vault_jwt_auth_backend_role.gh` writes the engine's `token_ttl`/,
    );
    assert.match(results.tf_hover, /`900` s: the engine reads it back as `15m0s`/);
    assert.deepEqual(results.tf_completion, ['iam_user', 'assumed_role', 'federation_token', 'session_token']);
    assert.equal(results.tf_outside, 0);
  });

  it("a Terraform file: the platform API's history on its provider's block type and a mapped argument", () => {
    // `tfe_workspace` is the workspaces resource (the provider's mapping), `project_id` the workspace's project.
    assert.match(results.tfe_type_hover, /Through terraform-provider-tfe: `tfe_workspace` → `workspaces`/);
    assert.match(results.tfe_type_hover, /\*\*workspaces\*\* — resource/);
    assert.match(results.tfe_argument_hover, /`tfe_workspace\.project_id` → `project \(workspaces\)`/);
    assert.match(results.tfe_argument_hover, /\*\*project\*\* — attribute of workspaces/);
  });
});
