import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { renderTerraformDoc, TERRAFORM_DOC } from '../../../scripts/generate-terraform-doc.ts';

test('docs/terraform.md is what scripts/generate-terraform-doc.ts writes from the mapping table now', () => {
  assert.equal(
    readFileSync(TERRAFORM_DOC, 'utf8'),
    renderTerraformDoc(),
    'run: npx tsx scripts/generate-terraform-doc.ts',
  );
});
