/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-call -- engine answers are JSON read loosely (Answer.body); every assertion checks the shape it reads. */
// Credential generation for all four types against the emulated cloud (seed 1 + reference section 2).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startEngine, type EngineProcess } from '../../helpers/engine.ts';
import { ACCOUNT, DOC, POLICY, fixtures, get, post, whoami } from './engine-client.ts';

const ROLE_A = `arn:aws:iam::${ACCOUNT}:role/deploy`;
const ROLE_B = `arn:aws:iam::${ACCOUNT}:role/audit`;

const ROLES: Record<string, Record<string, unknown>> = {
  user: {
    credential_type: 'iam_user',
    policy_arns: POLICY,
    policy_document: DOC,
    iam_groups: 'developers',
    iam_tags: ['team=platform', 'env=dev'],
    user_path: '/keyfob/',
    permissions_boundary_arn: `arn:aws:iam::${ACCOUNT}:policy/boundary`,
  },
  one: {
    credential_type: 'assumed_role',
    role_arns: [ROLE_A],
    session_tags: { team: 'platform' },
    external_id: 'ext-1',
    default_sts_ttl: '30m',
    max_sts_ttl: '1h',
  },
  two: { credential_type: 'assumed_role', role_arns: [ROLE_A, ROLE_B] },
  fed: { credential_type: 'federation_token', policy_document: DOC },
  sess: { credential_type: 'session_token' },
  mfa: { credential_type: 'session_token', mfa_serial_number: `arn:aws:iam::${ACCOUNT}:mfa/dev` },
};

describe('credentials', () => {
  let engine: EngineProcess;
  before(async () => {
    engine = await startEngine();
    await fixtures(engine, {
      users: [],
      roles: [{ arn: ROLE_A, maxSessionDuration: 7200, externalId: 'ext-1' }, { arn: ROLE_B }],
      groups: ['developers'],
    });
    for (const [name, body] of Object.entries(ROLES)) {
      const answer = await post(engine, `cloud/roles/${name}`, body);
      assert.ok(answer.status === 204 || answer.status === 200, `${name}: ${answer.text}`);
    }
  });
  after(() => engine.stop());

  it('iam_user: creates the user with path, boundary, policies, groups, tags and a working key', async () => {
    const answer = await get(engine, 'cloud/creds/user');
    assert.equal(answer.status, 200, answer.text);
    const { data } = answer.body;
    assert.deepEqual(Object.keys(data), ['access_key', 'secret_key', 'session_token']);
    assert.equal(data.session_token, null);
    assert.match(answer.body.lease_id, /^cloud\/creds\/user\/[A-Za-z0-9]{24}$/);
    assert.equal(answer.body.renewable, true);
    assert.equal(answer.body.lease_duration, 768 * 3600);
    const identity = await whoami(engine, data);
    assert.equal(identity.status, 200, identity.text);
    assert.equal(identity.body.data.kind, 'iam_user');
    const cloud = (await get(engine, 'sys/dev/cloud')).body.data;
    const user = cloud.users.find((u: { accessKeys: { id: string }[] }) =>
      u.accessKeys.some((k) => k.id === data.access_key),
    );
    assert.equal(user.path, '/keyfob/');
    assert.match(user.name, /^keyfob-root-user-\d{10}-[A-Za-z0-9]{20}$/);
    assert.equal(user.permissionsBoundary, `arn:aws:iam::${ACCOUNT}:policy/boundary`);
    assert.deepEqual(user.policies, [POLICY]);
    assert.deepEqual(user.inlinePolicies, ['user']);
    assert.deepEqual(user.groups, ['developers']);
    assert.deepEqual(user.tags, { team: 'platform', env: 'dev' });
    assert.equal(identity.body.data.arn, user.arn);
  });

  it('iam_user: takes its lease TTL from config/lease', async () => {
    assert.equal((await post(engine, 'cloud/config/lease', { lease: '30m', lease_max: '2h' })).status, 204);
    const answer = await post(engine, 'cloud/creds/user', {});
    assert.equal(answer.body.lease_duration, 1800);
  });

  it('assumed_role: one role ARN needs no choice; default TTL, arn, session tags and external id', async () => {
    const answer = await post(engine, 'cloud/sts/one', {});
    assert.equal(answer.status, 200, answer.text);
    const { data } = answer.body;
    assert.deepEqual(Object.keys(data).sort(), [
      'access_key',
      'arn',
      'secret_key',
      'security_token',
      'session_token',
      'ttl',
    ]);
    assert.match(data.access_key, /^ASIA/);
    assert.match(data.arn, /^arn:aws:sts::123456789012:assumed-role\/deploy\/keyfob-root-one-\d{10}-/);
    assert.equal(data.ttl, 1800);
    assert.equal(answer.body.renewable, false);
    assert.equal(answer.body.lease_duration, 1800);
    assert.match(answer.body.lease_id, /^cloud\/sts\/one\/[A-Za-z0-9]{24}$/);
    const identity = await whoami(engine, data);
    assert.equal(identity.status, 200);
    assert.deepEqual([identity.body.data.kind, identity.body.data.arn], ['assumed_role', data.arn]);
  });

  it('assumed_role: ttl is capped silently by max_sts_ttl', async () => {
    const answer = await get(engine, 'cloud/creds/one?ttl=2h');
    assert.equal(answer.body.data.ttl, 3600);
  });

  it('assumed_role: a session name is sanitised and truncated to 64', async () => {
    const answer = await post(engine, 'cloud/sts/one', { role_session_name: `ci run/${'x'.repeat(80)}` });
    assert.equal(answer.status, 200, answer.text);
    const session = answer.body.data.arn.split('/').pop();
    assert.equal(session.length, 64);
    assert.ok(session.startsWith('ci_run_xxx'));
  });

  const choiceCases = [
    { name: 'several ARNs and none chosen -> 400', body: {}, status: 400, error: /role_arn/ },
    {
      name: 'an ARN the role does not allow -> 400',
      body: { role_arn: `arn:aws:iam::${ACCOUNT}:role/other` },
      status: 400,
      error: /role_arn/,
    },
    { name: 'an allowed ARN -> 200', body: { role_arn: ROLE_B }, status: 200 },
    {
      name: 'above the provider maximum of the role -> 400',
      body: { role_arn: ROLE_B, ttl: '2h' },
      status: 400,
      error: /MaxSessionDuration/,
    },
    {
      name: 'below the provider minimum -> 400',
      body: { role_arn: ROLE_B, ttl: '10m' },
      status: 400,
      error: /greater than or equal to 900/,
    },
  ];
  for (const c of choiceCases) {
    it(`assumed_role: ${c.name}`, async () => {
      const answer = await post(engine, 'cloud/sts/two', c.body);
      assert.equal(answer.status, c.status, answer.text);
      if (c.error) assert.match(answer.body.errors.join('\n'), c.error);
    });
  }

  it('federation_token: an STS name within 32 characters and a federated-user identity', async () => {
    const answer = await get(engine, 'cloud/creds/fed?ttl=2h');
    assert.equal(answer.status, 200, answer.text);
    assert.equal(answer.body.data.ttl, 7200);
    assert.equal('arn' in answer.body.data, false);
    const identity = await whoami(engine, answer.body.data);
    assert.equal(identity.body.data.kind, 'federation_token');
    const name = identity.body.data.arn.split('/').pop();
    assert.match(name, /^keyfob-\d{10}-[A-Za-z0-9]{14}$/);
  });

  it('federation_token: the provider caps at 36 hours', async () => {
    const answer = await get(engine, 'cloud/creds/fed?ttl=37h');
    assert.equal(answer.status, 400, answer.text);
    assert.match(answer.body.errors[0], /^Error generating STS keys: ValidationError/);
  });

  it('session_token: the caller identity, a session token and no arn', async () => {
    const answer = await get(engine, 'cloud/creds/sess');
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(Object.keys(answer.body.data).sort(), ['access_key', 'secret_key', 'session_token', 'ttl']);
    const identity = await whoami(engine, answer.body.data);
    assert.equal(identity.body.data.kind, 'session_token');
    assert.match(identity.body.data.arn, /:user\/keyfob-engine$/);
  });

  const mfaCases = [
    { name: 'serial set, no code -> 400', role: 'mfa', body: {}, status: 400 },
    { name: 'serial set, a code -> 200', role: 'mfa', body: { mfa_code: '123456' }, status: 200 },
    { name: 'serial set, a malformed code -> 400', role: 'mfa', body: { mfa_code: '12ab' }, status: 400 },
    { name: 'no serial, a code -> 400', role: 'sess', body: { mfa_code: '123456' }, status: 400 },
    { name: 'no serial, no code -> 200', role: 'sess', body: {}, status: 200 },
  ];
  for (const c of mfaCases) {
    it(`session_token MFA: ${c.name}`, async () => {
      const answer = await post(engine, `cloud/sts/${c.role}`, c.body);
      assert.equal(answer.status, c.status, answer.text);
    });
  }

  it('uses the token display name in generated user names', async () => {
    const created = await post(engine, 'auth/token/create', { display_name: 'ci bot', ttl: '1h' });
    assert.equal(created.status, 200, created.text);
    const answer = await get(engine, 'cloud/creds/user', { token: created.body.auth.client_token });
    const cloud = (await get(engine, 'sys/dev/cloud')).body.data;
    const user = cloud.users.find((u: { accessKeys: { id: string }[] }) =>
      u.accessKeys.some((k) => k.id === answer.body.data.access_key),
    );
    assert.match(user.name, /^keyfob-token-ci-bot-user-\d{10}-/);
  });

  it('answers 500 when the username template exceeds the IAM limit', async () => {
    // Fits for an empty display name (so the write passes with a warning), not for "root".
    const template =
      '{{ if (eq .Type "STS") }}{{ random 20 }}{{ else }}{{ printf "%s-%s" .DisplayName (random 60) }}{{ end }}';
    const written = await post(engine, 'cloud/config/root', { username_template: template });
    assert.equal(written.status, 200, written.text);
    assert.match(written.body.warnings.join(' '), /TEMPLATE_MAY_EXCEED_LIMIT/);
    const answer = await get(engine, 'cloud/creds/user');
    assert.equal(answer.status, 500, answer.text);
    assert.match(answer.body.errors[0], /exceeds the IAM username length limits of 64 chars/);
    assert.equal((await post(engine, 'cloud/config/root', {})).status, 204);
  });

  it('accepts a template writing characters IAM user names refuse, with a warning; the provider then refuses the name', async () => {
    const template = '{{ if (eq .Type "STS") }}{{ random 20 }}{{ else }}kf {{ random 20 }}{{ end }}';
    const written = await post(engine, 'cloud/config/root', { username_template: template });
    assert.equal(written.status, 200, written.text);
    assert.match(written.body.warnings.join(' '), /TEMPLATE_USERNAME_CHARACTERS/);
    const answer = await get(engine, 'cloud/creds/user');
    assert.equal(answer.status, 400, answer.text);
    assert.match(answer.body.errors[0], /ValidationError/);
    assert.equal((await post(engine, 'cloud/config/root', {})).status, 204);
  });

  it('answers 502 when the provider throttles, and leaves no half-made user', async () => {
    await fixtures(engine, { throttle: ['AttachUserPolicy', 'AssumeRole'], groups: ['developers'] });
    const iam = await get(engine, 'cloud/creds/user');
    assert.equal(iam.status, 502, iam.text);
    assert.match(iam.body.errors[0], /^Error attaching user policy: Throttling/);
    const sts = await post(engine, 'cloud/sts/two', { role_arn: ROLE_B });
    assert.equal(sts.status, 502);
    assert.deepEqual((await get(engine, 'sys/dev/cloud')).body.data.users, []);
    await fixtures(engine, { throttle: [{ operation: 'CreateUser', count: 1 }], groups: ['developers'] });
    assert.equal((await get(engine, 'cloud/creds/user')).status, 502);
    assert.equal((await get(engine, 'cloud/creds/user')).status, 200);
  });
});
