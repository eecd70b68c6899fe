import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isRoleFileName, nameFromFileName } from '@keyfob/shared/lint';
import { detectKind } from '../../src/lint/detect-kind.ts';

describe('detectKind', () => {
  const cases: { name: string; file: string; value?: unknown; text?: string; kind: string | undefined }[] = [
    { name: 'role by name', file: 'roles/deploy.role.yaml', kind: 'role' },
    { name: 'yml and upper case', file: 'DEPLOY.ROLE.YML', kind: 'role' },
    { name: 'json role', file: 'deploy.role.json', kind: 'role' },
    { name: 'static role by name', file: 'backup.static-role.yaml', kind: 'static-role' },
    { name: 'manifest by suffix', file: 'team.manifest.yml', kind: 'manifest' },
    { name: 'keyfob.yaml is a manifest', file: 'ops/keyfob.yaml', kind: 'manifest' },
    { name: 'windows path', file: 'C:\\repo\\keyfob.json', kind: 'manifest' },
    { name: 'root config by name', file: 'prod.root-config.yaml', kind: 'root-config' },
    { name: 'lease config by name', file: 'prod.lease-config.json', kind: 'lease-config' },
    { name: 'JWT role by name', file: 'auth/deploy.jwt-role.yaml', kind: 'jwt-role' },
    { name: 'JWT role in JSON', file: 'deploy.jwt-role.json', kind: 'jwt-role' },
    { name: 'policy in HCL', file: 'policies/deploy.policy.hcl', kind: 'policy' },
    { name: 'policy in JSON', file: 'deploy.policy.json', kind: 'policy' },
    { name: 'policy.yaml is not a policy (policies are HCL or JSON)', file: 'deploy.policy.yaml', kind: undefined },
    {
      name: 'JWT role by $schema',
      file: 'x.yaml',
      value: { $schema: 'https://keyfob.dev/schemas/jwt-role.schema.json' },
      kind: 'jwt-role',
    },
    { name: 'plain yaml', file: 'deploy.yaml', kind: undefined },
    { name: 'role in the middle is not a suffix', file: 'deploy.role.yaml.bak', kind: undefined },
    {
      name: '$schema URL',
      file: 'deploy.yaml',
      value: { $schema: 'https://keyfob.dev/schemas/role.schema.json' },
      kind: 'role',
    },
    {
      name: '$schema relative path',
      file: 'x.json',
      value: { $schema: '../../schemas/static-role.schema.json' },
      kind: 'static-role',
    },
    {
      name: '$schema beats the file name',
      file: 'x.role.yaml',
      value: { $schema: 'https://keyfob.dev/schemas/lease-config.schema.json' },
      kind: 'lease-config',
    },
    {
      name: 'foreign $schema falls back to the name',
      file: 'x.role.yaml',
      value: { $schema: 'https://json.schemastore.org/github-workflow.json' },
      kind: 'role',
    },
    {
      name: 'modeline beats $schema',
      file: 'x.yaml',
      value: { $schema: 'https://keyfob.dev/schemas/role.schema.json' },
      text: '# yaml-language-server: $schema=https://keyfob.dev/schemas/manifest.schema.json\nroles: {}\n',
      kind: 'manifest',
    },
    {
      name: 'modeline with a relative path',
      file: 'x.yaml',
      text: '#yaml-language-server:$schema=./schemas/root-config.schema.json\n',
      kind: 'root-config',
    },
  ];
  for (const c of cases) test(c.name, () => assert.equal(detectKind(c.file, c.value, c.text), c.kind));
});

describe('file names', () => {
  test('isRoleFileName picks what the CLI walks into', () => {
    assert.deepEqual(
      [
        'a.role.yaml',
        'a.static-role.yml',
        'keyfob.json',
        'a.manifest.yaml',
        'a.yaml',
        'role.yaml',
        'package.json',
      ].filter(isRoleFileName),
      ['a.role.yaml', 'a.static-role.yml', 'keyfob.json', 'a.manifest.yaml'],
    );
  });

  test('nameFromFileName strips the kind suffix', () => {
    assert.equal(nameFromFileName('roles/deploy-prod.role.yaml'), 'deploy-prod');
    assert.equal(nameFromFileName('backup.agent.static-role.json'), 'backup.agent');
    assert.equal(nameFromFileName('other.yaml'), 'other');
    assert.equal(nameFromFileName('auth/deploy.jwt-role.yml'), 'deploy');
    assert.equal(nameFromFileName('policies/ci-deploy.policy.hcl'), 'ci-deploy');
  });
});
