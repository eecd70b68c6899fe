import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { lintText } from '@keyfob/shared/lint';
import type { Problem } from '@keyfob/shared/problem';

/** [code, path, line, column, document] of each problem, for compact assertions. */
function summary(problems: readonly Problem[]): [string, string, number, number, number][] {
  return problems.map((p) => [p.code, p.path, p.range?.startLine ?? 0, p.range?.startColumn ?? 0, p.document ?? -1]);
}

describe('lintText', () => {
  test('multi-document role file: each document named and checked on its own', () => {
    const text = [
      'name: deploy',
      'credential_type: assumed_role',
      'role_arns: arn:aws:iam::123456789012:role/deploy',
      '---',
      'name: reports',
      'credential_type: federation_token',
      'max_sts_ttl: 1d',
      '',
    ].join('\n');
    const result = lintText(text, { fileName: 'team.role.yaml' });
    assert.deepEqual(
      result.documents.map((d) => [d.index, d.kind, d.name]),
      [
        [0, 'role', 'deploy'],
        [1, 'role', 'reports'],
      ],
    );
    assert.deepEqual(summary(result.problems), [
      ['ROLE_POLICY_REQUIRED', '/policy_arns', 6, 1, 1],
      ['DURATION_BAD_UNIT', '/max_sts_ttl', 7, 14, 1],
    ]);
  });

  test('several documents without names, and a repeated name', () => {
    const text =
      'credential_type: session_token\n---\nname: a\ncredential_type: session_token\n---\nname: a\ncredential_type: session_token\n';
    const result = lintText(text, { fileName: 'many.role.yaml' });
    assert.deepEqual(summary(result.problems), [
      ['LINT_MISSING_NAME', '/name', 1, 1, 0],
      ['LINT_DUPLICATE_NAME', '/name', 6, 7, 2],
    ]);
  });

  test('a role and a static role may share a name', () => {
    const text = [
      '$schema: https://keyfob.dev/schemas/role.schema.json',
      'name: backup',
      'credential_type: session_token',
      '---',
      '$schema: https://keyfob.dev/schemas/static-role.schema.json',
      'name: backup',
      'username: backup',
      'rotation_period: 1h',
      '',
    ].join('\n');
    const result = lintText(text, { fileName: 'backup.yaml' });
    assert.deepEqual(
      result.documents.map((d) => d.kind),
      ['role', 'static-role'],
    );
    assert.deepEqual(result.problems, []);
  });

  test('one document takes the file name; a trailing empty document is ignored', () => {
    const result = lintText('credential_type: session_token\n---\n', { fileName: 'break-glass.role.yaml' });
    assert.equal(result.documents[0]?.name, 'break-glass');
    assert.deepEqual(result.problems, []);
  });

  test('manifest problems point into nested entries', () => {
    const text = [
      'roles:',
      '  web:',
      '    credential_type: assumed_role',
      '    role_arns: arn:aws:iam::123456789012:role/web',
      '    default_sts_ttl: 2h',
      '    max_sts_ttl: 1h',
      'static_roles:',
      '  svc:',
      '    username: svc',
      '    rotation_period: 30',
      '',
    ].join('\n');
    assert.deepEqual(summary(lintText(text, { fileName: 'keyfob.yaml' }).problems), [
      ['ROLE_TTL_ORDER', '/roles/web/default_sts_ttl', 5, 22, 0],
      ['STATIC_ROLE_ROTATION_TOO_SHORT', '/static_roles/svc/rotation_period', 10, 22, 0],
    ]);
  });

  test('unknown keys with a suggestion, in YAML and in JSON with comments', () => {
    const yaml = lintText('credential_type: session_token\nmfa_serial_numbr: x\n', { fileName: 'a.role.yaml' });
    assert.deepEqual(summary(yaml.problems), [['FIELD_UNKNOWN', '/mfa_serial_numbr', 2, 1, 0]]);
    assert.equal(yaml.problems[0]?.data?.suggestion, 'mfa_serial_number');
    const json = lintText(
      '{\n  // the break-glass role\n  "credential_type": "session_token",\n  "mfa_serial_numbr": "x"\n}\n',
      { fileName: 'a.role.jsonc' },
    );
    assert.deepEqual(summary(json.problems), [['FIELD_UNKNOWN', '/mfa_serial_numbr', 4, 3, 0]]);
  });

  test('a .json file is strict JSON: a comment or a trailing comma is an error that the engine would also refuse', () => {
    const text = '{\n  // the break-glass role\n  "credential_type": "session_token",\n}\n';
    assert.deepEqual(
      summary(lintText(text, { fileName: 'a.role.json' }).problems).map((p) => p[0]),
      ['DOC_JSON_COMMENT', 'DOC_JSON_TRAILING_COMMA'],
    );
    assert.deepEqual(summary(lintText(text, { fileName: 'a.role.jsonc' }).problems), []);
  });

  test('a suppression comment silences the code on the next line only', () => {
    const suppressed =
      '# keyfob-disable-next-line ROLE_POLICY_REQUIRED -- policies are attached by a group\ncredential_type: iam_user\niam_groups: [ops]\n';
    assert.deepEqual(summary(lintText(suppressed, { fileName: 'a.role.yaml' }).problems), []);
    const plain = 'credential_type: iam_user\niam_groups: [ops]\n';
    assert.deepEqual(summary(lintText(plain, { fileName: 'a.role.yaml' }).problems), [
      ['ROLE_POLICY_REQUIRED', '/policy_arns', 1, 1, 0],
    ]);
  });

  test('a syntax error is reported and the rules skip that document', () => {
    const result = lintText('credential_type: [iam_user\n', { fileName: 'a.role.yaml' });
    assert.deepEqual(
      result.problems.map((p) => p.code),
      ['DOC_YAML_SYNTAX'],
    );
  });

  test('a file whose kind cannot be told', () => {
    assert.deepEqual(summary(lintText('foo: bar\n', { fileName: 'notes.yaml' }).problems), [
      ['LINT_UNKNOWN_KIND', '/$schema', 1, 1, 0],
    ]);
  });

  test('a $schema that misspells a keyfob schema', () => {
    const result = lintText('$schema: https://keyfob.dev/schemas/roles.schema.json\ncredential_type: session_token\n', {
      fileName: 'a.role.yaml',
    });
    assert.deepEqual(summary(result.problems), [['LINT_UNKNOWN_SCHEMA', '/$schema', 1, 10, 0]]);
    assert.equal(result.problems[0]?.data?.replacement, 'https://keyfob.dev/schemas/role.schema.json');
  });

  test('the format option overrides the file name', () => {
    const result = lintText('{"credential_type": "session_token", "extra": 1}', {
      fileName: 'a.role.yaml',
      format: 'json',
    });
    assert.equal(result.file.format, 'json');
    assert.deepEqual(summary(result.problems), [['FIELD_UNKNOWN', '/extra', 1, 38, 0]]);
  });

  test('an empty role file', () => {
    assert.deepEqual(
      lintText('', { fileName: 'a.role.yaml' }).problems.map((p) => [p.code, p.severity]),
      [['FIELD_TYPE', 'error']],
    );
  });

  test('problems of all documents are sorted by offset', () => {
    const text = 'name: b\ncredential_type: iam_user\nxx: 1\n---\nname: a\ncredential_type: nope\n';
    const starts = lintText(text, { fileName: 'x.role.yaml' }).problems.map((p) => p.range?.start ?? -1);
    assert.deepEqual(
      starts,
      [...starts].sort((a, b) => a - b),
    );
    assert.equal(starts.length, 3);
  });
});

describe('the example files lint clean', () => {
  const dir = new URL('../../../examples/roles/', import.meta.url);
  for (const file of readdirSync(dir)) {
    test(file, () => {
      const result = lintText(readFileSync(new URL(file, dir), 'utf8'), { fileName: file });
      assert.ok(result.documents.every((d) => d.kind !== undefined));
      assert.deepEqual(summary(result.problems), []);
    });
  }
});
