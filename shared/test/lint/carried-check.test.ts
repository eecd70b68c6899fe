// Lint once and carry the result: each linted document holds its validator's check (the normalised
// value and the problems), and apply declares that value instead of validating the document again.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { collectDesiredState } from '@keyfob/shared/apply';
import { lintText } from '@keyfob/shared/lint';

const ROLE = `credential_type: assumed_role
role_arns: arn:aws:iam::123456789012:role/deploy, arn:aws:iam::123456789012:role/build
default_sts_ttl: 15m
`;

describe('a linted document carries its check', () => {
  test('a role: the normalised role, as apply declares it', () => {
    const linted = lintText(ROLE, { fileName: 'deploy.role.yaml' });
    const check = linted.documents[0]?.check;
    assert.equal(check?.kind, 'role');
    assert.deepEqual(check.value?.roleArns, [
      'arn:aws:iam::123456789012:role/deploy',
      'arn:aws:iam::123456789012:role/build',
    ]);
    assert.equal(check.value?.defaultStsTtl, 900);
    assert.deepEqual(check.problems, []);
    const state = collectDesiredState([{ file: 'deploy.role.yaml', text: ROLE }], { mount: 'cloud' });
    assert.deepEqual(state.desired.roles.get('deploy')?.definition, check.value);
  });

  test('a static role, a JWT role, a Terraform resource; none for a policy', () => {
    const staticRole = lintText('username: backup\nrotation_period: 1h\n', { fileName: 'backup.static-role.yaml' });
    assert.deepEqual(staticRole.documents[0]?.check?.value, {
      name: 'backup',
      username: 'backup',
      rotationPeriod: 3600,
    });
    const jwt = lintText(
      'role_type: jwt\nuser_claim: sub\nbound_audiences: [sts]\nbound_subject: repo:acme/app:ref:refs/heads/main\n',
      {
        fileName: 'ci.jwt-role.yaml',
      },
    );
    assert.equal(jwt.documents[0]?.check?.kind, 'jwt-role');
    assert.equal((jwt.documents[0]?.check?.value as Record<string, unknown> | undefined)?.user_claim, 'sub');
    const tf = lintText(
      'resource "vault_aws_secret_backend_role" "deploy" {\n  backend = "cloud"\n  name = "deploy"\n  credential_type = "assumed_role"\n  role_arns = ["arn:aws:iam::123456789012:role/deploy"]\n}\n',
      { fileName: 'main.tf' },
    );
    assert.equal(tf.documents[0]?.check?.kind, 'role');
    const policy = lintText('path "cloud/creds/ci" { capabilities = ["read"] }\n', { fileName: 'ci.policy.hcl' });
    assert.equal(policy.documents[0]?.check, undefined);
  });

  test('a role with an error: no value, the errors apply reports', () => {
    const text = 'credential_type: assumed_role\n';
    const check = lintText(text, { fileName: 'bad.role.yaml' }).documents[0]?.check;
    assert.equal(check?.value, undefined);
    assert.ok(check?.problems.some((p) => p.severity === 'error'));
    assert.equal(collectDesiredState([{ file: 'bad.role.yaml', text }], { mount: 'cloud' }).ok, false);
  });
});
