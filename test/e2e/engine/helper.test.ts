import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startEngine, type EngineProcess } from '../../helpers/engine.ts';
import { get } from './engine-client.ts';

describe('test/helpers/engine.ts', () => {
  let engine: EngineProcess;
  before(async () => {
    engine = await startEngine({ args: ['--mount', 'cloud', '--mount', 'aws'] });
  });
  after(() => engine.stop());

  it('reports the URL and mounts from the listening line', () => {
    assert.match(engine.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.deepEqual(engine.mounts, ['cloud', 'aws']);
  });

  it('answers with the root token and refuses without one', async () => {
    assert.equal((await get(engine, 'auth/token/lookup-self')).status, 200);
    assert.equal((await get(engine, 'auth/token/lookup-self', { token: null })).status, 403);
  });

  it('never prints the given root token', () => {
    assert.equal(engine.output().includes(engine.rootToken), false);
  });

  it('stops by PID and the process exits', async () => {
    const other = await startEngine();
    await other.stop();
    assert.notEqual(other.process.exitCode ?? other.process.signalCode, null);
    assert.equal(other.process.exitCode, 0);
  });
});
