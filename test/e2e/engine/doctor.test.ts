// keyfob doctor against the cluster double (real process): the active node and a performance
// standby by role, the engine's flavour and version, a refused token, a missing mount, nothing listening.
import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { after, before, describe, it } from 'node:test';
import { main as cli } from '../../../cli/src/main.ts';
import { captureIo } from '../../../cli/test/capture-io.ts';
import { startEngine, type EngineProcess } from '../../helpers/engine.ts';

describe('keyfob doctor', () => {
  let cluster: EngineProcess;
  before(async () => {
    cluster = await startEngine({ args: ['--nodes', '2', '--replication-lag', '50ms'] });
  });
  after(() => cluster.stop());

  const doctor = async (args: string[]) => {
    const io = captureIo(tmpdir(), {});
    const code = await cli(['doctor', ...args], io);
    return { code, out: io.out(), err: io.err() };
  };

  it('passes every check on the active node and names its role and flavour', async () => {
    const run = await doctor(['--url', cluster.url, '--token', cluster.rootToken]);
    assert.equal(run.code, 0, run.out + run.err);
    assert.match(run.out, /^ok {3}url {3}/m);
    assert.match(run.out, /ok {3}tls {3}not used \(http\)/);
    assert.match(
      run.out,
      /ok {3}node {2}200: the active node, initialised and unsealed; keyfob engine 0\.1\.0\+keyfob, cluster keyfob-vault/,
    );
    assert.match(run.out, /ok {3}token {1}root, policies root, never expires/);
    assert.match(run.out, /ok {3}mount {1}cloud\/ is a cloud mount/);
  });

  it('reports a performance standby as such (JSON)', async () => {
    const run = await doctor(['--url', cluster.nodes[1]?.url ?? '', '--token', cluster.rootToken, '--format', 'json']);
    assert.equal(run.code, 0, run.out + run.err);
    const node = (JSON.parse(run.out) as { checks: { name: string; detail: string }[] }).checks.find(
      (c) => c.name === 'node',
    );
    assert.match(node?.detail ?? '', /^473: a performance standby/);
  });

  it('fails the token and the mount checks with the reason', async () => {
    const badToken = await doctor(['--url', cluster.url, '--token', 'kfs.not-a-token']);
    assert.equal(badToken.code, 1);
    assert.match(badToken.out, /FAIL token .*403: permission denied/);
    const badMount = await doctor(['--url', cluster.url, '--token', cluster.rootToken, '--mount', 'aws']);
    assert.equal(badMount.code, 1);
    assert.match(badMount.out, /FAIL mount nothing is mounted at aws\/: give the engine's mount with --mount/);
  });

  it('fails the URL check when nothing listens', async () => {
    const run = await doctor(['--url', 'http://127.0.0.1:9', '--token', cluster.rootToken, '--max-attempts', '1']);
    assert.equal(run.code, 1);
    assert.match(run.out, /FAIL url {3}GET \/v1\/sys\/health could not reach the engine at http:\/\/127\.0\.0\.1:9/);
  });
});
