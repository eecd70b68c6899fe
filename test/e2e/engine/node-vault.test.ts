/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument -- node-vault answers are untyped JSON; every assertion checks the shape it reads. */
// keyfob serve driven by node-vault (npm), a client nobody here wrote: roles, creds, STS, leases
// (sys/leases/* and the older sys/revoke-prefix node-vault uses), static creds, errors as the real
// engine words them, and a read-then-write round trip of every role type and config.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { schemas } from '@keyfob/schemas';
import NodeVault from 'node-vault';
import { startEngine, type EngineProcess } from '../../helpers/engine.ts';
import { ACCOUNT, DOC, POLICY } from './engine-client.ts';

const ROLE_ARN = `arn:aws:iam::${ACCOUNT}:role/deploy`;

/** One role of each type, with the fields that type takes (TTLs as the real engine's integer seconds too). */
const ROLES: Record<string, Record<string, unknown>> = {
  user: {
    credential_type: 'iam_user',
    policy_arns: [POLICY],
    policy_document: DOC,
    iam_groups: ['developers'],
    iam_tags: { team: 'platform' },
    user_path: '/keyfob/',
    permissions_boundary_arn: `arn:aws:iam::${ACCOUNT}:policy/boundary`,
  },
  assumed: {
    credential_type: 'assumed_role',
    role_arns: [ROLE_ARN],
    session_tags: { team: 'platform' },
    external_id: 'ext-1',
    default_sts_ttl: 1800,
    max_sts_ttl: '1h',
  },
  fed: {
    credential_type: 'federation_token',
    policy_document: DOC,
    policy_arns: POLICY,
    default_sts_ttl: '900',
    max_sts_ttl: 7200,
  },
  sess: { credential_type: 'session_token', mfa_serial_number: `arn:aws:iam::${ACCOUNT}:mfa/dev` },
};

/** A JWT role with every field the real engine has set to something other than its default. */
const JWT_ROLE = {
  role_type: 'jwt',
  bound_audiences: ['https://github.com/octo', 'sigstore'],
  bound_subject: 'repo:octo/app:ref:refs/heads/main',
  bound_claims_type: 'glob',
  bound_claims: { repository: ['octo/app', 'octo/lib-*'], '/job_workflow_ref': 'octo/app/*' },
  user_claim: '/actor',
  user_claim_json_pointer: true,
  groups_claim: 'groups',
  claim_mappings: { ref: 'ref', environment: 'env' },
  clock_skew_leeway: 30,
  expiration_leeway: '1m',
  not_before_leeway: -1,
  allowed_redirect_uris: ['http://localhost:8250/oidc/callback'],
  oidc_scopes: 'openid,email',
  verbose_oidc_logging: true,
  max_age: '10m',
  oauth2_metadata: ['id_token'],
  token_policies: 'deploy, read-only',
  token_ttl: '15m',
  token_max_ttl: 3600,
  token_explicit_max_ttl: '2h',
  token_period: '30m',
  token_no_default_policy: true,
  token_num_uses: 5,
  token_type: 'service',
  token_bound_cidrs: ['10.0.0.0/8', '127.0.0.1/32', '::1'],
};

/** The status and first error of a refused call (node-vault rejects with ApiResponseError). */
async function refused(call: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await call;
  } catch (error) {
    const e = error as { message: string; response?: { statusCode: number } };
    return { status: e.response?.statusCode ?? 0, message: e.message };
  }
  throw new Error('the call was expected to fail');
}

describe('node-vault against keyfob serve', () => {
  let engine: EngineProcess;
  let vault: NodeVault.client;
  before(async () => {
    engine = await startEngine({ args: ['--consistency-delay', '0'] });
    vault = NodeVault({ apiVersion: 'v1', endpoint: engine.url, token: engine.rootToken });
    await vault.write('sys/dev/cloud', {
      users: [{ name: 'svc-app', accessKeys: 1 }],
      roles: [{ arn: ROLE_ARN, maxSessionDuration: 7200, externalId: 'ext-1' }],
      groups: ['developers'],
    });
    for (const [name, body] of Object.entries(ROLES)) await vault.write(`cloud/roles/${name}`, body);
  });
  after(() => engine.stop());

  it('reads health and lists roles with the LIST method', async () => {
    assert.equal((await vault.health()).initialized, true);
    assert.deepEqual((await vault.list('cloud/roles')).data.keys, ['assumed', 'fed', 'sess', 'user']);
  });

  it("reads roles with TTLs as integer seconds and the real engine's credential_type", async () => {
    const { data } = await vault.read('cloud/roles/assumed');
    assert.equal(data.credential_type, 'assumed_role');
    assert.deepEqual([data.default_sts_ttl, data.max_sts_ttl], [1800, 3600]);
  });

  for (const name of Object.keys(ROLES)) {
    it(`round trip: the ${name} role read and written back unchanged (also as a copy) reads the same`, async () => {
      const before = (await vault.read(`cloud/roles/${name}`)).data;
      await vault.write(`cloud/roles/${name}`, before);
      assert.deepEqual((await vault.read(`cloud/roles/${name}`)).data, before);
      await vault.write(`cloud/roles/${name}-copy`, before);
      assert.deepEqual((await vault.read(`cloud/roles/${name}-copy`)).data, before);
      await vault.delete(`cloud/roles/${name}-copy`);
    });
  }

  it('round trip: config/lease and config/root read and written back unchanged', async () => {
    await vault.write('cloud/config/lease', { lease: 3600, lease_max: '12h' });
    const lease = (await vault.read('cloud/config/lease')).data;
    assert.deepEqual(lease, { lease: '1h0m0s', lease_max: '12h0m0s' });
    await vault.write('cloud/config/lease', lease);
    assert.deepEqual((await vault.read('cloud/config/lease')).data, lease);

    const state = await vault.read('sys/dev/cloud');
    const key = state.data.users[0].accessKeys[0].id as string;
    await vault.write('cloud/config/root', { access_key: key, secret_key: 'any-secret', region: 'eu-west-1' });
    const root = (await vault.read('cloud/config/root')).data;
    assert.equal(root.secret_key, undefined);
    await vault.write('cloud/config/root', root);
    assert.deepEqual((await vault.read('cloud/config/root')).data, root);
    // The stored secret survived the write that left it out: the mount still reaches the cloud.
    const creds = await vault.read('cloud/creds/user');
    assert.match(creds.data.access_key, /^AKIA/);
  });

  it('round trip: a JWT role with every field read and written back unchanged reads the same', async () => {
    const written = await vault.write('auth/jwt/role/every', JWT_ROLE);
    // keyfob names what it stores but does not act on; no field is an unrecognized parameter.
    const warnings: string[] = written.warnings;
    assert.ok(warnings.some((w) => w.startsWith('verbose_oidc_logging has been enabled for this role.')));
    assert.ok(warnings.some((w) => w.includes('token_period')));
    assert.ok(!warnings.some((w) => w.includes('unrecognized')), warnings.join('\n'));
    const before = (await vault.read('auth/jwt/role/every')).data;
    const current = Object.entries(schemas['jwt-role'].properties as Record<string, { deprecated?: boolean }>)
      .filter(([name, field]) => !field.deprecated && name !== '$schema' && name !== 'name')
      .map(([name]) => name);
    assert.deepEqual(
      current.filter((name) => !(name in before)),
      [],
    );
    assert.deepEqual(
      [before.token_bound_cidrs, before.token_policies, before.token_period, before.max_age, before.oidc_scopes],
      [['10.0.0.0/8', '127.0.0.1', '::1'], ['deploy', 'read-only'], 1800, 600, ['openid', 'email']],
    );
    const again: string[] = (await vault.write('auth/jwt/role/every', before)).warnings;
    assert.ok(!again.some((w) => w.includes('unrecognized')), again.join('\n'));
    assert.deepEqual((await vault.read('auth/jwt/role/every')).data, before);
    await vault.write('auth/jwt/role/every-copy', before);
    assert.deepEqual((await vault.read('auth/jwt/role/every-copy')).data, before);
  });

  it('issues STS credentials with POST (body) and GET (query)', async () => {
    const viaPost = await vault.write('cloud/sts/assumed', { ttl: 900 });
    assert.equal(viaPost.renewable, false);
    assert.ok(viaPost.lease_duration > 800 && viaPost.lease_duration <= 900);
    assert.match(viaPost.data.arn, /:assumed-role\/deploy\//);
    const viaGet = await vault.read('cloud/creds/fed?ttl=1200');
    assert.ok(viaGet.lease_duration > 1100 && viaGet.lease_duration <= 1200);
    const who = await vault.write('sys/dev/whoami', {
      access_key: viaPost.data.access_key,
      secret_key: viaPost.data.secret_key,
      session_token: viaPost.data.session_token,
    });
    assert.equal(who.data.kind, 'assumed_role');
  });

  it('renews, looks up and revokes an iam_user lease; revoke-prefix ends the rest', async () => {
    const first = await vault.read('cloud/creds/user');
    const second = await vault.read('cloud/creds/user');
    assert.equal(first.renewable, true);
    const renewed = await vault.renew({ lease_id: first.lease_id, increment: 600 });
    assert.equal(renewed.lease_duration, 600);
    const lookup = await vault.write('sys/leases/lookup', { lease_id: first.lease_id });
    assert.equal(lookup.data.id, first.lease_id);
    await vault.revoke({ lease_id: first.lease_id });
    assert.deepEqual(await refused(vault.write('sys/leases/lookup', { lease_id: first.lease_id })), {
      status: 400,
      message: 'invalid lease',
    });
    await vault.revokePrefix({ path_prefix: 'cloud/creds/user/' });
    assert.equal((await refused(vault.write('sys/leases/lookup', { lease_id: second.lease_id }))).status, 400);
    const who = await refused(
      vault.write('sys/dev/whoami', { access_key: second.data.access_key, secret_key: second.data.secret_key }),
    );
    assert.equal(who.status, 403, 'the revoked user is gone from the cloud');
  });

  it("refuses renewing an STS lease with the real engine's words", async () => {
    const sts = await vault.write('cloud/sts/assumed', {});
    assert.deepEqual(await refused(vault.renew({ lease_id: sts.lease_id })), {
      status: 400,
      message: 'lease is not renewable',
    });
  });

  it('serves static roles and static creds, and round-trips the static role', async () => {
    const written = await vault.write('cloud/static-roles/app', { username: 'svc-app', rotation_period: 3600 });
    assert.equal(written.data.username, 'svc-app');
    const read = await vault.read('cloud/static-roles/app');
    assert.equal(read.rotation_period, '1h0m0s');
    await vault.write('cloud/static-roles/app', read);
    const creds = await vault.read('cloud/static-creds/app');
    assert.match(creds.access_key, /^AKIA/);
    assert.ok(Date.parse(creds.expiration) > Date.now());
  });

  it("shows the real engine's message first in the error node-vault raises", async () => {
    const missing = await refused(vault.read('cloud/creds/absent'));
    assert.deepEqual(missing, { status: 400, message: 'Role "absent" not found' });
    const wrong = await refused(
      vault.write('cloud/roles/bad', { credential_type: 'iam_user', policy_arns: POLICY, role_arns: ROLE_ARN }),
    );
    assert.equal(wrong.status, 400);
    assert.ok(
      wrong.message.startsWith(
        'error(s) validating supplied role data: "1 error occurred:\\n\\t* cannot supply role_arns when credential_type isn\'t assumed_role',
      ),
      wrong.message,
    );
    assert.match(wrong.message, /\[ROLE_ARNS_NOT_ALLOWED\]$/);
    const arn = await refused(vault.write('cloud/sts/assumed', { role_arn: `arn:aws:iam::${ACCOUNT}:role/other` }));
    assert.ok(
      arn.message.startsWith(
        `role_arn "arn:aws:iam::${ACCOUNT}:role/other" not in allowed role arns for Vault role "assumed"`,
      ),
      arn.message,
    );
  });
});
