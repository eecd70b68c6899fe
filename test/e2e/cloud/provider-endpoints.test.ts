/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-argument -- engine answers are JSON read loosely (Answer.body); every assertion checks the shape it reads. */
// The engine's provider layer is an AWS SDK client of whatever endpoints config/root names:
// iam_endpoint / sts_endpoint over HTTP (here: the engine's own cloudUrl), a dead primary STS
// endpoint with sts_fallback_endpoints tried in order, and every endpoint dead.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startEngine, type EngineProcess } from '../../helpers/engine.ts';
import { fixtures, get, post, whoami } from '../engine/engine-client.ts';
import { closedPort } from '../../helpers/closed-port.ts';

const ROLE = 'arn:aws:iam::123456789012:role/deploy';

describe('provider endpoints from config/root', () => {
  let engine: EngineProcess;
  let dead: string;
  before(async () => {
    engine = await startEngine();
    dead = `http://127.0.0.1:${await closedPort()}`;
    await fixtures(engine, { roles: [{ arn: ROLE }] });
    assert.equal(
      (await post(engine, 'cloud/roles/deploy', { credential_type: 'assumed_role', role_arns: [ROLE] })).status,
      204,
    );
    assert.equal(
      (
        await post(engine, 'cloud/roles/user', {
          credential_type: 'iam_user',
          policy_arns: ['arn:aws:iam::aws:policy/IAMReadOnlyAccess'],
        })
      ).status,
      204,
    );
  });
  after(() => engine.stop());

  it('iam_endpoint and sts_endpoint over HTTP: credentials come from the endpoint named', async () => {
    assert.equal(
      (
        await post(engine, 'cloud/config/root', {
          iam_endpoint: engine.cloudUrl,
          sts_endpoint: engine.cloudUrl,
          region: 'eu-west-1',
        })
      ).status,
      204,
    );
    const user = await get(engine, 'cloud/creds/user');
    assert.equal(user.status, 200, user.text);
    assert.equal((await whoami(engine, user.body.data)).status, 200);
    const sts = await get(engine, 'cloud/sts/deploy');
    assert.equal(sts.status, 200, sts.text);
    assert.match(sts.body.data.arn, /assumed-role\/deploy\//);
  });

  it('a dead primary STS endpoint: the fallbacks are tried in order', async () => {
    const config = {
      sts_endpoint: dead,
      sts_region: 'eu-west-1',
      sts_fallback_endpoints: [dead, engine.cloudUrl],
      sts_fallback_regions: ['eu-west-2', 'eu-central-1'],
      max_retries: 0,
    };
    assert.equal((await post(engine, 'cloud/config/root', config)).status, 204);
    const sts = await get(engine, 'cloud/sts/deploy');
    assert.equal(sts.status, 200, sts.text);
    assert.equal((await whoami(engine, sts.body.data)).status, 200);
  });

  it('passes max_retries to the SDK: one retry absorbs one throttled call, not two', async () => {
    assert.equal(
      (await post(engine, 'cloud/config/root', { sts_endpoint: engine.cloudUrl, max_retries: 1 })).status,
      204,
    );
    await fixtures(engine, { roles: [{ arn: ROLE }], throttle: [{ operation: 'AssumeRole', count: 1 }] });
    const once = await get(engine, 'cloud/sts/deploy');
    assert.equal(once.status, 200, once.text);
    await fixtures(engine, { roles: [{ arn: ROLE }], throttle: [{ operation: 'AssumeRole', count: 2 }] });
    const twice = await get(engine, 'cloud/sts/deploy');
    assert.equal(twice.status, 502, twice.text);
    assert.match(twice.body.errors[0], /^Error assuming role: Throttling: Rate exceeded/);
  });

  it('every STS endpoint dead: 502 naming the failed step', async () => {
    assert.equal(
      (
        await post(engine, 'cloud/config/root', {
          sts_endpoint: dead,
          sts_fallback_endpoints: [dead],
          sts_fallback_regions: ['eu-west-2'],
          max_retries: 0,
        })
      ).status,
      204,
    );
    const sts = await get(engine, 'cloud/sts/deploy');
    assert.equal(sts.status, 502, sts.text);
    assert.match(sts.body.errors[0], /^Error assuming role: RequestError: send request failed: .*ECONNREFUSED/);
    assert.equal((await post(engine, 'cloud/config/root', {})).status, 204);
  });
});
