import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { completionsAt } from '../../src/editor/complete.ts';
import type { FileKind } from '../../src/editor/resource-at.ts';
import { cursor } from './cursor.ts';

interface Case {
  readonly name: string;
  readonly format: 'yaml' | 'json';
  readonly kind?: FileKind;
  readonly source: string;
  /** Labels that must be offered. */
  readonly offered: readonly string[];
  /** Labels that must not be. */
  readonly absent: readonly string[];
}

const YAML_KEYS = (type: string): string => `credential_type: ${type}\n|`;
const JSON_KEYS = (type: string): string => `{\n  "credential_type": "${type}",\n  |\n}`;

// seed 1, Role table: which fields each credential type accepts.
const PER_TYPE: Record<string, { offered: string[]; absent: string[] }> = {
  iam_user: {
    offered: ['policy_arns', 'policy_document', 'iam_groups', 'iam_tags', 'user_path', 'permissions_boundary_arn'],
    absent: [
      'role_arns',
      'default_sts_ttl',
      'max_sts_ttl',
      'session_tags',
      'external_id',
      'credential_type',
      'policy',
      'arn',
    ],
  },
  assumed_role: {
    offered: ['role_arns', 'policy_arns', 'default_sts_ttl', 'max_sts_ttl', 'session_tags', 'external_id'],
    absent: ['user_path', 'permissions_boundary_arn', 'iam_tags', 'credential_type', 'policy'],
  },
  federation_token: {
    offered: ['policy_arns', 'policy_document', 'default_sts_ttl', 'max_sts_ttl'],
    absent: ['role_arns', 'session_tags', 'external_id', 'user_path'],
  },
  session_token: {
    offered: ['mfa_serial_number'],
    absent: ['policy_arns', 'policy_document', 'role_arns', 'default_sts_ttl', 'user_path', 'session_tags'],
  },
};

const CASES: Case[] = [
  ...Object.entries(PER_TYPE).flatMap(([type, expected]): Case[] => [
    { name: `YAML keys for ${type}`, format: 'yaml', source: YAML_KEYS(type), ...expected },
    { name: `JSON keys for ${type}`, format: 'json', source: JSON_KEYS(type), ...expected },
  ]),
  {
    name: 'keys already present are not offered again',
    format: 'yaml',
    source: 'credential_type: iam_user\npolicy_arns: []\n|',
    offered: ['policy_document'],
    absent: ['policy_arns', 'credential_type'],
  },
  {
    name: 'credential_type values in YAML',
    format: 'yaml',
    source: 'credential_type: |',
    offered: ['iam_user', 'assumed_role', 'federation_token', 'session_token'],
    absent: [],
  },
  {
    name: 'credential_type values in JSON',
    format: 'json',
    source: '{ "credential_type": "|" }',
    offered: ['iam_user', 'session_token'],
    absent: [],
  },
  {
    name: 'durations use h as the largest unit',
    format: 'yaml',
    source: 'max_sts_ttl: |',
    offered: ['1h', '12h', '24h'],
    absent: ['1d'],
  },
  {
    name: 'static role keys',
    format: 'yaml',
    kind: 'static-role',
    source: 'username: bot\n|',
    offered: ['rotation_period'],
    absent: ['username', 'credential_type'],
  },
  {
    name: 'rotation periods',
    format: 'yaml',
    kind: 'static-role',
    source: 'rotation_period: |',
    offered: ['24h', '168h'],
    absent: [],
  },
  {
    name: 'an empty role offers a scaffold per credential type',
    format: 'yaml',
    source: '|',
    offered: [
      'keyfob role: iam_user',
      'keyfob role: assumed_role',
      'keyfob role: federation_token',
      'keyfob role: session_token',
    ],
    absent: ['keyfob static role'],
  },
  {
    name: 'an empty JSON role file offers scaffolds',
    format: 'json',
    source: '|',
    offered: ['keyfob role: assumed_role'],
    absent: [],
  },
  {
    name: 'a role with a type gets no scaffold',
    format: 'yaml',
    source: 'credential_type: iam_user\n|',
    offered: [],
    absent: ['keyfob role: iam_user'],
  },
  {
    name: 'manifest roles complete role keys',
    format: 'yaml',
    kind: 'manifest',
    source: 'roles:\n  deploy:\n    credential_type: assumed_role\n    |',
    offered: ['role_arns'],
    absent: ['user_path', 'roles'],
  },
  {
    name: 'manifest top level',
    format: 'yaml',
    kind: 'manifest',
    source: 'mount: cloud\n|',
    offered: ['roles', 'static_roles'],
    absent: ['mount', 'credential_type'],
  },
];

describe('completionsAt', () => {
  for (const c of CASES) {
    it(c.name, () => {
      const { text, offset } = cursor(c.source);
      const labels = completionsAt(text, offset, { format: c.format, kind: c.kind ?? 'role' }).map((e) => e.label);
      for (const label of c.offered) assert.ok(labels.includes(label), `${label} offered; got ${labels.join(', ')}`);
      for (const label of c.absent) assert.ok(!labels.includes(label), `${label} not offered`);
    });
  }

  it('a YAML list key inserts a block list snippet and replaces the typed word', () => {
    const { text, offset } = cursor('credential_type: assumed_role\nrole|');
    const entry = completionsAt(text, offset, { format: 'yaml', kind: 'role' }).find((e) => e.label === 'role_arns');
    assert.equal(entry?.insertText, 'role_arns:\n  - $1');
    assert.deepEqual(entry?.replace, { start: 30, end: 34 });
  });

  it('a JSON key before another member gets a trailing comma and a quoted filter text', () => {
    const { text, offset } = cursor('{\n  |\n  "credential_type": "assumed_role"\n}');
    const entry = completionsAt(text, offset, { format: 'json', kind: 'role' }).find((e) => e.label === 'external_id');
    assert.equal(entry?.insertText, '"external_id": "$1",');
    assert.equal(entry?.filterText, '"external_id"');
  });

  it('a YAML value right after the colon gets a leading space', () => {
    const { text, offset } = cursor('credential_type:|');
    const entry = completionsAt(text, offset, { format: 'yaml', kind: 'role' }).find((e) => e.label === 'iam_user');
    assert.equal(entry?.insertText, ' iam_user');
  });

  it('nothing outside role files', () => {
    const { text, offset } = cursor('credential_type: |');
    assert.deepEqual(completionsAt(text, offset, { format: 'yaml', kind: undefined }), []);
  });
});
