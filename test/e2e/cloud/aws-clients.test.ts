/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument -- engine answers are JSON read loosely (Answer.body); every assertion checks the shape it reads. */
// Issued credentials of every type used by the real AWS clients (SDK v3 and Debian's aws 2.9)
// against the engine's cloudUrl: identity, an allowed and a denied call, revocation, expiry, rotation.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  CreateUserCommand,
  DeleteUserCommand,
  GetUserCommand,
  ListAccessKeysCommand,
  ListUsersCommand,
} from '@aws-sdk/client-iam';
import { GetCallerIdentityCommand } from '@aws-sdk/client-sts';
import { startEngine, type EngineProcess } from '../../helpers/engine.ts';
import { AWS_CLI, AWS_CLI_MISSING, awsCli, sdkClients, sdkOutcome, type IssuedCreds } from '../../helpers/aws.ts';
import { advance, fixtures, get, post } from '../engine/engine-client.ts';

const ACCOUNT = '123456789012';
const ADMIN = { access_key: 'AKIAKEYFOBADMIN00001', secret_key: 'admin-secret-0000000000000000000000000000' };
const ROLE = `arn:aws:iam::${ACCOUNT}:role/deploy`;
const doc = (statements: unknown[]): string => JSON.stringify({ Version: '2012-10-17', Statement: statements });

const ROLES: Record<string, Record<string, unknown>> = {
  // iam_user: may read itself and list its keys; an explicit deny on DeleteUser.
  user: {
    credential_type: 'iam_user',
    policy_document: doc([
      {
        Sid: 'ReadSelf',
        Effect: 'Allow',
        Action: ['iam:GetUser', 'iam:ListAccessKeys'],
        Resource: `arn:aws:iam::${ACCOUNT}:user/\${aws:username}`,
      },
      { Sid: 'NoDelete', Effect: 'Deny', Action: 'iam:DeleteUser', Resource: '*' },
    ]),
  },
  // assumed_role: the session policy allows listing users only.
  deploy: {
    credential_type: 'assumed_role',
    role_arns: [ROLE],
    policy_document: doc([{ Effect: 'Allow', Action: 'iam:ListUsers', Resource: '*' }]),
  },
  fed: {
    credential_type: 'federation_token',
    policy_document: doc([{ Effect: 'Allow', Action: 'iam:ListUsers', Resource: '*' }]),
  },
  sess: { credential_type: 'session_token' },
};

describe('issued credentials with the AWS SDK and the aws command', () => {
  let engine: EngineProcess;
  const issued: Record<string, IssuedCreds & { lease_id: string }> = {};
  before(async () => {
    // The engine's own calls go through the AWS SDK too (in process), so every credential here was
    // issued by SDK requests the cloud verified and evaluated.
    engine = await startEngine({ args: ['--provider-client', 'sdk'] });
    assert.match(engine.cloudUrl, /^http:\/\/127\.0\.0\.1:\d+$/);
    await fixtures(engine, {
      rootUser: { name: 'keyfob-admin', accessKeys: [{ id: ADMIN.access_key, secret: ADMIN.secret_key }] },
      users: [{ name: 'svc-static' }],
      roles: [{ arn: ROLE, maxSessionDuration: 7200 }],
    });
    assert.equal(
      (
        await post(engine, 'cloud/config/root', {
          access_key: ADMIN.access_key,
          secret_key: ADMIN.secret_key,
          region: 'eu-west-1',
        })
      ).status,
      204,
    );
    for (const [name, body] of Object.entries(ROLES)) {
      const made = await post(engine, `cloud/roles/${name}`, body);
      assert.ok(made.status === 204 || made.status === 200, made.text);
      const creds = await get(engine, `cloud/${body.credential_type === 'iam_user' ? 'creds' : 'sts'}/${name}`);
      assert.equal(creds.status, 200, creds.text);
      issued[name] = { ...creds.body.data, lease_id: creds.body.lease_id };
    }
  });
  after(() => engine.stop());

  const identities: [string, RegExp][] = [
    ['user', new RegExp(`^arn:aws:iam::${ACCOUNT}:user/keyfob-`)],
    ['deploy', new RegExp(`^arn:aws:sts::${ACCOUNT}:assumed-role/deploy/`)],
    ['fed', new RegExp(`^arn:aws:sts::${ACCOUNT}:federated-user/`)],
    ['sess', new RegExp(`^arn:aws:iam::${ACCOUNT}:user/keyfob-admin$`)],
  ];
  for (const [name, arn] of identities) {
    it(`${name}: GetCallerIdentity through the SDK`, async () => {
      const { sts } = sdkClients(engine.cloudUrl, issued[name] as IssuedCreds);
      const who = await sts.send(new GetCallerIdentityCommand({}));
      assert.match(who.Arn ?? '', arn);
      assert.equal(who.Account, ACCOUNT);
    });
    it(`${name}: sts get-caller-identity through the aws command`, { skip: AWS_CLI_MISSING }, async () => {
      const run = await awsCli(engine.cloudUrl, issued[name] as IssuedCreds, ['sts', 'get-caller-identity']);
      assert.equal(run.code, 0, run.stderr);
      assert.match(JSON.parse(run.stdout).Arn, arn);
    });
  }

  it('iam_user: an allowed call (GetUser on itself) and a denied one (ListUsers, DeleteUser) through the SDK', async () => {
    const { iam } = sdkClients(engine.cloudUrl, issued.user as IssuedCreds);
    const me = await iam.send(new GetUserCommand({}));
    assert.match(me.User?.UserName ?? '', /^keyfob-/);
    const keys = await iam.send(new ListAccessKeysCommand({}));
    assert.deepEqual(
      keys.AccessKeyMetadata?.map((k) => k.AccessKeyId),
      [issued.user?.access_key],
    );
    const list = await sdkOutcome(() => iam.send(new ListUsersCommand({})));
    assert.equal(list.name, 'AccessDenied');
    assert.equal(list.status, 403);
    assert.match(
      list.message,
      new RegExp(
        `^User: arn:aws:iam::${ACCOUNT}:user/keyfob-\\S+ is not authorized to perform: iam:ListUsers on resource: arn:aws:iam::${ACCOUNT}:user/ because no identity-based policy allows the iam:ListUsers action\\. Encoded authorization failure message: [\\w-]+$`,
      ),
    );
    const remove = await sdkOutcome(() => iam.send(new DeleteUserCommand({ UserName: me.User?.UserName })));
    assert.equal(remove.name, 'AccessDenied');
    assert.match(
      remove.message,
      /with an explicit deny in an identity-based policy\. Encoded authorization failure message: [\w-]+$/,
    );
  });

  it('iam_user: allowed and denied calls through the aws command', { skip: AWS_CLI_MISSING }, async () => {
    const creds = issued.user as IssuedCreds;
    const me = await awsCli(engine.cloudUrl, creds, ['iam', 'get-user']);
    assert.equal(me.code, 0, me.stderr);
    assert.match(JSON.parse(me.stdout).User.Arn, /:user\/keyfob-/);
    const denied = await awsCli(engine.cloudUrl, creds, ['iam', 'list-users']);
    assert.equal(denied.code, 254);
    assert.match(
      denied.stderr,
      /An error occurred \(AccessDenied\) when calling the ListUsers operation(?: \(reached max retries: \d+\))?: User: \S+ is not authorized to perform: iam:ListUsers/,
    );
  });

  it('assumed_role: the session policy allows ListUsers and nothing else', async () => {
    const { iam } = sdkClients(engine.cloudUrl, issued.deploy as IssuedCreds);
    const users = await iam.send(new ListUsersCommand({}));
    assert.ok(users.Users?.some((u) => u.UserName === 'keyfob-admin'));
    const other = await sdkOutcome(() => iam.send(new GetUserCommand({ UserName: 'keyfob-admin' })));
    assert.equal(other.name, 'AccessDenied');
    assert.match(
      other.message,
      /because no session policy allows the iam:GetUser action\. Encoded authorization failure message: [\w-]+$/,
    );
    if (AWS_CLI) {
      const run = await awsCli(engine.cloudUrl, issued.deploy as IssuedCreds, ['iam', 'list-users']);
      assert.equal(run.code, 0, run.stderr);
      const refused = await awsCli(engine.cloudUrl, issued.deploy as IssuedCreds, [
        'iam',
        'get-user',
        '--user-name',
        'keyfob-admin',
      ]);
      assert.match(refused.stderr, /\(AccessDenied\) when calling the GetUser operation/);
    }
  });

  it('federation_token and session_token: IAM is refused whatever the policy says', async () => {
    for (const name of ['fed', 'sess']) {
      const { iam } = sdkClients(engine.cloudUrl, issued[name] as IssuedCreds);
      const outcome = await sdkOutcome(() => iam.send(new ListUsersCommand({})));
      assert.equal(outcome.name, 'AccessDenied', name);
    }
  });

  it('a revoked iam_user key: InvalidClientTokenId through both clients', async () => {
    const made = await get(engine, 'cloud/creds/user');
    const creds = made.body.data as IssuedCreds;
    const { sts } = sdkClients(engine.cloudUrl, creds);
    assert.equal((await sdkOutcome(() => sts.send(new GetCallerIdentityCommand({})))).name, 'ok');
    assert.equal((await post(engine, 'sys/leases/revoke', { lease_id: made.body.lease_id })).status, 204);
    const after = await sdkOutcome(() => sts.send(new GetCallerIdentityCommand({})));
    assert.equal(after.name, 'InvalidClientTokenId');
    assert.equal(after.status, 403);
    if (AWS_CLI) {
      const run = await awsCli(engine.cloudUrl, creds, ['sts', 'get-caller-identity']);
      assert.equal(run.code, 254);
      assert.match(
        run.stderr,
        /\(InvalidClientTokenId\) when calling the GetCallerIdentity operation(?: \(reached max retries: \d+\))?: The security token included in the request is invalid/,
      );
    }
  });

  it('a wrong secret: SignatureDoesNotMatch; a missing session token: InvalidClientTokenId', async () => {
    const user = issued.user as IssuedCreds;
    // Change the secret's last character (to a different one: a secret already ending in x stayed right).
    const last = user.secret_key.endsWith('x') ? 'y' : 'x';
    const wrong = sdkClients(engine.cloudUrl, { ...user, secret_key: `${user.secret_key.slice(0, -1)}${last}` });
    assert.equal(
      (await sdkOutcome(() => wrong.sts.send(new GetCallerIdentityCommand({})))).name,
      'SignatureDoesNotMatch',
    );
    const noToken = sdkClients(engine.cloudUrl, { ...(issued.deploy as IssuedCreds), session_token: null });
    assert.equal(
      (await sdkOutcome(() => noToken.sts.send(new GetCallerIdentityCommand({})))).name,
      'InvalidClientTokenId',
    );
  });

  // AWS's model: UserName 1-64 of [\w+=,.@-]; Path "/" or "/" + U+0021..U+007E + "/", at most 512.
  const PATH_PATTERN = 'Member must satisfy regular expression pattern: (\\u002F)|(\\u002F[\\u0021-\\u007E]+\\u002F)';
  const badInput: { name: string; input: { UserName: string; Path?: string }; message: string }[] = [
    {
      name: 'a path with DEL',
      input: { UserName: 'ci-del', Path: '/ci\x7f/' },
      message: `1 validation error detected: Value '/ci\x7f/' at 'path' failed to satisfy constraint: ${PATH_PATTERN}`,
    },
    {
      name: 'a path "//"',
      input: { UserName: 'ci-slashes', Path: '//' },
      message: `1 validation error detected: Value '//' at 'path' failed to satisfy constraint: ${PATH_PATTERN}`,
    },
    {
      name: 'a 513-character path',
      input: { UserName: 'ci-long', Path: `/${'a'.repeat(511)}/` },
      message: `at 'path' failed to satisfy constraint: Member must have length less than or equal to 512`,
    },
    {
      name: 'a name with a space and a path with a space',
      input: { UserName: 'ci runner', Path: '/a b/' },
      message: `2 validation errors detected: Value 'ci runner' at 'userName' failed to satisfy constraint: Member must satisfy regular expression pattern: [\\w+=,.@-]+; Value '/a b/' at 'path'`,
    },
  ];
  it(
    'iam create-user with a path with DEL or "//": ValidationError through the aws command',
    { skip: AWS_CLI_MISSING },
    async () => {
      for (const path of ['/ci\x7f/', '//']) {
        const run = await awsCli(engine.cloudUrl, { ...ADMIN, session_token: null }, [
          'iam',
          'create-user',
          '--user-name',
          'ci-cli',
          '--path',
          path,
        ]);
        assert.notEqual(run.code, 0, run.stdout);
        // awscli words it "An error occurred (ValidationError) when calling the CreateUser operation
        // (reached max retries: 0): <the provider's message>".
        assert.match(run.stderr, /An error occurred \(ValidationError\) when calling the CreateUser operation/);
        const message = `1 validation error detected: Value '${path}' at 'path' failed to satisfy constraint: ${PATH_PATTERN}`;
        assert.ok(run.stderr.includes(message), run.stderr);
      }
      const check = await awsCli(engine.cloudUrl, { ...ADMIN, session_token: null }, [
        'iam',
        'get-user',
        '--user-name',
        'ci-cli',
      ]);
      assert.match(check.stderr, /NoSuchEntity/, 'no user was created');
    },
  );
  for (const c of badInput) {
    it(`CreateUser with ${c.name}: ValidationError through the SDK, as AWS answers`, async () => {
      const { iam } = sdkClients(engine.cloudUrl, { ...ADMIN, session_token: null });
      const made = await sdkOutcome(() => iam.send(new CreateUserCommand(c.input)));
      assert.deepEqual([made.name, made.status], ['ValidationError', 400], made.message);
      assert.ok(made.message.includes(c.message), made.message);
      assert.equal(
        (await sdkOutcome(() => iam.send(new GetUserCommand({ UserName: c.input.UserName })))).name,
        c.input.UserName.includes(' ') ? 'ValidationError' : 'NoSuchEntityException',
      );
    });
  }

  it('a static role rotation: the replaced key stops working, the new one works', async () => {
    const made = await post(engine, 'cloud/static-roles/svc', { username: 'svc-static', rotation_period: '1h' });
    assert.ok(made.status === 200 || made.status === 204, made.text);
    const first = (await get(engine, 'cloud/static-creds/svc')).body;
    for (let i = 0; i < 2; i++) {
      const rotated = await post(engine, 'cloud/rotate-role/svc');
      assert.ok(rotated.status === 200 || rotated.status === 204, rotated.text);
    }
    const latest = (await get(engine, 'cloud/static-creds/svc')).body;
    assert.notEqual(latest.access_key, first.access_key);
    const old = sdkClients(engine.cloudUrl, first);
    assert.equal((await sdkOutcome(() => old.sts.send(new GetCallerIdentityCommand({})))).name, 'InvalidClientTokenId');
    const fresh = sdkClients(engine.cloudUrl, latest);
    assert.equal(
      (await fresh.sts.send(new GetCallerIdentityCommand({}))).Arn,
      `arn:aws:iam::${ACCOUNT}:user/svc-static`,
    );
    if (AWS_CLI) {
      const run = await awsCli(engine.cloudUrl, first, ['sts', 'get-caller-identity']);
      assert.match(run.stderr, /InvalidClientTokenId/);
    }
  });

  // Last: moves the engine clock past every session's expiry.
  it('expired sessions: ExpiredToken through both clients once the dev clock passes their expiry', async () => {
    await advance(engine, 13 * 3600);
    for (const name of ['deploy', 'fed', 'sess']) {
      const { sts } = sdkClients(engine.cloudUrl, issued[name] as IssuedCreds);
      const outcome = await sdkOutcome(() => sts.send(new GetCallerIdentityCommand({})));
      assert.equal(outcome.name, 'ExpiredToken', name);
      assert.equal(outcome.status, 403);
      if (AWS_CLI) {
        const run = await awsCli(engine.cloudUrl, issued[name] as IssuedCreds, ['sts', 'get-caller-identity']);
        assert.equal(run.code, 254, name);
        assert.match(
          run.stderr,
          /\(ExpiredToken\) when calling the GetCallerIdentity operation(?: \(reached max retries: \d+\))?: The security token included in the request is expired/,
        );
      }
    }
  });
});
