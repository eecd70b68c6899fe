import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { describe, it } from 'node:test';
import { collectDesiredState } from '@keyfob/shared/apply';

const examples = new URL('../../../examples/roles/', import.meta.url);
const exampleFiles = readdirSync(examples).map((name) => ({
  file: `examples/roles/${name}`,
  text: readFileSync(new URL(name, examples), 'utf8'),
}));

describe('collectDesiredState', () => {
  it('reads every kind of role file in examples/roles', () => {
    const result = collectDesiredState(exampleFiles, { mount: 'cloud' });
    assert.equal(
      result.ok,
      true,
      JSON.stringify(result.files.flatMap((f) => f.problems.filter((p) => p.severity === 'error'))),
    );
    assert.deepEqual([...result.desired.roles.keys()].sort(), [
      'break-glass',
      'ci-user',
      'deploy',
      'load-test',
      'nightly-report',
      'reports',
      'web-deploy',
    ]);
    assert.deepEqual([...result.desired.staticRoles.keys()].sort(), ['backup-agent', 'metrics-exporter']);
    assert.equal(result.desired.roles.get('deploy')?.definition.credentialType, 'assumed_role');
    assert.deepEqual(result.desired.roles.get('web-deploy')?.source, {
      file: 'examples/roles/platform.manifest.yaml',
      document: 0,
    });
    const notes = result.files.flatMap((f) => f.problems).filter((p) => p.code === 'APPLY_NOT_APPLIED');
    assert.equal(notes.length, 1, "the manifest's root and lease sections are left alone");
  });

  const cases = [
    {
      name: 'a role declared in two files',
      files: [
        { file: 'a/x.role.yaml', text: 'credential_type: session_token\n' },
        { file: 'b/x.role.yaml', text: 'credential_type: session_token\n' },
      ],
      code: 'APPLY_DUPLICATE_NAME',
      file: 'b/x.role.yaml',
      ok: false,
    },
    {
      name: 'a manifest for another mount',
      files: [{ file: 'm.manifest.yaml', text: 'mount: aws\nroles:\n  r:\n    credential_type: session_token\n' }],
      code: 'APPLY_MOUNT_MISMATCH',
      file: 'm.manifest.yaml',
      ok: false,
    },
    {
      name: 'a file with a rule error',
      files: [{ file: 'bad.role.yaml', text: 'credential_type: iam_user\n' }],
      code: 'ROLE_POLICY_REQUIRED',
      file: 'bad.role.yaml',
      ok: false,
    },
    {
      name: 'nothing to apply',
      files: [{ file: 'notes.yaml', text: 'hello: world\n' }],
      code: 'APPLY_NO_DOCUMENTS',
      file: '',
      ok: true,
    },
  ];
  for (const c of cases) {
    it(`reports ${c.name}`, () => {
      const result = collectDesiredState(c.files, { mount: 'cloud' });
      assert.equal(result.ok, c.ok);
      const found = result.files.find((f) => f.file === c.file)?.problems.find((p) => p.code === c.code);
      assert.ok(found, JSON.stringify(result.files));
    });
  }

  it('gives rule problems their line and column', () => {
    const result = collectDesiredState(
      [{ file: 'r.role.yaml', text: '# r\ncredential_type: assumed_role\nuser_path: /x/\n' }],
      { mount: 'cloud' },
    );
    const problem = result.files[0]?.problems.find((p) => p.severity === 'error');
    assert.ok(problem?.range);
    assert.ok(problem.range.startLine >= 2);
  });
});
