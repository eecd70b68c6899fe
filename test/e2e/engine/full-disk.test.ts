/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-argument -- engine answers are JSON read loosely (Answer.body); every assertion checks the shape it reads. */
// A really full disk: the data directory on a small tmpfs that the test fills. Needs permission to
// mount (root in a container that allows it); elsewhere it skips and says so, and
// engine/test/full-disk.test.ts (an injected write failure) covers the same answers everywhere.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startEngine, type EngineProcess } from '../../helpers/engine.ts';
import { get, post } from './engine-client.ts';

const root = mkdtempSync(join(tmpdir(), 'keyfob-tmpfs-'));
const mountPoint = join(root, 'disk');

/** Mounts a 2 MiB tmpfs; the reason it could not, or undefined when it is mounted. */
function mountTmpfs(): string | undefined {
  mkdirSync(mountPoint);
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m,mode=0700', 'tmpfs', mountPoint], { stdio: 'pipe' });
    return undefined;
  } catch (error) {
    return `cannot mount a tmpfs here (${String((error as { stderr?: Buffer }).stderr ?? error).trim()}); the injected-failure variant in engine/test/full-disk.test.ts covers this`;
  }
}

/** Fills the file system with one file until it refuses more. */
function fill(path: string): void {
  const chunk = Buffer.alloc(64 * 1024, 1);
  const parts: Buffer[] = [];
  for (let i = 0; i < 64; i++) {
    parts.push(chunk);
    try {
      writeFileSync(path, Buffer.concat(parts));
    } catch {
      parts.pop();
      // Top up with smaller pieces so only a few bytes stay free.
      for (let size = 32 * 1024; size >= 512; size /= 2) {
        try {
          writeFileSync(path, Buffer.concat([...parts, Buffer.alloc(size, 1)]));
          parts.push(Buffer.alloc(size, 1));
        } catch {
          // that piece did not fit: try a smaller one
        }
      }
      return;
    }
  }
}

const skip = mountTmpfs();
if (skip) console.log(`# full-disk (tmpfs) skipped: ${skip}`);

describe('full disk (a real tmpfs)', { skip: skip ?? false }, () => {
  const dataDir = join(mountPoint, 'data');
  const filler = join(mountPoint, 'filler');
  const doc = JSON.stringify({
    Version: '2012-10-17',
    Statement: [{ Effect: 'Allow', Action: 's3:GetObject', Resource: `arn:aws:s3:::${'b'.repeat(1500)}/*` }],
  });
  let engine: EngineProcess;
  const acknowledged: string[] = [];
  let refusedName = '';

  before(async () => {
    engine = await startEngine({ dataDir });
    assert.equal((await post(engine, 'cloud/roles/kept', { credential_type: 'session_token' })).status, 204);
    acknowledged.push('kept');
  });
  after(async () => {
    await engine.stop();
    try {
      execFileSync('umount', [mountPoint], { stdio: 'pipe' });
    } catch {
      // already gone
    }
    rmSync(root, { recursive: true, force: true });
  });

  it('writes answer 500 naming the disk once it is full, and the refused write did not happen', async () => {
    fill(filler);
    let refused: { status: number; body: any } | undefined; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON read loosely
    for (let i = 0; i < 200 && !refused; i++) {
      const name = `r${i}`;
      const answer = await post(engine, `cloud/roles/${name}`, {
        credential_type: 'federation_token',
        policy_document: doc,
      });
      if (answer.status === 204) acknowledged.push(name);
      else {
        refused = answer;
        refusedName = name;
      }
    }
    assert.ok(refused, 'the disk filled up');
    assert.equal(refused.status, 500);
    assert.match(refused.body.errors[0], /no space left on the device \(ENOSPC\); the change was not made/);
    assert.equal((await get(engine, `cloud/roles/${refusedName}`)).status, 404);
  });

  it('reads and sys/health keep working on the full disk', async () => {
    assert.equal((await get(engine, 'sys/health')).status, 200);
    assert.equal((await get(engine, 'cloud/roles/kept')).status, 200);
    assert.deepEqual(new Set((await get(engine, 'cloud/roles?list=true')).body.data.keys), new Set(acknowledged));
  });

  it('a restart on the full disk fails naming the disk', async () => {
    await engine.stop();
    await assert.rejects(
      startEngine({ dataDir, timeoutMs: 60_000 }),
      /cannot write to the data directory .*: no space left on the device \(ENOSPC\)/,
    );
  });

  it('with space again, the engine starts with exactly the acknowledged writes', async () => {
    rmSync(filler);
    engine = await startEngine({ dataDir });
    const keys = new Set((await get(engine, 'cloud/roles?list=true')).body.data.keys as string[]);
    assert.deepEqual(keys, new Set(acknowledged));
    assert.equal(keys.has(refusedName), false);
    assert.equal((await post(engine, 'cloud/roles/after', { credential_type: 'session_token' })).status, 204);
  });
});
