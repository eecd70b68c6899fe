/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument -- engine answers are JSON read loosely (Answer.body); every assertion checks the shape it reads. */
// Response wrapping as the real engine does it (its source: internal/vault/wrapping.go,
// request_handling.go and logical_system.go of OpenBao, Vault's sys/wrapping API): the
// X-Vault-Wrap-TTL header on any answer with a body, `wrap_info` instead of the answer, the
// sys/wrapping lookup, unwrap (single use), rewrap and wrap endpoints, policies' wrapping bounds,
// and the cluster double forwarding wrapped requests to the active node.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ENVELOPE_KEYS, startEngine, type EngineProcess } from '../../helpers/engine.ts';
import { advance, call, type Answer, type CallOptions } from './engine-client.ts';

const ROLE_ARN = 'arn:aws:iam::123456789012:role/deploy';
const INVALID = 'wrapping token is not valid or does not exist';

/** A call with `X-Vault-Token` (the real engine's header) and, when given, `X-Vault-Wrap-TTL`. */
function send(
  engine: EngineProcess,
  method: string,
  path: string,
  options: CallOptions & { wrapTtl?: string } = {},
): Promise<Answer> {
  const { wrapTtl, ...rest } = options;
  return call(engine, method, path, {
    header: 'X-Vault-Token',
    ...rest,
    headers: { ...rest.headers, ...(wrapTtl !== undefined ? { 'X-Vault-Wrap-TTL': wrapTtl } : {}) },
  });
}

/** A child token of root with these policies (the default policy added, as the real engine does). */
async function tokenWith(engine: EngineProcess, policies: string[], noDefault = false): Promise<string> {
  const answer = await send(engine, 'POST', 'auth/token/create', {
    body: { policies, no_default_policy: noDefault, ttl: '1h' },
  });
  assert.equal(answer.status, 200, answer.text);
  return answer.body.auth.client_token as string;
}

async function wrappedSts(engine: EngineProcess, wrapTtl = '5m', token?: string): Promise<Answer> {
  const answer = await send(engine, 'POST', 'cloud/sts/deploy', { body: {}, wrapTtl, ...(token ? { token } : {}) });
  assert.equal(answer.status, 200, answer.text);
  return answer;
}

describe('response wrapping', () => {
  let engine: EngineProcess;
  before(async () => {
    engine = await startEngine();
    const role = await send(engine, 'POST', 'cloud/roles/deploy', {
      body: { credential_type: 'assumed_role', role_arns: ROLE_ARN },
    });
    assert.equal(role.status, 204, role.text);
  });
  after(() => engine.stop());

  it('answers a request with X-Vault-Wrap-TTL with wrap_info only, in the envelope, and no secret', async () => {
    const answer = await wrappedSts(engine);
    assert.deepEqual(Object.keys(answer.body), [...ENVELOPE_KEYS]);
    assert.equal(answer.body.data, null);
    assert.equal(answer.body.lease_id, '');
    const info = answer.body.wrap_info;
    assert.deepEqual(Object.keys(info), ['token', 'accessor', 'ttl', 'creation_time', 'creation_path']);
    assert.equal(info.ttl, 300);
    assert.equal(info.creation_path, 'cloud/sts/deploy');
    assert.ok(!Number.isNaN(Date.parse(info.creation_time)), info.creation_time);
    assert.match(info.token, /^\S{20,}$/);
    assert.doesNotMatch(answer.text, /access_key|secret_key|session_token/);
  });

  it('looks a wrapping token up without a token of its own and without using it up', async () => {
    const info = (await wrappedSts(engine, '10m')).body.wrap_info;
    for (let i = 0; i < 2; i++) {
      const lookup = await send(engine, 'POST', 'sys/wrapping/lookup', { body: { token: info.token }, token: null });
      assert.equal(lookup.status, 200, lookup.text);
      assert.deepEqual(lookup.body.data, {
        creation_path: 'cloud/sts/deploy',
        creation_time: info.creation_time,
        creation_ttl: 600,
      });
    }
    const unwrap = await send(engine, 'POST', 'sys/wrapping/unwrap', { token: info.token });
    assert.equal(unwrap.status, 200, unwrap.text);
  });

  it('unwraps once with the wrapping token as the request token: the answer as it would have been sent', async () => {
    const info = (await wrappedSts(engine)).body.wrap_info;
    const unwrap = await send(engine, 'POST', 'sys/wrapping/unwrap', { token: info.token });
    assert.equal(unwrap.status, 200, unwrap.text);
    assert.match(unwrap.body.data.access_key, /^ASIA/);
    assert.equal(typeof unwrap.body.data.secret_key, 'string');
    assert.match(unwrap.body.lease_id, /^cloud\/sts\/deploy\//);
    assert.equal(unwrap.body.wrap_info, null);
    assert.equal(unwrap.body.mount_type, 'cloud');
    // The lease exists (it was made when the answer was wrapped).
    const lease = await send(engine, 'PUT', 'sys/leases/lookup', { body: { lease_id: unwrap.body.lease_id } });
    assert.equal(lease.status, 200, lease.text);

    const again = await send(engine, 'POST', 'sys/wrapping/unwrap', { token: info.token });
    assert.equal(again.status, 400);
    assert.deepEqual(again.body.errors, [INVALID]);
    const lookup = await send(engine, 'POST', 'sys/wrapping/lookup', { body: { token: info.token }, token: null });
    assert.equal(lookup.status, 400);
    assert.deepEqual(lookup.body.errors, [INVALID]);
  });

  it('unwraps for a third party with the default policy (token in the body), once', async () => {
    const info = (await wrappedSts(engine)).body.wrap_info;
    const other = await tokenWith(engine, []);
    const unwrap = await send(engine, 'POST', 'sys/wrapping/unwrap', { body: { token: info.token }, token: other });
    assert.equal(unwrap.status, 200, unwrap.text);
    assert.match(unwrap.body.data.access_key, /^ASIA/);
    const again = await send(engine, 'POST', 'sys/wrapping/unwrap', { body: { token: info.token }, token: other });
    assert.equal(again.status, 400);
    assert.deepEqual(again.body.errors, [INVALID]);
  });

  it('refuses an unwrap by a token without the default policy (403), which leaves the wrapping token usable', async () => {
    const info = (await wrappedSts(engine)).body.wrap_info;
    const bare = await tokenWith(engine, ['nothing'], true);
    const refused = await send(engine, 'POST', 'sys/wrapping/unwrap', { body: { token: info.token }, token: bare });
    assert.equal(refused.status, 403);
    assert.deepEqual(refused.body.errors, ['permission denied']);
    const unwrap = await send(engine, 'POST', 'sys/wrapping/unwrap', { token: info.token });
    assert.equal(unwrap.status, 200, unwrap.text);
  });

  it('a wrapping token reaches nothing but its own unwrap', async () => {
    const info = (await wrappedSts(engine)).body.wrap_info;
    for (const [method, path] of [
      ['POST', 'cloud/sts/deploy'],
      ['GET', 'auth/token/lookup-self'],
      ['POST', 'sys/wrapping/wrap'],
    ] as const) {
      const answer = await send(engine, method, path, {
        token: info.token,
        ...(method === 'POST' ? { body: {} } : {}),
      });
      assert.equal(answer.status, 403, `${method} ${path}: ${answer.text}`);
    }
    const unwrap = await send(engine, 'POST', 'sys/wrapping/unwrap', { token: info.token });
    assert.equal(unwrap.status, 200, unwrap.text);
  });

  it('rewraps: a new token with the same answer, TTL and creation_path; the old one is used up', async () => {
    const first = (await wrappedSts(engine, '7m')).body.wrap_info;
    const rewrap = await send(engine, 'POST', 'sys/wrapping/rewrap', { body: { token: first.token } });
    assert.equal(rewrap.status, 200, rewrap.text);
    const second = rewrap.body.wrap_info;
    assert.notEqual(second.token, first.token);
    assert.equal(second.ttl, 420);
    assert.equal(second.creation_path, 'cloud/sts/deploy');
    const old = await send(engine, 'POST', 'sys/wrapping/unwrap', { token: first.token });
    assert.deepEqual(old.body.errors, [INVALID]);
    const unwrap = await send(engine, 'POST', 'sys/wrapping/unwrap', { token: second.token });
    assert.equal(unwrap.status, 200, unwrap.text);
    assert.match(unwrap.body.data.access_key, /^ASIA/);
  });

  it('wraps given values with sys/wrapping/wrap, only when wrapping is asked for', async () => {
    const refused = await send(engine, 'POST', 'sys/wrapping/wrap', { body: { a: 'b' } });
    assert.equal(refused.status, 400);
    assert.deepEqual(refused.body.errors, ['endpoint requires response wrapping to be used']);
    const user = await tokenWith(engine, []);
    const wrapped = await send(engine, 'POST', 'sys/wrapping/wrap', {
      body: { note: 'hand-off', n: 3 },
      wrapTtl: '60',
      token: user,
    });
    assert.equal(wrapped.status, 200, wrapped.text);
    assert.equal(wrapped.body.wrap_info.creation_path, 'sys/wrapping/wrap');
    assert.equal(wrapped.body.warnings, null);
    const unwrap = await send(engine, 'POST', 'sys/wrapping/unwrap', { token: wrapped.body.wrap_info.token });
    assert.deepEqual(unwrap.body.data, { note: 'hand-off', n: 3 });
  });

  it('wraps a token create with the new token accessor as wrapped_accessor', async () => {
    const wrapped = await send(engine, 'POST', 'auth/token/create', { body: { policies: ['default'] }, wrapTtl: '2m' });
    assert.equal(wrapped.status, 200, wrapped.text);
    const info = wrapped.body.wrap_info;
    assert.equal(info.creation_path, 'auth/token/create');
    const unwrap = await send(engine, 'POST', 'sys/wrapping/unwrap', { token: info.token });
    assert.equal(unwrap.body.auth.accessor, info.wrapped_accessor);
    const self = await send(engine, 'GET', 'auth/token/lookup-self', { token: unwrap.body.auth.client_token });
    assert.equal(self.status, 200, self.text);
  });

  it('expires a wrapping token at its TTL', async () => {
    const info = (await wrappedSts(engine, '60s')).body.wrap_info;
    await advance(engine, 61);
    const unwrap = await send(engine, 'POST', 'sys/wrapping/unwrap', { token: info.token });
    assert.equal(unwrap.status, 400);
    assert.deepEqual(unwrap.body.errors, [INVALID]);
  });

  const headerCases: [string, number, string | RegExp | undefined][] = [
    ['-5', 400, 'error parsing X-Vault-Wrap-TTL header: requested wrap ttl cannot be negative'],
    ['soon', 400, /^error parsing X-Vault-Wrap-TTL header: .*\[DURATION_/],
    ['0.5', 400, /^error parsing X-Vault-Wrap-TTL header: .*\[DURATION_MISSING_UNIT\]$/],
    ['9'.repeat(65), 400, /longer than 64 characters/],
    ['0', 200, undefined],
    ['1d', 200, undefined],
  ];
  for (const [value, status, error] of headerCases) {
    it(`X-Vault-Wrap-TTL ${value.slice(0, 12)} -> ${status}${error ? '' : value === '0' ? ' not wrapped' : ' wrapped'}`, async () => {
      const answer = await send(engine, 'POST', 'cloud/sts/deploy', { body: {}, wrapTtl: value });
      assert.equal(answer.status, status, answer.text);
      if (typeof error === 'string') assert.deepEqual(answer.body.errors, [error]);
      else if (error) assert.match(answer.body.errors[0], error);
      else if (value === '0') assert.equal(answer.body.wrap_info, null);
      else assert.equal(answer.body.wrap_info.ttl, 86400);
    });
  }

  // As the real engine (requestWrapInfo takes any non-negative duration; wrap_info.ttl is
  // int(TTL.Seconds()); lookup's creation_ttl is TTL.Seconds()): wrapped as asked, with keyfob's warning.
  it('wraps for a TTL under a second as the real engine does, with a warning, and the token expires at it', async () => {
    const answer = await wrappedSts(engine, '500ms');
    const info = answer.body.wrap_info;
    assert.equal(info.ttl, 0);
    assert.equal(answer.body.warnings.length, 1, answer.text);
    assert.match(answer.body.warnings[0], /500 ms, under a second.*\[WRAPPING_TTL_TOO_SHORT\]$/);
    const lookup = await send(engine, 'POST', 'sys/wrapping/lookup', { body: { token: info.token }, token: null });
    assert.equal(lookup.body.data.creation_ttl, 0.5, lookup.text);
    await advance(engine, 1);
    const unwrap = await send(engine, 'POST', 'sys/wrapping/unwrap', { token: info.token });
    assert.equal(unwrap.status, 400, unwrap.text);
    assert.deepEqual(unwrap.body.errors, [INVALID]);
    const whole = await wrappedSts(engine, '1500ms');
    assert.equal(whole.body.wrap_info.ttl, 1);
    assert.equal(whole.body.warnings, null);
  });

  it("enforces a policy's min_wrapping_ttl and max_wrapping_ttl (403 outside, wrapped inside)", async () => {
    const policy = await send(engine, 'PUT', 'sys/policies/acl/wrapped-sts', {
      body: {
        policy:
          'path "cloud/sts/deploy" {\n  capabilities = ["update"]\n  min_wrapping_ttl = "1m"\n  max_wrapping_ttl = "10m"\n}\n',
      },
    });
    assert.equal(policy.status, 204, policy.text);
    const token = await tokenWith(engine, ['wrapped-sts']);
    for (const wrapTtl of [undefined, '30s', '11m']) {
      const refused = await send(engine, 'POST', 'cloud/sts/deploy', {
        body: {},
        token,
        ...(wrapTtl ? { wrapTtl } : {}),
      });
      assert.equal(refused.status, 403, `${wrapTtl}: ${refused.text}`);
      assert.equal(refused.body.errors[0], 'permission denied');
      assert.match(refused.body.errors[1], /at least 60s and at most 600s.*\[WRAPPING_REQUIRED\]$/);
    }
    const wrapped = await wrappedSts(engine, '5m', token);
    assert.equal(wrapped.body.wrap_info.ttl, 300);
  });

  it('keeps the response-wrapping policy fixed', async () => {
    const write = await send(engine, 'PUT', 'sys/policies/acl/response-wrapping', {
      body: { policy: 'path "*" { capabilities = ["sudo"] }' },
    });
    assert.equal(write.status, 400);
    assert.deepEqual(write.body.errors, ['cannot update "response-wrapping" policy']);
    const remove = await send(engine, 'DELETE', 'sys/policies/acl/response-wrapping');
    assert.deepEqual(remove.body.errors, ['cannot delete "response-wrapping" policy']);
  });
});

describe('response wrapping on the cluster double', () => {
  let cluster: EngineProcess;
  before(async () => {
    cluster = await startEngine({ args: ['--nodes', '3', '--replication-lag', '60s', '--flavor', 'openbao'] });
    const role = await send(cluster, 'POST', 'cloud/roles/deploy', {
      body: { credential_type: 'assumed_role', role_arns: ROLE_ARN },
    });
    assert.equal(role.status, 204, role.text);
  });
  after(() => cluster.stop());

  const at = (index: number): EngineProcess => ({ ...cluster, url: cluster.nodes[index]?.url ?? '' });

  it('forwards a wrapped request and the unwrap to the active node: both standbys can hand it off within the lag', async () => {
    const wrapped = await send(at(1), 'POST', 'cloud/sts/deploy', { body: {}, wrapTtl: '5m' });
    assert.equal(wrapped.status, 200, wrapped.text);
    const info = wrapped.body.wrap_info;
    const lookup = await send(at(2), 'POST', 'sys/wrapping/lookup', { body: { token: info.token }, token: null });
    assert.equal(lookup.body.data?.creation_path, 'cloud/sts/deploy', lookup.text);
    const unwrap = await send(at(2), 'POST', 'sys/wrapping/unwrap', { token: info.token });
    assert.equal(unwrap.status, 200, unwrap.text);
    assert.match(unwrap.body.data.access_key, /^ASIA/);
  });
});
