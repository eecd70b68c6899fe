import * as assert from 'node:assert/strict';
import { suite, test } from 'mocha';
import { completionLabels, openNew, positionOf } from './helpers.ts';

interface Case {
  readonly type: string;
  /** Keys that must be offered. */
  readonly offered: readonly string[];
  /** Keys that must not be: invalid for the type, or already present. */
  readonly absent: readonly string[];
}

// Per credential type (seed 1, Role table): what the cursor on an empty line after credential_type gets.
const CASES: readonly Case[] = [
  {
    type: 'iam_user',
    offered: ['policy_arns', 'policy_document', 'user_path', 'permissions_boundary_arn', 'iam_tags'],
    absent: ['role_arns', 'default_sts_ttl', 'session_tags', 'credential_type', 'policy', 'arn'],
  },
  {
    type: 'assumed_role',
    offered: ['role_arns', 'default_sts_ttl', 'max_sts_ttl', 'session_tags', 'external_id'],
    absent: ['user_path', 'permissions_boundary_arn', 'credential_type', 'policy'],
  },
  {
    type: 'federation_token',
    offered: ['policy_arns', 'policy_document', 'default_sts_ttl', 'max_sts_ttl'],
    absent: ['role_arns', 'session_tags', 'external_id', 'user_path'],
  },
  {
    type: 'session_token',
    offered: ['mfa_serial_number'],
    absent: ['policy_arns', 'policy_document', 'role_arns', 'default_sts_ttl', 'user_path'],
  },
];

function check(labels: readonly string[], c: Case): void {
  for (const key of c.offered) assert.ok(labels.includes(key), `${c.type}: ${key} offered (got ${labels.join(', ')})`);
  for (const key of c.absent) assert.ok(!labels.includes(key), `${c.type}: ${key} not offered`);
}

/** Completion in YAML and JSON for each credential type, values and scaffolds. */
export function registerCompletionTests(): void {
  suite('completion', () => {
    for (const c of CASES) {
      test(`YAML keys for ${c.type}`, async () => {
        const document = await openNew(`scratch/complete-${c.type}.role.yaml`, `credential_type: ${c.type}\n\n`);
        check(await completionLabels(document, document.positionAt(document.getText().length - 1)), c);
      });
      test(`JSON keys for ${c.type}`, async () => {
        const document = await openNew(
          `scratch/complete-${c.type}.role.json`,
          `{\n  "credential_type": "${c.type}",\n  \n}\n`,
        );
        check(await completionLabels(document, positionOf(document, '\n  \n', 3)), c);
      });
    }

    test('YAML and JSON values: the credential types, durations with h as the largest unit', async () => {
      const yaml = await openNew('scratch/values.role.yaml', 'credential_type: \ndefault_sts_ttl: \n');
      const types = await completionLabels(yaml, positionOf(yaml, 'credential_type: ', 17));
      assert.deepEqual(
        ['iam_user', 'assumed_role', 'federation_token', 'session_token'].filter((t) => types.includes(t)).length,
        4,
      );
      const durations = await completionLabels(yaml, positionOf(yaml, 'default_sts_ttl: ', 17));
      assert.ok(durations.includes('1h') && durations.includes('24h') && !durations.some((d) => d.endsWith('d')));
      const json = await openNew('scratch/values.role.json', '{\n  "credential_type": ""\n}\n');
      const jsonTypes = await completionLabels(json, positionOf(json, '""', 1));
      assert.ok(jsonTypes.includes('assumed_role'));
    });

    test('an empty role offers whole-role scaffolds per credential type', async () => {
      const document = await openNew('scratch/empty.role.yaml', '\n');
      const labels = await completionLabels(document, document.positionAt(0));
      for (const type of ['iam_user', 'assumed_role', 'federation_token', 'session_token'])
        assert.ok(labels.includes(`keyfob role: ${type}`), type);
      const staticRole = await openNew('scratch/empty.static-role.yaml', '\n');
      assert.ok((await completionLabels(staticRole, staticRole.positionAt(0))).includes('keyfob static role'));
    });
  });
}
