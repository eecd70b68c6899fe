/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- engine answers are JSON read loosely (Answer.body); every assertion checks the shape it reads. */
// `keyfob can-i --access-key` (a real CLI process) asks the running engine about credentials it
// issued, and its answer matches what the AWS SDK then meets at cloudUrl. Role writes carry the
// policy linter's findings as engine warnings.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { GetUserCommand, ListUsersCommand } from '@aws-sdk/client-iam';
import { REPO_ROOT, startEngine, type EngineProcess } from '../../helpers/engine.ts';
import { sdkClients, sdkOutcome, type IssuedCreds } from '../../helpers/aws.ts';
import { fixtures, get, post } from '../engine/engine-client.ts';

const ACCOUNT = '123456789012';

function keyfob(
  args: readonly string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', join(REPO_ROOT, 'cli', 'src', 'bin.ts'), ...args],
      { cwd: REPO_ROOT, env: { ...process.env, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
      },
    );
  });
}

describe('keyfob can-i for issued credentials', () => {
  let engine: EngineProcess;
  let creds: IssuedCreds;
  let env: Record<string, string>;
  before(async () => {
    engine = await startEngine();
    env = { KEYFOB_URL: engine.url, KEYFOB_TOKEN: engine.rootToken };
    await fixtures(engine, { users: [] });
    const policy = {
      Version: '2012-10-17',
      Statement: [
        {
          Sid: 'ReadSelf',
          Effect: 'Allow',
          Action: 'iam:GetUser',
          Resource: `arn:aws:iam::${ACCOUNT}:user/\${aws:username}`,
        },
      ],
    };
    const made = await post(engine, 'cloud/roles/reader', {
      credential_type: 'iam_user',
      policy_document: JSON.stringify(policy),
    });
    assert.ok(made.status === 204 || made.status === 200, made.text);
    const issued = await get(engine, 'cloud/creds/reader');
    creds = issued.body.data;
  });
  after(() => engine.stop());

  it('answers yes with the deciding statement, and the SDK call is allowed', async () => {
    const { iam } = sdkClients(engine.cloudUrl, creds);
    const me = await iam.send(new GetUserCommand({}));
    const run = await keyfob(['can-i', '--access-key', creds.access_key, 'iam:GetUser', me.User?.Arn ?? ''], env);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^yes: arn:aws:iam::123456789012:user\/\S+ may call iam:GetUser on /);
    assert.match(
      run.stdout,
      /allowed by identity-based policy: inline policy reader of user \S+ statement 1 \(Sid "ReadSelf"\), Allow/,
    );
  });

  it('answers no for a call the SDK is then refused', async () => {
    const run = await keyfob(
      ['can-i', '--access-key', creds.access_key, 'iam:ListUsers', `arn:aws:iam::${ACCOUNT}:user/`, '--format', 'json'],
      env,
    );
    assert.equal(run.code, 1, run.stderr);
    const answer = JSON.parse(run.stdout);
    assert.equal(answer.allowed, false);
    assert.equal(answer.missingAllowIn, 'identity-based policy');
    const { iam } = sdkClients(engine.cloudUrl, creds);
    assert.equal((await sdkOutcome(() => iam.send(new ListUsersCommand({})))).name, 'AccessDenied');
  });

  it('a revoked key: the cloud refuses it, so can-i reports the refusal', async () => {
    const other = await get(engine, 'cloud/creds/reader');
    assert.equal((await post(engine, 'sys/leases/revoke', { lease_id: other.body.lease_id })).status, 204);
    const run = await keyfob(['can-i', '--access-key', other.body.data.access_key, 'iam:GetUser'], env);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /answered 403: InvalidClientTokenId/);
  });

  it('a role write carries the policy linter findings as warnings (the engine stores the role)', async () => {
    const policy = JSON.stringify({
      Version: '2012-10-17',
      Statement: [
        { Effect: 'Allow', Action: ['iam:GetUsr'], Resource: '*', Condition: { StringEqual: { 'aws:username': 'x' } } },
      ],
    });
    const answer = await post(engine, 'cloud/roles/typo', { credential_type: 'iam_user', policy_document: policy });
    assert.equal(answer.status, 200, answer.text);
    const warnings: string[] = answer.body.warnings;
    assert.ok(
      warnings.some((w) => /IAM_POLICY_UNKNOWN_ACTION|iam:GetUsr.*did you mean "iam:GetUser"/.test(w)),
      warnings.join('\n'),
    );
    assert.ok(
      warnings.some((w) => /StringEqual.*did you mean "StringEquals"/.test(w)),
      warnings.join('\n'),
    );
  });
});
