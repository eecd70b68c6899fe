// Terraform as a file kind: every Vault-provider resource type through the one mapping table,
// unknown values silencing the rules that depend on them, ranges inside heredocs and jsonencode,
// the aws_iam_policy_document data source, .tf.json, and syntax errors.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { lintText, terraformContextOf } from '@keyfob/shared/lint';
import { readTerraformFile, readTerraformResources, TERRAFORM_RESOURCES } from '@keyfob/shared/terraform';
import type { TerraformShape } from '@keyfob/shared/terraform';

/** A literal of each shape, as Terraform writes it, and the engine value it becomes. */
const LITERALS: Readonly<Record<TerraformShape, { hcl: string; engine: unknown }>> = {
  string: { hcl: '"example"', engine: 'example' },
  bool: { hcl: 'true', engine: true },
  number: { hcl: '3', engine: 3 },
  seconds: { hcl: '3600', engine: 3600 },
  list: { hcl: '["a", "b"]', engine: ['a', 'b'] },
  map: { hcl: '{ team = "x" }', engine: { team: 'x' } },
  claims: {
    hcl: '{ repository = "o/a,o/b", ref = "refs/heads/main" }',
    engine: { repository: ['o/a', 'o/b'], ref: 'refs/heads/main' },
  },
  'policy-json': {
    hcl: 'jsonencode({ Version = "2012-10-17", Statement = [] })',
    engine: { Version: '2012-10-17', Statement: [] },
  },
  'policy-hcl': {
    hcl: '"path \\"a/*\\" { capabilities = [\\"read\\"] }"',
    engine: 'path "a/*" { capabilities = ["read"] }',
  },
};

function lint(text: string, fileName = 'main.tf', files: Record<string, string> = {}) {
  const terraform = terraformContextOf({
    names: [fileName, ...Object.keys(files)],
    read: (name) => (name === fileName ? text : files[name]),
  });
  return lintText(text, { fileName, terraform });
}

function at(text: string, problem: { range?: { start: number; end: number } | undefined } | undefined): string {
  assert.ok(problem?.range, 'a ranged problem');
  return text.slice(problem.range.start, problem.range.end);
}

describe('each resource type through the mapping table', () => {
  for (const resource of TERRAFORM_RESOURCES) {
    test(`${resource.type}: every engine attribute reaches its field in the engine's shape`, () => {
      const mapped = resource.attributes.filter((a) => a.field !== undefined);
      const body = mapped.map((a) => `  ${a.attribute} = ${LITERALS[a.shape].hcl}`).join('\n');
      const text = `resource "${resource.type}" "x" {\n  backend = "aws"\n${body}\n}\n`;
      const file = readTerraformFile('main.tf', text);
      assert.equal(file.error, undefined);
      const [read] = readTerraformResources(file, { files: [file] });
      assert.ok(read);
      assert.equal(read.resourceType.kind, resource.kind);
      assert.deepEqual(read.unknown, []);
      for (const a of mapped) {
        assert.deepEqual(read.value[a.field as string], LITERALS[a.shape].engine, a.attribute);
        const place = read.locations.get(`/${a.field as string}`);
        assert.equal(text.slice(place?.key?.start, place?.key?.end), a.attribute);
      }
      // Provider-only attributes never become engine fields.
      assert.equal(read.value['backend'], undefined);
    });
  }
  test('bound_claims stay whole with disable_bound_claims_parsing = true', () => {
    const text =
      'resource "vault_jwt_auth_backend_role" "r" {\n  role_name = "r"\n  user_claim = "sub"\n  disable_bound_claims_parsing = true\n  bound_claims = { repository = "o/a,o/b" }\n}\n';
    const file = readTerraformFile('main.tf', text);
    assert.deepEqual(readTerraformResources(file, { files: [file] })[0]?.value['bound_claims'], {
      repository: 'o/a,o/b',
    });
  });
  test('TTLs are integer seconds in Terraform: no advice to write a unit', () => {
    const result = lint(
      'resource "vault_aws_secret_backend_role" "r" {\n  name = "r"\n  credential_type = "assumed_role"\n  role_arns = ["arn:aws:iam::123456789012:role/deploy"]\n  default_sts_ttl = 900\n  max_sts_ttl = 3600\n}\n',
    );
    assert.deepEqual(
      result.problems.map((p) => p.code),
      [],
    );
  });
});

describe('unknown values: a rule that fires on a literal stays silent on what keyfob cannot know', () => {
  const role = (ttl: string, type = '"assumed_role"') =>
    `variable "max" {}\nvariable "typed" {\n  default = 900\n}\nresource "vault_aws_secret_backend_role" "r" {\n  name = "r"\n  credential_type = ${type}\n  role_arns = ["arn:aws:iam::123456789012:role/deploy"]\n  default_sts_ttl = 7200\n  max_sts_ttl = ${ttl}\n}\n`;
  test('a literal max_sts_ttl below default_sts_ttl: ROLE_TTL_ORDER', () => {
    const text = role('3600');
    const result = lint(text);
    assert.deepEqual(
      result.problems.map((p) => p.code),
      ['ROLE_TTL_ORDER'],
    );
    assert.equal(at(text, result.problems[0]), '7200');
  });
  test('a variable default is known: the same finding', () => {
    assert.deepEqual(
      lint(role('var.typed')).problems.map((p) => p.code),
      ['ROLE_TTL_ORDER'],
    );
  });
  for (const [what, expr] of [
    ['a variable without default', 'var.max'],
    ['another resource', 'vault_generic_secret.x.data["ttl"]'],
    ['a function keyfob does not evaluate', 'max(1, 2)'],
    ['a conditional', 'var.max > 0 ? 3600 : 60'],
  ] as const) {
    test(`${what}: silent, and listed as unknown with the reason`, () => {
      const result = lint(role(expr));
      assert.deepEqual(result.problems, []);
      const unknown = result.documents[0]?.terraform?.unknown ?? [];
      assert.deepEqual(
        unknown.map((u) => u.attribute),
        ['max_sts_ttl'],
      );
      assert.ok((unknown[0]?.reason ?? '').length > 0);
    });
  }
  test("another resource's configured argument is known; what the provider computes is not", () => {
    const other = (attrs: string) => `resource "vault_generic_secret" "x" {\n${attrs}}\n`;
    assert.deepEqual(
      lint(role('vault_generic_secret.x.ttl') + other('  ttl = 3600\n')).problems.map((p) => p.code),
      ['ROLE_TTL_ORDER'],
    );
    for (const [attrs, reason] of [
      ['', /not set in its block/],
      ['  count = 2\n  ttl = 3600\n', /several instances/],
    ] as const) {
      const result = lint(role('vault_generic_secret.x.ttl') + other(attrs));
      assert.deepEqual(result.problems, []);
      assert.match(result.documents[0]?.terraform?.unknown[0]?.reason ?? '', reason);
    }
  });
  test('an unknown credential_type silences the checks that depend on the type', () => {
    const text =
      'variable "t" {}\nresource "vault_aws_secret_backend_role" "r" {\n  name = "r"\n  credential_type = var.t\n  default_sts_ttl = 900\n  policy_arns = ["arn:aws:iam::aws:policy/ReadOnlyAccess"]\n}\n';
    assert.deepEqual(lint(text).problems, []);
    // The same role with a literal type is wrong (iam_user takes no STS TTL).
    assert.deepEqual(
      lint(text.replace('var.t', '"iam_user"')).problems.map((p) => p.code),
      ['ROLE_STS_TTL_NOT_ALLOWED'],
    );
  });
  test('an unknown policy_arns silences "a policy is required", not a fault of a known field', () => {
    const text =
      'resource "vault_aws_secret_backend_role" "r" {\n  name = "r"\n  credential_type = "iam_user"\n  policy_arns = var.arns\n  user_path = "no-slashes"\n}\nvariable "arns" {}\n';
    const problems = lint(text).problems;
    assert.ok(!problems.some((p) => p.code === 'ROLE_POLICY_REQUIRED'));
    assert.deepEqual(
      problems.map((p) => p.path),
      ['/user_path'],
    );
  });
});

describe('ranges inside heredocs, jsonencode and the policy data source', () => {
  test('heredoc: the misspelt key inside the JSON text', () => {
    const text =
      'resource "vault_aws_secret_backend_role" "r" {\n  name = "r"\n  credential_type = "iam_user"\n  policy_document = <<EOT\n{"Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Actoin": "s3:GetObject", "Resource": "*"}]}\nEOT\n}\n';
    const problem = lint(text).problems.find((p) => p.code === 'IAM_POLICY_GRAMMAR');
    assert.equal(at(text, problem), 'Actoin');
    assert.equal(problem?.range?.startLine, 5);
  });
  test('jsonencode: the HCL key of the object', () => {
    const text =
      'resource "vault_aws_secret_backend_role" "r" {\n  name = "r"\n  credential_type = "iam_user"\n  policy_document = jsonencode({\n    Version = "2012-10-17"\n    Statement = [{ Effect = "Allow", Actoin = "s3:GetObject", Resource = "*" }]\n  })\n}\n';
    const problem = lint(text).problems.find((p) => p.code === 'IAM_POLICY_GRAMMAR');
    assert.equal(at(text, problem), 'Actoin');
    assert.equal(problem?.range?.startLine, 6);
  });
  test('jsonencode of a local in another file of the module: shown at the attribute name', () => {
    const text =
      'resource "vault_aws_secret_backend_role" "r" {\n  name = "r"\n  credential_type = "iam_user"\n  policy_document = jsonencode(local.policy)\n}\n';
    const locals =
      'locals {\n  policy = { Version = "2012-10-17", Statement = [{ Effect = "Allow", Actoin = "s3:GetObject", Resource = "*" }] }\n}\n';
    const problem = lint(text, 'main.tf', { 'locals.tf': locals }).problems.find(
      (p) => p.code === 'IAM_POLICY_GRAMMAR',
    );
    assert.equal(at(text, problem), 'policy_document');
  });
  test('file() of a file in the module', () => {
    const text =
      'resource "vault_aws_secret_backend_role" "r" {\n  name = "r"\n  credential_type = "iam_user"\n  policy_document = file("${path.module}/policy.json")\n}\n';
    const policy =
      '{"Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Actoin": "s3:GetObject", "Resource": "*"}]}';
    const result = lint(text, 'main.tf', { 'policy.json': policy });
    assert.ok(result.problems.some((p) => p.code === 'IAM_POLICY_GRAMMAR'));
    assert.deepEqual(lint(text).problems, [], 'an unreadable file is unknown');
  });
  test('vault_policy: the ACL policy checked inside its heredoc', () => {
    const text =
      'resource "vault_policy" "p" {\n  name = "dev"\n  policy = <<EOT\npath "secret/*" {\n  capabilities = ["read", "banana"]\n}\nEOT\n}\n';
    const problem = lint(text).problems[0];
    assert.equal(problem?.code, 'POLICY_UNKNOWN_CAPABILITY');
    assert.equal(at(text, problem), '"banana"');
  });
});

describe('data "aws_iam_policy_document": the JSON AWS gets', () => {
  const text = `data "aws_iam_policy_document" "p" {
  statement {
    sid       = "Read"
    actions   = ["s3:GetObject", "s3:ListBucket"]
    resources = ["*"]
    condition {
      test     = "StringEquals"
      variable = "aws:RequestedRegion"
      values   = ["eu-west-1"]
    }
  }
  statement {
    effect    = "Alow"
    actions   = ["s3:PutObject"]
    resources = ["*"]
  }
}
resource "vault_aws_secret_backend_role" "r" {
  name            = "r"
  credential_type = "iam_user"
  policy_document = data.aws_iam_policy_document.p.json
}
`;
  test('rendered as the AWS provider writes it', () => {
    const file = readTerraformFile('main.tf', text);
    const [read] = readTerraformResources(file, { files: [file] });
    assert.deepEqual(read?.value['policy_document'], {
      Version: '2012-10-17',
      Statement: [
        {
          Sid: 'Read',
          Effect: 'Allow',
          Action: ['s3:ListBucket', 's3:GetObject'],
          Resource: '*',
          Condition: { StringEquals: { 'aws:RequestedRegion': 'eu-west-1' } },
        },
        { Effect: 'Alow', Action: 's3:PutObject', Resource: '*' },
      ],
    });
  });
  test('a fault is shown in the data block', () => {
    const problem = lint(text).problems.find((p) => p.code === 'ROLE_POLICY_DOCUMENT_SUSPECT');
    assert.equal(at(text, problem), '"Alow"');
  });
  test('a statement with an unknown resource makes the document unknown', () => {
    const unknown = text.replace('resources = ["*"]\n  }\n}', 'resources = [var.bucket]\n  }\n}');
    const result = lint(unknown);
    assert.deepEqual(result.problems, []);
    assert.deepEqual(
      result.documents[0]?.terraform?.unknown.map((u) => u.attribute),
      ['policy_document'],
    );
  });
});

describe('files', () => {
  test('.tf.json: the same resource in JSON syntax', () => {
    const text = JSON.stringify(
      {
        resource: {
          vault_aws_secret_backend_role: {
            r: {
              name: 'r',
              credential_type: 'iam_user',
              default_sts_ttl: 900,
              policy_arns: ['arn:aws:iam::aws:policy/ReadOnlyAccess'],
            },
          },
        },
      },
      null,
      2,
    );
    const result = lint(text, 'main.tf.json');
    assert.deepEqual(
      result.problems.map((p) => p.code),
      ['ROLE_STS_TTL_NOT_ALLOWED'],
    );
    assert.equal(at(text, result.problems[0]), '"default_sts_ttl"');
  });
  test('a syntax error is one TF_SYNTAX problem', () => {
    const result = lint('resource "vault_policy" "p" {\n  name = "x"\n');
    assert.deepEqual(
      result.problems.map((p) => p.code),
      ['TF_SYNTAX'],
    );
  });
  test('resources of other providers are not documents', () => {
    assert.deepEqual(lint('resource "aws_s3_bucket" "b" {\n  bucket = "x"\n}\n').documents, []);
  });
  test('a suppression comment silences its code', () => {
    const text =
      'resource "vault_aws_secret_backend_role" "r" {\n  name = "r"\n  credential_type = "iam_user"\n  policy_arns = ["arn:aws:iam::aws:policy/ReadOnlyAccess"]\n  # keyfob-disable-next-line ROLE_STS_TTL_NOT_ALLOWED -- the mount is replaced soon\n  default_sts_ttl = 900\n}\n';
    assert.deepEqual(lint(text).problems, []);
  });
});
