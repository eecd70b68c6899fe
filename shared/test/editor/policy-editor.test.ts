// Completion and hover in ACL policy files, HCL and JSON, on text that may not parse: the path
// block, the engine's request paths, block keys and capabilities, and what each means.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildAccessReport, ENGINE_PATHS } from '../../src/access/index.ts';
import { applyEdits, completionsAt } from '../../src/editor/index.ts';
import { hclContextAt } from '../../src/editor/hcl-context.ts';
import { policyHoverAt } from '../../src/editor/policy-hover.ts';
import { readJwtRole, type JwtRole } from '../../src/jwt-roles/index.ts';
import { lintText } from '../../src/lint/index.ts';
import { readPolicy, type AclPolicy, OFFERED_CAPABILITIES, RULE_KEY_DOCS } from '../../src/policies/index.ts';
import { cursor } from './cursor.ts';

const OFFERED_KEYS = RULE_KEY_DOCS.filter((d) => d.offered).map((d) => d.key);

describe('hclContextAt', () => {
  const cases: readonly {
    name: string;
    source: string;
    expected: { path: string[]; part: string; key?: string; prefix: string; quoted?: boolean } | undefined;
  }[] = [
    { name: 'empty file', source: '|', expected: { path: [], part: 'key', prefix: '' } },
    { name: 'typing the block keyword', source: 'pa|', expected: { path: [], part: 'key', prefix: 'pa' } },
    {
      name: 'inside the path label',
      source: 'path "cloud/cr|',
      expected: { path: ['path'], part: 'key', prefix: 'cloud/cr', quoted: true },
    },
    {
      name: 'inside a closed path label',
      source: 'path "cloud/cr|eds/x" {\n}',
      expected: { path: ['path'], part: 'key', prefix: 'cloud/cr', quoted: true },
    },
    {
      name: 'a key in a block',
      source: 'path "cloud/creds/x" {\n  cap|\n}',
      expected: { path: ['path', 'cloud/creds/x'], part: 'key', prefix: 'cap' },
    },
    {
      name: 'a key after another member, no comma (HCL)',
      source: 'path "a" {\n  capabilities = ["read"]\n  |\n}',
      expected: { path: ['path', 'a'], part: 'key', prefix: '' },
    },
    {
      name: 'a capability item, quoted',
      source: 'path "a" {\n  capabilities = ["read", "up|"]\n}',
      expected: { path: ['path', 'a'], part: 'item', key: 'capabilities', prefix: 'up', quoted: true },
    },
    {
      name: 'a capability item, bare',
      source: 'path "a" {\n  capabilities = [|]\n}',
      expected: { path: ['path', 'a'], part: 'item', key: 'capabilities', prefix: '' },
    },
    {
      name: 'a value',
      source: 'path "a" {\n  capabilities = |\n}',
      expected: { path: ['path', 'a'], part: 'value', key: 'capabilities', prefix: '' },
    },
    {
      name: 'after a closed block, back at the top',
      source: 'path "a" {\n  capabilities = ["read"]\n}\n|',
      expected: { path: [], part: 'key', prefix: '' },
    },
    { name: 'in a comment', source: 'path "a" { # cap|\n}', expected: undefined },
  ];
  for (const c of cases)
    test(c.name, () => {
      const { text, offset } = cursor(c.source);
      const found = hclContextAt(text, offset);
      if (c.expected === undefined) return assert.equal(found, undefined);
      assert.ok(found);
      assert.deepEqual(
        { path: found.path, part: found.part, key: found.key, prefix: found.prefix, quoted: found.quoted },
        { key: undefined, quoted: false, ...c.expected },
      );
    });
});

describe('completionsAt in policy files', () => {
  const labels = (source: string, format: 'hcl' | 'json' = 'hcl') => {
    const { text, offset } = cursor(source);
    return completionsAt(text, offset, { format, kind: 'policy' });
  };
  const cases: readonly { name: string; source: string; format?: 'json'; includes: string[]; excludes?: string[] }[] = [
    { name: 'HCL top: a path block', source: '|', includes: ['path'] },
    {
      name: 'HCL path label: engine paths filled with the default mounts',
      source: 'path "|',
      includes: ['cloud/creds/{name}', 'cloud/sts/{name}', 'auth/jwt/role/{name}', 'sys/policies/acl/{name}'],
      excludes: ['auth/jwt/login', 'sys/health'],
    },
    {
      name: 'HCL block keys the engine acts on, minus those present',
      source: 'path "a" {\n  capabilities = ["read"]\n  |\n}',
      includes: OFFERED_KEYS.filter((k) => k !== 'capabilities'),
      excludes: ['capabilities', 'comment', 'mfa_methods', 'policy'],
    },
    {
      name: 'HCL capabilities, minus those present',
      source: 'path "a" {\n  capabilities = ["read", |]\n}',
      includes: OFFERED_CAPABILITIES.filter((c) => c !== 'read'),
      excludes: ['read', 'subscribe'],
    },
    {
      name: 'HCL keys written after the cursor are not offered again',
      source: 'path "a" {\n  |\n  capabilities = ["read"]\n}',
      includes: ['allowed_parameters'],
      excludes: ['capabilities'],
    },
    {
      name: 'HCL capabilities written after the cursor are not offered again',
      source: 'path "a" {\n  capabilities = [|"read"]\n}',
      includes: ['create'],
      excludes: ['read'],
    },
    {
      name: 'HCL inside a parameter map: nothing',
      source: 'path "a" {\n  allowed_parameters = {\n    |\n  }\n}',
      includes: [],
      excludes: ['capabilities'],
    },
    { name: 'JSON path key', source: '{"path": {"|"}}', format: 'json', includes: ['cloud/creds/{name}'] },
    {
      name: 'JSON block keys',
      source: '{"path": {"cloud/creds/x": {"|"}}}',
      format: 'json',
      includes: OFFERED_KEYS,
    },
    {
      name: 'JSON capabilities',
      source: '{"path": {"cloud/creds/x": {"capabilities": ["|"]}}}',
      format: 'json',
      includes: [...OFFERED_CAPABILITIES],
    },
  ];
  for (const c of cases)
    test(c.name, () => {
      const found = labels(c.source, c.format).map((e) => e.label);
      for (const label of c.includes) assert.ok(found.includes(label), `${label} missing from ${found.join(', ')}`);
      for (const label of c.excludes ?? []) assert.ok(!found.includes(label), `${label} offered`);
      if (c.includes.length === 0) assert.deepEqual(found, []);
    });

  test('every engine path except the open ones is offered, each with its meaning', () => {
    const found = labels('path "|');
    assert.equal(found.length, ENGINE_PATHS.filter((r) => !r.open).length);
    assert.ok(found.every((e) => e.detail && e.documentation?.includes('Capabilities:')));
  });

  test('a capability replaces the quoted item and the result lints clean', () => {
    const { text, offset } = cursor('path "cloud/creds/x" {\n  capabilities = ["re|"]\n}\n');
    const read = completionsAt(text, offset, { format: 'hcl', kind: 'policy' }).find((e) => e.label === 'read');
    assert.ok(read);
    assert.match(read.detail ?? '', /GET the path/);
    assert.match(read.documentation ?? '', /docs\/policies\.md#capability-read/);
    const edited = applyEdits(text, [{ ...read.replace, newText: read.insertText }]);
    assert.equal(edited, 'path "cloud/creds/x" {\n  capabilities = ["read"]\n}\n');
    assert.deepEqual(lintText(edited, { fileName: 'x.policy.hcl' }).problems, []);
  });

  test('a path with the block body when nothing follows, and workspace role names offered', () => {
    const { text, offset } = cursor('path "|');
    const entries = completionsAt(text, offset, {
      format: 'hcl',
      kind: 'policy',
      policy: { names: { roles: ['deploy'], staticRoles: ['svc'], jwtRoles: ['gh'] } },
    });
    const labelsFound = entries.map((e) => e.label);
    for (const l of ['cloud/creds/deploy', 'cloud/sts/deploy', 'cloud/static-creds/svc', 'auth/jwt/role/gh'])
      assert.ok(labelsFound.includes(l), l);
    const deploy = entries.find((e) => e.label === 'cloud/creds/deploy');
    assert.equal(deploy?.insertText, '"cloud/creds/deploy"');
  });

  test('other mounts', () => {
    const { text, offset } = cursor('path "|');
    const found = completionsAt(text, offset, {
      format: 'hcl',
      kind: 'policy',
      policy: { mounts: { mount: 'aws', jwtMount: 'github' } },
    }).map((e) => e.label);
    assert.ok(found.includes('aws/creds/{name}') && found.includes('auth/github/config'));
  });
});

describe('policyHoverAt', () => {
  const TEXT =
    'path "cloud/creds/*" {\n  capabilities = ["read", "deny"]\n  allowed_parameters = { "ttl" = [] }\n}\npath "sys/policies/acl/+" {\n  comment = "x"\n}\n';
  const file = lintText(TEXT, { fileName: 'deploy.policy.hcl' }).file;
  const at = (needle: string, shift = 1): string | undefined =>
    policyHoverAt(file, TEXT.indexOf(needle) + shift, { policy: 'deploy' })?.markdown;

  test('a capability: its meaning and docs link', () => {
    const md = at('"deny"');
    assert.match(md ?? '', /\*\*Capability `deny`\*\*/);
    assert.match(md ?? '', /docs\/policies\.md#capability-deny/);
  });
  test('a block key', () => {
    assert.match(at('allowed_parameters') ?? '', /Only these request parameters/);
    assert.match(at('comment') ?? '', /keyfob does not act on it/);
  });
  test('a glob path: the engine paths under it, not others', () => {
    const md = at('cloud/creds/*') ?? '';
    assert.match(md, /`cloud\/creds\/\{name\}`: credentials of a dynamic role/);
    assert.doesNotMatch(md, /cloud\/sts/);
  });
  test('a + path', () => {
    const md = at('sys/policies/acl/+') ?? '';
    assert.match(md, /`sys\/policies\/acl\/\{name\}`/);
    assert.doesNotMatch(md, /`sys\/policies\/acl\/`:/);
  });
  test('with a report: who reaches the path through this rule', () => {
    const own = 'path "cloud/creds/*" {\n  capabilities = ["read"]\n}\n';
    const read = readPolicy(own, 'deploy').value as AclPolicy;
    const report = buildAccessReport({
      mount: 'cloud',
      jwtMount: 'jwt',
      roles: ['app'],
      staticRoles: [],
      policies: new Map([['deploy', read]]),
      jwtRoles: new Map([
        [
          'gh',
          {
            role: readJwtRole({
              role_type: 'jwt',
              user_claim: 'repository',
              bound_audiences: ['keyfob'],
              bound_subject: 'repo:octo/app:ref:refs/heads/main',
              token_policies: ['deploy'],
            }).role as JwtRole,
            params: {},
          },
        ],
      ]),
    });
    const ownFile = lintText(own, { fileName: 'deploy.policy.hcl' }).file;
    const md = policyHoverAt(ownFile, 8, { policy: 'deploy', report })?.markdown ?? '';
    assert.match(md, /\*\*Path `cloud\/creds\/\*` of policy `deploy`\*\*/);
    assert.match(md, /JWT role `gh` \(octo\/app, branch main[^)]*\): `cloud\/creds\/app` \(read\)/);
  });
  test('nothing over the text between rules', () => {
    assert.equal(policyHoverAt(file, TEXT.indexOf('}\npath') + 1, { policy: 'deploy' }), undefined);
  });
});
