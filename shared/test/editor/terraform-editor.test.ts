import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lintText } from '@keyfob/shared/lint';
import { terraformCompletionsAt } from '../../src/editor/terraform-complete.ts';
import { terraformHoverAt } from '../../src/editor/terraform-hover.ts';
import { terraformEditorProblems } from '../../src/editor/terraform-problems.ts';
import { cursor } from './cursor.ts';

// The editor's Terraform logic on text an editor holds: completion of engine values (on text that
// may not parse), hover, and which of keyfob lint's problems an editor shows beside terraform-ls.

const DEPS = { now: () => new Date(Date.UTC(2024, 0, 2, 3, 4, 5)), randomInt: (max: number) => 3 % max };
const ROLE = 'resource "vault_aws_secret_backend_role" "a" {\n';
const JWT = 'resource "vault_jwt_auth_backend_role" "a" {\n';
const TYPES = ['iam_user', 'assumed_role', 'federation_token', 'session_token'];
const TTLS = ['900', '1800', '3600', '7200', '14400', '43200', '86400'];

interface CompletionCase {
  readonly name: string;
  readonly source: string;
  readonly format?: 'hcl' | 'json';
  readonly labels: readonly string[];
  /** The text the first completion replaces. */
  readonly replaces?: string;
}

const COMPLETIONS: readonly CompletionCase[] = [
  { name: 'a credential type in quotes', source: `${ROLE}  credential_type = "|"\n}\n`, labels: TYPES, replaces: '""' },
  {
    name: 'a credential type without quotes',
    source: `${ROLE}  credential_type = |\n}\n`,
    labels: TYPES,
    replaces: '',
  },
  {
    name: 'after heredocs, jsonencode and templates in the block (the file need not lex as a policy)',
    source: `locals {\n  doc = <<EOT\n{"a": "\${var.x}"}\nEOT\n}\n${ROLE}  name = "a-\${var.env}"\n  policy_document = jsonencode({ Statement = [{ Action = ["s3:*"] }] })\n  other = <<-EOT\n    { "x": [ }\n  EOT\n  credential_type = "|"\n}\n`,
    labels: TYPES,
    replaces: '""',
  },
  {
    name: 'after a for expression in another block',
    source: `locals { m = { for k, v in var.x : k => v if v != null } }\n${ROLE}  credential_type = |\n}\n`,
    labels: TYPES,
  },
  {
    name: 'an enum value being retyped',
    source: `${JWT}  token_type = "se|rvice"\n}\n`,
    labels: ['default', 'service', 'batch'],
    replaces: '"service"',
  },
  { name: 'a TTL: seconds, as Terraform writes it', source: `${JWT}  token_ttl = |\n}\n`, labels: TTLS },
  {
    name: 'an item of a list written over several lines',
    source: `${ROLE}  policy_arns = [\n    "x",\n    "|\n  ]\n}\n`,
    labels: ['arn:aws:iam::aws:policy/ReadOnlyAccess'],
  },
  {
    name: '.tf.json: a credential type',
    source: '{"resource": {"vault_aws_secret_backend_role": {"a": {"credential_type": "|"}}}}',
    format: 'json',
    labels: TYPES,
  },
  { name: 'none in a nested block', source: `${JWT}  lifecycle {\n    token_type = "|"\n  }\n}\n`, labels: [] },
  { name: 'none after the block', source: `${JWT}}\ntoken_type = "|"\n`, labels: [] },
  { name: 'none in a comment', source: `${JWT}  # token_type = "|"\n}\n`, labels: [] },
  {
    name: 'none in another resource type',
    source: 'resource "aws_iam_role" "a" {\n  credential_type = "|"\n}\n',
    labels: [],
  },
  { name: 'none for a provider-only attribute', source: `${ROLE}  backend = "|"\n}\n`, labels: [] },
  { name: 'none for an attribute name (terraform-ls completes those)', source: `${ROLE}  cred|\n}\n`, labels: [] },
];

describe('terraformCompletionsAt', () => {
  for (const c of COMPLETIONS) {
    it(c.name, () => {
      const { text, offset } = cursor(c.source);
      const entries = terraformCompletionsAt(text, offset, c.format);
      assert.deepEqual(
        entries.map((e) => e.label),
        c.labels,
      );
      const first = entries[0];
      if (c.replaces !== undefined && first)
        assert.equal(text.slice(first.replace.start, first.replace.end), c.replaces);
    });
  }
});

const FILE = [
  ROLE.trimEnd(),
  '  backend         = "aws"',
  '  name            = "a"',
  '  credential_type = "assumed_role"',
  '  role_arns       = ["arn:aws:iam::123456789012:role/a"]',
  '  max_sts_ttl     = 7200',
  '  default_sts_ttl = var.ttl',
  '}',
  '',
  JWT.trimEnd(),
  '  role_name       = "gh"',
  '  role_type       = "jwt"',
  '  bound_audiences = ["keyfob"]',
  '  bound_claims    = { repository = "octo/app,octo/lib" }',
  '}',
  '',
].join('\n');

describe('terraformHoverAt', () => {
  const lint = lintText(FILE, { fileName: 'main.tf' });
  const hover = (needle: string, delta = 1): string =>
    terraformHoverAt(lint.file, FILE.indexOf(needle) + delta, { documents: lint.documents, template: DEPS })
      ?.markdown ?? '';

  it('a TTL in seconds: the engine field and the duration it reads back', () => {
    const text = hover('7200');
    assert.match(
      text,
      /\*\*`max_sts_ttl`\*\* of `vault_aws_secret_backend_role.a` writes the engine's `max_sts_ttl` \(number of seconds\)/,
    );
    assert.match(text, /`7200` s: the engine reads it back as `2h0m0s`/);
  });

  it('an attribute whose name differs from the engine field (role_name is the role name)', () => {
    assert.match(
      hover('role_name'),
      /\*\*`role_name`\*\* of `vault_jwt_auth_backend_role.a` writes the engine's `name`/,
    );
  });

  it('bound claims: the values the provider splits at commas', () => {
    assert.match(hover('octo/app,octo/lib'), /`repository` is any of `octo\/app`, `octo\/lib`/);
  });

  it('a value keyfob cannot evaluate: why the rules on it stay silent', () => {
    assert.match(hover('var.ttl'), /keyfob cannot evaluate this value \(.+\), so the rules on it stay silent/);
  });

  it('nothing on provider-only attributes', () => {
    assert.equal(hover('backend'), '');
  });
});

describe('terraformEditorProblems', () => {
  const shown = (text: string): string[] => {
    const lint = lintText(text, { fileName: 'main.tf' });
    return terraformEditorProblems(lint.problems, lint.file, lint.documents).map((p) => p.code);
  };
  const codes = (text: string): string[] => lintText(text, { fileName: 'main.tf' }).problems.map((p) => p.code);

  it('leaves out a missing attribute the provider requires (terraform-ls reports it)', () => {
    const text = `${ROLE}  backend = "aws"\n  name = "a"\n}\n`;
    assert.deepEqual(codes(text), ['ROLE_MISSING_CREDENTIAL_TYPE']);
    assert.deepEqual(shown(text), []);
  });

  it('keeps a problem on a required attribute that is written', () => {
    const text = `${ROLE}  backend = "aws"\n  name = "a"\n  credential_type = "iam_usr"\n}\n`;
    assert.deepEqual(shown(text), ['ROLE_UNKNOWN_CREDENTIAL_TYPE']);
  });

  it('keeps a missing field the provider does not require (the engine does)', () => {
    const text = `${ROLE}  backend = "aws"\n  name = "a"\n  credential_type = "assumed_role"\n}\n`;
    assert.deepEqual(shown(text), codes(text));
    assert.ok(shown(text).length > 0);
  });

  it('leaves out syntax errors (terraform-ls reports them)', () => {
    assert.deepEqual(codes(`${ROLE}  name = "a\n}\n`), ['TF_SYNTAX']);
    assert.deepEqual(shown(`${ROLE}  name = "a\n}\n`), []);
  });
});
