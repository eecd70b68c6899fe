import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createEngineClient } from '@keyfob/shared/client';
import type { EngineClientOptions } from '../../src/client/engine-client-options.ts';
import { scriptedClient, scriptedFetch, TOKEN } from './helpers/scripted-fetch.ts';

describe('headers and flavours', () => {
  const cases: {
    name: string;
    options: Partial<EngineClientOptions>;
    present: Record<string, string>;
    absent: string[];
  }[] = [
    {
      name: 'keyfob sends X-Service-Token',
      options: {},
      present: { 'x-service-token': TOKEN, accept: 'application/json' },
      absent: ['x-vault-token', 'x-vault-request'],
    },
    {
      name: 'vault sends X-Vault-Token and X-Vault-Request',
      options: { flavor: 'vault' },
      present: { 'x-vault-token': TOKEN, 'x-vault-request': 'true' },
      absent: ['x-service-token'],
    },
    {
      name: 'a custom token header wins over the flavour',
      options: { flavor: 'vault', tokenHeader: 'X-Engine-Auth' },
      present: { 'x-engine-auth': TOKEN, 'x-vault-request': 'true' },
      absent: ['x-vault-token'],
    },
    {
      name: 'the namespace goes in X-Vault-Namespace',
      options: { namespace: 'team-a/' },
      present: { 'x-vault-namespace': 'team-a/' },
      absent: [],
    },
    { name: 'no token, no token header', options: { token: undefined }, present: {}, absent: ['x-service-token'] },
    {
      name: 'extra headers are sent',
      options: { headers: { 'User-Agent': 'keyfob-test' } },
      present: { 'user-agent': 'keyfob-test' },
      absent: [],
    },
    {
      name: 'a caller header cannot double the token',
      options: { headers: { 'x-service-token': 'other' } },
      present: { 'x-service-token': TOKEN },
      absent: [],
    },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const { client, requests } = scriptedClient([{ status: 404, body: { errors: [] } }], c.options);
      await client.readRole('deploy');
      const headers = requests[0]!.headers;
      for (const [name, value] of Object.entries(c.present)) assert.equal(headers[name], value, name);
      for (const name of c.absent) assert.equal(headers[name], undefined, name);
    });
  }

  it('sends JSON bodies with a content type', async () => {
    const { client, requests } = scriptedClient([{ status: 204 }]);
    await client.writeRole('deploy', { credential_type: 'iam_user' });
    assert.equal(requests[0]!.headers['content-type'], 'application/json');
  });

  it('loginJwt leaves the token out but keeps the namespace', async () => {
    const { client, requests } = scriptedClient([{ body: { auth: { client_token: 'new-token-123' } } }], {
      flavor: 'vault',
      namespace: 'ns1',
    });
    await client.loginJwt({ role: 'ci', jwt: 'a.b.c' });
    assert.equal(requests[0]!.headers['x-vault-token'], undefined);
    assert.equal(requests[0]!.headers['x-vault-namespace'], 'ns1');
  });

  it('withToken sends the new token and keeps everything else', async () => {
    const { client, requests } = scriptedClient([{ status: 204 }], { flavor: 'vault', mount: 'aws' });
    const child = client.withToken('child-token-456');
    await child.revokeSelf();
    assert.equal(requests[0]!.headers['x-vault-token'], 'child-token-456');
    assert.equal(child.mount, 'aws');
    assert.equal(child.flavor, 'vault');
  });

  it('passes the dispatcher to fetch and never follows redirects itself', async () => {
    const dispatcher = { name: 'proxy-agent' };
    const { client, requests } = scriptedClient([{ status: 204 }], { dispatcher });
    await client.revokeSelf();
    assert.equal(requests[0]!.init.dispatcher, dispatcher);
    assert.equal(requests[0]!.init.redirect, 'manual');
  });

  const urls: [string, string][] = [
    ['http://engine.test:8200', 'http://engine.test:8200/v1/cloud/roles/x'],
    ['http://engine.test:8200/', 'http://engine.test:8200/v1/cloud/roles/x'],
    ['http://engine.test:8200/v1', 'http://engine.test:8200/v1/cloud/roles/x'],
    ['https://proxy.test/vault/', 'https://proxy.test/vault/v1/cloud/roles/x'],
  ];
  for (const [url, expected] of urls) {
    it(`builds request URLs from base ${url}`, async () => {
      const seen: string[] = [];
      const fetch = ((input: string) => {
        seen.push(input);
        return Promise.resolve(new Response(null, { status: 204 }));
      }) as unknown as typeof globalThis.fetch;
      await createEngineClient({ url, fetch }).deleteRole('x');
      assert.deepEqual(seen, [expected]);
    });
  }

  const badOptions: [string, Partial<EngineClientOptions>, RegExp][] = [
    ['a URL that does not parse', { url: 'not a url' }, /is not an http:\/\/ or https:\/\/ URL/],
    ['a URL of another scheme', { url: 'ftp://engine.test' }, /http:\/\/ or https:\/\//],
    ['a zero request timeout', { requestTimeoutMs: 0 }, /requestTimeoutMs/],
    ['zero attempts', { retry: { maxAttempts: 0 } }, /maxAttempts/],
  ];
  for (const [name, options, message] of badOptions) {
    it(`refuses ${name}`, () => {
      assert.throws(
        () => createEngineClient({ url: 'http://engine.test', fetch: scriptedFetch([]).fetch, ...options }),
        message,
      );
    });
  }
});
