import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseDocuments } from '@keyfob/shared/documents';
import { addMember, removeMember, renameKey, replaceValue } from '../../src/editor/member-edits.ts';
import { applyEdits } from '../../src/editor/text-edit.ts';

interface Case {
  readonly name: string;
  readonly format: 'yaml' | 'json';
  readonly text: string;
  readonly edit: (file: ReturnType<typeof parseDocuments>) => ReturnType<typeof removeMember>;
  readonly expected: string;
}

const doc = (file: ReturnType<typeof parseDocuments>, index = 0) => {
  const found = file.documents[index];
  if (!found) throw new Error('no document');
  return found;
};

const CASES: readonly Case[] = [
  {
    name: 'YAML remove a scalar member',
    format: 'yaml',
    text: 'a: 1\nuser_path: /x/\nb: 2\n',
    edit: (f) => removeMember(f, doc(f), '/user_path'),
    expected: 'a: 1\nb: 2\n',
  },
  {
    name: 'YAML remove a block list member',
    format: 'yaml',
    text: 'a: 1\nrole_arns:\n  - x\n  - y\nb: 2\n',
    edit: (f) => removeMember(f, doc(f), '/role_arns'),
    expected: 'a: 1\nb: 2\n',
  },
  {
    name: 'YAML remove the last member without a final newline',
    format: 'yaml',
    text: 'a: 1\nb: 2',
    edit: (f) => removeMember(f, doc(f), '/b'),
    expected: 'a: 1\n',
  },
  {
    name: 'YAML remove in the second document',
    format: 'yaml',
    text: 'a: 1\n---\nb: 2\nc: 3\n',
    edit: (f) => removeMember(f, doc(f, 1), '/b'),
    expected: 'a: 1\n---\nc: 3\n',
  },
  {
    name: 'YAML rename a key',
    format: 'yaml',
    text: 'polcy_arns: []\n',
    edit: (f) => renameKey(f, doc(f), '/polcy_arns', 'policy_arns'),
    expected: 'policy_arns: []\n',
  },
  {
    name: 'YAML replace a scalar, keeping a comment',
    format: 'yaml',
    text: 'ttl: 1d # a day\n',
    edit: (f) => replaceValue(f, doc(f), '/ttl', '24h'),
    expected: 'ttl: 24h # a day\n',
  },
  {
    name: 'YAML comma string to a block list',
    format: 'yaml',
    text: 'p: a,b\nq: 1\n',
    edit: (f) => replaceValue(f, doc(f), '/p', ['a', 'b']),
    expected: 'p:\n  - a\n  - b\nq: 1\n',
  },
  {
    name: 'YAML block list to a comma string',
    format: 'yaml',
    text: 'p:\n  - a\n  - b\nq: 1\n',
    edit: (f) => replaceValue(f, doc(f), '/p', 'a,b'),
    expected: 'p: a,b\nq: 1\n',
  },
  {
    name: 'YAML quotes a value that would not stay a string',
    format: 'yaml',
    text: 'v: x\n',
    edit: (f) => replaceValue(f, doc(f), '/v', 'yes'),
    expected: 'v: "yes"\n',
  },
  {
    name: 'YAML add after an anchor member',
    format: 'yaml',
    text: 'credential_type: assumed_role\nmax_sts_ttl: 1h\n',
    edit: (f) => addMember(f, doc(f), '', 'role_arns', ['arn:x'], 'credential_type'),
    expected: 'credential_type: assumed_role\nrole_arns:\n  - arn:x\nmax_sts_ttl: 1h\n',
  },
  {
    name: 'YAML add at the end of a nested mapping',
    format: 'yaml',
    text: 'roles:\n  r:\n    a: 1\nmount: m\n',
    edit: (f) => addMember(f, doc(f), '/roles/r', 'b', 2),
    expected: 'roles:\n  r:\n    a: 1\n    b: 2\nmount: m\n',
  },
  {
    name: 'YAML add to a text without a final newline',
    format: 'yaml',
    text: 'a: 1',
    edit: (f) => addMember(f, doc(f), '', 'b', 'x'),
    expected: 'a: 1\nb: x',
  },
  {
    name: 'JSON remove a member with its comma',
    format: 'json',
    text: '{\n  "a": 1,\n  "b": 2\n}\n',
    edit: (f) => removeMember(f, doc(f), '/b'),
    expected: '{\n  "a": 1\n}\n',
  },
  {
    name: 'JSON rename a key',
    format: 'json',
    text: '{ "polcy": 1 }',
    edit: (f) => renameKey(f, doc(f), '/polcy', 'policy'),
    expected: '{ "policy": 1 }',
  },
  {
    name: 'JSON replace a value with a list',
    format: 'json',
    text: '{\n  "p": "a,b"\n}',
    edit: (f) => replaceValue(f, doc(f), '/p', ['a', 'b']),
    expected: '{\n  "p": [\n    "a",\n    "b"\n  ]\n}',
  },
  {
    name: 'JSON add after an anchor member',
    format: 'json',
    text: '{\n  "a": 1,\n  "c": 3\n}',
    edit: (f) => addMember(f, doc(f), '', 'b', 2, 'a'),
    expected: '{\n  "a": 1,\n  "b": 2,\n  "c": 3\n}',
  },
];

describe('member edits (YAML block mappings, JSON through jsonc-parser)', () => {
  for (const c of CASES) {
    it(c.name, () => {
      const file = parseDocuments(c.text, c.format);
      assert.equal(applyEdits(c.text, c.edit(file)), c.expected);
    });
  }

  it('applyEdits refuses overlapping edits', () => {
    assert.throws(
      () =>
        applyEdits('abc', [
          { start: 0, end: 2, newText: 'x' },
          { start: 1, end: 3, newText: 'y' },
        ]),
      /overlapping/,
    );
  });
});
