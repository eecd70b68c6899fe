// The shared engine client (shared/src/client) against the real `keyfob serve`: the contract the
// action, the CLI and the demo rely on, end to end.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createEngineClient, type EngineClient } from '@keyfob/shared/client';
import { startEngine, type EngineProcess } from '../../helpers/engine.ts';

describe('shared engine client against keyfob serve', () => {
  let engine: EngineProcess;
  let client: EngineClient;
  before(async () => {
    engine = await startEngine();
    client = createEngineClient({ url: engine.url, token: engine.rootToken, fetch, retry: { maxAttempts: 1 } });
    await client.dev.setCloud({ users: [{ name: 'svc', accessKeys: 1 }] });
  });
  after(() => engine.stop());

  it('writes, reads, lists and deletes roles', async () => {
    await client.writeRole('deploy', {
      credential_type: 'assumed_role',
      role_arns: ['arn:aws:iam::123456789012:role/deploy'],
      max_sts_ttl: '1h',
    });
    const role = await client.readRole('deploy');
    assert.deepEqual([role?.credentialTypes, role?.maxStsTtl], [['assumed_role'], 3600]);
    assert.deepEqual(await client.listRoles(), ['deploy']);
    assert.equal(await client.readRole('absent'), undefined);
  });

  it('generates STS and IAM credentials the emulated cloud accepts, and revokes the lease', async () => {
    const sts = await client.sts('deploy', { ttl: '15m' });
    assert.deepEqual([sts.renewable, sts.ttl, sts.leaseDuration], [false, 900, 900]);
    assert.match(sts.arn ?? '', /assumed-role\/deploy\//);
    const seen = await client.dev.whoami({
      access_key: sts.accessKey,
      secret_key: sts.secretKey,
      session_token: sts.sessionToken,
    });
    assert.equal(seen.ok && seen.kind, 'assumed_role');
    await client.writeRole('user', {
      credential_type: 'iam_user',
      policy_arns: 'arn:aws:iam::aws:policy/ReadOnlyAccess',
    });
    const iam = await client.creds('user');
    assert.equal(iam.sessionToken, null);
    assert.equal((await client.lookupLease(iam.leaseId)).renewable, true);
    assert.equal((await client.renewLease(iam.leaseId, 600)).leaseDuration, 600);
    await client.revokeLease(iam.leaseId);
    const gone = await client.dev.whoami({ access_key: iam.accessKey, secret_key: iam.secretKey });
    assert.equal(gone.ok, false);
  });

  it('manages a static role and rotates it through rotate-role', async () => {
    await client.writeStaticRole('svc', { username: 'svc', rotation_period: '1h' });
    const read = await client.readStaticRole('svc');
    assert.deepEqual([read?.username, read?.rotationPeriod], ['svc', 3600]);
    const before = await client.readStaticCredentials('svc');
    await client.rotateStaticRole('svc');
    const after = await client.readStaticCredentials('svc');
    assert.notEqual(after?.accessKey, before?.accessKey);
    assert.match(after?.expiration ?? '', /Z$/);
    assert.deepEqual(await client.listStaticRoles(), ['svc']);
    assert.equal(await client.deleteStaticRole('svc'), true);
  });

  it('creates a token whose display name reaches lookup-self, and revokes it', async () => {
    const auth = await client.createToken({ display_name: 'ci', ttl: '1h' });
    const child = client.withToken(auth.clientToken);
    assert.equal((await child.lookupSelf()).displayName, 'token-ci');
    await child.revokeSelf();
    await assert.rejects(child.lookupSelf());
  });

  it('moves the clock and sees rotations happen', async () => {
    await client.writeStaticRole('svc2', { username: 'svc', rotation_period: '1h' });
    const before = await client.readStaticCredentials('svc2');
    await client.dev.advanceClock(3600);
    assert.notEqual((await client.readStaticCredentials('svc2'))?.accessKey, before?.accessKey);
    const cloud = await client.dev.getCloud();
    assert.ok(Array.isArray(cloud.users));
  });
});
