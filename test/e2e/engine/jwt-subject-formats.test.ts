/* eslint-disable @typescript-eslint/no-unsafe-member-access -- engine answers are JSON read loosely (Answer.body); every assertion checks the shape it reads. */
// GitHub's immutable subject claims (since 2026-06-18): tokens of the test issuer in both subject
// formats (repo:octo/app:... and repo:octo-99/app-4242:...) logging in against roles bound by name,
// by the id-form sub, by the id claims and by both; each answer as the engine gives it, beside what
// `keyfob access` says about the role and what the trust rules flag.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { describeLogins } from '@keyfob/shared/access';
import { lintJwtTrust, readJwtRole } from '@keyfob/shared/jwt-roles';
import { startEngine, type EngineProcess } from '../../helpers/engine.ts';
import { startOidcIssuer, type OidcIssuer } from '../../helpers/oidc-issuer.ts';
import { post } from './engine-client.ts';

const AUDIENCE = 'https://github.com/octo';
const NAME_SUB = 'repo:octo/app:ref:refs/heads/main';
const ID_SUB = 'repo:octo-99/app-4242:ref:refs/heads/main';

/** Roles bound each way, what a name-form and an id-form token get, and how `keyfob access` names the repository. */
const ROLES = {
  'by-name': {
    claims: { sub: NAME_SUB },
    name: 200,
    id: 400,
    repository: 'octo/app',
    trust: ['JWT_TRUST_NAME_WITHOUT_ID'],
  },
  'by-id-sub': { claims: { sub: ID_SUB }, name: 400, id: 200, repository: 'the repository with id 4242', trust: [] },
  'by-id-claims': {
    claims: { repository_id: '4242', ref: 'refs/heads/main' },
    name: 200,
    id: 200,
    repository: 'the repository with id 4242',
    trust: [],
  },
  'both-forms': {
    claims: { sub: [NAME_SUB, ID_SUB], repository_id: '4242' },
    name: 200,
    id: 200,
    repository: 'octo/app',
    trust: [],
  },
  'name-glob-with-id': {
    claims: { sub: 'repo:octo/app:*', repository_id: '4242' },
    glob: true,
    name: 200,
    id: 400,
    repository: 'octo/app',
    trust: [],
  },
} as const;

describe('JWT login with both subject formats', () => {
  let engine: EngineProcess;
  let issuer: OidcIssuer;

  before(async () => {
    issuer = await startOidcIssuer();
    engine = await startEngine();
    const config = await post(engine, 'auth/jwt/config', { jwks_url: issuer.jwksUrl, bound_issuer: issuer.issuer });
    assert.equal(config.status, 204, config.text);
    for (const [name, role] of Object.entries(ROLES)) {
      const write = await post(engine, `auth/jwt/role/${name}`, roleParams(role));
      assert.equal(write.status, 204, write.text);
    }
  });
  after(async () => {
    await engine?.stop();
    await issuer?.stop();
  });

  const tokens = {
    name: { sub: NAME_SUB },
    id: { sub: ID_SUB },
  } as const;

  for (const [roleName, role] of Object.entries(ROLES)) {
    for (const format of ['name', 'id'] as const) {
      it(`${format}-form token against the role bound ${roleName}: ${role[format]}`, async () => {
        const jwt = await issuer.sign({
          aud: AUDIENCE,
          ...tokens[format],
          repository: 'octo/app',
          repository_id: '4242',
          repository_owner: 'octo',
          repository_owner_id: '99',
        });
        const answer = await post(engine, 'auth/jwt/login', { role: roleName, jwt }, { token: null });
        assert.equal(answer.status, role[format], answer.text);
        if (role[format] === 200) assert.ok(answer.body.auth.client_token);
        else
          assert.deepEqual(answer.body.errors, [
            'error validating claims: claim "sub" does not match any associated bound claim values',
          ]);
      });
    }
    it(`keyfob access and the trust rules read the role bound ${roleName}`, () => {
      const params = roleParams(role);
      const read = readJwtRole(params);
      assert.ok(read.role, read.errors.join('; '));
      const logins = describeLogins(read.role);
      assert.equal(logins[0]?.repository.text, role.repository);
      assert.deepEqual(
        lintJwtTrust(params).map((p) => p.code),
        role.trust,
      );
    });
  }
});

function roleParams(role: (typeof ROLES)[keyof typeof ROLES]): Record<string, unknown> {
  return {
    role_type: 'jwt',
    user_claim: 'repository',
    bound_audiences: [AUDIENCE],
    bound_claims_type: 'glob' in role ? 'glob' : 'string',
    bound_claims: role.claims,
    token_policies: ['deploy'],
  };
}
