/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-call -- engine answers are JSON read loosely (Answer.body); every assertion checks the shape it reads. */
// Role endpoints: write (create and read-modify-write update), read shape (seed 1), delete (404 when
// missing, seed 1), LIST, legacy parameters and the legacy path guard, validation with the shared codes.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startEngine, type EngineProcess } from '../../helpers/engine.ts';
import { call, del, get, post } from './engine-client.ts';

const ROLE_ARN = 'arn:aws:iam::123456789012:role/deploy';
const POLICY = 'arn:aws:iam::aws:policy/ReadOnlyAccess';

describe('roles', () => {
  let engine: EngineProcess;
  before(async () => {
    engine = await startEngine();
  });
  after(() => engine.stop());

  it('reads back with credential_type (real engine) and credential_types (seed 1), [] for unset lists and "" for unset text', async () => {
    assert.equal((await post(engine, 'cloud/roles/plain', { credential_type: 'session_token' })).status, 204);
    const answer = await get(engine, 'cloud/roles/plain');
    assert.deepEqual(answer.body.data, {
      credential_type: 'session_token',
      credential_types: ['session_token'],
      policy_arns: [],
      role_arns: [],
      policy_document: '',
      iam_groups: [],
      iam_tags: {},
      session_tags: {},
      default_sts_ttl: 0,
      max_sts_ttl: 0,
      external_id: '',
      user_path: '',
      permissions_boundary_arn: '',
      mfa_serial_number: '',
    });
  });

  it('normalises comma lists, key=value tags, durations and compacts the policy document', async () => {
    const body = {
      credential_type: 'assumed_role',
      role_arns: `${ROLE_ARN}, arn:aws:iam::123456789012:role/audit`,
      policy_document:
        '{ "Version": "2012-10-17", "Statement": [ { "Effect": "Allow", "Action": "s3:*", "Resource": "*" } ] }',
      session_tags: ['team=platform'],
      default_sts_ttl: '15m',
      max_sts_ttl: '1h',
    };
    assert.equal((await post(engine, 'cloud/roles/norm', body)).status, 204);
    const { data } = (await get(engine, 'cloud/roles/norm')).body;
    assert.deepEqual(data.role_arns, [ROLE_ARN, 'arn:aws:iam::123456789012:role/audit']);
    assert.equal(
      data.policy_document,
      '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":"s3:*","Resource":"*"}]}',
    );
    assert.deepEqual(data.session_tags, { team: 'platform' });
    assert.deepEqual([data.default_sts_ttl, data.max_sts_ttl], [900, 3600]);
  });

  it('updates only the fields it is sent', async () => {
    await post(engine, 'cloud/roles/upd', { credential_type: 'iam_user', policy_arns: POLICY, iam_groups: 'devs' });
    assert.equal((await post(engine, 'cloud/roles/upd', { iam_groups: 'ops,qa' })).status, 204);
    const { data } = (await get(engine, 'cloud/roles/upd')).body;
    assert.deepEqual(
      [data.credential_types, data.policy_arns, data.iam_groups],
      [['iam_user'], [POLICY], ['ops', 'qa']],
    );
  });

  // Each refusal keeps the real engine's status and starts with its message (`null`: a seed 1 rule
  // the real engine does not have, so keyfob's message stands alone); keyfob's line and code follow.
  const LIST = 'error(s) validating supplied role data: "1 error occurred:\\n\\t* ';
  const invalid: { name: string; body: Record<string, unknown>; code: string; status?: number; real: string | null }[] =
    [
      {
        name: 'no credential_type',
        body: { policy_arns: POLICY },
        code: 'ROLE_MISSING_CREDENTIAL_TYPE',
        real: `${LIST}did not supply credential_type\\n\\n": `,
      },
      {
        name: 'unknown credential_type',
        body: { credential_type: 'iam_users' },
        code: 'ROLE_UNKNOWN_CREDENTIAL_TYPE',
        real: `${LIST}unrecognized credential type: iam_users\\n\\n": `,
      },
      {
        name: 'assumed_role without role_arns',
        body: { credential_type: 'assumed_role' },
        code: 'ROLE_ARNS_REQUIRED',
        real: null,
      },
      {
        name: 'role_arns on iam_user',
        body: { credential_type: 'iam_user', policy_arns: POLICY, role_arns: ROLE_ARN },
        code: 'ROLE_ARNS_NOT_ALLOWED',
        real: `${LIST}cannot supply role_arns when credential_type isn't assumed_role\\n\\n": `,
      },
      {
        name: 'iam_user without a policy',
        body: { credential_type: 'iam_user' },
        code: 'ROLE_POLICY_REQUIRED',
        real: null,
      },
      {
        name: 'federation_token without a policy',
        body: { credential_type: 'federation_token' },
        code: 'ROLE_POLICY_REQUIRED',
        real: null,
      },
      {
        name: 'a policy on session_token',
        body: { credential_type: 'session_token', policy_arns: POLICY },
        code: 'ROLE_POLICY_NOT_ALLOWED',
        real: `${LIST}cannot supply a policy or role when using credential_type session_token`,
      },
      {
        name: 'sts ttls on session_token',
        body: { credential_type: 'session_token', default_sts_ttl: '1h' },
        code: 'ROLE_STS_TTL_NOT_ALLOWED',
        real: `${LIST}default_sts_ttl parameter only valid for assumed_role and federation_token credential types`,
      },
      {
        name: 'default over max',
        body: { credential_type: 'assumed_role', role_arns: ROLE_ARN, default_sts_ttl: '2h', max_sts_ttl: '1h' },
        code: 'ROLE_TTL_ORDER',
        real: `${LIST}\\"default_sts_ttl\\" value must be less than or equal to \\"max_sts_ttl\\" value`,
      },
      {
        name: 'external_id outside assumed_role',
        body: { credential_type: 'federation_token', policy_arns: POLICY, external_id: 'x' },
        code: 'ROLE_ASSUMED_ROLE_FIELD_NOT_ALLOWED',
        real: `${LIST}cannot supply external_id when credential_type isn't assumed_role`,
      },
      {
        name: 'user_path outside iam_user',
        body: { credential_type: 'assumed_role', role_arns: ROLE_ARN, user_path: '/x/' },
        code: 'ROLE_IAM_USER_FIELD_NOT_ALLOWED',
        real: `${LIST}user_path parameter only valid for iam_user credential type`,
      },
      {
        name: 'bad user_path',
        body: { credential_type: 'iam_user', policy_arns: POLICY, user_path: 'nope' },
        code: 'ROLE_INVALID_USER_PATH',
        real: `${LIST}the specified value for user_path is invalid.`,
      },
      {
        name: 'bad policy document',
        body: { credential_type: 'iam_user', policy_document: '{nope' },
        code: 'ROLE_INVALID_POLICY_DOCUMENT',
        real: 'cannot parse policy document: "{nope": ',
      },
      {
        name: 'legacy mixed with new fields',
        body: { policy: '{}', credential_type: 'iam_user' },
        code: 'ROLE_LEGACY_MIXED',
        real: 'cannot supply deprecated role or policy parameters with an explicit credential_type: ',
      },
      {
        name: 'both legacy fields',
        body: { policy: '{}', arn: POLICY },
        code: 'ROLE_LEGACY_CONFLICT',
        status: 500,
        real: '1 error occurred:\n\t* only one of policy or arn should be provided: ',
      },
      {
        name: 'unparsable legacy data',
        body: { arn: 'arn:aws:s3:::bucket' },
        code: 'ROLE_LEGACY_INVALID',
        real: 'unable to parse supplied data: "arn:aws:s3:::bucket": ',
      },
      {
        name: 'a duration with days',
        body: { credential_type: 'assumed_role', role_arns: ROLE_ARN, max_sts_ttl: '1d' },
        code: 'DURATION_BAD_UNIT',
        real: 'Field validation failed: error converting input 1d for field "max_sts_ttl": ',
      },
      {
        name: "a duration past Go's range",
        body: { credential_type: 'assumed_role', role_arns: ROLE_ARN, max_sts_ttl: '99999999999999999999h' },
        code: 'DURATION_OUT_OF_RANGE',
        real: 'Field validation failed: error converting input 99999999999999999999h for field "max_sts_ttl": ',
      },
    ];
  for (const c of invalid) {
    it(`write refuses ${c.name} with ${c.status ?? 400} [${c.code}]`, async () => {
      const answer = await post(engine, 'cloud/roles/bad', c.body);
      assert.equal(answer.status, c.status ?? 400, answer.text);
      assert.equal(answer.body.errors.length, 1, answer.text);
      const message = String(answer.body.errors[0]);
      if (c.real !== null) assert.ok(message.startsWith(c.real), `${message}\n  should start with\n${c.real}`);
      assert.ok(message.includes(`[${c.code}]`), message);
      assert.equal((await get(engine, 'cloud/roles/bad')).status, 404, 'nothing was stored');
    });
  }

  it('accepts what the real engine accepts and says what keyfob knows in warnings', async () => {
    const answer = await post(engine, 'cloud/roles/loose', {
      credential_type: 'assumed_role',
      role_arns: 'arn:aws:iam::1:role/x',
      max_sts_ttl: 7200,
      default_sts_ttl: '3600',
    });
    assert.equal(answer.status, 200, answer.text);
    assert.ok(
      answer.body.warnings.some((w: string) => w.endsWith('[ROLE_INVALID_ROLE_ARN]')),
      answer.text,
    );
    const { data } = (await get(engine, 'cloud/roles/loose')).body;
    assert.deepEqual([data.role_arns, data.max_sts_ttl, data.default_sts_ttl], [['arn:aws:iam::1:role/x'], 7200, 3600]);
  });

  // The real engine's user_path regexp lets DEL and "//" through; AWS's CreateUser refuses both.
  for (const [name, path] of [
    ['DEL', '/ci\x7f/'],
    ['two slashes', '//'],
  ] as const) {
    it(`user_path with ${name}: stored with a warning, as the real engine does; CreateUser refuses it as AWS does`, async () => {
      const role = `path-${name.replace(/ /g, '-').toLowerCase()}`;
      const answer = await post(engine, `cloud/roles/${role}`, {
        credential_type: 'iam_user',
        policy_arns: POLICY,
        user_path: path,
      });
      assert.equal(answer.status, 200, answer.text);
      const warning = answer.body.warnings.find((w: string) => w.endsWith('[ROLE_INVALID_USER_PATH]'));
      assert.match(String(warning), /is not an IAM path: .*CreateUser refuses it/, answer.text);
      assert.equal((await get(engine, `cloud/roles/${role}`)).body.data.user_path, path);
      const creds = await get(engine, `cloud/creds/${role}`);
      assert.equal(creds.status, 400, creds.text);
      assert.equal(
        creds.body.errors[0],
        `Error creating IAM user: ValidationError: 1 validation error detected: Value '${path}' at 'path' failed to satisfy constraint: Member must satisfy regular expression pattern: (\\u002F)|(\\u002F[\\u0021-\\u007E]+\\u002F)`,
      );
    });
  }

  const legacy = [
    {
      name: 'a role ARN upgrades to assumed_role',
      body: { arn: ROLE_ARN },
      types: ['assumed_role'],
      creds: 400,
      sts: 200,
    },
    { name: 'a policy ARN upgrades to iam_user', body: { arn: POLICY }, types: ['iam_user'], creds: 200, sts: 400 },
    {
      name: 'a JSON policy upgrades to iam_user + federation_token',
      body: { policy: '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":"s3:*","Resource":"*"}]}' },
      types: ['iam_user', 'federation_token'],
      creds: 200,
      sts: 200,
    },
  ];
  for (const c of legacy) {
    it(`legacy: ${c.name}, warns, and guards the creds/sts paths`, async () => {
      const written = await post(engine, 'cloud/roles/legacy', c.body);
      assert.equal(written.status, 200, written.text);
      assert.equal(written.body.data, null);
      assert.ok(
        written.body.warnings.includes(
          'Detected use of legacy role or policy parameter. Please upgrade to use the new parameters.',
        ),
      );
      assert.deepEqual((await get(engine, 'cloud/roles/legacy')).body.data.credential_types, c.types);
      const viaCreds = await get(engine, 'cloud/creds/legacy');
      const viaSts = await post(engine, 'cloud/sts/legacy', {});
      assert.equal(viaCreds.status, c.creds, viaCreds.text);
      assert.equal(viaSts.status, c.sts, viaSts.text);
      if (c.creds === 400)
        assert.match(viaCreds.body.errors[0], /through the creds path; this is not allowed for legacy roles/);
      if (c.sts === 400) assert.match(viaSts.body.errors[0], /iam_user credentials through the sts path/);
      if (c.types.length === 2)
        assert.equal(viaSts.body.data.arn, undefined, 'sts resolves a two-type legacy role to federation_token');
    });
  }

  it('lists roles sorted, and deletes with 204 then 404 (seed 1)', async () => {
    await post(engine, 'cloud/roles/zeta', { credential_type: 'session_token' });
    const keys = (await call(engine, 'LIST', 'cloud/roles/')).body.data.keys as string[];
    assert.deepEqual(keys, [...keys].sort());
    assert.ok(keys.includes('zeta'));
    assert.equal((await del(engine, 'cloud/roles/zeta')).status, 204);
    assert.equal((await del(engine, 'cloud/roles/zeta')).status, 404);
    assert.equal((await get(engine, 'cloud/roles/zeta')).status, 404);
  });

  it('keeps roles of different mounts apart', async () => {
    const other = await startEngine({ args: ['--mount', 'cloud', '--mount', 'aws'] });
    try {
      await post(other, 'cloud/roles/only-here', { credential_type: 'session_token' });
      assert.equal((await get(other, 'aws/roles/only-here')).status, 404);
      assert.equal((await call(other, 'LIST', 'aws/roles')).status, 404);
      assert.equal((await get(other, 'cloud/roles/only-here')).status, 200);
    } finally {
      await other.stop();
    }
  });
});
