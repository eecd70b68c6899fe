// `keyfob can-i --access-key` reaches the engine through the shared engine client, as every other
// command does: --namespace is sent, the token travels in the flavour's header, and a passing 503
// is retried. A recording proxy in front of a spawned `keyfob serve --dev` sees each request.
import assert from 'node:assert/strict';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { startEngine, type EngineProcess } from '../../test/helpers/engine.ts';
import { main } from '../src/main.ts';
import { captureIo } from './capture-io.ts';

describe('keyfob can-i --access-key: through the shared engine client', () => {
  let engine: EngineProcess;
  let proxy: Server;
  let proxyUrl = '';
  let accessKey = '';
  const seen: { path: string; headers: IncomingHttpHeaders }[] = [];
  let failNext = 0;

  before(async () => {
    engine = await startEngine();
    const target = new URL(engine.url);
    proxy = createServer((req, res) => {
      seen.push({ path: req.url ?? '', headers: req.headers });
      if (failNext > 0) {
        failNext -= 1;
        res.writeHead(503, { 'content-type': 'application/json' }).end('{"errors":["standing by"]}');
        return;
      }
      const forward = request(
        { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(forward);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    const io = captureIo('/', { KEYFOB_URL: engine.url, KEYFOB_TOKEN: engine.rootToken });
    const role = await fetch(`${engine.url}/v1/cloud/roles/reader`, {
      method: 'POST',
      headers: { 'X-Service-Token': engine.rootToken, 'content-type': 'application/json' },
      body: JSON.stringify({
        credential_type: 'iam_user',
        policy_document: JSON.stringify({
          Version: '2012-10-17',
          Statement: [{ Effect: 'Allow', Action: 'iam:GetUser', Resource: '*' }],
        }),
      }),
    });
    assert.ok(role.ok, await role.text());
    assert.equal(await main(['creds', 'reader', '--format', 'json'], io), 0, io.err());
    accessKey = (JSON.parse(io.out()) as { access_key: string }).access_key;
  });
  after(async () => {
    await new Promise((resolve) => proxy.close(resolve));
    await engine.stop();
  });

  it('sends --namespace and the token header, and retries a 503', async () => {
    failNext = 1;
    seen.length = 0;
    const io = captureIo('/', { KEYFOB_URL: proxyUrl, KEYFOB_TOKEN: engine.rootToken });
    const code = await main(['can-i', '--access-key', accessKey, 'iam:GetUser', '--namespace', 'team-a'], io);
    assert.equal(code, 0, io.err());
    assert.match(io.out(), /^yes: /);
    const asked = seen.filter((s) => s.path === '/v1/sys/dev/can-i');
    assert.equal(asked.length, 2, 'one 503, then the retry');
    for (const { headers } of asked) {
      assert.equal(headers['x-vault-namespace'], 'team-a');
      assert.equal(headers['x-service-token'], engine.rootToken);
    }
  });
});
