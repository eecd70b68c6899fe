import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { quickFixesFor, listRewritesAt } from '../../src/editor/quick-fixes.ts';
import { applyEdits } from '../../src/editor/text-edit.ts';
import { lintText } from '@keyfob/shared/lint';

interface Case {
  readonly name: string;
  readonly fileName: string;
  readonly text: string;
  readonly code: string;
  readonly title: RegExp;
  /** The fixed text, exactly. */
  readonly expected: string;
}

const CASES: readonly Case[] = [
  {
    name: 'rename a misspelt key (YAML)',
    fileName: 'a.role.yaml',
    text: 'credential_type: iam_user\npolcy_arns:\n  - arn:aws:iam::aws:policy/ReadOnlyAccess\n',
    code: 'FIELD_UNKNOWN',
    title: /^Rename polcy_arns to policy_arns$/,
    expected: 'credential_type: iam_user\npolicy_arns:\n  - arn:aws:iam::aws:policy/ReadOnlyAccess\n',
  },
  {
    name: 'rename a misspelt key (JSON)',
    fileName: 'a.role.json',
    text: '{\n  "credential_type": "iam_user",\n  "policy_arn": ["arn:aws:iam::aws:policy/ReadOnlyAccess"]\n}\n',
    code: 'FIELD_UNKNOWN',
    title: /^Rename policy_arn to policy_arns$/,
    expected: '{\n  "credential_type": "iam_user",\n  "policy_arns": ["arn:aws:iam::aws:policy/ReadOnlyAccess"]\n}\n',
  },
  {
    name: 'remove a field the type does not allow (YAML)',
    fileName: 'a.role.yaml',
    text: 'credential_type: session_token\nuser_path: /ci/\n',
    code: 'ROLE_IAM_USER_FIELD_NOT_ALLOWED',
    title: /^Remove user_path$/,
    expected: 'credential_type: session_token\n',
  },
  {
    name: 'remove a list the type does not allow (JSON)',
    fileName: 'a.role.json',
    text: '{\n  "credential_type": "session_token",\n  "role_arns": ["arn:aws:iam::123456789012:role/x"]\n}\n',
    code: 'ROLE_ARNS_NOT_ALLOWED',
    title: /^Remove role_arns$/,
    expected: '{\n  "credential_type": "session_token"\n}\n',
  },
  {
    name: 'fix a duration unit',
    fileName: 'a.role.yaml',
    text: 'credential_type: federation_token\npolicy_arns: [arn:aws:iam::aws:policy/ReadOnlyAccess]\nmax_sts_ttl: 1d\n',
    code: 'DURATION_BAD_UNIT',
    title: /^Change max_sts_ttl to 24h$/,
    expected:
      'credential_type: federation_token\npolicy_arns: [arn:aws:iam::aws:policy/ReadOnlyAccess]\nmax_sts_ttl: 24h\n',
  },
  {
    name: 'fix a duration in JSON',
    fileName: 'a.static-role.json',
    // Whole days alone ("2d") are a rotation_period the real engine takes; days mixed with hours are not.
    text: '{ "username": "bot", "rotation_period": "1d12h" }',
    code: 'DURATION_BAD_UNIT',
    title: /^Change rotation_period to 36h$/,
    expected: '{ "username": "bot", "rotation_period": "36h" }',
  },
  {
    name: 'fix a misspelt credential type',
    fileName: 'a.role.yaml',
    text: 'credential_type: asumed_role\nrole_arns: [arn:aws:iam::123456789012:role/x]\n',
    code: 'ROLE_UNKNOWN_CREDENTIAL_TYPE',
    title: /^Change credential_type to assumed_role$/,
    expected: 'credential_type: assumed_role\nrole_arns: [arn:aws:iam::123456789012:role/x]\n',
  },
  {
    name: 'legacy role arn to role_arns',
    fileName: 'a.role.yaml',
    text: 'arn: arn:aws:iam::123456789012:role/legacy\n',
    code: 'ROLE_LEGACY_FIELD',
    title: /^Move legacy arn to role_arns with credential_type assumed_role$/,
    expected: 'role_arns:\n  - arn:aws:iam::123456789012:role/legacy\ncredential_type: assumed_role\n',
  },
  {
    name: 'legacy policy arn to policy_arns',
    fileName: 'a.role.json',
    text: '{\n  "arn": "arn:aws:iam::aws:policy/ReadOnlyAccess"\n}\n',
    code: 'ROLE_LEGACY_FIELD',
    title: /^Move legacy arn to policy_arns with credential_type iam_user$/,
    expected:
      '{\n  "policy_arns": [\n    "arn:aws:iam::aws:policy/ReadOnlyAccess"\n  ],\n  "credential_type": "iam_user"\n}\n',
  },
  {
    name: 'legacy policy to policy_document',
    fileName: 'a.role.yaml',
    text: 'policy: \'{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":"s3:GetObject","Resource":"*"}]}\'\n',
    code: 'ROLE_LEGACY_FIELD',
    title: /^Move legacy policy to policy_document with credential_type federation_token$/,
    expected:
      'policy_document: \'{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":"s3:GetObject","Resource":"*"}]}\'\ncredential_type: federation_token\n',
  },
  {
    name: 'add missing role_arns after credential_type',
    fileName: 'a.role.yaml',
    text: 'credential_type: assumed_role\ndefault_sts_ttl: 1h\n',
    code: 'ROLE_ARNS_REQUIRED',
    title: /^Add role_arns/,
    expected:
      'credential_type: assumed_role\nrole_arns:\n  - arn:aws:iam::123456789012:role/replace-me\ndefault_sts_ttl: 1h\n',
  },
  {
    name: 'add missing policy_arns (JSON)',
    fileName: 'a.role.json',
    text: '{\n  "credential_type": "iam_user",\n  "user_path": "/ci/"\n}\n',
    code: 'ROLE_POLICY_REQUIRED',
    title: /^Add policy_arns/,
    expected:
      '{\n  "credential_type": "iam_user",\n  "policy_arns": [\n    "arn:aws:iam::aws:policy/ReadOnlyAccess"\n  ],\n  "user_path": "/ci/"\n}\n',
  },
  {
    name: 'add a missing rotation_period',
    fileName: 'a.static-role.yaml',
    text: 'username: bot\n',
    code: 'STATIC_ROLE_MISSING_ROTATION_PERIOD',
    title: /^Add rotation_period: 24h$/,
    expected: 'username: bot\nrotation_period: 24h\n',
  },
  {
    name: 'suppress with a reason',
    fileName: 'a.role.yaml',
    text: 'credential_type: iam_user\npolicy_arns: [arn:aws:iam::aws:policy/ReadOnlyAccess]\nmfa_serial_number: arn:aws:iam::123456789012:mfa/x\n',
    code: 'ROLE_FIELD_UNUSED',
    title: /^Suppress ROLE_FIELD_UNUSED on this line$/,
    expected:
      'credential_type: iam_user\npolicy_arns: [arn:aws:iam::aws:policy/ReadOnlyAccess]\n# keyfob-disable-next-line ROLE_FIELD_UNUSED -- explain why this is acceptable\nmfa_serial_number: arn:aws:iam::123456789012:mfa/x\n',
  },
  {
    name: 'suppress in JSONC with //',
    fileName: 'a.role.jsonc',
    text: '{\n  "credential_type": "session_token",\n  "iam_tags": {"a": "b"}\n}\n',
    code: 'ROLE_FIELD_UNUSED',
    title: /^Suppress/,
    expected:
      '{\n  "credential_type": "session_token",\n  // keyfob-disable-next-line ROLE_FIELD_UNUSED -- explain why this is acceptable\n  "iam_tags": {"a": "b"}\n}\n',
  },
];

function lintable(text: string, fileName: string): string[] {
  return lintText(text, { fileName })
    .problems.filter((p) => p.severity !== 'info')
    .map((p) => `${p.code}: ${p.message}`);
}

describe('quickFixesFor: each fix yields a file lint finds valid', () => {
  for (const c of CASES) {
    it(c.name, () => {
      const result = lintText(c.text, { fileName: c.fileName });
      const problem = result.problems.find((p) => p.code === c.code);
      assert.ok(problem, `${c.code} reported; got ${result.problems.map((p) => p.code).join(', ')}`);
      const kind = result.documents[problem.document ?? 0]?.kind;
      const fixes = quickFixesFor(problem, { file: result.file, ...(kind ? { kind } : {}) });
      const fix = fixes.find((f) => c.title.test(f.title));
      assert.ok(fix, `a fix matching ${c.title}; got ${fixes.map((f) => f.title).join(' | ')}`);
      const fixed = applyEdits(c.text, fix.edits);
      assert.equal(fixed, c.expected);
      assert.deepEqual(lintable(fixed, c.fileName), []);
    });
  }

  it('a strict .json file gets no suppression comment, which would break it', () => {
    const text = '{\n  "credential_type": "session_token",\n  "iam_tags": {"a": "b"}\n}\n';
    const result = lintText(text, { fileName: 'a.role.json' });
    const problem = result.problems.find((p) => p.code === 'ROLE_FIELD_UNUSED');
    assert.ok(problem);
    assert.deepEqual(
      quickFixesFor(problem, { file: result.file }).filter((f) => f.title.startsWith('Suppress')),
      [],
    );
  });

  it('a missing credential_type offers one fix per type, none preferred', () => {
    const text = 'policy_arns: [arn:aws:iam::aws:policy/ReadOnlyAccess]\n';
    const result = lintText(text, { fileName: 'a.role.yaml' });
    const problem = result.problems.find((p) => p.code === 'ROLE_MISSING_CREDENTIAL_TYPE');
    assert.ok(problem);
    const fixes = quickFixesFor(problem, { file: result.file }).filter((f) =>
      f.title.startsWith('Add credential_type'),
    );
    assert.deepEqual(
      fixes.map((f) => f.title),
      [
        'Add credential_type: iam_user',
        'Add credential_type: assumed_role',
        'Add credential_type: federation_token',
        'Add credential_type: session_token',
      ],
    );
    assert.ok(fixes.every((f) => !f.isPreferred));
    assert.deepEqual(lintable(applyEdits(text, fixes[0]!.edits), 'a.role.yaml'), []);
  });
});

describe('listRewritesAt: comma string <-> list', () => {
  const cases = [
    {
      name: 'comma string to a list (YAML)',
      fileName: 'a.role.yaml',
      text: 'credential_type: iam_user\npolicy_arns: arn:aws:iam::aws:policy/A, arn:aws:iam::aws:policy/B\n',
      pointer: '/policy_arns',
      expected:
        'credential_type: iam_user\npolicy_arns:\n  - arn:aws:iam::aws:policy/A\n  - arn:aws:iam::aws:policy/B\n',
    },
    {
      name: 'list back to a comma string (YAML)',
      fileName: 'a.role.yaml',
      text: 'credential_type: iam_user\npolicy_arns:\n  - arn:aws:iam::aws:policy/A\n  - arn:aws:iam::aws:policy/B\n',
      pointer: '/policy_arns',
      expected: 'credential_type: iam_user\npolicy_arns: arn:aws:iam::aws:policy/A,arn:aws:iam::aws:policy/B\n',
    },
    {
      name: 'list to a comma string (JSON)',
      fileName: 'a.role.json',
      text: '{"credential_type": "iam_user", "iam_groups": ["a", "b"], "policy_arns": ["arn:aws:iam::aws:policy/A"]}',
      pointer: '/iam_groups',
      expected: '{"credential_type": "iam_user", "iam_groups": "a,b", "policy_arns": ["arn:aws:iam::aws:policy/A"]}',
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const result = lintText(c.text, { fileName: c.fileName });
      const [rewrite] = listRewritesAt({ file: result.file, kind: 'role' }, 0, c.pointer);
      assert.ok(rewrite);
      assert.equal(rewrite.kind, 'refactor');
      const fixed = applyEdits(c.text, rewrite.edits);
      assert.equal(fixed, c.expected);
      assert.deepEqual(lintable(fixed, c.fileName), []);
    });
  }

  it('no rewrite for fields that are not lists', () => {
    const result = lintText('credential_type: iam_user\nuser_path: /a/\n', { fileName: 'a.role.yaml' });
    assert.deepEqual(listRewritesAt({ file: result.file, kind: 'role' }, 0, '/user_path'), []);
  });
});
