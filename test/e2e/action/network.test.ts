// The network settings end to end: HTTP(S)_PROXY and NO_PROXY through undici's EnvHttpProxyAgent,
// and a private CA for an engine behind TLS (certificates made with openssl for the run).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startEngine, type EngineProcess } from '../../helpers/engine.ts';
import { runStep } from '../../helpers/run-action.ts';
import { assertNoLeak, exportedSecrets } from './leak-check.ts';
import { prepareEngine } from './setup.ts';
import { missingProgram, PROGRAMS } from '../../helpers/programs.ts';

/** A forward proxy that tunnels CONNECT requests and counts them. */
async function startConnectProxy(): Promise<{ url: string; tunnels: string[]; server: Server }> {
  const tunnels: string[] = [];
  const server = createHttpServer((_req, res) => res.writeHead(405).end());
  server.on('connect', (req, client, head) => {
    tunnels.push(req.url ?? '');
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), host ?? '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, tunnels, server };
}

/** A CA and a certificate for 127.0.0.1 signed by it, or undefined when openssl is missing. */
function makeCertificates(dir: string): { ca: string; key: string; cert: string } | undefined {
  const run = (args: string[]) => execFileSync(PROGRAMS.openssl.path, args, { cwd: dir, stdio: 'ignore' });
  try {
    const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
    run([
      'req',
      '-x509',
      ...ec,
      '-keyout',
      'ca.key',
      '-out',
      'ca.pem',
      '-days',
      '1',
      '-subj',
      '/CN=keyfob test CA',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=keyCertSign',
    ]);
    run(['req', ...ec, '-keyout', 'srv.key', '-out', 'srv.csr', '-subj', '/CN=127.0.0.1']);
    writeFileSync(join(dir, 'ext.cnf'), 'subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\n');
    run([
      'x509',
      '-req',
      '-in',
      'srv.csr',
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      'srv.pem',
      '-days',
      '1',
      '-extfile',
      'ext.cnf',
    ]);
  } catch {
    return undefined;
  }
  return {
    ca: readFileSync(join(dir, 'ca.pem'), 'utf8'),
    key: readFileSync(join(dir, 'srv.key'), 'utf8'),
    cert: readFileSync(join(dir, 'srv.pem'), 'utf8'),
  };
}

describe('action e2e: proxy and private CA', () => {
  let engine: EngineProcess;
  let proxy: Awaited<ReturnType<typeof startConnectProxy>>;
  let tls: { url: string; ca: string; server: Server } | undefined;
  let dir = '';
  before(async () => {
    engine = await startEngine();
    await prepareEngine(engine);
    proxy = await startConnectProxy();
    dir = mkdtempSync(join(tmpdir(), 'keyfob-tls-'));
    const certs = makeCertificates(dir);
    if (certs) {
      const server = createHttpsServer({ key: certs.key, cert: certs.cert }, (req, res) => {
        const chunks: Buffer[] = [];
        req
          .on('data', (c: Buffer) => chunks.push(c))
          .on('end', () => {
            const headers = Object.fromEntries(
              Object.entries(req.headers).filter(
                ([k, v]) => typeof v === 'string' && !['host', 'connection', 'content-length'].includes(k),
              ),
            ) as Record<string, string>;
            const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
            fetch(`${engine.url}${req.url ?? '/'}`, { method: req.method ?? 'GET', headers, ...(body ? { body } : {}) })
              .then(async (answer) =>
                res
                  .writeHead(answer.status, { 'content-type': 'application/json' })
                  .end(Buffer.from(await answer.arrayBuffer())),
              )
              .catch(() => res.writeHead(502).end());
          });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      tls = { url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`, ca: certs.ca, server };
    }
  });
  after(async () => {
    proxy.server.closeAllConnections();
    await new Promise((resolve) => proxy.server.close(resolve));
    if (tls) {
      tls.server.closeAllConnections();
      await new Promise((resolve) => tls?.server.close(resolve));
    }
    await engine.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  const inputs = (extra: Record<string, string>) => ({
    url: engine.url,
    token: engine.rootToken,
    mode: 'sts',
    role: 'deploy',
    ...extra,
  });

  it('goes through HTTP_PROXY', async () => {
    proxy.tunnels.length = 0;
    const run = await runStep('main', { inputs: inputs({}), env: { HTTP_PROXY: proxy.url } });
    assert.equal(run.exitCode, 0, run.stdout + run.stderr);
    assert.ok(
      proxy.tunnels.some((t) => t === new URL(engine.url).host),
      `tunnels: ${proxy.tunnels.join(', ')}`,
    );
    assertNoLeak('through a proxy', run, [engine.rootToken, ...exportedSecrets(run)]);
  });

  it('skips the proxy for hosts in NO_PROXY', async () => {
    proxy.tunnels.length = 0;
    const run = await runStep('main', { inputs: inputs({}), env: { HTTP_PROXY: proxy.url, NO_PROXY: '127.0.0.1' } });
    assert.equal(run.exitCode, 0, run.stdout + run.stderr);
    assert.deepEqual(proxy.tunnels, []);
  });

  it('trusts a private CA given in ca-certificate, and says what to do without it', async (t) => {
    if (!tls) {
      t.skip(missingProgram(PROGRAMS.openssl) || 'openssl could not make the test certificates');
      return;
    }
    const refused = await runStep('main', { inputs: inputs({ url: tls.url, 'max-attempts': '1' }) });
    assert.equal(refused.exitCode, 1);
    assert.match(
      refused.stdout,
      /::error::Could not get credentials for role "deploy": POST \/v1\/cloud\/sts\/deploy could not reach the engine/,
    );
    assert.match(
      refused.stdout,
      /Hint: the engine's TLS certificate is not trusted; give its CA as PEM in `ca-certificate`/,
    );
    const trusted = await runStep('main', { inputs: inputs({ url: tls.url, 'ca-certificate': tls.ca }) });
    assert.equal(trusted.exitCode, 0, trusted.stdout + trusted.stderr);
    const base64 = await runStep('main', {
      inputs: inputs({ url: tls.url, 'ca-certificate': Buffer.from(tls.ca).toString('base64') }),
    });
    assert.equal(base64.exitCode, 0, base64.stdout + base64.stderr);
    assertNoLeak('private CA', trusted, [engine.rootToken, ...exportedSecrets(trusted)]);
  });
});
