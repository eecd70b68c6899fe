import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { lockOwnerOf } from '../src/state/data-dir-lock.ts';
import { FileBackend } from '../src/state/file-backend.ts';
import { Store, type StoreBackend, type StoreOp } from '../src/state/store.ts';

const dirs: string[] = [];
function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'keyfob-store-'));
  dirs.push(dir);
  return join(dir, 'data');
}

async function openStore(dir: string): Promise<{ store: Store; backend: FileBackend }> {
  const { backend, loaded } = FileBackend.load(dir);
  const store = new Store();
  store.loadSnapshot(loaded.tables);
  store.replay(loaded.ops);
  await backend.compact(store.snapshot());
  store.attach(backend);
  return { store, backend };
}

describe('Store', () => {
  after(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('groups the changes made while a write is in flight into one append', async () => {
    const appends: StoreOp[][] = [];
    let release: () => void = () => undefined;
    const backend: StoreBackend = {
      append: (ops) => {
        appends.push([...ops]);
        return appends.length === 1 ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
      },
    };
    const store = new Store();
    store.attach(backend);
    const table = store.table<number>('t');
    table.set('a', 1);
    const first = store.commit();
    table.set('b', 2);
    const second = store.commit();
    table.set('c', 3);
    const third = store.commit();
    release();
    await Promise.all([first, second, third]);
    assert.deepEqual(appends, [
      [['t', 'a', 1]],
      [
        ['t', 'b', 2],
        ['t', 'c', 3],
      ],
    ]);
  });

  it('rolls back the changes of a write that failed; the next commit writes only what came after', async () => {
    let fail = true;
    const appends: StoreOp[][] = [];
    const store = new Store();
    store.attach({
      append: (ops) => {
        if (fail) return Promise.reject(new Error('disk full'));
        appends.push([...ops]);
        return Promise.resolve();
      },
    });
    store.table<string>('t').set('kept', 'old');
    fail = false;
    await store.commit();
    fail = true;
    store.table<string>('t').set('k', 'v');
    store.table<string>('t').set('kept', 'new');
    await assert.rejects(store.commit(), /disk full/);
    assert.equal(store.table<string>('t').get('k'), undefined, 'the failed write did not happen');
    assert.equal(store.table<string>('t').get('kept'), 'old', 'an update that failed leaves the old record');
    fail = false;
    store.table<string>('t').set('other', 'w');
    await store.commit();
    assert.deepEqual(appends[1]?.map((op) => op[1]).sort(), ['other']);
  });

  it('reads back snapshot and journal, deletes included', async () => {
    const dir = freshDir();
    const { store, backend } = await openStore(dir);
    const table = store.table<{ n: number }>('roles');
    table.set('a', { n: 1 });
    table.set('b', { n: 2 });
    await store.commit();
    table.delete('a');
    table.update('b', (old) => ({ n: old.n + 1 }));
    await store.commit();
    await backend.close();
    const reopened = await openStore(dir);
    assert.deepEqual(reopened.store.table('roles').entries(), [['b', { n: 3 }]]);
    await reopened.backend.close();
  });

  it('ignores a torn last journal line (a write that was never acknowledged)', async () => {
    const dir = freshDir();
    const { store, backend } = await openStore(dir);
    store.table<number>('t').set('kept', 1);
    await store.commit();
    await backend.close();
    const journal = readdirSync(dir).find((n) => n.startsWith('journal.'));
    assert.ok(journal);
    appendFileSync(join(dir, journal), '[["t","torn",');
    const reopened = await openStore(dir);
    assert.deepEqual(reopened.store.table('t').entries(), [['kept', 1]]);
    await reopened.backend.close();
  });

  it('compacts into state.json and keeps one journal; files 0600, directory 0700', async () => {
    const dir = freshDir();
    const { store, backend } = await openStore(dir);
    store.table<string>('t').set('x', 'y');
    await store.commit();
    await backend.compact(store.snapshot());
    store.table<string>('t').set('z', 'w');
    await store.commit();
    await backend.close();
    const names = readdirSync(dir).sort();
    assert.equal(names.filter((n) => n.startsWith('journal.')).length, 1);
    assert.ok(names.includes('state.json'));
    assert.equal(statSync(dir).mode & 0o777, 0o700);
    for (const name of names) assert.equal(statSync(join(dir, name)).mode & 0o777, 0o600, name);
    const snapshot = JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8')) as { tables: Record<string, unknown> };
    assert.deepEqual(snapshot.tables.t, { x: 'y' });
  });

  it('refuses a directory locked by another running process and takes over a stale lock', async () => {
    const dir = freshDir();
    const { backend } = await openStore(dir);
    await backend.close();
    // A live process recorded with its own start time: the lock is held.
    writeFileSync(join(dir, 'lock'), JSON.stringify(lockOwnerOf(process.ppid)));
    assert.throws(() => FileBackend.load(dir), /in use by a running engine/);
    writeFileSync(join(dir, 'lock'), '999999999');
    const { backend: taken } = FileBackend.load(dir);
    await taken.close();
  });
});
