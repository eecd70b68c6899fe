import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { EngineClock } from '../src/clock.ts';
import { CloudError } from '../src/cloud/cloud-error.ts';
import { applyFixtures } from '../src/cloud/cloud-fixtures.ts';
import { EmulatedCloud } from '../src/cloud/emulated-cloud.ts';
import { Store } from '../src/state/store.ts';

function code(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof CloudError) return error.code;
    throw error;
  }
  return 'ok';
}

describe('EmulatedCloud', () => {
  let wall = Date.UTC(2025, 0, 1);
  let clock: EngineClock;
  let cloud: EmulatedCloud;
  const root = { accessKey: 'AKIAROOTKEY000000001', secretKey: 'root-secret' };

  beforeEach(() => {
    wall = Date.UTC(2025, 0, 1);
    clock = new EngineClock(0, () => wall);
    cloud = new EmulatedCloud(new Store(), clock, { consistencyDelaySeconds: 5 });
    const errors = applyFixtures(
      cloud.state,
      {
        rootUser: { name: 'root', accessKeys: [{ id: root.accessKey, secret: root.secretKey }] },
        users: [{ name: 'svc' }],
      },
      wall,
      5,
    );
    assert.deepEqual(errors, []);
  });

  it('refuses a third access key with LimitExceeded', () => {
    cloud.createAccessKey(root, 'svc');
    cloud.createAccessKey(root, 'svc');
    assert.equal(
      code(() => cloud.createAccessKey(root, 'svc')),
      'LimitExceeded',
    );
    assert.equal(cloud.listAccessKeys(root, 'svc').length, 2);
  });

  const authCases = [
    { name: 'unknown key', creds: { accessKey: 'AKIANOPE000000000000', secretKey: 'x' }, code: 'InvalidClientTokenId' },
    { name: 'wrong secret', creds: { accessKey: root.accessKey, secretKey: 'wrong' }, code: 'SignatureDoesNotMatch' },
    { name: 'a session token on a long-term key', creds: { ...root, sessionToken: 'x' }, code: 'InvalidClientTokenId' },
    { name: 'the right pair', creds: root, code: 'ok' },
  ];
  for (const c of authCases) {
    it(`authenticates provider calls: ${c.name} -> ${c.code}`, () => {
      assert.equal(
        code(() => cloud.getUser(c.creds)),
        c.code,
      );
    });
  }

  it("refuses a user's own new key inside its propagation window, accepts it after", () => {
    const key = cloud.createAccessKey(root, 'root');
    const creds = { accessKey: key.accessKeyId, secretKey: key.secretAccessKey };
    assert.equal(
      code(() => cloud.getUser(creds)),
      'InvalidClientTokenId',
    );
    wall += 5000;
    assert.equal(cloud.getUser(creds).name, 'root');
  });

  it('a key made for another user is usable at once', () => {
    const key = cloud.createAccessKey(root, 'svc');
    assert.equal(cloud.getUser({ accessKey: key.accessKeyId, secretKey: key.secretAccessKey }).name, 'svc');
  });

  it('throttles the named call, a limited number of times when counted', () => {
    applyFixtures(
      cloud.state,
      {
        rootUser: { name: 'root', accessKeys: [{ id: root.accessKey, secret: root.secretKey }] },
        throttle: [{ operation: 'CreateUser', count: 2 }, 'TagUser'],
      },
      wall,
      5,
    );
    const create = (name: string): string => code(() => cloud.createUser(root, { name, path: '/' }));
    assert.deepEqual([create('a'), create('b'), create('c')], ['Throttling', 'Throttling', 'ok']);
    assert.equal(
      code(() => cloud.tagUser(root, 'c', { a: 'b' })),
      'Throttling',
    );
  });

  const stsCases = [
    {
      name: 'assume role for 1h',
      run: (c: EmulatedCloud) =>
        c.assumeRole(undefined, {
          roleArn: 'arn:aws:iam::123456789012:role/r',
          sessionName: 'ok-name',
          durationSeconds: 3600,
          policyArns: [],
          tags: {},
        }),
      code: 'ok',
    },
    {
      name: 'assume role beyond the default 1h maximum',
      run: (c: EmulatedCloud) =>
        c.assumeRole(undefined, {
          roleArn: 'arn:aws:iam::123456789012:role/r',
          sessionName: 'ok-name',
          durationSeconds: 3601,
          policyArns: [],
          tags: {},
        }),
      code: 'ValidationError',
    },
    {
      name: 'assume role with a malformed ARN',
      run: (c: EmulatedCloud) =>
        c.assumeRole(undefined, {
          roleArn: 'arn:aws:iam::1:role/r',
          sessionName: 'ok-name',
          durationSeconds: 3600,
          policyArns: [],
          tags: {},
        }),
      code: 'ValidationError',
    },
    {
      name: 'assume role with a one-letter session name',
      run: (c: EmulatedCloud) =>
        c.assumeRole(undefined, {
          roleArn: 'arn:aws:iam::123456789012:role/r',
          sessionName: 'x',
          durationSeconds: 3600,
          policyArns: [],
          tags: {},
        }),
      code: 'ValidationError',
    },
    {
      name: 'federation token for 36h',
      run: (c: EmulatedCloud) =>
        c.getFederationToken(undefined, {
          name: 'fed-user',
          durationSeconds: 129600,
          policyArns: ['arn:aws:iam::aws:policy/ReadOnlyAccess'],
        }),
      code: 'ok',
    },
    {
      name: 'federation token for 36h and a second',
      run: (c: EmulatedCloud) =>
        c.getFederationToken(undefined, { name: 'fed-user', durationSeconds: 129601, policyArns: [] }),
      code: 'ValidationError',
    },
    {
      name: 'federation token with a 33-character name',
      run: (c: EmulatedCloud) =>
        c.getFederationToken(undefined, { name: 'x'.repeat(33), durationSeconds: 3600, policyArns: [] }),
      code: 'ValidationError',
    },
    {
      name: 'session token for 14 minutes',
      run: (c: EmulatedCloud) => c.getSessionToken(undefined, { durationSeconds: 840 }),
      code: 'ValidationError',
    },
    {
      name: 'session token with an MFA serial but no code',
      run: (c: EmulatedCloud) =>
        c.getSessionToken(undefined, { durationSeconds: 900, serialNumber: 'arn:aws:iam::123456789012:mfa/x' }),
      code: 'AccessDenied',
    },
  ];
  for (const c of stsCases) {
    it(`STS limits: ${c.name} -> ${c.code}`, () => {
      assert.equal(
        code(() => c.run(cloud)),
        c.code,
      );
    });
  }

  it('role fixtures restrict assumable roles and can require an external id', () => {
    applyFixtures(
      cloud.state,
      { roles: [{ arn: 'arn:aws:iam::123456789012:role/ok', externalId: 'ext', maxSessionDuration: 7200 }] },
      wall,
      5,
    );
    const input = { sessionName: 'session', durationSeconds: 7200, policyArns: [], tags: {} };
    assert.equal(
      code(() => cloud.assumeRole(undefined, { ...input, roleArn: 'arn:aws:iam::123456789012:role/other' })),
      'AccessDenied',
    );
    assert.equal(
      code(() => cloud.assumeRole(undefined, { ...input, roleArn: 'arn:aws:iam::123456789012:role/ok' })),
      'AccessDenied',
    );
    assert.equal(
      code(() =>
        cloud.assumeRole(undefined, { ...input, roleArn: 'arn:aws:iam::123456789012:role/ok', externalId: 'ext' }),
      ),
      'ok',
    );
  });

  it('expires STS credentials by the engine clock', () => {
    const session = cloud.getSessionToken(undefined, { durationSeconds: 900 });
    const creds = {
      accessKey: session.accessKeyId,
      secretKey: session.secretAccessKey,
      sessionToken: session.sessionToken,
    };
    assert.equal(cloud.whoami(creds).kind, 'session_token');
    clock.advance(900);
    assert.equal(
      code(() => cloud.whoami(creds)),
      'ExpiredToken',
    );
    assert.equal(cloud.purgeExpiredSessions(), 0, 'an expired session is remembered for a week');
    clock.advance(7 * 24 * 3600);
    assert.equal(
      code(() => cloud.whoami(creds)),
      'ExpiredToken',
    );
    assert.equal(cloud.purgeExpiredSessions(), 1);
    assert.equal(
      code(() => cloud.whoami(creds)),
      'InvalidClientTokenId',
    );
  });

  const fixtureErrors = [
    { name: 'three keys', input: { users: [{ name: 'u', accessKeys: 3 }] }, error: /at most 2/ },
    { name: 'a bad user name', input: { users: [{ name: 'a b' }] }, error: /IAM user name/ },
    { name: 'a user twice', input: { users: [{ name: 'u' }], rootUser: { name: 'u' } }, error: /defined twice/ },
    { name: 'a bad throttle item', input: { throttle: [42] }, error: /throttle\[0\]/ },
    {
      name: 'a role session maximum past 12h',
      input: { roles: [{ arn: 'arn:aws:iam::123456789012:role/r', maxSessionDuration: 50000 }] },
      error: /maxSessionDuration/,
    },
  ];
  for (const c of fixtureErrors) {
    it(`fixtures refuse ${c.name} and change nothing`, () => {
      const errors = applyFixtures(cloud.state, c.input, wall, 5);
      assert.match(errors.join('\n'), c.error);
      assert.ok(cloud.state.users.has('svc'));
    });
  }
});
