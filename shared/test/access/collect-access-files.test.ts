// collectAccessFiles reads files by the kind `keyfob lint` gives their names (one detection), so
// every name lint calls a policy or a JWT role is read as one here, and nothing else is.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { collectAccessFiles, isAccessFileName } from '../../src/access/index.ts';
import { kindFromFileName } from '../../src/lint/index.ts';

const POLICY = 'path "cloud/creds/deploy" { capabilities = ["read"] }\n';
const JWT_ROLE_YAML =
  'role_type: jwt\nuser_claim: repository\nbound_audiences: [keyfob]\nbound_subject: "repo:octo/app:ref:refs/heads/main"\ntoken_policies: [deploy]\n';
const JWT_ROLE_JSON = JSON.stringify({
  role_type: 'jwt',
  user_claim: 'repository',
  bound_audiences: ['keyfob'],
  bound_subject: 'repo:octo/app:ref:refs/heads/main',
});

describe('isAccessFileName: the lint file kinds policy and jwt-role', () => {
  const cases: readonly [string, boolean][] = [
    ['deploy.policy.hcl', true],
    ['ops/Deploy.POLICY.json', true],
    ['deploy.policy.jsonc', true],
    ['gh.jwt-role.yaml', true],
    ['gh.jwt-role.yml', true],
    ['gh.jwt-role.json', true],
    ['gh.jwt-role.jsonc', true],
    ['deploy.role.yaml', false],
    ['keyfob.yaml', false],
    ['deploy.policy.yaml', false],
    ['policy.hcl', false],
  ];
  for (const [file, expected] of cases)
    test(file, () => {
      assert.equal(isAccessFileName(file), expected);
      const kind = kindFromFileName(file);
      assert.equal(kind === 'policy' || kind === 'jwt-role', expected);
    });
});

describe('collectAccessFiles', () => {
  test('names policies and JWT roles as lint does, lower-casing policy names as the engine stores them', () => {
    const { inputs, errors } = collectAccessFiles(
      [
        { file: 'policies/Deploy.policy.hcl', text: POLICY },
        { file: 'auth/gh.jwt-role.yaml', text: JWT_ROLE_YAML },
        { file: 'auth/web.jwt-role.jsonc', text: `// the web app\n${JWT_ROLE_JSON}\n` },
        { file: 'auth/named.jwt-role.json', text: JSON.stringify({ ...JSON.parse(JWT_ROLE_JSON), name: 'other' }) },
      ],
      { mount: 'cloud', jwtMount: 'jwt' },
    );
    assert.deepEqual(errors, []);
    assert.deepEqual([...inputs.policies.keys()], ['deploy']);
    assert.deepEqual([...inputs.jwtRoles.keys()].sort(), ['gh', 'other', 'web']);
    assert.equal(inputs.roles, undefined);
  });

  test('a file with an error gives nothing and is listed with its code', () => {
    const { inputs, errors } = collectAccessFiles(
      [{ file: 'bad.policy.hcl', text: 'path "x" { capabilities = ["fly"] }\n' }],
      { mount: 'cloud', jwtMount: 'jwt' },
    );
    assert.equal(inputs.policies.size, 0);
    assert.equal(errors.length, 1);
    assert.match(errors[0]?.message ?? '', /POLICY_UNKNOWN_CAPABILITY/);
  });
});
