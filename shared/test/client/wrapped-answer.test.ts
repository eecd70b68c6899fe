// A wrap_info answer (a response-wrapping token instead of the data) is said to be one, not taken for
// an answer with no credentials; the wrapping token itself never reaches the message.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EngineError } from '@keyfob/shared/client';
import { rejection, scriptedClient } from './helpers/scripted-fetch.ts';

const WRAPPING_TOKEN = 'hvs.CAESIwrappingtoken0123456789';

describe('a wrap_info answer', () => {
  it('is reported as a wrapped answer, with its creation_path and ttl, never its token', async () => {
    const { client } = scriptedClient([
      {
        status: 200,
        body: {
          request_id: 'r',
          lease_id: '',
          renewable: false,
          lease_duration: 0,
          data: null,
          wrap_info: {
            token: WRAPPING_TOKEN,
            accessor: 'acc',
            ttl: 300,
            creation_time: '2026-11-29T00:00:00Z',
            creation_path: 'cloud/sts/deploy',
          },
          warnings: null,
          auth: null,
        },
      },
    ]);
    const error = await rejection(client.sts('deploy'));
    assert.ok(error instanceof EngineError);
    assert.equal(error.code, 'ENGINE_BAD_RESPONSE');
    assert.match(error.message, /wrapped its answer in a response-wrapping token/);
    assert.match(error.message, /creation_path "cloud\/sts\/deploy", ttl 300 s/);
    assert.doesNotMatch(error.message, /no credentials|missing/i);
    assert.ok(!JSON.stringify(error).includes(WRAPPING_TOKEN) && !error.message.includes(WRAPPING_TOKEN));
  });

  it('without wrap_info, a body with no credentials is still an unusable answer of its own kind', async () => {
    const { client } = scriptedClient([{ status: 200, body: { data: {} } }]);
    const error = await rejection(client.sts('deploy'));
    assert.ok(error instanceof EngineError);
    assert.doesNotMatch(error.message, /wrapped/);
  });

  // The real engine reads a header without a unit as whole seconds (strconv.ParseInt refuses `1.5`).
  for (const [ttl, header] of [
    [300, '300'],
    [1.5, '1.5s'],
  ] as const) {
    it(`asks for wrapping of ${ttl} s with X-Vault-Wrap-TTL ${header}`, async () => {
      const wrapInfo = {
        token: WRAPPING_TOKEN,
        accessor: 'a',
        ttl: Math.trunc(ttl),
        creation_time: 't',
        creation_path: 'cloud/sts/deploy',
      };
      const { client, requests } = scriptedClient([{ status: 200, body: { data: null, wrap_info: wrapInfo } }]);
      await client.wrapCredentials('sts', 'deploy', {}, ttl);
      assert.equal(requests[0]?.headers['x-vault-wrap-ttl'], header);
    });
  }
});
