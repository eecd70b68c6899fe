// ACL policy files (*.policy.hcl, *.policy.json) through lintText, the one call the CLI, the action
// and the editor make: each problem with its code and the exact span at fault.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { lintText } from '@keyfob/shared/lint';

interface Case {
  readonly name: string;
  readonly text: string;
  readonly file?: string;
  /** [code, line, column, end column, covered text] of each problem, in order; [] = clean. */
  readonly expected: readonly (readonly [string, number, number, number, string])[];
}

const cases: readonly Case[] = [
  { name: 'a clean policy', text: 'path "cloud/creds/deploy" {\n  capabilities = ["read"]\n}\n', expected: [] },
  {
    name: 'HCL syntax error at its place',
    text: 'path "cloud/creds/deploy" {\n  capabilities = ["read"\n}\n',
    expected: [['POLICY_SYNTAX', 3, 1, 2, '}']],
  },
  {
    name: 'unknown capability on the item',
    text: 'path "cloud/creds/deploy" {\n  capabilities = ["read", "raed"]\n}\n',
    expected: [['POLICY_UNKNOWN_CAPABILITY', 2, 27, 33, '"raed"']],
  },
  {
    name: 'unknown key in a block',
    text: 'path "a" {\n  capabilites = ["read"]\n}\n',
    expected: [['POLICY_UNKNOWN_KEY', 2, 3, 14, 'capabilites']],
  },
  {
    name: '+* is forbidden',
    text: 'path "cloud/+*" { capabilities = ["read"] }\n',
    expected: [['POLICY_WILDCARD_PLUS_STAR', 1, 6, 16, '"cloud/+*"']],
  },
  {
    name: 'a * inside a path is literal',
    text: 'path "cloud/*/deploy" { capabilities = ["read"] }\n',
    expected: [['POLICY_GLOB_INNER_STAR', 1, 6, 22, '"cloud/*/deploy"']],
  },
  { name: 'a trailing * is a glob', text: 'path "cloud/creds/*" { capabilities = ["read"] }\n', expected: [] },
  {
    name: 'deny beside other capabilities',
    text: 'path "sys/*" { capabilities = ["deny", "read"] }\n',
    expected: [['POLICY_DENY_WITH_OTHERS', 1, 31, 47, '["deny", "read"]']],
  },
  {
    name: 'a block granting nothing',
    text: 'path "cloud/creds/x" {\n  capabilities = []\n}\n',
    expected: [['POLICY_NO_CAPABILITIES', 2, 18, 20, '[]']],
  },
  {
    name: 'parameter constraints on a list-only block never apply',
    text: 'path "cloud/roles" {\n  capabilities = ["list"]\n  allowed_parameters = { "ttl" = [] }\n}\n',
    expected: [['POLICY_PARAMETERS_UNCHECKED', 3, 3, 21, 'allowed_parameters']],
  },
  {
    name: 'parameter constraints on a read block apply',
    text: 'path "cloud/creds/x" {\n  capabilities = ["read"]\n  allowed_parameters = { "ttl" = ["15m"] }\n}\n',
    expected: [],
  },
  {
    name: 'a parameter allowed and denied',
    text: 'path "cloud/creds/x" {\n  capabilities = ["update"]\n  allowed_parameters = { "ttl" = [] }\n  denied_parameters = { "ttl" = ["1h"] }\n}\n',
    expected: [['POLICY_PARAMETER_ALLOWED_AND_DENIED', 3, 26, 31, '"ttl"']],
  },
  {
    name: 'bad wrapping TTL',
    text: 'path "a" {\n  capabilities = ["read"]\n  min_wrapping_ttl = "1d"\n}\n',
    expected: [['POLICY_BAD_VALUE', 3, 22, 26, '"1d"']],
  },
  {
    name: 'a suppression comment silences a finding',
    text: '# keyfob-disable-next-line POLICY_GLOB_INNER_STAR -- matches the literal star on purpose\npath "a/*/b" { capabilities = ["read"] }\n',
    expected: [],
  },
  {
    name: 'JSON form: clean',
    file: 'deploy.policy.json',
    text: '{"path": {"cloud/creds/deploy": {"capabilities": ["read"]}}}\n',
    expected: [],
  },
  {
    name: 'JSON form: unknown capability',
    file: 'deploy.policy.json',
    text: '{\n  "path": {\n    "cloud/creds/deploy": { "capabilities": ["reed"] }\n  }\n}\n',
    expected: [['POLICY_UNKNOWN_CAPABILITY', 3, 46, 52, '"reed"']],
  },
  {
    name: 'JSON form: syntax error reported once',
    file: 'deploy.policy.json',
    text: '{"path": {\n',
    expected: [['DOC_JSON_SYNTAX', 1, 10, 11, '{']],
  },
];

describe('policy files', () => {
  for (const c of cases) {
    test(c.name, () => {
      const result = lintText(c.text, { fileName: c.file ?? 'deploy.policy.hcl' });
      assert.deepEqual(
        result.documents.map((d) => d.kind),
        ['policy'],
      );
      const got = result.problems.map((p) => [
        p.code,
        p.range?.startLine,
        p.range?.startColumn,
        p.range?.endColumn,
        c.text.slice(p.range?.start, p.range?.end),
      ]);
      assert.deepEqual(got, c.expected);
    });
  }

  test('the parsed HCL has locations for hovers and quick fixes', () => {
    const text = 'path "cloud/creds/deploy" {\n  capabilities = ["read"]\n}\n';
    const document = lintText(text, { fileName: 'x.policy.hcl' }).file.documents[0];
    const at = document?.locations.get('/path/cloud~1creds~1deploy/capabilities/0');
    assert.equal(text.slice(at?.value.start, at?.value.end), '"read"');
    assert.deepEqual(document?.value, { path: { 'cloud/creds/deploy': { capabilities: ['read'] } } });
  });
});
