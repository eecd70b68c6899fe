/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-assignment -- engine answers are JSON read loosely; every assertion checks the shape it reads. */
// A disk that refuses writes, injected under the data directory's journal (this variant runs on any
// machine; test/e2e/engine/full-disk.test.ts fills a real tmpfs where one can be mounted): reads
// and sys/health keep answering, a write that answered an error did not happen (in memory, in the
// emulated cloud, and after a restart), and writes work again once the disk does.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startEngine, type RunningEngine } from '../src/index.ts';
import type { StoreBackend } from '../src/state/store.ts';

const TOKEN = 'root-full-disk';
const POLICY = 'arn:aws:iam::aws:policy/ReadOnlyAccess';

async function call(
  engine: RunningEngine,
  method: string,
  path: string,
  body?: unknown,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON read loosely
): Promise<{ status: number; body: any }> {
  const answer = await fetch(`${engine.url}/v1/${path}`, {
    method,
    headers: { 'X-Service-Token': TOKEN },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await answer.text();
  return { status: answer.status, body: text === '' ? undefined : JSON.parse(text) };
}

describe('full disk (injected write failure)', () => {
  const disk = { full: false, refused: 0 };
  const dir = join(mkdtempSync(join(tmpdir(), 'keyfob-full-')), 'data');
  const failing = (backend: StoreBackend): StoreBackend => ({
    append: (ops, snapshot) => {
      if (!disk.full) return backend.append(ops, snapshot);
      disk.refused++;
      return Promise.reject(
        Object.assign(
          new Error(
            `cannot write to the data directory ${dir}: no space left on the device (ENOSPC); the change was not made`,
          ),
          { code: 'ENOSPC' },
        ),
      );
    },
  });
  let engine: RunningEngine;
  before(async () => {
    engine = await startEngine({
      port: 0,
      rootToken: TOKEN,
      dev: true,
      dataDir: dir,
      tickMs: 60_000,
      wrapStoreBackend: failing,
    });
    assert.equal((await call(engine, 'PUT', 'sys/dev/cloud', { users: [] })).status, 200);
    assert.equal(
      (await call(engine, 'POST', 'cloud/roles/kept', { credential_type: 'iam_user', policy_arns: POLICY })).status,
      204,
    );
    disk.full = true;
  });
  after(async () => {
    await engine.stop().catch(() => undefined);
    rmSync(join(dir, '..'), { recursive: true, force: true });
  });

  it('a write answers 500 naming the disk, and did not happen', async () => {
    const answer = await call(engine, 'POST', 'cloud/roles/lost', { credential_type: 'session_token' });
    assert.equal(answer.status, 500);
    assert.match(answer.body.errors[0], /no space left on the device \(ENOSPC\); the change was not made/);
    assert.ok(disk.refused > 0);
    assert.equal((await call(engine, 'GET', 'cloud/roles/lost')).status, 404);
  });

  it('an update that failed leaves the old record', async () => {
    assert.equal((await call(engine, 'POST', 'cloud/roles/kept', { iam_groups: 'ops' })).status, 500);
    assert.deepEqual((await call(engine, 'GET', 'cloud/roles/kept')).body.data.iam_groups, []);
  });

  it('credentials that could not be recorded are gone from the cloud too', async () => {
    const answer = await call(engine, 'GET', 'cloud/creds/kept');
    assert.equal(answer.status, 500);
    disk.full = false;
    const cloud = await call(engine, 'GET', 'sys/dev/cloud');
    disk.full = true;
    assert.deepEqual(cloud.body.data.users, [], 'the IAM user made for the refused lease was rolled back');
  });

  it('reads, lists and sys/health keep working', async () => {
    assert.equal((await call(engine, 'GET', 'cloud/roles/kept')).status, 200);
    assert.deepEqual((await call(engine, 'GET', 'cloud/roles?list=true')).body.data.keys, ['kept']);
    assert.equal((await call(engine, 'GET', 'sys/health')).status, 200);
  });

  it('writes work again once the disk takes them, and only acknowledged writes survive a restart', async () => {
    disk.full = false;
    assert.equal((await call(engine, 'POST', 'cloud/roles/later', { credential_type: 'session_token' })).status, 204);
    await engine.stop();
    engine = await startEngine({ port: 0, rootToken: TOKEN, dev: true, dataDir: dir, tickMs: 60_000 });
    assert.deepEqual((await call(engine, 'GET', 'cloud/roles?list=true')).body.data.keys, ['kept', 'later']);
    assert.deepEqual((await call(engine, 'GET', 'cloud/roles/kept')).body.data.iam_groups, []);
  });
});
