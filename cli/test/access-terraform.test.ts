// keyfob access and keyfob access diff read Vault-provider Terraform as they read keyfob's files:
// the same JWT roles, policies and roles written both ways give the same answer and the same diff,
// and every gained line of the Terraform diff names the .tf line that grants it.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { AccessChange, AccessReport } from '@keyfob/shared/access';
import { REPO_ROOT } from '../../test/helpers/engine.ts';
import { writeFiles } from './access-diff-cases.ts';
import { runMain } from './capture-io.ts';

/** examples/access written as Terraform: file(), a heredoc, references between resources, a local. */
const EXAMPLES_AS_TERRAFORM: Record<string, string> = {
  'main.tf': `locals {
  audience = "keyfob"
}

resource "vault_jwt_auth_backend" "github" {
  path = "jwt"
}

resource "vault_policy" "deploy" {
  name   = "deploy"
  policy = file("\${path.module}/policies/deploy.hcl")
}

resource "vault_policy" "ops" {
  name   = "ops"
  policy = <<-EOT
    {
      "path": {
        "cloud/*": {
          "capabilities": ["create", "read", "update", "list"]
        }
      }
    }
  EOT
}

resource "vault_jwt_auth_backend_role" "gh_deploy" {
  backend         = vault_jwt_auth_backend.github.path
  role_name       = "gh-deploy"
  role_type       = "jwt"
  user_claim      = "actor"
  bound_audiences = [local.audience]
  bound_claims = {
    repository = "octo/app"
    ref        = "refs/heads/main"
  }
  token_ttl      = 900
  token_policies = [vault_policy.deploy.name]
}

resource "vault_jwt_auth_backend_role" "gh_org_wide" {
  backend           = "jwt"
  role_name         = "gh-org-wide"
  role_type         = "jwt"
  user_claim        = "repository"
  bound_audiences   = ["keyfob"]
  bound_claims_type = "glob"
  bound_claims = {
    sub = "repo:octo/*"
  }
  token_policies = [vault_policy.ops.name]
}
`,
  'policies/deploy.hcl': `path "cloud/sts/deploy" {
  capabilities = ["read", "update"]
}

path "cloud/creds/reports" {
  capabilities = ["read"]
}
`,
};

const keyfob = (cwd: string, ...args: string[]) => runMain(args, cwd);

/** What must be equal whichever way the inputs were written. */
function comparable(report: AccessReport): unknown {
  return {
    jwtRoles: report.jwtRoles.map(({ name, logins, audiences, policies, missingPolicies, reach, trust }) => ({
      name,
      logins,
      audiences,
      policies,
      missingPolicies,
      reach,
      trust: trust.map((p) => `${p.code} ${p.path}`),
    })),
    targets: report.targets,
  };
}

describe('keyfob access on Terraform', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'keyfob-access-tf-'));
    writeFiles(join(dir, 'terraform'), EXAMPLES_AS_TERRAFORM);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('gives the answer examples/access gives (with the same role files)', async () => {
    const yaml = await keyfob(REPO_ROOT, 'access', 'examples/access', 'examples/roles', '--format', 'json');
    assert.equal(yaml.code, 0, yaml.err);
    const tf = await keyfob(
      REPO_ROOT,
      'access',
      join(dir, 'terraform'),
      join(REPO_ROOT, 'examples/roles'),
      '--format',
      'json',
    );
    assert.equal(tf.code, 0, tf.err);
    assert.equal(tf.err, '');
    const fromYaml = JSON.parse(yaml.out) as AccessReport;
    const fromTf = JSON.parse(tf.out) as AccessReport;
    assert.deepEqual(
      fromTf.jwtRoles.map((r) => r.name),
      ['gh-deploy', 'gh-org-wide'],
    );
    assert.deepEqual(comparable(fromTf), comparable(fromYaml));
  });

  it('policies made from a folder (for_each over fileset, one per file) give the same answer', async () => {
    const main = EXAMPLES_AS_TERRAFORM['main.tf'] ?? '';
    const folder = main
      .replace(
        /resource "vault_policy" "deploy" \{\n[\s\S]*?\n\}/,
        `resource "vault_policy" "folder" {
  for_each = fileset("\${path.module}/policies", "*.hcl")
  name     = trimsuffix(each.value, ".hcl")
  policy   = file("\${path.module}/policies/\${each.value}")
}`,
      )
      .replace(
        'token_policies = [vault_policy.deploy.name]',
        'token_policies = [vault_policy.folder["deploy.hcl"].name]',
      );
    assert.notEqual(folder, main);
    writeFiles(join(dir, 'folder'), { ...EXAMPLES_AS_TERRAFORM, 'main.tf': folder });
    const yaml = await keyfob(REPO_ROOT, 'access', 'examples/access', 'examples/roles', '--format', 'json');
    const tf = await keyfob(dir, 'access', 'folder', join(REPO_ROOT, 'examples/roles'), '--format', 'json');
    assert.equal(tf.code, 0, tf.err);
    assert.equal(tf.err, '');
    assert.deepEqual(comparable(JSON.parse(tf.out) as AccessReport), comparable(JSON.parse(yaml.out) as AccessReport));
  });

  it('Terraform roles name the credential roles; what it cannot know is left out with a warning', async () => {
    writeFiles(join(dir, 'more'), {
      ...EXAMPLES_AS_TERRAFORM,
      'roles.tf': `variable "policies" {}

resource "vault_aws_secret_backend_role" "deploy" {
  backend         = "cloud"
  name            = "deploy"
  credential_type = "assumed_role"
  role_arns       = ["arn:aws:iam::123456789012:role/deploy"]
}

resource "vault_aws_secret_backend_role" "reports" {
  backend         = "cloud"
  name            = "reports"
  credential_type = "iam_user"
  policy_arns     = var.policies
}

resource "vault_aws_secret_backend_role" "elsewhere" {
  backend         = "other-aws"
  name            = "elsewhere"
  credential_type = "iam_user"
  policy_arns     = ["arn:aws:iam::aws:policy/ReadOnlyAccess"]
}

resource "vault_jwt_auth_backend_role" "unknown" {
  role_name      = "unknown"
  user_claim     = "sub"
  role_type      = "jwt"
  bound_audiences = ["keyfob"]
  bound_subject  = "repo:octo/app:ref:refs/heads/main"
  token_policies = var.policies
}
`,
    });
    const { code, out, err } = await keyfob(dir, 'access', 'more', '--format', 'json');
    assert.equal(code, 0, err);
    const report = JSON.parse(out) as AccessReport;
    // ops reaches cloud/*: any other role too ('*').
    assert.deepEqual(report.targets.map((t) => `${t.kind} ${t.name}`).sort(), [
      'credentials *',
      'credentials deploy',
      'credentials reports',
      'static-credentials *',
    ]);
    assert.deepEqual(
      report.jwtRoles.map((r) => r.name),
      ['gh-deploy', 'gh-org-wide'],
    );
    assert.match(err, /more\/roles\.tf: warning: vault_aws_secret_backend_role\.reports: its policy_arns is not known/);
    assert.match(err, /vault_aws_secret_backend_role\.elsewhere: left out: it is on mount "other-aws", not "cloud"/);
    assert.match(err, /vault_jwt_auth_backend_role\.unknown: left out: token_policies is not known \(var\.policies/);
  });

  it('a policy known in part counts for what it grants whatever its unknown values are, and says so', async () => {
    const role = (name: string, policy: string) => `resource "vault_jwt_auth_backend_role" "${name}" {
  role_name       = "${name}"
  role_type       = "jwt"
  user_claim      = "actor"
  bound_audiences = ["keyfob"]
  bound_claims    = { repository_id = "42" }
  token_policies  = ["${policy}", "default"]
  token_no_default_policy = true
}
`;
    const policy = (name: string, rules: string) => `resource "vault_policy" "${name}" {
  name   = "${name}"
  policy = <<-EOT
    ${rules.replaceAll('\n', '\n    ')}
  EOT
}
`;
    writeFiles(join(dir, 'partial'), {
      'main.tf': `variable "kv" {}
variable "team" {}

resource "vault_aws_secret_backend_role" "deploy" {
  backend         = "cloud"
  name            = "deploy"
  credential_type = "assumed_role"
  role_arns       = ["arn:aws:iam::123456789012:role/deploy"]
}
${role('known-grant', 'known-grant')}${policy('known-grant', 'path "cloud/creds/deploy" {\n  capabilities = ["read"]\n}\npath "${var.kv}/data/*" {\n  capabilities = ["read"]\n}')}
${role('may-deny', 'may-deny')}${policy('may-deny', 'path "cloud/creds/*" {\n  capabilities = ["read"]\n}\npath "cloud/creds/${var.team}" {\n  capabilities = ["deny"]\n}')}
${role('unknown-grant', 'unknown-grant')}${policy('unknown-grant', 'path "${var.kv}/creds/deploy" {\n  capabilities = ["read"]\n}')}`,
    });
    const { code, out, err } = await keyfob(dir, 'access', 'partial', '--format', 'json');
    assert.equal(code, 0, err);
    const report = JSON.parse(out) as AccessReport;
    const reached = (name: string) =>
      report.jwtRoles
        .find((r) => r.name === name)
        ?.reach.filter((r) => r.kind === 'credentials')
        .map((r) => `${r.path} ${r.capabilities.join(',')}`);
    // Before, each of the three policies was left out ("not found, grants nothing").
    assert.deepEqual(reached('known-grant'), ['cloud/creds/deploy read']);
    // A rule whose path is unknown could deny the grant (cloud/creds/deploy) or not: not claimed.
    assert.deepEqual(reached('may-deny'), []);
    // An unknown mount may be cloud or not: its grant is not claimed either.
    assert.deepEqual(reached('unknown-grant'), []);
    assert.deepEqual(report.jwtRoles.find((r) => r.name === 'known-grant')?.missingPolicies, []);
    assert.match(
      err,
      /vault_policy\.known-grant: its policy text is known in part \(var\.kv has no default[^\n]*: what it grants whatever the unknown values are is counted; a rule they name may grant more, and is not shown/,
    );
  });

  it('a Terraform file with a syntax error gives nothing, as a broken role file does', async () => {
    writeFiles(join(dir, 'broken'), { 'main.tf': 'resource "vault_policy" "x" {\n  name = \n}\n' });
    const { code, err } = await keyfob(dir, 'access', 'broken');
    assert.equal(code, 1);
    assert.match(err, /broken\/main\.tf: not valid Terraform: .*\[TF_SYNTAX\]/);
  });
});

/** One state written twice: as keyfob's files and as Terraform. */
interface Pair {
  readonly yaml: Record<string, string>;
  readonly tf: Record<string, string>;
}

const ROLE_YAML =
  'credential_type: assumed_role\nrole_arns: [arn:aws:iam::123456789012:role/deploy]\nmax_sts_ttl: 1h\n';
const JWT_YAML = (sub: string, ttl: string) =>
  `role_type: jwt\nuser_claim: repository\nbound_audiences: [keyfob]\nbound_claims:\n  sub: ${sub}\ntoken_ttl: ${ttl}\ntoken_policies: [deploy]\n`;
const POLICY = 'path "cloud/sts/deploy" {\n  capabilities = ["read"]\n}\n';
const TF = (
  sub: string,
  ttl: number,
  maxSts: number,
  policy: string,
) => `resource "vault_aws_secret_backend_role" "deploy" {
  backend         = "cloud"
  name            = "deploy"
  credential_type = "assumed_role"
  role_arns       = ["arn:aws:iam::123456789012:role/deploy"]
  max_sts_ttl     = ${maxSts}
}

resource "vault_policy" "deploy" {
  name   = "deploy"
  policy = <<EOT
${policy}EOT
}

resource "vault_jwt_auth_backend_role" "gh" {
  role_name       = "gh"
  role_type       = "jwt"
  user_claim      = "repository"
  bound_audiences = ["keyfob"]
  bound_claims    = { sub = "${sub}" }
  token_ttl       = ${ttl}
  token_policies  = [vault_policy.deploy.name]
}
`;
const state = (sub: string, ttl: number, maxSts: number, policy: string): Pair => ({
  yaml: {
    'deploy.role.yaml': ROLE_YAML.replace('1h', `${maxSts}`),
    'deploy.policy.hcl': policy,
    'gh.jwt-role.yaml': JWT_YAML(sub.includes(',') ? `[${sub}]` : sub, `${ttl}`),
  },
  tf: { 'main.tf': TF(sub, ttl, maxSts, policy) },
});

const BASE = state('repo:octo/app:ref:refs/heads/main', 900, 3600, POLICY);
const CHANGES: readonly { name: string; after: Pair; sources: readonly number[] }[] = [
  {
    // The provider splits bound_claims values at commas: two subjects.
    name: 'a branch more can log in',
    after: state('repo:octo/app:ref:refs/heads/main,repo:octo/app:ref:refs/heads/release', 900, 3600, POLICY),
    sources: [23],
  },
  {
    name: 'longer token and STS lifetimes',
    after: state('repo:octo/app:ref:refs/heads/main', 7200, 43200, POLICY),
    sources: [24, 6],
  },
  {
    name: 'a policy rule more, inside the heredoc',
    after: state(
      'repo:octo/app:ref:refs/heads/main',
      900,
      3600,
      `${POLICY}\npath "cloud/creds/deploy" {\n  capabilities = ["read"]\n}\n`,
    ),
    sources: [16],
  },
];

describe('keyfob access diff on Terraform', () => {
  const repos: Record<'yaml' | 'tf', string> = { yaml: '', tf: '' };
  const git = (repo: string, ...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' });
  before(() => {
    for (const side of ['yaml', 'tf'] as const) {
      const repo = mkdtempSync(join(tmpdir(), `keyfob-access-diff-${side}-`));
      repos[side] = repo;
      git(repo, 'init', '-q', '-b', 'main');
      writeFiles(repo, BASE[side]);
      git(repo, 'add', '-A');
      git(repo, '-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', 'base');
    }
  });
  after(() => {
    for (const repo of Object.values(repos)) rmSync(repo, { recursive: true, force: true });
  });

  for (const change of CHANGES) {
    it(`${change.name}: the same changes as the YAML, at the .tf lines`, async () => {
      const answers: Record<string, AccessChange[]> = {};
      for (const side of ['yaml', 'tf'] as const) {
        writeFiles(repos[side], change.after[side]);
        const { code, out, err } = await keyfob(repos[side], 'access', 'diff', '--base', 'main', '--format', 'json');
        git(repos[side], 'checkout', '-q', '--', '.');
        assert.equal(code, 0, err);
        assert.equal(err, '');
        answers[side] = (JSON.parse(out) as { changes: AccessChange[] }).changes;
      }
      const tf = answers.tf ?? [];
      assert.ok(tf.length > 0);
      const withoutSource = (changes: readonly AccessChange[]) => changes.map(({ source: _s, ...rest }) => rest);
      assert.deepEqual(withoutSource(tf), withoutSource(answers.yaml ?? []));
      assert.deepEqual(
        tf.map((c) => c.source),
        change.sources.map((line) => ({ file: 'main.tf', line })),
      );
    });
  }
});
