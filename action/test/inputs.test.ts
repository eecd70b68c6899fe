import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readInputs } from '../src/inputs.ts';
import { FakeRunner } from './fake-runner.ts';

const base = { url: 'http://127.0.0.1:8200', token: 'hvs.secret-token-value', role: 'deploy' };
const github = {
  GITHUB_REPOSITORY: 'octo/app',
  GITHUB_RUN_ID: '77',
  GITHUB_RUN_ATTEMPT: '2',
  GITHUB_WORKSPACE: '/work/space',
};
const oidc = {
  ACTIONS_ID_TOKEN_REQUEST_URL: 'http://127.0.0.1:1/token?x=1',
  ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'req-token',
};

function read(inputs: Record<string, string>, env: Record<string, string> = github) {
  const runner = new FakeRunner(inputs, env);
  return { runner, ...readInputs(runner) };
}

describe('readInputs', () => {
  it('reads a plain creds step with every default', () => {
    const { config, problems } = read(base);
    assert.deepEqual(problems, []);
    assert.ok(config);
    assert.equal(config.mode, 'creds');
    assert.deepEqual(config.auth, { method: 'token', token: base.token });
    assert.equal(config.engine?.mount, 'cloud');
    assert.equal(config.engine?.flavor, 'keyfob');
    assert.equal(config.engine?.requestTimeoutMs, 30_000);
    assert.equal(config.engine?.timeoutMs, 300_000);
    assert.equal(config.engine?.maxAttempts, 5);
    assert.equal(config.engine?.settleMs, 10_000);
    assert.equal(config.exportEnv, true);
    assert.equal(config.outputCredentials, false);
    assert.equal(config.cleanup, true);
    assert.equal(config.workspace, '/work/space');
    assert.equal(config.requests.length, 1);
    assert.equal(config.requests[0]?.params.role_session_name, 'gh-octo.app-77-2');
    assert.equal(config.requests[0]?.env?.accessKey, 'CLOUD_ACCESS_KEY');
    assert.ok(Object.isFrozen(config));
  });

  it('masks token, jwt and MFA code before anything else happens', () => {
    const { runner } = read({ ...base, jwt: 'eyJh.eyJz.sig', 'mfa-code': '123456', ttl: 'bogus' });
    const masks = runner.events.filter((e) => e.kind === 'mask').map((e) => e.text);
    assert.deepEqual(masks, [base.token, 'eyJh.eyJz.sig', '123456']);
    assert.equal(
      runner.events.findIndex((e) => e.kind !== 'mask'),
      -1,
      'readInputs prints nothing itself',
    );
  });

  it('picks jwt login when the runner offers OIDC and no token is given', () => {
    const { config, problems } = read(
      { url: base.url, role: 'deploy', 'jwt-role': 'ci', 'jwt-audience': 'keyfob' },
      { ...github, ...oidc },
    );
    assert.deepEqual(problems, []);
    assert.deepEqual(config?.auth, { method: 'jwt', path: 'jwt', role: 'ci', audience: 'keyfob', jwt: undefined });
  });

  it('reads every network setting', () => {
    const pem = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----';
    const { config, problems } = read(
      {
        ...base,
        mount: '/aws/',
        'api-flavor': 'openbao',
        'token-header': 'X-Custom-Token',
        namespace: 'team',
        'ca-certificate': Buffer.from(pem).toString('base64'),
        'request-timeout': '2s',
        timeout: '45',
        'max-attempts': '3',
      },
      { ...github, HTTPS_PROXY: 'http://proxy:3128' },
    );
    assert.deepEqual(problems, []);
    assert.deepEqual(config?.engine, {
      url: base.url,
      mount: 'aws',
      flavor: 'vault',
      tokenHeader: 'X-Custom-Token',
      namespace: 'team',
      caCertificate: pem,
      clusterAddresses: [],
      requestTimeoutMs: 2000,
      timeoutMs: 45_000,
      maxAttempts: 3,
      settleMs: 10_000,
      proxy: 'HTTPS_PROXY',
    });
  });

  it('needs neither url nor login for lint', () => {
    const { config, problems } = read({ mode: 'lint', files: 'roles\nmore/roles.yaml' });
    assert.deepEqual(problems, []);
    assert.deepEqual(config?.files, ['roles', 'more/roles.yaml']);
    assert.equal(config?.engine, undefined);
  });

  it('needs neither url nor login for history, and reads since, fail-on and baseline', () => {
    const { config, problems } = read({
      mode: 'history',
      files: 'src',
      since: 'v202207-1',
      'fail-on': 'deprecation',
      baseline: 'base.json',
    });
    assert.deepEqual(problems, []);
    assert.equal(config?.engine, undefined);
    assert.deepEqual(config?.history, {
      since: { kind: 'self-hosted', release: 'v202207-1' },
      failOn: 'deprecation',
      baseline: 'base.json',
    });
    assert.deepEqual(read({ mode: 'history', since: '2024-6-30', 'fail-on': 'none' }).config?.history, {
      since: { kind: 'date', date: '2024-06-30' },
      failOn: undefined,
      baseline: undefined,
    });
    assert.deepEqual(
      read({ mode: 'history' }).problems.map((p) => p.code),
      ['INPUT_REQUIRED'],
    );
    assert.deepEqual(
      read({ mode: 'history', since: 'soon' }).problems.map((p) => p.code),
      ['INPUT_INVALID_VALUE'],
    );
    assert.deepEqual(
      read({ mode: 'lint', since: '2024-01-01' }).problems.map((p) => p.code),
      ['INPUT_IGNORED'],
    );
  });

  it('reads several roles', () => {
    const { config, problems } = read({
      url: base.url,
      token: base.token,
      roles: 'a\nb mode=sts | B\nc mode=static-creds | aws',
    });
    assert.deepEqual(problems, []);
    assert.deepEqual(
      config?.requests.map((r) => [r.role, r.method, r.env?.accessKey]),
      [
        ['a', 'creds', 'CLOUD_ACCESS_KEY'],
        ['b', 'sts', 'B_ACCESS_KEY'],
        ['c', 'static-creds', 'AWS_ACCESS_KEY_ID'],
      ],
    );
  });

  const bad: {
    name: string;
    inputs: Record<string, string>;
    env?: Record<string, string>;
    code: string;
    path: string;
    message: RegExp;
  }[] = [
    {
      name: 'no url',
      inputs: { token: 't0ken', role: 'r' },
      code: 'INPUT_REQUIRED',
      path: '/url',
      message: /url is required/,
    },
    {
      name: 'a url without scheme',
      inputs: { ...base, url: 'engine:8200' },
      code: 'INPUT_INVALID_URL',
      path: '/url',
      message: /"engine:8200"/,
    },
    {
      name: 'a url with a password, not echoed',
      inputs: { ...base, url: 'https://u:p4ss@h' },
      code: 'INPUT_INVALID_URL',
      path: '/url',
      message: /^(?!.*p4ss)/,
    },
    {
      name: 'an unknown mode',
      inputs: { ...base, mode: 'fetch' },
      code: 'INPUT_INVALID_CHOICE',
      path: '/mode',
      message: /creds, sts, static-creds/,
    },
    {
      name: 'no login at all',
      inputs: { url: base.url, role: 'r' },
      code: 'INPUT_REQUIRED',
      path: '/token',
      message: /id-token: write/,
    },
    {
      name: 'jwt login without its role',
      inputs: { url: base.url, role: 'r', jwt: 'eyJx.eyJy.z' },
      code: 'INPUT_REQUIRED',
      path: '/jwt-role',
      message: /auth role/,
    },
    {
      name: 'jwt without OIDC',
      inputs: { url: base.url, role: 'r', 'auth-method': 'jwt', 'jwt-role': 'ci' },
      code: 'INPUT_REQUIRED',
      path: '/jwt',
      message: /permissions: id-token: write/,
    },
    {
      name: 'token method without token',
      inputs: { url: base.url, role: 'r', 'auth-method': 'token' },
      env: { ...github, ...oidc },
      code: 'INPUT_REQUIRED',
      path: '/token',
      message: /secrets\./,
    },
    {
      name: 'role and roles',
      inputs: { ...base, roles: 'x' },
      code: 'INPUT_CONFLICT',
      path: '/roles',
      message: /not both/,
    },
    {
      name: 'no role',
      inputs: { url: base.url, token: base.token },
      code: 'INPUT_REQUIRED',
      path: '/role',
      message: /roles/,
    },
    {
      name: 'a bad role name',
      inputs: { ...base, role: 'a/b' },
      code: 'INPUT_INVALID_VALUE',
      path: '/role',
      message: /"a\/b"/,
    },
    {
      name: 'a bad boolean',
      inputs: { ...base, 'export-env': 'yes' },
      code: 'INPUT_INVALID_BOOLEAN',
      path: '/export-env',
      message: /true or false/,
    },
    {
      name: 'too many attempts',
      inputs: { ...base, 'max-attempts': '50' },
      code: 'INPUT_INVALID_NUMBER',
      path: '/max-attempts',
      message: /1 to 20/,
    },
    {
      name: 'a zero timeout',
      inputs: { ...base, timeout: '0s' },
      code: 'INPUT_INVALID_VALUE',
      path: '/timeout',
      message: /timeout "0s" is out of bounds; give a duration from 100ms to 24h/,
    },
    { name: 'a day unit', inputs: { ...base, ttl: '1d' }, code: 'DURATION_BAD_UNIT', path: '/ttl', message: /ttl/ },
    {
      name: 'a bad header',
      inputs: { ...base, 'token-header': 'X Token' },
      code: 'INPUT_INVALID_VALUE',
      path: '/token-header',
      message: /header name/,
    },
    {
      name: 'not a certificate',
      inputs: { ...base, 'ca-certificate': 'hello' },
      code: 'INPUT_INVALID_VALUE',
      path: '/ca-certificate',
      message: /PEM/,
    },
    {
      name: 'static role without username',
      inputs: { ...base, mode: 'static-role', 'rotation-period': '1h' },
      code: 'INPUT_REQUIRED',
      path: '/username',
      message: /username/,
    },
    {
      name: 'a rotation period under a minute',
      inputs: { ...base, mode: 'static-role', username: 'u', 'rotation-period': '30s' },
      code: 'INPUT_INVALID_VALUE',
      path: '/rotation-period',
      message: /1m/,
    },
    {
      name: 'rotate-static without role',
      inputs: { url: base.url, token: base.token, mode: 'rotate-static' },
      code: 'INPUT_REQUIRED',
      path: '/role',
      message: /static role/,
    },
  ];
  for (const c of bad) {
    it(`refuses ${c.name}`, () => {
      const { config, problems } = read(c.inputs, c.env);
      assert.equal(config, undefined);
      const problem = problems.find((p) => p.code === c.code);
      assert.ok(problem, `expected ${c.code} in ${JSON.stringify(problems)}`);
      assert.equal(problem.path, c.path);
      assert.match(problem.message, c.message);
    });
  }

  it('warns about inputs the mode ignores, without failing', () => {
    const { config, problems } = read({ mode: 'lint', ttl: '1h', files: 'roles' });
    assert.ok(config);
    assert.deepEqual(
      problems.map((p) => [p.code, p.severity, p.path]),
      [['INPUT_IGNORED', 'warning', '/ttl']],
    );
  });
});
