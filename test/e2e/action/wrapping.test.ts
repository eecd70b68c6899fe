/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-explicit-any -- engine answers are JSON read loosely; every assertion checks the shape it reads. */
// Hand-offs through response wrapping, with the bundled action run as the runner runs it against
// keyfob serve: `wrap-ttl` leaves the credentials in a single-use wrapping token (output, masked,
// nothing exported), `mode: unwrap` checks the token's creation_path with sys/wrapping/lookup, refuses
// a wrong one without using the token up, unwraps once and exports as the credential modes do; a
// second unwrap fails with the engine's words; a policy's min/max_wrapping_ttl is understood.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { EngineClient } from '@keyfob/shared/client';
import { startEngine, type EngineProcess } from '../../helpers/engine.ts';
import { startOidcIssuer, type OidcIssuer } from '../../helpers/oidc-issuer.ts';
import { runStep, type StepRun } from '../../helpers/run-action.ts';
import { assertNoLeak, exportedSecrets } from './leak-check.ts';
import { AUDIENCE, JWT_ROLE, prepareEngine } from './setup.ts';

const WRAPPED_ROLE = 'gh-ci-wrapped';

async function send(
  engine: EngineProcess,
  method: string,
  path: string,
  body?: unknown,
  token?: string | null,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, any> | undefined }> {
  const all: Record<string, string> = {
    ...headers,
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
  };
  const sent = token === undefined ? engine.rootToken : token;
  if (sent !== null) all['X-Vault-Token'] = sent;
  const answer = await fetch(`${engine.url}/v1/${path}`, {
    method,
    headers: all,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await answer.text();
  return { status: answer.status, body: text === '' ? undefined : (JSON.parse(text) as Record<string, any>) };
}

describe('action: wrap-ttl hands credentials off, mode unwrap takes them', () => {
  let engine: EngineProcess;
  let issuer: OidcIssuer;
  let client: EngineClient;
  before(async () => {
    issuer = await startOidcIssuer();
    engine = await startEngine();
    client = await prepareEngine(engine, issuer);
    // A login whose policy hands deploy's STS credentials out only wrapped, for 1m to 1h.
    const policy = await send(engine, 'PUT', 'sys/policies/acl/wrapped', {
      policy:
        'path "cloud/sts/deploy" {\n  capabilities = ["update"]\n  min_wrapping_ttl = "1m"\n  max_wrapping_ttl = "1h"\n}\n',
    });
    assert.equal(policy.status, 204, JSON.stringify(policy.body));
    const role = await send(engine, 'GET', `auth/jwt/role/${JWT_ROLE}`);
    const written = await send(engine, 'POST', `auth/jwt/role/${WRAPPED_ROLE}`, {
      ...role.body?.data,
      token_policies: ['wrapped'],
    });
    assert.equal(written.status, 204, JSON.stringify(written.body));
  });
  after(async () => {
    await engine.stop();
    await issuer.stop();
  });

  const wrapStep = (inputs: Record<string, string>): Promise<StepRun> =>
    runStep('main', {
      inputs: { url: engine.url, 'jwt-role': JWT_ROLE, 'jwt-audience': AUDIENCE, ...inputs },
      env: issuer.env,
    });
  /** The receiving job: no login inputs, no ID token: the wrapping token is its only credential. */
  const unwrapStep = (inputs: Record<string, string>): Promise<StepRun> =>
    runStep('main', { inputs: { url: engine.url, mode: 'unwrap', ...inputs } });

  async function handOff(mode: string, role: string, wrapTtl = '10m'): Promise<{ run: StepRun; token: string }> {
    const run = await wrapStep({ mode, role, 'wrap-ttl': wrapTtl });
    assert.equal(run.exitCode, 0, run.stdout + run.stderr);
    const token = run.outputs['wrapping-token'] ?? '';
    assert.ok(token.length > 20, 'the wrapping-token output is set');
    return { run, token };
  }

  it('wrap-ttl: outputs the masked wrapping token and exports, outputs and summarises no credentials', async () => {
    const { run, token } = await handOff('sts', 'deploy');
    assert.deepEqual(exportedSecrets(run), [], 'nothing exported');
    assert.ok(run.masks.includes(token), 'the wrapping token is masked');
    for (const name of ['access-key', 'secret-key', 'session-token', 'lease-id'])
      assert.equal(run.outputs[name] ?? '', '', name);
    assert.match(run.stdout, /creation_path cloud\/sts\/deploy, valid 600s/);
    assertNoLeak('wrap', run, [token], ['wrapping-token']);
    const lookup = await send(engine, 'POST', 'sys/wrapping/lookup', { token }, null);
    assert.deepEqual([lookup.body?.data.creation_path, lookup.body?.data.creation_ttl], ['cloud/sts/deploy', 600]);
    const post = await runStep('post', { inputs: { url: engine.url }, state: run.state });
    assert.equal(post.exitCode, 0, post.stdout + post.stderr);
  });

  it('unwrap: checks the creation_path, takes the credentials once, exports them; a second unwrap fails', async () => {
    const { token } = await handOff('sts', 'deploy');
    const run = await unwrapStep({ role: 'deploy', 'wrapping-token': token });
    assert.equal(run.exitCode, 0, run.stdout + run.stderr);
    const keys = {
      access_key: run.env.CLOUD_ACCESS_KEY ?? '',
      secret_key: run.env.CLOUD_SECRET_KEY ?? '',
      session_token: run.env.CLOUD_SESSION_TOKEN ?? '',
    };
    assert.match(keys.access_key, /^ASIA/);
    assert.equal((await client.dev.whoami(keys)).ok, true, 'the unwrapped keys work');
    assert.equal(run.outputs['credential-type'], 'assumed_role');
    assertNoLeak('unwrap', run, [token, ...exportedSecrets(run)]);
    const post = await runStep('post', { inputs: { url: engine.url, mode: 'unwrap' }, state: run.state });
    assert.equal(post.exitCode, 0, post.stdout + post.stderr);

    const again = await unwrapStep({ role: 'deploy', 'wrapping-token': token });
    assert.notEqual(again.exitCode, 0);
    const message = again.outputs['error-message'] ?? '';
    assert.match(
      message,
      /POST \/v1\/sys\/wrapping\/lookup answered 400: wrapping token is not valid or does not exist/,
    );
    assert.match(message, /works once.*someone else did: treat the credentials as exposed/);
    assert.deepEqual(exportedSecrets(again), []);
    assertNoLeak('second unwrap', again, [
      token,
      ...(keys.access_key ? [keys.access_key, keys.secret_key, keys.session_token] : []),
    ]);
  });

  it('unwrap refuses a token made by another role, without using it up; the right role then takes it', async () => {
    const { token } = await handOff('creds', 'ci-user');
    const wrong = await unwrapStep({ role: 'deploy', 'wrapping-token': token });
    assert.notEqual(wrong.exitCode, 0);
    const message = wrong.outputs['error-message'] ?? '';
    assert.match(
      message,
      /made by "cloud\/creds\/ci-user", not by a credential call of this role \("cloud\/creds\/deploy", "cloud\/sts\/deploy", "cloud\/static-creds\/deploy"\).*\[WRAPPING_PATH_MISMATCH\]/,
    );
    assert.deepEqual(exportedSecrets(wrong), []);
    assertNoLeak('wrong creation_path', wrong, [token]);
    const lookup = await send(engine, 'POST', 'sys/wrapping/lookup', { token }, null);
    assert.equal(lookup.status, 200, 'the refused token was not unwrapped');
    const right = await unwrapStep({ role: 'ci-user', 'wrapping-token': token });
    assert.equal(right.exitCode, 0, right.stdout + right.stderr);
    assert.equal(right.outputs['credential-type'], 'iam_user');
    assert.equal(
      (
        await client.dev.whoami({
          access_key: right.env.CLOUD_ACCESS_KEY ?? '',
          secret_key: right.env.CLOUD_SECRET_KEY ?? '',
        })
      ).ok,
      true,
    );
  });

  it("unwrap refuses a token wrapped through sys/wrapping/wrap (values of its maker's choosing)", async () => {
    const forged = await send(
      engine,
      'POST',
      'sys/wrapping/wrap',
      { access_key: 'AKIAFORGED00000000', secret_key: 'forged-secret-key-value' },
      undefined,
      { 'X-Vault-Wrap-TTL': '5m' },
    );
    const token = forged.body?.wrap_info.token as string;
    const run = await unwrapStep({ role: 'deploy', 'wrapping-token': token });
    assert.notEqual(run.exitCode, 0);
    assert.match(run.outputs['error-message'] ?? '', /made by "sys\/wrapping\/wrap"/);
    assert.equal(run.env.CLOUD_ACCESS_KEY ?? '', '');
  });

  it('a policy that requires wrapping: refused without wrap-ttl (the message says why), handed off within its bounds', async () => {
    const plain = await wrapStep({ mode: 'sts', role: 'deploy', 'jwt-role': WRAPPED_ROLE });
    assert.notEqual(plain.exitCode, 0);
    const message = plain.outputs['error-message'] ?? '';
    assert.match(
      message,
      /answered 403: permission denied; the policy rule for cloud\/sts\/deploy requires response wrapping.*at least 60s and at most 3600s.*\[WRAPPING_REQUIRED\]/,
    );
    assert.match(message, /Hint: a policy rule requires response wrapping.*set `wrap-ttl` within the rule's bounds/);
    const tooLong = await wrapStep({ mode: 'sts', role: 'deploy', 'jwt-role': WRAPPED_ROLE, 'wrap-ttl': '2h' });
    assert.notEqual(tooLong.exitCode, 0);
    assert.match(tooLong.outputs['error-message'] ?? '', /asked for 7200s/);
    const wrapped = await wrapStep({ mode: 'sts', role: 'deploy', 'jwt-role': WRAPPED_ROLE, 'wrap-ttl': '15m' });
    assert.equal(wrapped.exitCode, 0, wrapped.stdout + wrapped.stderr);
    const unwrapped = await unwrapStep({ role: 'deploy', 'wrapping-token': wrapped.outputs['wrapping-token'] ?? '' });
    assert.equal(unwrapped.exitCode, 0, unwrapped.stdout + unwrapped.stderr);
    assert.match(unwrapped.env.CLOUD_ACCESS_KEY ?? '', /^ASIA/);
  });

  const inputCases: [string, Record<string, string>, RegExp][] = [
    [
      'wrap-ttl under 1s',
      { mode: 'sts', role: 'deploy', 'wrap-ttl': '500ms' },
      /wrap-ttl "500ms" must be between 1s and 768h/,
    ],
    ['wrap-ttl over 768h', { mode: 'sts', role: 'deploy', 'wrap-ttl': '769h' }, /must be between 1s and 768h/],
    ['wrap-ttl not a duration', { mode: 'sts', role: 'deploy', 'wrap-ttl': 'soon' }, /wrap-ttl/],
    [
      'wrap-ttl with two roles',
      { mode: 'sts', roles: 'deploy\nci-user mode=creds', 'wrap-ttl': '5m' },
      /roles names 2/,
    ],
    [
      'wrap-ttl with a profile',
      { mode: 'sts', role: 'deploy', profile: 'p', 'wrap-ttl': '5m' },
      /profile would put them somewhere else/,
    ],
    [
      'wrap-ttl with allowed-account-ids',
      { mode: 'sts', role: 'deploy', 'allowed-account-ids': '123456789012', 'wrap-ttl': '5m' },
      /give allowed-account-ids to the step that unwraps/,
    ],
    ['unwrap without a token', { mode: 'unwrap', role: 'deploy' }, /mode unwrap needs wrapping-token/],
    [
      'unwrap without a role',
      { mode: 'unwrap', 'wrapping-token': 'kfs.abcdefghijklmnopqrstuvwx' },
      /mode unwrap needs role/,
    ],
    [
      'unwrap with a token holding a space',
      { mode: 'unwrap', role: 'deploy', 'wrapping-token': 'kfs.abc def' },
      /wrapping-token must be one token/,
    ],
  ];
  for (const [name, inputs, message] of inputCases) {
    it(`input check: ${name}`, async () => {
      const run = await runStep('main', { inputs: { url: engine.url, token: 'kfs.not-used-at-all-here', ...inputs } });
      assert.notEqual(run.exitCode, 0);
      assert.match(run.outputs['error-message'] ?? '', message);
      assertNoLeak(name, run, [inputs['wrapping-token']]);
    });
  }
});
