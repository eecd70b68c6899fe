// The engine started in-process (no --dev): the dev API is absent, mount names are checked, and
// a LIST request whose head arrives in pieces is still served.
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { startEngine, type RunningEngine } from '../src/index.ts';

function rawRequest(port: number, pieces: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8').on('data', (text: string) => (answer += text));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
    socket.on('connect', () => {
      let i = 0;
      const next = (): void => {
        const piece = pieces[i++];
        if (piece === undefined) return;
        socket.write(piece);
        setTimeout(next, 20);
      };
      next();
    });
  });
}

describe('engine in-process, without --dev', () => {
  let engine: RunningEngine;
  before(async () => {
    engine = await startEngine({ port: 0, rootToken: 'root-in-process', tickMs: 60_000 });
  });
  after(() => engine.stop());

  it('has no development control API', async () => {
    const answer = await fetch(`${engine.url}/v1/sys/dev/cloud`, { headers: { 'X-Service-Token': 'root-in-process' } });
    assert.equal(answer.status, 404);
  });

  it('serves LIST even when the request head arrives in several packets', async () => {
    await fetch(`${engine.url}/v1/cloud/roles/r1`, {
      method: 'POST',
      headers: { 'X-Service-Token': 'root-in-process' },
      body: '{"credential_type":"session_token"}',
    });
    const answer = await rawRequest(engine.port, [
      'LIST /v1/cloud/roles HTTP/1.1\r\nHost: x\r\n',
      'X-Service-Token: root-in-process\r\n',
      '\r\n',
    ]);
    assert.match(answer, /^HTTP\/1\.1 200 OK\r\n/);
    assert.match(answer, /Connection: close/);
    assert.match(answer, /"keys":\["r1"\]/);
  });

  it('answers other unparsable requests with 400 and closes', async () => {
    const answer = await rawRequest(engine.port, ['BREW /v1/cloud/roles HTTP/1.1\r\nHost: x\r\n\r\n']);
    assert.match(answer, /^HTTP\/1\.1 400 Bad Request/);
  });

  it('reports a generated root token', async () => {
    const other = await startEngine({ port: 0, tickMs: 60_000 });
    try {
      assert.equal(other.rootTokenGenerated, true);
      assert.equal(other.rootTokenKept, false);
      assert.match(other.rootToken ?? '', /^kfs\.[A-Za-z0-9]{40}$/);
    } finally {
      await other.stop();
    }
  });

  const badMounts = [['sys'], ['auth'], ['has/slash'], ['-dash'], []];
  for (const mounts of badMounts) {
    it(`refuses the mount list ${JSON.stringify(mounts)}`, async () => {
      await assert.rejects(startEngine({ port: 0, mounts }), /mount/);
    });
  }
});
