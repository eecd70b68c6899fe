// `keyfob import` reads each field by its wire table's row: against a spawned `keyfob serve`, a JWT
// role and a root configuration with every row of their tables set to a value that is not the
// engine's default are imported; the file holds exactly the rows' wire names (the root's keys left
// out), and `apply --dry-run` of it finds nothing to change (every value came back as written).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parse } from 'yaml';
import { JWT_ROLE_WIRE } from '@keyfob/shared/jwt-roles';
import { fieldInfo, isSecret, ROOT_CONFIG_WIRE } from '@keyfob/shared/rules';
import { engineCall, startEngine, type EngineProcess } from '../../test/helpers/engine.ts';
import { runMain } from './capture-io.ts';
import { scratchProjects } from './scratch-project.ts';

/** A JWT role with every row of JWT_ROLE_WIRE set, none to its default. */
const JWT_ROLE: Record<string, unknown> = {
  role_type: 'jwt',
  bound_audiences: ['keyfob'],
  bound_subject: 'repo:octo/app:ref:refs/heads/main',
  bound_claims: { repository_id: ['4242', '4243'] },
  bound_claims_type: 'glob',
  user_claim: 'repository',
  user_claim_json_pointer: true,
  groups_claim: 'groups',
  claim_mappings: { repository_owner: 'owner' },
  allowed_redirect_uris: ['https://keyfob.example/callback'],
  oidc_scopes: ['profile'],
  verbose_oidc_logging: true,
  max_age: 300,
  oauth2_metadata: ['id_token'],
  clock_skew_leeway: 30,
  expiration_leeway: 120,
  not_before_leeway: 90,
  token_policies: ['deploy'],
  token_ttl: 600,
  token_max_ttl: 1200,
  token_explicit_max_ttl: 3600,
  token_period: 900,
  token_no_default_policy: true,
  token_num_uses: 5,
  token_type: 'service',
  token_bound_cidrs: ['10.0.0.0/8'],
};

/**
 * A root configuration with every row of ROOT_CONFIG_WIRE set but the static keys (import leaves
 * them out) and the enterprise edition's (the community engine served here refuses them).
 */
const ROOT: Record<string, unknown> = {
  max_retries: 4,
  region: 'eu-west-1',
  iam_endpoint: 'https://iam.keyfob.example',
  sts_endpoint: 'https://sts.keyfob.example',
  sts_region: 'eu-west-1',
  sts_fallback_endpoints: ['https://sts.eu-central-1.amazonaws.com'],
  sts_fallback_regions: ['eu-central-1'],
  username_template: '{{ printf "kf-%s" (random 20) }}',
};

describe('keyfob import: every wire row read back by its wire name', () => {
  let engine: EngineProcess;
  const project = scratchProjects('keyfob-import-rows-');
  before(async () => {
    engine = await startEngine();
    // 200: written, with the engine's warnings (a JWT role's OIDC-only fields, say).
    for (const [path, body] of [
      ['auth/jwt/role/every-row', JWT_ROLE],
      ['cloud/config/root', ROOT],
    ] as const) {
      const answer = await engineCall(engine, 'POST', path, body);
      assert.ok(answer.status === 200 || answer.status === 204, `${path}: ${answer.status} ${JSON.stringify(answer)}`);
    }
  });
  after(async () => {
    await engine.stop();
  });

  it('the tables are the ones set here: every JWT row, every root row but the static keys', () => {
    assert.deepEqual(
      Object.keys(JWT_ROLE),
      JWT_ROLE_WIRE.map((row) => row.wire),
    );
    assert.deepEqual(
      Object.keys(ROOT),
      ROOT_CONFIG_WIRE.filter(
        (row) => !isSecret(row) && row.wire !== 'access_key' && fieldInfo('root-config', row.wire)?.enterprise !== true,
      ).map((row) => row.wire),
    );
  });

  it('writes each field under its row wire name, and apply finds nothing to change', async () => {
    const dir = project('rows', {});
    const env = { KEYFOB_URL: engine.url, KEYFOB_TOKEN: engine.rootToken };
    const imported = await runMain(['import', '--out', 'imported'], dir, env);
    assert.equal(imported.code, 0, imported.err);
    const read = (file: string) => parse(readFileSync(join(dir, 'imported', file), 'utf8')) as Record<string, unknown>;
    assert.deepEqual(Object.keys(read('every-row.jwt-role.yaml')), Object.keys(JWT_ROLE));
    assert.deepEqual(Object.keys(read('cloud.root-config.yaml')), Object.keys(ROOT));
    const plan = await runMain(['apply', 'imported', '--dry-run', '--format', 'json'], dir, env);
    assert.equal(plan.code, 0, plan.err);
    const report = JSON.parse(plan.out) as { changed: boolean; plan: { op: string; kind: string; name: string }[] };
    assert.equal(report.changed, false, plan.out);
    assert.deepEqual(
      report.plan.map((step) => `${step.op} ${step.kind} ${step.name}`),
      ['unchanged jwt-role every-row'],
    );
  });
});
