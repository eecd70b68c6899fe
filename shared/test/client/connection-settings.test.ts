// The one set of connection rules of the CLI and the action (readConnectionSettings): defaults,
// bounds, and messages that name the setting as the face calls it, show the value when safe, and
// never show a token or the user info of a URL.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  CONNECTION_DEFAULTS,
  readConnectionSettings,
  redactSecrets,
  type ConnectionNames,
} from '@keyfob/shared/client';
import type { ConnectionInput } from '../../src/client/connection-settings.ts';

const NAMES: ConnectionNames = {
  url: 'url',
  token: 'token',
  flavor: 'api-flavor',
  tokenHeader: 'token-header',
  mount: 'mount',
  namespace: 'namespace',
  requestTimeout: 'request-timeout',
  timeout: 'timeout',
  maxAttempts: 'max-attempts',
  caCertificate: 'ca-certificate',
  clusterAddresses: 'cluster-addresses',
};
const URL_OK = 'http://127.0.0.1:8200';
const PEM = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----';

function read(input: ConnectionInput, env: Record<string, string> = {}) {
  return readConnectionSettings({ url: URL_OK, ...input }, { names: NAMES, env });
}

describe('readConnectionSettings', () => {
  it('applies the shared defaults', () => {
    const { value, problems } = read({});
    assert.deepEqual(problems, []);
    assert.deepEqual(value, {
      url: URL_OK,
      token: undefined,
      flavor: 'keyfob',
      tokenHeader: undefined,
      mount: 'cloud',
      namespace: undefined,
      requestTimeoutMs: 30_000,
      timeoutMs: 300_000,
      maxAttempts: 5,
      caCertificate: undefined,
      clusterAddresses: [],
      proxy: undefined,
    });
    assert.equal(CONNECTION_DEFAULTS.maxAttempts, '5');
  });

  const good: {
    name: string;
    input: ConnectionInput;
    env?: Record<string, string>;
    expect: Record<string, unknown>;
  }[] = [
    { name: 'openbao speaks the vault API', input: { flavor: 'openbao' }, expect: { flavor: 'vault' } },
    { name: 'slashes around the mount are dropped', input: { mount: '/team/aws/' }, expect: { mount: 'team/aws' } },
    { name: 'a namespace path', input: { namespace: 'team-a/' }, expect: { namespace: 'team-a' } },
    {
      name: 'a URL with /v1',
      input: { url: 'https://engine.example:8200/v1' },
      expect: { url: 'https://engine.example:8200/v1' },
    },
    {
      name: 'durations in units and bare seconds',
      input: { requestTimeout: '2', timeout: '1h' },
      expect: { requestTimeoutMs: 2000, timeoutMs: 3_600_000 },
    },
    { name: 'the attempt bounds', input: { maxAttempts: '20' }, expect: { maxAttempts: 20 } },
    { name: 'a CA as PEM', input: { caCertificate: PEM }, expect: { caCertificate: PEM } },
    {
      name: 'cluster addresses, as origins',
      input: { clusterAddresses: 'https://node-2.example:8200/v1, http://10.0.0.3:8200\nhttp://[::1]:8201' },
      expect: { clusterAddresses: ['https://node-2.example:8200', 'http://10.0.0.3:8200', 'http://[::1]:8201'] },
    },
    { name: 'a CA as base64 of PEM', input: { caCertificate: btoa(PEM) }, expect: { caCertificate: PEM } },
    {
      name: 'a proxy with a login',
      input: {},
      env: { https_proxy: 'http://me:proxy-pw@proxy:3128' },
      expect: { proxy: 'https_proxy' },
    },
  ];
  for (const c of good) {
    it(`accepts ${c.name}`, () => {
      const { value, problems } = read(c.input, c.env);
      assert.deepEqual(problems, []);
      for (const [key, expected] of Object.entries(c.expect))
        assert.deepEqual(value?.[key as keyof typeof value], expected, key);
    });
  }

  const bad: {
    name: string;
    input: ConnectionInput;
    env?: Record<string, string>;
    code: string;
    path: string;
    message: RegExp;
    hidden?: string;
  }[] = [
    {
      name: 'no url',
      input: { url: '' },
      code: 'INPUT_REQUIRED',
      path: '/url',
      message: /^url is required: the engine's base URL, e\.g\. https:/,
    },
    {
      name: 'a url that does not parse',
      input: { url: 'engine:8200' },
      code: 'INPUT_INVALID_URL',
      path: '/url',
      message: /^url: "engine:8200" is not an http:\/\/ or https:\/\/ URL/,
    },
    {
      name: 'a url with user info',
      input: { url: 'https://ops:hunter2@engine.example:8200/' },
      code: 'INPUT_INVALID_URL',
      path: '/url',
      message: /^url must not hold a user name or password \(user:pass@\); .* e\.g\. https:\/\/engine\.example:8200\.$/,
      hidden: 'hunter2',
    },
    {
      name: 'a bad url with user info',
      input: { url: 'ftp://ops:hunter2@engine' },
      code: 'INPUT_INVALID_URL',
      path: '/url',
      message: /^url: "ftp:\/\/\*\*\*@engine" is not an http/,
      hidden: 'hunter2',
    },
    {
      name: 'a url with a query',
      input: { url: 'http://h:1/?token=hunter2' },
      code: 'INPUT_INVALID_URL',
      path: '/url',
      message: /^url must not have a query or fragment; .*e\.g\. http:\/\/h:1\.$/,
      hidden: 'hunter2',
    },
    {
      name: 'a url with a fragment',
      input: { url: 'http://h:1/#x' },
      code: 'INPUT_INVALID_URL',
      path: '/url',
      message: /query or fragment/,
    },
    {
      name: 'a url too long',
      input: { url: `http://h/${'a'.repeat(3000)}` },
      code: 'INPUT_INVALID_URL',
      path: '/url',
      message: /more than the 2048 allowed/,
    },
    {
      name: 'a token with a newline',
      input: { token: 'hunter2-token\nX-Other: 1' },
      code: 'INPUT_INVALID_VALUE',
      path: '/token',
      message: /^token holds white space or a control character \(the value is not shown\)/,
      hidden: 'hunter2',
    },
    {
      name: 'a token too long',
      input: { token: 'h'.repeat(9000) },
      code: 'INPUT_INVALID_VALUE',
      path: '/token',
      message: /more than the 8192 allowed/,
    },
    {
      name: 'an unknown flavour',
      input: { flavor: 'consul' },
      code: 'INPUT_INVALID_CHOICE',
      path: '/api-flavor',
      message: /^api-flavor must be one of keyfob, vault, openbao, not "consul"\.$/,
    },
    {
      name: 'a header name with a space',
      input: { tokenHeader: 'X Token' },
      code: 'INPUT_INVALID_VALUE',
      path: '/token-header',
      message: /^token-header "X Token" is not an HTTP header name/,
    },
    {
      name: 'an empty mount',
      input: { mount: '//' },
      code: 'INPUT_REQUIRED',
      path: '/mount',
      message: /^mount is empty; give the path/,
    },
    {
      name: 'a mount with a query',
      input: { mount: 'cloud?x=1' },
      code: 'INPUT_INVALID_VALUE',
      path: '/mount',
      message: /^mount "cloud\?x=1" is not a mount path/,
    },
    {
      name: 'a namespace with a space',
      input: { namespace: 'team a' },
      code: 'INPUT_INVALID_VALUE',
      path: '/namespace',
      message: /^namespace "team a" is not a namespace path/,
    },
    {
      name: 'a zero timeout',
      input: { timeout: '0s' },
      code: 'INPUT_INVALID_VALUE',
      path: '/timeout',
      message: /^timeout "0s" is out of bounds; give a duration from 100ms to 24h, e\.g\. 5m\.$/,
    },
    {
      name: 'a timeout in days',
      input: { timeout: '2d' },
      code: 'INPUT_INVALID_VALUE',
      path: '/timeout',
      message: /^timeout "2d" is not a duration/,
    },
    {
      name: 'a request timeout over an hour',
      input: { requestTimeout: '2h' },
      code: 'INPUT_INVALID_VALUE',
      path: '/request-timeout',
      message: /from 100ms to 1h, e\.g\. 30s/,
    },
    {
      name: 'zero attempts',
      input: { maxAttempts: '0' },
      code: 'INPUT_INVALID_NUMBER',
      path: '/max-attempts',
      message: /^max-attempts must be a whole number from 1 to 20 \(1 turns retries off\), not "0"\.$/,
    },
    {
      name: 'fifty attempts',
      input: { maxAttempts: '50' },
      code: 'INPUT_INVALID_NUMBER',
      path: '/max-attempts',
      message: /not "50"/,
    },
    {
      name: 'fractional attempts',
      input: { maxAttempts: '2.5' },
      code: 'INPUT_INVALID_NUMBER',
      path: '/max-attempts',
      message: /not "2\.5"/,
    },
    {
      name: 'a cluster address that is not a URL',
      input: { clusterAddresses: 'http://node-2:8200,ftp://node-3' },
      code: 'INPUT_INVALID_URL',
      path: '/cluster-addresses',
      message: /cluster-addresses/,
    },
    {
      name: 'seventeen cluster addresses',
      input: { clusterAddresses: Array.from({ length: 17 }, (_, i) => `http://node-${i}:8200`).join(',') },
      code: 'INPUT_INVALID_VALUE',
      path: '/cluster-addresses',
      message: /17 addresses, more than the 16 allowed/,
    },
    {
      name: 'a CA that is not PEM',
      input: { caCertificate: 'hello' },
      code: 'INPUT_INVALID_VALUE',
      path: '/ca-certificate',
      message: /^ca-certificate must hold PEM certificates/,
    },
    {
      name: 'a proxy that is not a URL, with a login',
      input: {},
      env: { HTTPS_PROXY: 'socks5://me:hunter2@proxy:1080' },
      code: 'INPUT_INVALID_URL',
      path: '/HTTPS_PROXY',
      message: /^HTTPS_PROXY: "socks5:\/\/\*\*\*@proxy:1080" is not an http/,
      hidden: 'hunter2',
    },
  ];
  for (const c of bad) {
    it(`refuses ${c.name}`, () => {
      const { value, problems } = read(c.input, c.env);
      assert.equal(value, undefined);
      assert.equal(problems.length, 1, JSON.stringify(problems));
      const [problem] = problems;
      assert.equal(problem?.code, c.code);
      assert.equal(problem?.path, c.path);
      assert.equal(problem?.severity, 'error');
      assert.match(problem?.message ?? '', c.message);
      if (c.hidden) assert.ok(!problem?.message.includes(c.hidden), problem?.message);
    });
  }

  it('reports every bad setting at once, each under the name the face uses', () => {
    const cli = { ...NAMES, url: '--url', maxAttempts: '--max-attempts' };
    const { problems } = readConnectionSettings({ url: 'http://u:p@h', maxAttempts: '99' }, { names: cli, env: {} });
    assert.deepEqual(
      problems.map((p) => p.path),
      ['/--url', '/--max-attempts'],
    );
    assert.match(problems[1]?.message ?? '', /^--max-attempts must be/);
  });
});

describe('redactSecrets and URLs', () => {
  it('hides the user info of any URL in a text, whoever wrote it', () => {
    const text =
      'fetch failed: connect to http://proxy-user:proxy-pw@proxy.local:3128 refused (engine https://a:b@e/v1)';
    assert.equal(
      redactSecrets(text, []),
      'fetch failed: connect to http://***@proxy.local:3128 refused (engine https://***@e/v1)',
    );
  });
  it('leaves e-mail addresses and plain URLs alone', () => {
    const text = 'ask ops@example.com about http://engine.example:8200/v1/cloud';
    assert.equal(redactSecrets(text, []), text);
  });
});
