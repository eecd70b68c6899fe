// Tables mirroring the real engine's ACL tests (vault/acl_test.go): TestACL_Single, _Layered,
// segment wildcards, _SegmentWildcardPriority, _AllowOperation, _ValuePermissions, _PolicyMerge,
// _Capabilities, _Root and granting policies.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  allowOperation,
  buildAcl,
  pathCapabilities,
  readPolicy,
  type Acl,
  type AclOperation,
  type AclPolicy,
} from '../../src/policies/index.ts';
import { aclPolicy, aclPolicy2, mergingPolicies, permissionsPolicy, valuePermissionsPolicy } from './vault-policies.ts';

function policy(text: string, name = 'p'): AclPolicy {
  const read = readPolicy(text, name);
  assert.deepEqual(read.problems, [], `policy ${name} should parse`);
  return read.value as AclPolicy;
}

function acl(...policies: AclPolicy[]): Acl {
  const built = buildAcl(policies);
  assert.ok(built.acl, built.error);
  return built.acl;
}

type Case = readonly [AclOperation, string, boolean, boolean];

function runCases(name: string, subject: Acl, cases: readonly Case[]): void {
  describe(name, () => {
    for (const [op, path, allowed, rootPrivs] of cases) {
      test(`${op} ${path} -> allowed=${allowed} rootPrivs=${rootPrivs}`, () => {
        const decision = allowOperation(subject, { operation: op, path });
        assert.equal(decision.allowed, allowed, 'allowed');
        assert.equal(decision.rootPrivs, rootPrivs, 'rootPrivs');
      });
    }
  });
}

runCases('TestACL_Single', acl(policy(aclPolicy, 'dev')), [
  ['read', 'root', false, false],
  ['help', 'root', true, false],
  ['read', 'dev/foo', true, true],
  ['update', 'dev/foo', true, true],
  ['delete', 'stage/foo', true, false],
  ['list', 'stage/aws/foo', true, true],
  ['update', 'stage/aws/foo', true, true],
  ['update', 'stage/aws/policy/foo', true, true],
  ['delete', 'prod/foo', false, false],
  ['update', 'prod/foo', false, false],
  ['read', 'prod/foo', true, false],
  ['list', 'prod/foo', true, false],
  ['read', 'prod/aws/foo', false, false],
  ['read', 'foo/bar', true, true],
  ['list', 'foo/bar', false, true],
  ['update', 'foo/bar', false, true],
  ['create', 'foo/bar', true, true],
  ['read', 'baz/quux', true, false],
  ['create', 'baz/quux', true, false],
  ['patch', 'baz/quux', true, false],
  ['list', 'baz/quux', false, false],
  ['update', 'baz/quux', false, false],
  // Path segment wildcards
  ['read', 'test/foo/bar/segment', false, false],
  ['read', 'test/foo/segment', true, false],
  ['read', 'test/bar/segment', true, false],
  ['read', 'test/segment/at/frond', false, false],
  ['read', 'test/segment/at/front', true, false],
  ['read', 'test/segment/at/end/foo', true, false],
  ['read', 'test/segment/at/end/foo/', false, false],
  ['read', 'test/segment/at/end/v2/foo/', true, false],
  ['read', 'test/segment/wildcard/at/foo/', true, false],
  ['read', 'test/segment/wildcard/at/end', true, false],
  ['read', 'test/segment/wildcard/at/end/', true, false],
  // Path segment wildcards vs glob
  ['read', '1/2/3/4', false, false],
  ['read', '1/2/3', true, false],
  ['update', '1/2/3', false, false],
  ['update', '1/2/3/4', true, false],
  ['create', '1/2/3/4/5', true, false],
  ['recover', '1/2/3/4', true, false],
]);

runCases('TestACL_Layered', acl(policy(aclPolicy, 'dev'), policy(aclPolicy2, 'ops')), [
  ['read', 'root', false, false],
  ['help', 'root', true, false],
  ['read', 'dev/foo', true, true],
  ['update', 'dev/foo', true, true],
  ['read', 'dev/hide/foo', false, false],
  ['update', 'dev/hide/foo', false, false],
  ['delete', 'stage/foo', true, false],
  ['list', 'stage/aws/foo', true, true],
  ['update', 'stage/aws/foo', true, true],
  ['update', 'stage/aws/policy/foo', false, false],
  ['delete', 'prod/foo', true, false],
  ['update', 'prod/foo', true, false],
  ['read', 'prod/foo', true, false],
  ['list', 'prod/foo', true, false],
  ['read', 'prod/aws/foo', false, false],
  ['read', 'sys/status', false, false],
  ['update', 'sys/seal', true, true],
  ['read', 'foo/bar', false, false],
  ['list', 'foo/bar', false, false],
  ['update', 'foo/bar', false, false],
  ['create', 'foo/bar', false, false],
  ['read', 'baz/quux', false, false],
  ['list', 'baz/quux', false, false],
  ['update', 'baz/quux', false, false],
  ['create', 'baz/quux', false, false],
  ['patch', 'baz/quux', false, false],
]);

describe('TestACL_SegmentWildcardPriority: the update rule wins, the read rule loses', () => {
  const cases: readonly [string, string, string][] = [
    ['+/*', '*', 'foo/bar/bar/baz'],
    ['+/*', 'foo/+/*', 'foo/bar/bar/baz'],
    ['foo/+/+/*', 'foo/+/bar/baz', 'foo/bar/bar/baz'],
    ['foo/+/+/baz', 'foo/+/bar/baz', 'foo/bar/bar/baz'],
    ['foo/+/(ar/baz', 'foo/(ar/+/baz', 'foo/(ar/(ar/baz'],
    ['foo/bar/+/baz*', 'foo/bar/+/baz', 'foo/bar/bar/baz'],
    ['foo/bar/+/b*', 'foo/bar/+/ba*', 'foo/bar/bar/baz'],
  ];
  for (const [readRule, updateRule, path] of cases) {
    test(`"${readRule}" (read) vs "${updateRule}" (update) on ${path}`, () => {
      const subject = acl(
        policy(`path "${readRule}" { capabilities = ["read"] }\npath "${updateRule}" { capabilities = ["update"] }\n`),
      );
      assert.equal(allowOperation(subject, { operation: 'update', path }).allowed, true);
      assert.equal(allowOperation(subject, { operation: 'read', path }).allowed, false);
    });
  }
  test('secret/* beats secret/+/+/foo/* (more + segments lose)', () => {
    const subject = acl(
      policy('path "secret/*" { capabilities = ["update"] }\npath "secret/+/+/foo/*" { capabilities = ["read"] }'),
    );
    assert.equal(allowOperation(subject, { operation: 'update', path: 'secret/a/b/foo/c' }).allowed, true);
  });
  test('a * elsewhere than at the end is literal; foo/+bar matches only the literal text', () => {
    const subject = acl(
      policy('path "a/*/b" { capabilities = ["read"] }\npath "foo/+bar" { capabilities = ["read"] }'),
    );
    assert.equal(allowOperation(subject, { operation: 'read', path: 'a/x/b' }).allowed, false);
    assert.equal(allowOperation(subject, { operation: 'read', path: 'a/*/b' }).allowed, true);
    assert.equal(allowOperation(subject, { operation: 'read', path: 'foo/xbar' }).allowed, false);
    assert.equal(allowOperation(subject, { operation: 'read', path: 'foo/+bar' }).allowed, true);
  });
  test('a * prefix is a plain string prefix (secret/zip-* matches secret/zip-zap/x)', () => {
    const subject = acl(policy('path "secret/zip-*" { capabilities = ["read"] }'));
    assert.equal(allowOperation(subject, { operation: 'read', path: 'secret/zip-zap/x' }).allowed, true);
  });
});

describe('TestACL_AllowOperation (update and create)', () => {
  const subject = acl(policy(permissionsPolicy, 'dev'));
  const cases: readonly [string, number | undefined, string[], boolean][] = [
    ['dev/ops', undefined, ['zip'], true],
    ['foo/bar', undefined, ['zap'], false],
    ['foo/bar', undefined, ['zip'], false],
    ['foo/bar', 50, ['zip'], false],
    ['foo/bar', 450, ['zip'], false],
    ['foo/bar', 350, ['zip'], true],
    ['foo/baz', undefined, ['hello'], false],
    ['foo/baz', 50, ['hello'], false],
    ['foo/baz', 450, ['hello'], true],
    ['foo/baz', undefined, ['zap'], false],
    ['broken/phone', undefined, ['steve'], false],
    ['working/phone', undefined, [''], false],
    ['working/phone', 450, [''], false],
    ['working/phone', 350, [''], true],
    ['hello/world', undefined, ['one'], false],
    ['tree/fort', undefined, ['one'], true],
    ['tree/fort', undefined, ['foo'], false],
    ['fruit/apple', undefined, ['pear'], false],
    ['fruit/apple', undefined, ['one'], false],
    ['cold/weather', undefined, ['four'], true],
    ['var/aws', undefined, ['cold', 'warm', 'kitty'], false],
    ['var/req', undefined, ['cold', 'warm', 'kitty'], false],
    ['var/req', undefined, ['cold', 'warm', 'kitty', 'foo'], true],
  ];
  for (const [path, wrapTtl, keys, allowed] of cases) {
    test(`${path} wrap=${wrapTtl ?? '-'} params=${keys.join(',')} -> ${allowed}`, () => {
      const params = Object.fromEntries(keys.map((k) => [k, '']));
      for (const operation of ['update', 'create'] as const) {
        const decision = allowOperation(subject, {
          operation,
          path,
          params,
          ...(wrapTtl !== undefined ? { wrapTtl } : {}),
        });
        assert.equal(decision.allowed, allowed, operation);
      }
    });
  }
});

describe('TestACL_ValuePermissions (update and create)', () => {
  const subject = acl(policy(valuePermissionsPolicy, 'op'));
  const cases: readonly [string, string[], unknown[], boolean][] = [
    ['dev/ops', ['allow'], ['good'], true],
    ['dev/ops', ['allow'], ['bad'], false],
    ['foo/bar', ['deny'], ['bad'], false],
    ['foo/bar', ['deny'], ['bad glob'], false],
    ['foo/bar', ['deny'], ['good'], true],
    ['foo/bar', ['allow'], ['good'], true],
    ['foo/bar', ['deny'], [null], true],
    ['foo/bar', ['allow'], [null], true],
    ['foo/baz', ['aLLow'], ['good'], true],
    ['foo/baz', ['deny'], ['bad'], false],
    ['foo/baz', ['deny'], ['good'], false],
    ['foo/baz', ['allow', 'deny'], ['good', 'bad'], false],
    ['foo/baz', ['deny', 'allow'], ['good', 'bad'], false],
    ['foo/baz', ['deNy', 'allow'], ['bad', 'good'], false],
    ['foo/baz', ['aLLow'], ['bad'], false],
    ['foo/baz', ['Neither'], ['bad'], false],
    ['foo/baz', ['allow'], [null], false],
    ['fizz/buzz', ['allow_multi'], ['good'], true],
    ['fizz/buzz', ['allow_multi'], ['good1'], true],
    ['fizz/buzz', ['allow_multi'], ['good2'], true],
    ['fizz/buzz', ['allow_multi'], ['glob good2'], false],
    ['fizz/buzz', ['allow_multi'], ['glob good3'], true],
    ['fizz/buzz', ['allow_multi'], ['bad'], false],
    ['fizz/buzz', ['allow_multi', 'allow'], ['good1', 'good'], true],
    ['fizz/buzz', ['deny_multi'], ['bad2'], false],
    ['fizz/buzz', ['deny_multi', 'allow_multi'], ['good', 'good2'], false],
    ['test/types', ['map'], [{ good: 'one' }], true],
    ['test/types', ['map'], [{ bad: 'one' }], false],
    ['test/types', ['int'], [1], true],
    ['test/types', ['int'], [3], false],
    ['test/types', ['bool'], [false], true],
    ['test/types', ['bool'], [true], false],
    ['test/star', ['anything'], [true], true],
    ['test/star', ['foo'], [true], true],
    ['test/star', ['bar'], [false], true],
    ['test/star', ['bar'], [true], false],
  ];
  for (const [path, keys, values, allowed] of cases) {
    test(`${path} ${JSON.stringify(Object.fromEntries(keys.map((k, i) => [k, values[i]])))} -> ${allowed}`, () => {
      const params = Object.fromEntries(keys.map((k, i) => [k, values[i]]));
      for (const operation of ['update', 'create'] as const)
        assert.equal(allowOperation(subject, { operation, path, params }).allowed, allowed, operation);
    });
  }
  test('lists and comma-separated strings are checked per element', () => {
    assert.equal(
      allowOperation(subject, { operation: 'update', path: 'fizz/buzz', params: { allow_multi: ['good', 'good1'] } })
        .allowed,
      true,
    );
    assert.equal(
      allowOperation(subject, { operation: 'update', path: 'fizz/buzz', params: { allow_multi: 'good,good2' } })
        .allowed,
      true,
    );
    assert.equal(
      allowOperation(subject, { operation: 'update', path: 'fizz/buzz', params: { deny_multi: 'x,bad1' } }).allowed,
      false,
    );
  });
});

describe('TestACL_PolicyMerge: rules of one path string merge', () => {
  const subject = acl(policy(mergingPolicies, 'ops'));
  const cases: readonly [
    string,
    Record<string, unknown[]> | undefined,
    Record<string, unknown[]> | undefined,
    string[],
    number?,
    number?,
  ][] = [
    ['foo/bar', undefined, { zip: [], baz: [] }, ['baz']],
    ['hello/universe', { foo: [], bar: [] }, undefined, ['foo', 'bar'], 50, 200],
    ['allow/all', { '*': [], test: [], test1: ['foo'] }, undefined, []],
    ['allow/all1', { '*': [], test: [], test1: ['foo'] }, undefined, []],
    ['deny/all', undefined, { '*': [], test: [] }, []],
    ['deny/all1', undefined, { '*': [], test: [] }, []],
    ['value/merge', { test: [3, 4, 1, 2] }, { test: [3, 4, 1, 2] }, []],
    ['value/empty', { empty: [] }, { empty: [] }, []],
  ];
  for (const [path, allowed, denied, required, min, max] of cases) {
    test(path, () => {
      const permissions = subject.exact.get(path);
      assert.ok(permissions);
      assert.deepEqual(sortKeys(permissions.allowedParameters), sortKeys(allowed));
      assert.deepEqual(sortKeys(permissions.deniedParameters), sortKeys(denied));
      assert.deepEqual(permissions.requiredParameters, required);
      if (min !== undefined) assert.equal(permissions.minWrappingTtl, min);
      if (max !== undefined) assert.equal(permissions.maxWrappingTtl, max);
    });
  }
});

describe('TestACL_Capabilities, TestACL_Root and granting policies', () => {
  test('root reports ["root"] anywhere and allows with sudo', () => {
    const subject = acl({ name: 'root', rules: [] });
    assert.deepEqual(pathCapabilities(subject, 'any/path'), ['root']);
    const decision = allowOperation(subject, { operation: 'update', path: 'sys/mount/foo' });
    assert.equal(decision.allowed && decision.rootPrivs, true);
  });
  test('root with other policies is refused', () => {
    assert.equal(
      buildAcl([
        { name: 'root', rules: [] },
        { name: 'default', rules: [] },
      ]).error,
      'other policies present along with root',
    );
  });
  test('capabilities of dev, dev/ and stage/aws/test (sorted, deny when nothing)', () => {
    const subject = acl(policy(aclPolicy, 'dev'));
    assert.deepEqual(pathCapabilities(subject, 'dev'), ['deny']);
    assert.deepEqual(pathCapabilities(subject, 'dev/'), ['create', 'delete', 'list', 'read', 'sudo', 'update']);
    assert.deepEqual(pathCapabilities(subject, 'stage/aws/test'), ['list', 'read', 'sudo', 'update']);
  });
  test('granting policies name who grants the capability on the deciding rule', () => {
    const granting = policy(
      'path "kv/foo" { capabilities = ["update", "read"] }\npath "kv/path/*" { capabilities = ["read"] }\npath "kv/deny" { capabilities = ["deny"] }',
      'granting_policy',
    );
    const merged = policy(
      'path "kv/foo" { capabilities = ["update", "read"] }\npath "kv/bar" { capabilities = ["read"] }\npath "kv/deny" { capabilities = ["update"] }',
      'granting_policy_merged',
    );
    const both = acl(granting, merged);
    assert.deepEqual(allowOperation(both, { operation: 'read', path: 'kv/foo' }).grantingPolicies, [
      'granting_policy',
      'granting_policy_merged',
    ]);
    assert.deepEqual(allowOperation(both, { operation: 'read', path: 'kv/bar' }).grantingPolicies, [
      'granting_policy_merged',
    ]);
    assert.equal(allowOperation(both, { operation: 'read', path: 'kv/deny' }).allowed, false);
    assert.equal(allowOperation(both, { operation: 'read', path: 'kv/path/longer' }).rulePath, 'kv/path/*');
  });
  test('LIST also tries the exact rule without the trailing slash', () => {
    const subject = acl(policy('path "cloud/roles" { capabilities = ["list"] }'));
    assert.equal(allowOperation(subject, { operation: 'list', path: 'cloud/roles/' }).allowed, true);
    assert.equal(allowOperation(subject, { operation: 'read', path: 'cloud/roles/' }).allowed, false);
  });
  test('revoke, renew and rollback need update', () => {
    const subject = acl(policy('path "sys/leases/renew" { capabilities = ["update"] }'));
    for (const operation of ['revoke', 'renew', 'rollback'] as const)
      assert.equal(allowOperation(subject, { operation, path: 'sys/leases/renew' }).allowed, true);
  });
});

function sortKeys(
  value: Readonly<Record<string, readonly unknown[]>> | undefined,
): Record<string, unknown[]> | undefined {
  if (!value) return undefined;
  return Object.fromEntries(
    Object.entries(value)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => [k, [...v]]),
  );
}
