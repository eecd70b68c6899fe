import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FileLinter, lintText } from '@keyfob/shared/lint';
import type { LintResult } from '@keyfob/shared/lint';

/** Role documents of every credential type; every tenth one has a mistake the rules find. */
function roleDocument(i: number): string {
  const broken = i % 10 === 9;
  const shapes = [
    [
      `name: deploy-${i}`,
      'credential_type: iam_user',
      'policy_arns:',
      '  - arn:aws:iam::aws:policy/ReadOnlyAccess',
      broken ? 'default_sts_ttl: 1h' : '# iam user',
    ],
    [
      `name: assume-${i}`,
      'credential_type: assumed_role',
      'role_arns: arn:aws:iam::123456789012:role/deployer',
      'default_sts_ttl: 30m',
      broken ? 'max_sts_ttl: 15m' : 'max_sts_ttl: 2h',
    ],
    [
      `name: session-${i}`,
      'credential_type: session_token',
      broken ? 'policy_arns: arn:aws:iam::aws:policy/ReadOnlyAccess' : '# no policies',
    ],
  ];
  return (shapes[i % shapes.length] ?? []).join('\n');
}

const FILE = 'many.role.yaml';
const THOUSAND = `${Array.from({ length: 1000 }, (_, i) => roleDocument(i)).join('\n---\n')}\n`;

/** A lint result as comparable data (locations read through their map interface). */
function snapshot(result: LintResult): string {
  const documents = result.file.documents.map((d) => ({ ...d, locations: [...d.locations.entries()] }));
  return JSON.stringify({
    documents: result.documents,
    problems: result.problems,
    file: { ...result.file, lines: result.file.lines.lineCount, documents },
  });
}

describe('FileLinter: successive versions of one file', () => {
  it('an edit in document 500 of 1,000 re-reads and re-validates only that document, with the full lint result', () => {
    const linter = new FileLinter();
    const first = linter.lint(THOUSAND, { fileName: FILE });
    assert.deepEqual(linter.work, { parsed: 1000, validated: 1000 });
    assert.equal(first.problems.filter((p) => p.severity === 'error').length > 50, true);
    const edited = THOUSAND.replace(
      'name: deploy-498\ncredential_type: iam_user',
      'name: deploy-498\ncredential_type: iam_usr',
    );
    assert.notEqual(edited, THOUSAND);
    const second = linter.lint(edited, { fileName: FILE });
    assert.deepEqual(linter.work, { parsed: 1, validated: 1 });
    assert.equal(snapshot(second), snapshot(lintText(edited, { fileName: FILE })));
    assert.ok(second.problems.some((p) => p.document === 498 && p.code === 'ROLE_UNKNOWN_CREDENTIAL_TYPE'));
  });

  it('matches a full lint when an edit changes what other documents report', () => {
    const three =
      'name: a\ncredential_type: session_token\n---\nname: b\ncredential_type: session_token\n---\nname: c\ncredential_type: session_token\n';
    const cases: { name: string; to: string; parsed: number; validated: number }[] = [
      // Document 3 becomes a duplicate of document 1 without being edited itself.
      { name: 'a name made equal to a later one', to: three.replace('name: a', 'name: c'), parsed: 1, validated: 1 },
      // Every role document needs a name once there are several: the others' problems change too.
      { name: 'a name removed', to: three.replace('name: b\n', ''), parsed: 1, validated: 1 },
      // The last document is read again too: where it ends changed.
      {
        name: 'a document added',
        to: `${three}---\nname: d\ncredential_type: session_token\n`,
        parsed: 2,
        validated: 2,
      },
      {
        name: 'a suppression comment',
        to: three.replace('name: b', '# keyfob-disable-next-line LINT_DUPLICATE_NAME -- test\nname: b'),
        parsed: 3,
        validated: 3,
      },
      {
        name: 'a modeline',
        to: `# yaml-language-server: $schema=https://keyfob.dev/schemas/static-role.schema.json\n${three}`,
        parsed: 1,
        validated: 3,
      },
      { name: 'a syntax error', to: three.replace('name: b', 'name: [b'), parsed: 3, validated: 2 },
    ];
    for (const c of cases) {
      const linter = new FileLinter();
      linter.lint(three, { fileName: FILE });
      const result = linter.lint(c.to, { fileName: FILE });
      assert.equal(snapshot(result), snapshot(lintText(c.to, { fileName: FILE })), c.name);
      assert.deepEqual(linter.work, { parsed: c.parsed, validated: c.validated }, c.name);
    }
  });

  it('reads JSON in full each time, with the same result', () => {
    const linter = new FileLinter();
    linter.lint('{"credential_type": "iam_user"}', { fileName: 'x.role.json' });
    const result = linter.lint('{"credential_type": "iam_usr"}', { fileName: 'x.role.json' });
    assert.equal(snapshot(result), snapshot(lintText('{"credential_type": "iam_usr"}', { fileName: 'x.role.json' })));
    assert.deepEqual(linter.work, { parsed: 1, validated: 1 });
  });
});
