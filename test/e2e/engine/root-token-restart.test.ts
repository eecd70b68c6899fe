// The root token with --data-dir (issue 9 item 7), through the spawned `keyfob serve`: generated and
// printed once at the first start, kept (as a hash) across restarts, even after kill -9, replaced by
// --root-token; the data directory never holds it in clear.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { entryArgs, REPO_ROOT, startEngine, type EngineProcess } from '../../helpers/engine.ts';
import { get } from './engine-client.ts';

const base = mkdtempSync(join(tmpdir(), 'keyfob-root-token-'));
const dir = join(base, 'data');

/** `GET sys/dev/clock`: a root-protected path (sys/dev/*), so only the root token gets 200. */
async function rootOnlyStatus(engine: EngineProcess, token: string): Promise<number> {
  return (await get(engine, 'sys/dev/clock', { token })).status;
}

async function killHard(engine: EngineProcess): Promise<void> {
  const exited = new Promise((resolve) => engine.process.once('exit', resolve));
  engine.process.kill('SIGKILL');
  await exited;
  await engine.stop(); // already gone: only unhooks the helper's kill-on-exit
}

/** Every file under the data directory, as text. */
function dataDirText(): string {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'latin1'))
    .join('\n');
}

describe('root token with --data-dir', () => {
  after(() => rmSync(base, { recursive: true, force: true }));
  const tokens: { first?: string; replacement?: string } = {};

  it('is generated and printed once at the first start', async () => {
    const engine = await startEngine({ dataDir: dir, rootToken: null });
    try {
      assert.match(engine.rootToken, /^kfs\.[A-Za-z0-9]{40}$/);
      assert.equal(await rootOnlyStatus(engine, engine.rootToken), 200);
      assert.equal(engine.output().split(engine.rootToken).length - 1, 1, 'the token is printed exactly once');
      tokens.first = engine.rootToken;
    } finally {
      await killHard(engine);
    }
  });

  it('survives a restart after kill -9: the first token still works and is not printed again', async () => {
    const first = tokens.first ?? assert.fail('no first token');
    const engine = await startEngine({ dataDir: dir, rootToken: null });
    try {
      assert.equal(engine.rootToken, '', 'a kept token is not printed (only its hash is stored)');
      assert.match(engine.output(), /root token: kept from the first start with this data directory/);
      assert.ok(!engine.output().includes(first));
      assert.equal(await rootOnlyStatus(engine, first), 200);
      assert.equal(await rootOnlyStatus(engine, `${first}x`), 403, 'positive control: another token is refused');
    } finally {
      await engine.stop();
    }
  });

  it('--root-token replaces it: the new one works, the old one answers 403, also after another restart', async () => {
    const first = tokens.first ?? assert.fail('no first token');
    const replacement = 'kfs.replacement-root-token-0123456789';
    const engine = await startEngine({ dataDir: dir, rootToken: replacement });
    try {
      assert.equal(await rootOnlyStatus(engine, replacement), 200);
      assert.equal(await rootOnlyStatus(engine, first), 403);
      assert.ok(!engine.output().includes(replacement), 'a given token is not echoed');
    } finally {
      await engine.stop();
    }
    const again = await startEngine({ dataDir: dir, rootToken: null });
    try {
      assert.equal(await rootOnlyStatus(again, replacement), 200);
      assert.equal(await rootOnlyStatus(again, first), 403);
    } finally {
      await again.stop();
    }
    tokens.replacement = replacement;
  });

  it('the data directory never holds a root token in clear', () => {
    const text = dataDirText();
    const replacementHash = createHash('sha256')
      .update(tokens.replacement ?? '')
      .digest('hex');
    assert.ok(text.includes(replacementHash), 'positive control: the root token is stored, as its SHA-256');
    for (const token of [tokens.first, tokens.replacement]) {
      assert.ok(token, 'the earlier tests ran');
      assert.ok(!text.includes(token), 'no token in clear');
    }
  });

  it('serve --help says so', () => {
    const help = spawnSync(process.execPath, [...entryArgs().args, 'serve', '--help'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    });
    assert.equal(help.status, 0, help.stderr);
    assert.match(
      help.stdout.replace(/\s+/g, ' '),
      /With --data-dir the root token survives restarts \(stored as a hash only, never in clear\)/,
    );
  });
});
