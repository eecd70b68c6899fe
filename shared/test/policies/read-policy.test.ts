// Tables mirroring the real engine's policy parser tests (vault/policy_test.go: TestPolicy_Parse,
// TestPolicy_ParseBad*), plus the JSON form and source ranges.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { readPolicy } from '../../src/policies/index.ts';

describe('readPolicy: bad policies give the real engine message and a code with a range', () => {
  const cases: readonly { name: string; text: string; code: string; message: string; line: number }[] = [
    {
      name: 'unknown top-level key',
      text: 'name = "test"\nbad  = "foo"\nnope = "yes"\n',
      code: 'POLICY_UNKNOWN_KEY',
      message: 'invalid key "bad" on line 2',
      line: 2,
    },
    {
      name: 'typo in a block',
      text: 'path "/" {\n\tpolicy = "read"\n\tcapabilites = ["read"]\n}\n',
      code: 'POLICY_UNKNOWN_KEY',
      message: 'path "/": invalid key "capabilites" on line 3',
      line: 3,
    },
    {
      name: 'unknown capability',
      text: 'path "/" {\n\tcapabilities = ["read", "banana"]\n}\n',
      code: 'POLICY_UNKNOWN_CAPABILITY',
      message: 'path "/": invalid capability "banana"',
      line: 2,
    },
    {
      name: 'bad legacy policy',
      text: 'path "/" {\n\tpolicy = "banana"\n}\n',
      code: 'POLICY_UNKNOWN_CAPABILITY',
      message: 'path "/": invalid policy "banana"',
      line: 2,
    },
    {
      name: '+* anywhere',
      text: 'path "foo/+*" {\n\tcapabilities = ["read"]\n}\n',
      code: 'POLICY_WILDCARD_PLUS_STAR',
      message: `path "foo/+*": invalid use of wildcards ('+*' is forbidden)`,
      line: 1,
    },
    {
      name: 'max below min wrapping TTL',
      text: 'path "/" {\n\tcapabilities = ["read"]\n\tmin_wrapping_ttl = 400\n\tmax_wrapping_ttl = 300\n}\n',
      code: 'POLICY_WRAPPING_TTL',
      message: 'max_wrapping_ttl cannot be less than min_wrapping_ttl',
      line: 4,
    },
    {
      name: 'malformed (name{})',
      text: 'name{}',
      code: 'POLICY_BAD_VALUE',
      message: 'name: expected a string',
      line: 1,
    },
    {
      name: 'syntax error',
      text: 'path "a" {\n  capabilities = ["read"\n}\n',
      code: 'POLICY_SYNTAX',
      message: '',
      line: 3,
    },
    {
      name: 'unterminated string',
      text: 'path "a {\n',
      code: 'POLICY_SYNTAX',
      message: 'literal not terminated',
      line: 1,
    },
  ];
  for (const c of cases) {
    test(c.name, () => {
      const read = readPolicy(c.text);
      assert.equal(read.value, undefined);
      const first = read.problems[0];
      assert.ok(first, 'a problem');
      assert.equal(first.code, c.code);
      assert.ok(first.message.includes(c.message), first.message);
      assert.equal(first.range?.startLine, c.line);
    });
  }
  test('deep nesting is refused, not recursed into', () => {
    const read = readPolicy(`path "a" { x = ${'['.repeat(5000)}`);
    assert.equal(read.problems[0]?.code, 'POLICY_SYNTAX');
  });
});

describe('readPolicy: TestPolicy_Parse', () => {
  const rules = `
# Developer policy
name = "dev"

# Deny all paths by default
path "*" {
	policy = "deny"
}

# Allow full access to staging
path "stage/*" {
	policy = "sudo"
}

# Limited read privilege to production
path "prod/version" {
	policy = "read"
}

# Read access to foobar
# Also tests stripping of leading slash and parsing of min/max as string and
# integer
path "/foo/bar" {
	policy = "read"
	min_wrapping_ttl = 300
	max_wrapping_ttl = "1h"
}

# Add capabilities for creation and sudo to foobar
# This will be separate; they are combined when compiled into an ACL
# Also tests reverse string/int handling to the above
path "foo/bar" {
	capabilities = ["create", "sudo"]
	min_wrapping_ttl = "300s"
	max_wrapping_ttl = 3600
}

# Check that only allowed_parameters are being added to foobar
path "foo/bar" {
	capabilities = ["create", "sudo"]
	allowed_parameters = {
	  "zip" = []
	  "zap" = []
	}
}

# Check that only denied_parameters are being added to bazbar
path "baz/bar" {
	capabilities = ["create", "sudo"]
	denied_parameters = {
	  "zip" = []
	  "zap" = []
	}
}

# Check that both allowed and denied parameters are being added to bizbar
path "biz/bar" {
	capabilities = ["create", "sudo"]
	allowed_parameters = {
	  "zim" = []
	  "zam" = []
	}
	denied_parameters = {
	  "zip" = []
	  "zap" = []
	}
}
path "test/types" {
	capabilities = ["create", "sudo"]
	allowed_parameters = {
		"map" = [{"good" = "one"}]
		"int" = [1, 2]
	}
	denied_parameters = {
		"string" = ["test"]
		"bool" = [false]
	}
}
path "test/req" {
	capabilities = ["create", "sudo"]
	required_parameters = ["foo"]
}
path "test/patch" {
	capabilities = ["patch"]
}
path "test/mfa" {
	capabilities = ["create", "sudo"]
	mfa_methods = ["my_totp", "my_totp2"]
}
path "test/+/segment" {
	capabilities = ["create", "sudo"]
}
path "test/segment/at/end/+" {
	capabilities = ["create", "sudo"]
}
path "test/segment/at/end/v2/+/" {
	capabilities = ["create", "sudo"]
}
path "test/+/wildcard/+/*" {
	capabilities = ["create", "sudo"]
}
path "test/+/wildcard/+/end*" {
	capabilities = ["create", "sudo"]
}
`;
  const read = readPolicy(rules, 'dev');
  test('parses without problems', () => assert.deepEqual(read.problems, []));
  const byIndex = (i: number) => read.value?.rules[i];
  const cases: readonly [number, string, string[], Record<string, unknown>][] = [
    [0, '*', ['deny'], {}],
    [1, 'stage/*', ['create', 'read', 'update', 'delete', 'list', 'sudo'], {}],
    [2, 'prod/version', ['read', 'list'], {}],
    [3, 'foo/bar', ['read', 'list'], { minWrappingTtl: 300, maxWrappingTtl: 3600 }],
    [4, 'foo/bar', ['create', 'sudo'], { minWrappingTtl: 300, maxWrappingTtl: 3600 }],
    [5, 'foo/bar', ['create', 'sudo'], { allowedParameters: { zip: [], zap: [] } }],
    [6, 'baz/bar', ['create', 'sudo'], { deniedParameters: { zip: [], zap: [] } }],
    [
      7,
      'biz/bar',
      ['create', 'sudo'],
      { allowedParameters: { zim: [], zam: [] }, deniedParameters: { zip: [], zap: [] } },
    ],
    [
      8,
      'test/types',
      ['create', 'sudo'],
      {
        allowedParameters: { map: [{ good: 'one' }], int: [1, 2] },
        deniedParameters: { string: ['test'], bool: [false] },
      },
    ],
    [9, 'test/req', ['create', 'sudo'], { requiredParameters: ['foo'] }],
    [10, 'test/patch', ['patch'], {}],
    [11, 'test/mfa', ['create', 'sudo'], {}],
    [12, 'test/+/segment', ['create', 'sudo'], {}],
    [16, 'test/+/wildcard/+/end*', ['create', 'sudo'], {}],
  ];
  for (const [i, path, capabilities, extra] of cases) {
    test(`rule ${i}: ${path}`, () => {
      const rule = byIndex(i);
      assert.ok(rule);
      assert.equal(rule.path, path);
      assert.deepEqual(rule.capabilities, capabilities);
      for (const [key, value] of Object.entries(extra))
        assert.deepEqual((rule as unknown as Record<string, unknown>)[key], value, key);
    });
  }
  test('the path string range points at the quoted path', () => {
    const rule = byIndex(2);
    assert.equal(rules.slice(rule?.pathRange?.start, rule?.pathRange?.end), '"prod/version"');
  });
});

describe('readPolicy: JSON form', () => {
  test('same rules as HCL', () => {
    const json = readPolicy(
      '{"path":{"cloud/creds/deploy":{"capabilities":["read","update"]},"cloud/roles/*":{"policy":"read"}}}',
    );
    assert.deepEqual(json.problems, []);
    assert.deepEqual(
      json.value?.rules.map((r) => [r.path, r.capabilities]),
      [
        ['cloud/creds/deploy', ['read', 'update']],
        ['cloud/roles/*', ['read', 'list']],
      ],
    );
  });
  test('heredoc and comments of every kind', () => {
    const read = readPolicy(
      '/* block */\n// line\n# hash\npath "a" {\n  comment = <<EOT\nhello\nEOT\n  capabilities = ["read"]\n}\n',
    );
    assert.deepEqual(read.problems, []);
    assert.deepEqual(read.value?.rules[0]?.capabilities, ['read']);
  });
});
