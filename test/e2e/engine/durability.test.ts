/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument -- engine answers are JSON read loosely (Answer.body); every assertion checks the shape it reads. */
// --data-dir: everything survives a restart; kill -9 in the middle of a burst of writes loses
// nothing that was acknowledged; files are private (dir 0700, files 0600).
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { startEngine } from '../../helpers/engine.ts';
import { advance, call, fixtures, get, post, whoami } from './engine-client.ts';

const POLICY = 'arn:aws:iam::aws:policy/ReadOnlyAccess';
const dirs: string[] = [];

function dataDir(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'keyfob-engine-')), 'data');
  dirs.push(dir);
  return dir;
}

describe('durability with --data-dir', () => {
  after(() => {
    for (const dir of dirs) rmSync(join(dir, '..'), { recursive: true, force: true });
  });

  it('keeps roles, configs, tokens, leases, static creds, the cloud and the clock across a restart', async () => {
    const dir = dataDir();
    const first = await startEngine({ dataDir: dir });
    let state: Record<string, unknown>;
    try {
      await fixtures(first, { users: [{ name: 'svc', accessKeys: 1 }] });
      await post(first, 'cloud/config/lease', { lease: '2h', lease_max: '4h' });
      await post(first, 'cloud/config/root', { region: 'eu-central-1' });
      await post(first, 'cloud/roles/user', { credential_type: 'iam_user', policy_arns: POLICY });
      await post(first, 'cloud/static-roles/svc', { username: 'svc', rotation_period: '1h' });
      await post(first, 'auth/jwt/config', { jwks_url: 'http://127.0.0.1:9/jwks' });
      await advance(first, 600);
      const token = (await post(first, 'auth/token/create', { display_name: 'keeper', ttl: '2h' })).body.auth
        .client_token as string;
      const creds = (await get(first, 'cloud/creds/user', { token })).body;
      state = {
        token,
        creds,
        staticCreds: (await get(first, 'cloud/static-creds/svc')).body,
        clock: Date.parse((await get(first, 'sys/dev/clock')).body.data.now),
        cloud: (await get(first, 'sys/dev/cloud')).body.data.users,
      };
    } finally {
      await first.stop();
    }
    const second = await startEngine({ dataDir: dir });
    try {
      assert.equal(
        (await get(second, 'auth/token/lookup-self', { token: state.token as string })).body.data.display_name,
        'token-keeper',
      );
      assert.deepEqual((await get(second, 'cloud/roles/user')).body.data.policy_arns, [POLICY]);
      assert.deepEqual((await get(second, 'cloud/config/lease')).body.data, { lease: '2h0m0s', lease_max: '4h0m0s' });
      assert.equal((await get(second, 'cloud/config/root')).body.data.region, 'eu-central-1');
      assert.equal((await get(second, 'auth/jwt/config')).body.data.jwks_url, 'http://127.0.0.1:9/jwks');
      assert.deepEqual((await get(second, 'cloud/static-creds/svc')).body, state.staticCreds);
      assert.deepEqual((await get(second, 'sys/dev/cloud')).body.data.users, state.cloud);
      const creds = state.creds as { lease_id: string; data: { access_key: string; secret_key: string } };
      assert.equal((await whoami(second, creds.data)).status, 200);
      const lease = await call(second, 'PUT', 'sys/leases/lookup', { body: { lease_id: creds.lease_id } });
      assert.equal(lease.status, 200, lease.text);
      assert.ok(
        Date.parse((await get(second, 'sys/dev/clock')).body.data.now) >= (state.clock as number),
        'the clock offset survives',
      );
      assert.equal(
        (await get(second, 'auth/token/lookup-self', { token: first.rootToken })).status,
        403,
        'root tokens of earlier runs are dropped',
      );
      await advance(second, 3600);
      assert.notDeepEqual(
        (await get(second, 'cloud/static-creds/svc')).body,
        state.staticCreds,
        'the schedule runs on after a restart',
      );
    } finally {
      await second.stop();
    }
    assert.equal(statSync(dir).mode & 0o777, 0o700);
    for (const name of readdirSync(dir)) assert.equal(statSync(join(dir, name)).mode & 0o777, 0o600, name);
  });

  it('loses nothing acknowledged when killed with SIGKILL during a burst of writes', async () => {
    const dir = dataDir();
    const engine = await startEngine({ dataDir: dir });
    await post(engine, 'cloud/roles/user', { credential_type: 'iam_user', policy_arns: POLICY });
    const ackedRoles: string[] = [];
    const ackedKeys: { access_key: string; secret_key: string }[] = [];
    let killed = false;
    let n = 0;
    const worker = async (): Promise<void> => {
      while (!killed) {
        const i = n++;
        try {
          if (i % 3 === 0) {
            const answer = await get(engine, 'cloud/creds/user');
            if (answer.status === 200) ackedKeys.push(answer.body.data);
          } else {
            const answer = await post(engine, `cloud/roles/r${i}`, { credential_type: 'session_token' });
            if (answer.status === 204) ackedRoles.push(`r${i}`);
          }
        } catch {
          return; // the connection died with the process
        }
        if (ackedRoles.length + ackedKeys.length >= 150 && !killed) {
          killed = true;
          process.kill(engine.process.pid ?? 0, 'SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    await engine.stop();
    assert.equal(engine.process.signalCode, 'SIGKILL');
    const again = await startEngine({ dataDir: dir });
    try {
      const listed = new Set((await get(again, 'cloud/roles?list=true')).body.data.keys as string[]);
      const missing = ackedRoles.filter((r) => !listed.has(r));
      assert.deepEqual(missing, [], 'every acknowledged role write survived');
      for (const key of ackedKeys)
        assert.equal((await whoami(again, key)).status, 200, 'every acknowledged key survived');
      assert.ok(ackedRoles.length > 50);
    } finally {
      await again.stop();
    }
  });

  it('refuses a second engine on the same data directory', async () => {
    const dir = dataDir();
    const engine = await startEngine({ dataDir: dir });
    try {
      await assert.rejects(startEngine({ dataDir: dir }), /in use by a running engine \(process \d+\)/);
    } finally {
      await engine.stop();
    }
  });
});
