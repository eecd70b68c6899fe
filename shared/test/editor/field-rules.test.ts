import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { CODES_DOC_URL } from '@keyfob/shared/codes';
import { fieldMarkdown } from '@keyfob/shared/editor';
import { fieldInfo, fieldsFor } from '@keyfob/shared/rules';
import type { FieldKind } from '@keyfob/shared/rules';

const KINDS: readonly FieldKind[] = [
  'role',
  'static-role',
  'root-config',
  'lease-config',
  'credential-request',
  'manifest',
];
const CODES_DOC = readFileSync(new URL('../../../docs/codes.md', import.meta.url), 'utf8');

/** The codes a field's documentation links to, in order. */
function linkedCodes(markdown: string): string[] {
  return [...markdown.matchAll(/- \[`([A-Z_]+)`\]\(([^)]+)\)/g)].map((m) => {
    assert.equal(m[2], `${CODES_DOC_URL}#${m[1]?.toLowerCase()}`);
    return m[1] ?? '';
  });
}

describe('field documentation: the rules that check a field', () => {
  it('names each rule in plain words and links it to its docs/codes.md entry', () => {
    const cases: { kind: FieldKind; field: string; codes: string[] }[] = [
      {
        kind: 'role',
        field: 'credential_type',
        codes: ['ROLE_MISSING_CREDENTIAL_TYPE', 'ROLE_UNKNOWN_CREDENTIAL_TYPE'],
      },
      {
        kind: 'role',
        field: 'role_arns',
        codes: ['ROLE_ARNS_REQUIRED', 'ROLE_ARNS_NOT_ALLOWED', 'ROLE_INVALID_ROLE_ARN'],
      },
      {
        kind: 'role',
        field: 'policy_arns',
        codes: ['ROLE_POLICY_REQUIRED', 'ROLE_POLICY_NOT_ALLOWED', 'ROLE_INVALID_POLICY_ARN'],
      },
      { kind: 'role', field: 'default_sts_ttl', codes: ['ROLE_STS_TTL_NOT_ALLOWED', 'ROLE_TTL_ORDER'] },
      {
        kind: 'static-role',
        field: 'rotation_period',
        codes: ['STATIC_ROLE_MISSING_ROTATION_PERIOD', 'STATIC_ROLE_ROTATION_TOO_SHORT'],
      },
      {
        kind: 'root-config',
        field: 'secret_key',
        codes: ['ROOT_SECRET_KEY_WITHOUT_ACCESS_KEY', 'ROOT_ACCESS_KEY_WITHOUT_SECRET_KEY', 'ROOT_SECRET_IN_FILE'],
      },
      { kind: 'role', field: 'iam_groups', codes: [] },
    ];
    for (const c of cases) {
      const info = fieldInfo(c.kind, c.field);
      assert.ok(info, c.field);
      const markdown = fieldMarkdown(c.kind, info);
      assert.deepEqual(linkedCodes(markdown), c.codes, `${c.kind} ${c.field}`);
      assert.equal(markdown.includes('Checked by:'), c.codes.length > 0, c.field);
    }
    const unknown = fieldMarkdown('role', fieldInfo('role', 'credential_type') ?? assert.fail());
    assert.match(
      unknown,
      /`credential_type` is not one of the four credential types\.$/m,
      'notes for programs (data.suggestion) are left out',
    );
  });

  it('no field of any kind cites the spec ("seed 1"), and every linked code has its entry in docs/codes.md', () => {
    for (const kind of KINDS) {
      for (const name of fieldsFor(kind)) {
        const info = fieldInfo(kind, name) ?? assert.fail(name);
        const markdown = fieldMarkdown(kind, info);
        assert.doesNotMatch(markdown, /seed \d|Rule: /i, `${kind} ${info.name}`);
        assert.doesNotMatch(markdown, /data\./, `${kind} ${info.name}`);
        for (const code of linkedCodes(markdown))
          assert.ok(CODES_DOC.includes(`<a id="${code.toLowerCase()}"></a>`), code);
      }
    }
  });
});
