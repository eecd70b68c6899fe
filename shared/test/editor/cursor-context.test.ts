import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { jsonContextAt } from '../../src/editor/json-context.ts';
import { yamlContextAt } from '../../src/editor/yaml-context.ts';
import { cursor } from './cursor.ts';

interface Case {
  readonly name: string;
  readonly format: 'yaml' | 'json';
  readonly source: string;
  readonly expected:
    | {
        part: string;
        key?: string;
        path: string[];
        prefix: string;
        siblings: string[];
        document?: number;
        replaced: string;
      }
    | undefined;
}

const CASES: readonly Case[] = [
  {
    name: 'YAML key being typed at the root',
    format: 'yaml',
    source: 'credential_type: iam_user\npol|',
    expected: { part: 'key', path: [], prefix: 'pol', siblings: ['credential_type'], replaced: 'pol' },
  },
  {
    name: 'YAML empty line between keys sees keys below too',
    format: 'yaml',
    source: 'credential_type: iam_user\n|\nuser_path: /x/',
    expected: { part: 'key', path: [], prefix: '', siblings: ['credential_type', 'user_path'], replaced: '' },
  },
  {
    name: 'YAML value of a key',
    format: 'yaml',
    source: 'credential_type: ass|',
    expected: {
      part: 'value',
      key: 'credential_type',
      path: [],
      prefix: 'ass',
      siblings: ['credential_type'],
      replaced: 'ass',
    },
  },
  {
    name: 'YAML value replaced up to a trailing comment',
    format: 'yaml',
    source: 'default_sts_ttl: 1|h # one hour',
    expected: {
      part: 'value',
      key: 'default_sts_ttl',
      path: [],
      prefix: '1',
      siblings: ['default_sts_ttl'],
      replaced: '1h',
    },
  },
  {
    name: 'YAML quoted value',
    format: 'yaml',
    source: 'max_sts_ttl: "1|"',
    expected: { part: 'value', key: 'max_sts_ttl', path: [], prefix: '1', siblings: ['max_sts_ttl'], replaced: '"1"' },
  },
  {
    name: 'YAML list item in the second document',
    format: 'yaml',
    source: 'name: a\n---\ncredential_type: assumed_role\nrole_arns:\n  - |\n',
    expected: {
      part: 'item',
      key: 'role_arns',
      path: [],
      prefix: '',
      siblings: ['credential_type', 'role_arns'],
      document: 1,
      replaced: '',
    },
  },
  {
    name: 'YAML key inside a manifest role',
    format: 'yaml',
    source: 'roles:\n  deploy:\n    credential_type: session_token\n    |\n  other:\n    x: 1',
    expected: { part: 'key', path: ['roles', 'deploy'], prefix: '', siblings: ['credential_type'], replaced: '' },
  },
  {
    name: 'YAML existing key edited: replaced through its colon',
    format: 'yaml',
    source: 'cred|ential_type: iam_user',
    expected: { part: 'key', path: [], prefix: 'cred', siblings: [], replaced: 'credential_type: ' },
  },
  { name: 'YAML comment', format: 'yaml', source: '# note |', expected: undefined },
  { name: 'YAML document separator', format: 'yaml', source: '---|', expected: undefined },
  {
    name: 'JSON quoted key being typed',
    format: 'json',
    source: '{\n  "credential_type": "iam_user",\n  "pol|"\n}',
    expected: { part: 'key', path: [], prefix: 'pol', siblings: ['credential_type'], replaced: '"pol"' },
  },
  {
    name: 'JSON bare word at a key position',
    format: 'json',
    source: '{\n  "credential_type": "iam_user",\n  pol|\n}',
    expected: { part: 'key', path: [], prefix: 'pol', siblings: ['credential_type'], replaced: 'pol' },
  },
  {
    name: 'JSON string value',
    format: 'json',
    source: '{\n  "credential_type": "|"\n}',
    expected: {
      part: 'value',
      key: 'credential_type',
      path: [],
      prefix: '',
      siblings: ['credential_type'],
      replaced: '""',
    },
  },
  {
    name: 'JSON array item',
    format: 'json',
    source: '{ "credential_type": "assumed_role", "role_arns": ["|"] }',
    expected: {
      part: 'item',
      key: 'role_arns',
      path: [],
      prefix: '',
      siblings: ['credential_type', 'role_arns'],
      replaced: '""',
    },
  },
  {
    name: 'JSON nested manifest role',
    format: 'json',
    source: '{ "roles": { "deploy": { "credential_type": "session_token", | } } }',
    expected: { part: 'key', path: ['roles', 'deploy'], prefix: '', siblings: ['credential_type'], replaced: '' },
  },
];

describe('cursor context (YAML line scan, JSON via jsonc-parser)', () => {
  for (const c of CASES) {
    it(c.name, () => {
      const { text, offset } = cursor(c.source);
      const context = c.format === 'yaml' ? yamlContextAt(text, offset) : jsonContextAt(text, offset);
      if (c.expected === undefined) {
        assert.equal(context, undefined);
        return;
      }
      assert.ok(context);
      assert.equal(context.part, c.expected.part);
      assert.equal(context.key, c.expected.key);
      assert.deepEqual(context.path, c.expected.path);
      assert.equal(context.prefix, c.expected.prefix);
      assert.deepEqual([...context.siblings.keys()], c.expected.siblings);
      assert.equal(context.document, c.expected.document ?? 0);
      assert.equal(text.slice(context.replace.start, context.replace.end), c.expected.replaced);
    });
  }

  it('JSON: a member followed by another needs a comma', () => {
    const { text, offset } = cursor('{\n  |\n  "credential_type": "iam_user"\n}');
    assert.equal(jsonContextAt(text, offset)?.needsComma, true);
  });
});
