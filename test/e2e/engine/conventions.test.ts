/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-call -- engine answers are JSON read loosely (Answer.body); every assertion checks the shape it reads. */
// HTTP conventions of the real engine (reference 1.1), against the spawned `keyfob serve`.
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { ENVELOPE_KEYS, startEngine, type EngineProcess } from '../../helpers/engine.ts';
import { call, get, post, type CallOptions } from './engine-client.ts';

const WRAPPED_404 = '1 error occurred:\n\t* unsupported path\n\n';
const WRAPPED_405 = '1 error occurred:\n\t* unsupported operation\n\n';
const ROLE = { credential_type: 'iam_user', policy_arns: ['arn:aws:iam::aws:policy/ReadOnlyAccess'] };

describe('engine HTTP conventions', () => {
  let engine: EngineProcess;
  before(async () => {
    engine = await startEngine();
    assert.equal((await post(engine, 'cloud/roles/reader', ROLE)).status, 204);
  });
  after(() => engine.stop());

  const statusCases: {
    name: string;
    method: string;
    path: string;
    options?: CallOptions;
    status: number;
    errors?: string[];
  }[] = [
    {
      name: 'no token -> 403',
      method: 'GET',
      path: 'cloud/roles/reader',
      options: { token: null },
      status: 403,
      errors: ['permission denied'],
    },
    {
      name: 'unknown token -> 403',
      method: 'GET',
      path: 'cloud/roles/reader',
      options: { token: 'kfs.nope' },
      status: 403,
      errors: ['permission denied'],
    },
    {
      name: 'X-Vault-Token is accepted',
      method: 'GET',
      path: 'cloud/roles/reader',
      options: { header: 'X-Vault-Token' },
      status: 200,
    },
    {
      name: 'a bad token is refused before a missing path',
      method: 'GET',
      path: 'cloud/nothing',
      options: { token: null },
      status: 403,
    },
    {
      name: 'unknown path under a mount -> 404 wrapped',
      method: 'GET',
      path: 'cloud/nothing/here',
      status: 404,
      errors: [WRAPPED_404],
    },
    {
      name: 'name breaking the pattern -> 404 unsupported path',
      method: 'GET',
      path: 'cloud/roles/-bad',
      status: 404,
      errors: [WRAPPED_404],
    },
    { name: 'name with a dot in the middle is fine', method: 'GET', path: 'cloud/roles/a.b', status: 404, errors: [] },
    {
      name: 'path tricks are refused before routing',
      method: 'GET',
      path: 'cloud/roles/..%2Fconfig%2Froot',
      status: 400,
    },
    {
      name: 'missing role read -> 404 with empty errors',
      method: 'GET',
      path: 'cloud/roles/absent',
      status: 404,
      errors: [],
    },
    { name: 'GET on a list-only path -> 405', method: 'GET', path: 'cloud/roles', status: 405, errors: [WRAPPED_405] },
    {
      name: 'DELETE on creds -> 405',
      method: 'DELETE',
      path: 'cloud/creds/reader',
      status: 405,
      errors: [WRAPPED_405],
    },
    { name: 'PATCH -> 405', method: 'PATCH', path: 'cloud/roles/reader', status: 405 },
    {
      name: 'invalid list flag -> 400 with empty errors',
      method: 'GET',
      path: 'cloud/roles?list=maybe',
      status: 400,
      errors: [],
    },
    { name: 'unknown mount -> 404 no handler', method: 'GET', path: 'nomount/roles/x', status: 404 },
    {
      name: 'malformed JSON -> 400',
      method: 'POST',
      path: 'cloud/roles/x',
      options: { rawBody: '{"credential_type":' },
      status: 400,
      errors: ['error parsing JSON'],
    },
    {
      name: 'JSON array body -> 400',
      method: 'POST',
      path: 'cloud/roles/x',
      options: { rawBody: '[1]' },
      status: 400,
      errors: ['error parsing JSON'],
    },
    {
      name: 'missing role for creds -> 400',
      method: 'GET',
      path: 'cloud/creds/absent',
      status: 400,
      errors: ['Role "absent" not found'],
    },
  ];
  for (const c of statusCases) {
    it(c.name, async () => {
      const answer = await call(engine, c.method, c.path, c.options);
      assert.equal(answer.status, c.status, answer.text);
      if (c.errors) assert.deepEqual(answer.body.errors, c.errors);
      assert.equal(answer.text.includes(engine.rootToken), false);
    });
  }

  it('answers reads with the envelope, keys in the real engine order', async () => {
    const answer = await get(engine, 'cloud/roles/reader');
    assert.equal(answer.headers.get('content-type'), 'application/json');
    assert.deepEqual(Object.keys(answer.body), [...ENVELOPE_KEYS]);
    assert.match(answer.body.request_id, /^[0-9a-f-]{36}$/);
    assert.deepEqual(
      [answer.body.lease_id, answer.body.renewable, answer.body.lease_duration, answer.body.warnings],
      ['', false, 0, null],
    );
  });

  it('answers a write without data with 204 and no body', async () => {
    const answer = await post(engine, 'cloud/roles/second', ROLE);
    assert.equal(answer.status, 204);
    assert.equal(answer.text, '');
  });

  it('treats PUT like POST', async () => {
    assert.equal((await call(engine, 'PUT', 'cloud/roles/third', { body: ROLE })).status, 204);
    assert.deepEqual((await get(engine, 'cloud/roles/third')).body.data.credential_types, ['iam_user']);
  });

  it('accepts form bodies, and JSON sent with the form content type', async () => {
    const form = await call(engine, 'POST', 'cloud/config/lease', {
      rawBody: 'lease=1h&lease_max=2h',
      contentType: 'application/x-www-form-urlencoded',
    });
    assert.equal(form.status, 204, form.text);
    assert.equal((await get(engine, 'cloud/config/lease')).body.data.lease, '1h0m0s');
    const json = await call(engine, 'POST', 'cloud/config/lease', {
      rawBody: '{"lease":"30m","lease_max":"2h"}',
      contentType: 'application/x-www-form-urlencoded',
    });
    assert.equal(json.status, 204, json.text);
    assert.equal((await get(engine, 'cloud/config/lease')).body.data.lease, '30m0s');
  });

  it('lists with the LIST method and with GET ?list=true', async () => {
    const viaList = await call(engine, 'LIST', 'cloud/roles');
    const viaGet = await get(engine, 'cloud/roles?list=true');
    assert.equal(viaList.status, 200, viaList.text);
    assert.deepEqual(viaList.body.data.keys, viaGet.body.data.keys);
    assert.ok(viaGet.body.data.keys.includes('reader'));
  });

  it('takes query parameters for GET and ignores the query on POST', async () => {
    await post(engine, 'cloud/roles/ar', {
      credential_type: 'assumed_role',
      role_arns: ['arn:aws:iam::123456789012:role/a', 'arn:aws:iam::123456789012:role/b'],
    });
    const viaQuery = await get(engine, 'cloud/creds/ar?role_arn=arn:aws:iam::123456789012:role/b');
    assert.equal(viaQuery.status, 200, viaQuery.text);
    assert.match(viaQuery.body.data.arn, /assumed-role\/b\//);
    const postIgnoresQuery = await post(engine, 'cloud/sts/ar?role_arn=arn:aws:iam::123456789012:role/b', {});
    assert.equal(postIgnoresQuery.status, 400, postIgnoresQuery.text);
  });

  it('warns about unknown parameters when it answers with a body', async () => {
    const answer = await get(engine, 'cloud/roles/reader?bogus=1&other=2');
    assert.deepEqual(answer.body.warnings, ['Endpoint ignored these unrecognized parameters: [bogus other]']);
  });

  it('reports unknown role fields with the shared rules code', async () => {
    const answer = await post(engine, 'cloud/roles/fourth', { ...ROLE, polcy_arns: 'x' });
    assert.equal(answer.status, 200);
    // The real engine's warning first, then keyfob's did-you-mean with the shared code.
    assert.equal(answer.body.warnings[0], 'Endpoint ignored these unrecognized parameters: [polcy_arns]');
    assert.match(answer.body.warnings[1], /\[FIELD_UNKNOWN\]$/);
  });

  it('answers 413 to a body over 1 MiB without reading it', async () => {
    const answer = await post(engine, 'cloud/roles/huge', {
      credential_type: 'iam_user',
      policy_document: 'x'.repeat(1024 * 1024 + 10),
    });
    assert.equal(answer.status, 413);
    assert.match(answer.body.errors[0], /1 MiB/);
  });

  it('answers 413 to a chunked body that grows past 1 MiB', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL(`${engine.url}/v1/cloud/roles/chunked`);
      let answered = false;
      const req = request(
        url,
        { method: 'POST', headers: { 'X-Service-Token': engine.rootToken, 'Transfer-Encoding': 'chunked' } },
        (res) => {
          answered = true;
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      // Writing on after the server answered and closed may fail; only an error before the answer counts.
      req.on('error', (error) => answered || reject(error));
      const chunk = Buffer.alloc(256 * 1024, 0x61);
      for (let i = 0; i < 6; i++) req.write(chunk);
      req.end();
    });
    assert.equal(status, 413);
  });

  // A client still sending its body when the 413 comes (undici writes it all before it reads) must not be reset: a
  // reset can drop the answer unread (seen on a loaded CI machine: fetch failed, `write EPIPE`). The engine shuts its
  // side after the answer and reads the rest of the body for a while, as Go's server does.
  it('after a 413, shuts its side and reads the rest of the body without resetting the connection', async () => {
    const { events, head } = await new Promise<{ events: string[]; head: string }>((resolve) => {
      const url = new URL(engine.url);
      const socket = connect({ port: Number(url.port), host: url.hostname, allowHalfOpen: true });
      const events: string[] = [];
      let received = '';
      socket.on('data', (data: Buffer) => (received += data.toString('latin1')));
      socket.on('error', (error: NodeJS.ErrnoException) => events.push(`error ${error.code ?? error.message}`));
      socket.on('end', () => {
        events.push('end');
        void (async () => {
          // The answer is in and the engine's side is shut: the rest of the declared body follows, in pieces.
          const chunk = Buffer.alloc(256 * 1024, 0x61);
          for (let i = 0; i < 8 && !socket.destroyed; i++) {
            socket.write(chunk);
            await new Promise((r) => setTimeout(r, 20));
          }
          socket.end();
        })();
      });
      socket.on('close', () => resolve({ events, head: received.split('\r\n')[0] ?? '' }));
      socket.write(
        `POST /v1/cloud/roles/lingering HTTP/1.1\r\nHost: ${url.host}\r\nX-Service-Token: ${engine.rootToken}\r\n` +
          `Content-Length: ${4 * 1024 * 1024}\r\n\r\n`,
      );
      socket.write(Buffer.alloc(64 * 1024, 0x61));
    });
    assert.equal(head, 'HTTP/1.1 413 Payload Too Large');
    assert.deepEqual(events, ['end']);
  });

  it('serves the unauthenticated health check', async () => {
    const answer = await get(engine, 'sys/health', { token: null });
    assert.equal(answer.status, 200);
    assert.equal(answer.body.sealed, false);
  });
});
