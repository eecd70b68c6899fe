// JWT role tables: role writes with the real engine's messages (vault-plugin-auth-jwt
// path_role_test.go), bound claims (string and glob, claims.go), user claim, mappings and time
// claims with leeways (path_login_test.go).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  addressAllowed,
  checkBoundClaims,
  checkGroupsClaim,
  checkTimes,
  mappedMetadata,
  readJwtRole,
  userClaimValue,
  type JwtRole,
} from '../../src/jwt-roles/index.ts';

const base = { role_type: 'jwt', user_claim: 'repository', bound_audiences: ['https://github.com/octo'] };

function role(extra: Record<string, unknown>): JwtRole {
  const read = readJwtRole({ ...base, ...extra });
  assert.deepEqual(read.errors, []);
  return read.role as JwtRole;
}

describe('readJwtRole: writes refused with the real engine message', () => {
  const cases: readonly [string, Record<string, unknown>, string][] = [
    [
      'role_type omitted means oidc',
      { user_claim: 'sub', bound_audiences: ['a'] },
      "'allowed_redirect_uris' must be set if 'role_type' is 'oidc' or unspecified.",
    ],
    ['no user claim', { role_type: 'jwt', bound_audiences: ['a'] }, 'a user claim must be defined on the role'],
    [
      'no bound constraint',
      { role_type: 'jwt', user_claim: 'sub' },
      'must have at least one bound constraint when creating/updating a role',
    ],
    ['ttl above max', { ...base, token_ttl: '2h', token_max_ttl: '1h' }, 'ttl should not be greater than max ttl'],
    [
      'mapping onto role',
      { ...base, claim_mappings: { repository: 'role' } },
      'metadata key "role" is reserved and may not be a mapping destination',
    ],
    [
      'two claims onto one key',
      { ...base, claim_mappings: { repository: 'repo', sub: 'repo' } },
      'multiple keys are mapped to metadata key "repo"',
    ],
    ['bad bound_claims_type', { ...base, bound_claims_type: 'regex' }, "invalid 'bound_claims_type': regex"],
    [
      'a bound CIDR that is not an address',
      { ...base, token_bound_cidrs: ['10.0.0.0/8', 'office'] },
      'error parsing address "office": Unable to convert "office" to an IPv4 or IPv6 address, or a UNIX Socket (token_bound_cidrs: write an IP address or a CIDR block such as 10.0.0.0/8 or ::1/128)',
    ],
    [
      'a prefix longer than the address',
      { ...base, bound_cidrs: '10.0.0.0/33' },
      'error parsing address "10.0.0.0/33": Unable to convert "10.0.0.0/33" to an IPv4 or IPv6 address, or a UNIX Socket (bound_cidrs: write an IP address or a CIDR block such as 10.0.0.0/8 or ::1/128)',
    ],
    [
      'a short IPv4 form',
      { ...base, token_bound_cidrs: '127.1' },
      'error parsing address "127.1": Unable to convert "127.1" to an IPv4 or IPv6 address, or a UNIX Socket (token_bound_cidrs: write an IP address or a CIDR block such as 10.0.0.0/8 or ::1/128)',
    ],
    [
      'an unknown token_type',
      { ...base, token_type: 'default-service' },
      `invalid 'token_type' value "default-service"`,
    ],
    [
      'a periodic batch token',
      { ...base, token_type: 'batch', token_period: '1h' },
      "'token_type' cannot be 'batch' or 'default_batch' when set to generate periodic tokens",
    ],
    [
      'a use-limited batch token',
      { ...base, token_type: 'batch', token_num_uses: 3 },
      "'token_type' cannot be 'batch' or 'default_batch' when set to generate tokens with limited use count",
    ],
    ['negative uses', { ...base, token_num_uses: -1 }, "'token_num_uses' cannot be negative"],
  ];
  for (const [name, params, message] of cases) {
    test(name, () =>
      assert.ok(readJwtRole(params).errors.includes(message), JSON.stringify(readJwtRole(params).errors)),
    );
  }
  test('bound_audiences alone passes; old field names are read', () => {
    const read = readJwtRole({
      role_type: 'jwt',
      user_claim: 'sub',
      bound_audiences: 'a,b',
      policies: 'x, y',
      ttl: 600,
      max_ttl: '1h',
    });
    assert.deepEqual(read.errors, []);
    assert.deepEqual(
      [read.role?.boundAudiences, read.role?.tokenPolicies, read.role?.tokenTtl, read.role?.tokenMaxTtl],
      [['a', 'b'], ['x', 'y'], 600, 3600],
    );
  });
  test('bound CIDRs alone are a bound constraint, stored in canonical form', () => {
    const read = readJwtRole({
      role_type: 'jwt',
      user_claim: 'sub',
      token_bound_cidrs: ' 10.0.0.0/8, 127.0.0.1/32,::1/128, 2001:DB8:0:0::/32 ,192.0.2.7',
    });
    assert.deepEqual(read.errors, []);
    assert.deepEqual(read.role?.tokenBoundCidrs, ['10.0.0.0/8', '127.0.0.1', '::1', '2001:db8::/32', '192.0.2.7']);
  });
  test('token_bound_cidrs wins over its older name bound_cidrs', () => {
    const read = readJwtRole({ ...base, token_bound_cidrs: ['10.0.0.0/8'], bound_cidrs: ['192.0.2.0/24'] });
    assert.deepEqual(read.role?.tokenBoundCidrs, ['10.0.0.0/8']);
    assert.deepEqual(readJwtRole({ ...base, bound_cidrs: '192.0.2.0/24' }).role?.tokenBoundCidrs, ['192.0.2.0/24']);
  });
  test('more than 256 bound CIDRs are refused', () => {
    const many = Array.from({ length: 257 }, (_, i) => `10.0.${Math.floor(i / 256)}.${i % 256}`);
    assert.deepEqual(readJwtRole({ ...base, token_bound_cidrs: many }).errors, [
      'token_bound_cidrs holds 257 entries; at most 256 are accepted',
    ]);
  });
  test('the other fields of the real engine are read: oidc settings, period, type, JSON pointer user claim', () => {
    const read = readJwtRole({
      ...base,
      user_claim: '/actor/login',
      user_claim_json_pointer: true,
      oidc_scopes: 'openid,email',
      verbose_oidc_logging: true,
      max_age: '10m',
      oauth2_metadata: ['id_token'],
      period: '2h',
      token_type: 'service',
    });
    assert.deepEqual(read.errors, []);
    const r = read.role as JwtRole;
    assert.deepEqual(
      [
        r.userClaimJsonPointer,
        r.oidcScopes,
        r.verboseOidcLogging,
        r.maxAge,
        r.oauth2Metadata,
        r.tokenPeriod,
        r.tokenType,
      ],
      [true, ['openid', 'email'], true, 600, ['id_token'], 7200, 'service'],
    );
  });
  test('an oidc role with redirect URIs is stored as oidc', () => {
    assert.equal(
      readJwtRole({ user_claim: 'sub', allowed_redirect_uris: ['http://localhost/cb'] }).role?.roleType,
      'oidc',
    );
  });
});

describe('checkBoundClaims', () => {
  const claims = {
    repository: 'octo/app',
    sub: 'repo:octo/app:ref:refs/heads/main',
    run_attempt: '1',
    environment: 'prod',
    nested: { team: 'ops' },
    groups: ['a', 'b'],
  };
  const cases: readonly [string, Record<string, unknown>, string | undefined][] = [
    ['string match', { bound_claims: { repository: 'octo/app' } }, undefined],
    [
      'string mismatch',
      { bound_claims: { repository: 'octo/other' } },
      'claim "repository" does not match any associated bound claim values',
    ],
    ['any value of a list', { bound_claims: { repository: ['octo/other', 'octo/app'] } }, undefined],
    ['missing claim', { bound_claims: { job: 'x' } }, 'claim "job" is missing'],
    [
      'string is type-sensitive',
      { bound_claims: { run_attempt: 1 } },
      'claim "run_attempt" does not match any associated bound claim values',
    ],
    [
      'string does not glob',
      { bound_claims: { sub: 'repo:octo/*' } },
      'claim "sub" does not match any associated bound claim values',
    ],
    ['glob across / and :', { bound_claims_type: 'glob', bound_claims: { sub: 'repo:octo/*' } }, undefined],
    [
      'glob refuses another owner',
      { bound_claims_type: 'glob', bound_claims: { sub: 'repo:octo-evil/*' } },
      'claim "sub" does not match any associated bound claim values',
    ],
    [
      'glob in the middle',
      { bound_claims_type: 'glob', bound_claims: { sub: 'repo:octo/*:ref:refs/heads/main' } },
      undefined,
    ],
    ['JSON pointer claim', { bound_claims: { '/nested/team': 'ops' } }, undefined],
    ['list claim: any element', { bound_claims: { groups: 'b' } }, undefined],
    [
      'every bound claim must match',
      { bound_claims: { repository: 'octo/app', environment: 'staging' } },
      'claim "environment" does not match any associated bound claim values',
    ],
  ];
  for (const [name, extra, expected] of cases)
    test(name, () => assert.equal(checkBoundClaims(role(extra), claims), expected));
});

describe('user claim and claim mappings', () => {
  test('the user claim as a string; numbers converted; objects refused', () => {
    assert.deepEqual(userClaimValue(role({}), { repository: 'octo/app' }), { value: 'octo/app' });
    assert.deepEqual(userClaimValue(role({ user_claim: 'repository_id' }), { repository_id: 42 }), { value: '42' });
    assert.deepEqual(userClaimValue(role({}), {}), { error: 'claim "repository" not found in token' });
    assert.deepEqual(userClaimValue(role({}), { repository: { a: 1 } }), {
      error: 'claim "repository" could not be converted to string',
    });
  });
  test('a user claim is a JSON pointer only with user_claim_json_pointer', () => {
    const claims = { actor: { login: 'octocat' }, '/actor/login': 'literal' };
    assert.deepEqual(userClaimValue(role({ user_claim: '/actor/login', user_claim_json_pointer: true }), claims), {
      value: 'octocat',
    });
    assert.deepEqual(userClaimValue(role({ user_claim: '/actor/login' }), claims), { value: 'literal' });
  });
  const groupCases: readonly [string, string, Record<string, unknown>, string | undefined][] = [
    ['no groups_claim asks nothing', '', {}, undefined],
    ['a list of strings', 'groups', { groups: ['dev', 'ops'] }, undefined],
    ['one string', 'groups', { groups: 'dev' }, undefined],
    ['a JSON pointer', '/org/teams', { org: { teams: ['dev'] } }, undefined],
    ['absent', 'groups', { sub: 'x' }, '"groups" claim not found in token'],
    ['null', 'groups', { groups: null }, '"groups" claim not found in token'],
    ['an object', 'groups', { groups: { a: 1 } }, '"groups" claim could not be converted to string list'],
    [
      'a number in the list',
      'groups',
      { groups: ['dev', 42] },
      'value 42 in groups claim could not be parsed as string',
    ],
    ['a boolean alone', 'groups', { groups: true }, 'value true in groups claim could not be parsed as string'],
  ];
  for (const [name, groupsClaim, claims, expected] of groupCases)
    test(`groups claim: ${name}`, () => assert.equal(checkGroupsClaim({ groupsClaim }, claims), expected));
  test('mappings copy claims into metadata; absent claims skipped; objects refused', () => {
    const mapped = role({ claim_mappings: { ref: 'ref', environment: 'env', missing: 'm' } });
    assert.deepEqual(mappedMetadata(mapped, { ref: 'refs/heads/main', environment: 'prod' }), {
      metadata: { ref: 'refs/heads/main', env: 'prod' },
    });
    assert.deepEqual(mappedMetadata(mapped, { ref: ['x'] }), { error: "error converting claim 'ref' to string" });
  });
});

describe('addressAllowed: a request address against bound CIDRs', () => {
  const cases: readonly [string, string | undefined, readonly string[], boolean][] = [
    ['no binding allows any address', '203.0.113.9', [], true],
    ['no binding allows an unknown address', undefined, [], true],
    ['an address inside a block', '10.1.2.3', ['10.0.0.0/8'], true],
    ['an address outside every block', '11.0.0.1', ['10.0.0.0/8', '192.0.2.0/24'], false],
    ['one exact address', '127.0.0.1', ['127.0.0.1'], true],
    ['the next address is outside', '127.0.0.2', ['127.0.0.1'], false],
    ['an IPv4-mapped IPv6 address counts as IPv4', '::ffff:127.0.0.1', ['127.0.0.0/8'], true],
    ['IPv6 loopback against an IPv4 block', '::1', ['127.0.0.0/8'], false],
    ['IPv6 loopback against itself', '::1', ['::1'], true],
    ['an IPv6 block', '2001:db8::42', ['2001:db8::/32'], true],
    ['a bound token with an unknown address', undefined, ['127.0.0.1'], false],
    ['a bound token with an unreadable address', 'not-an-ip', ['0.0.0.0/0'], false],
  ];
  for (const [name, remote, cidrs, expected] of cases)
    test(name, () => assert.equal(addressAllowed(remote, cidrs), expected));
});

describe('checkTimes with leeways', () => {
  const now = 1_000_000;
  const cases: readonly [string, Record<string, unknown>, Record<string, unknown>, string | undefined][] = [
    ['fresh token', {}, { iat: now, exp: now + 300 }, undefined],
    ['no time claims', {}, {}, 'no issued at (iat), not before (nbf), or expiration time (exp) claims in token'],
    ['expired within the default leeways (150 s + 60 s skew)', {}, { exp: now - 200 }, undefined],
    ['expired past the leeways', {}, { exp: now - 211 }, 'invalid expiration time (exp) claim: token is expired'],
    [
      'no expiration leeway (-1), still the skew',
      { expiration_leeway: -1 },
      { exp: now - 61 },
      'invalid expiration time (exp) claim: token is expired',
    ],
    [
      'no leeway at all',
      { expiration_leeway: -1, clock_skew_leeway: -1 },
      { exp: now - 1 },
      'invalid expiration time (exp) claim: token is expired',
    ],
    ['not yet valid past the leeways', {}, { nbf: now + 211 }, 'invalid not before (nbf) claim: token not yet valid'],
    ['nbf within the leeways', {}, { nbf: now + 200 }, undefined],
    [
      'issued in the future',
      {},
      { iat: now + 61, exp: now + 400 },
      'invalid issued at (iat) claim: token issued in the future',
    ],
  ];
  for (const [name, extra, claims, expected] of cases)
    test(name, () => assert.equal(checkTimes(role(extra), claims, now), expected));
});
