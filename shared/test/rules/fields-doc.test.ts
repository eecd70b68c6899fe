import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { FIELD_SECTIONS, FIELDS_DOC, renderFieldsDoc } from '../../../scripts/generate-fields-doc.ts';

test('docs/fields.md is what scripts/generate-fields-doc.ts writes from the wire tables now', () => {
  assert.equal(readFileSync(FIELDS_DOC, 'utf8'), renderFieldsDoc(), 'run: npx tsx scripts/generate-fields-doc.ts');
});

test('every row of every wire table has its line, with its kind and typed property', () => {
  const doc = renderFieldsDoc();
  for (const section of FIELD_SECTIONS)
    for (const row of section.rows)
      assert.match(
        doc,
        new RegExp(`^\\| \`${row.wire}\`[^|]* \\| ${row.kind} \\| \`${row.field}\` \\|`, 'm'),
        row.wire,
      );
});

test('a row added to a table shows in the doc, one removed leaves it, with nothing else written', () => {
  const [role, ...rest] = FIELD_SECTIONS;
  assert.ok(role);
  const added = { field: 'sourceIdentity', wire: 'source_identity', kind: 'text' } as const;
  const grown = renderFieldsDoc([{ ...role, rows: [...role.rows, added] }, ...rest]);
  assert.match(grown, /^\| `source_identity` \| text \| `sourceIdentity` \| `""` \| {2}\|$/m);
  const shrunk = renderFieldsDoc([{ ...role, rows: role.rows.filter((row) => row.wire !== 'external_id') }, ...rest]);
  assert.equal(shrunk.includes('| `external_id` |'), false);
  assert.equal(renderFieldsDoc().includes('| `external_id` | text | `externalId` |'), true);
});
