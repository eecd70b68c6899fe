import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { POLICY_DOC, renderPolicyDoc } from '../../../scripts/generate-policy-doc.ts';
import { CAPABILITIES, policyDocsUrl, RULE_KEY_DOCS } from '@keyfob/shared/policies';
import { POLICY_DOC_URL } from '../../src/policies/policy-language.ts';
import { CODES_DOC_URL } from '@keyfob/shared/codes';

test('docs/policies.md is what scripts/generate-policy-doc.ts writes now', () => {
  assert.equal(readFileSync(POLICY_DOC, 'utf8'), renderPolicyDoc(), 'run: npx tsx scripts/generate-policy-doc.ts');
});

test('hover links go to an anchor docs/policies.md has, beside docs/codes.md', () => {
  assert.equal(POLICY_DOC_URL, CODES_DOC_URL.replace(/codes\.md$/, 'policies.md'));
  const doc = readFileSync(POLICY_DOC, 'utf8');
  const entries = [...CAPABILITIES.map((capability) => ({ capability })), ...RULE_KEY_DOCS.map(({ key }) => ({ key }))];
  for (const entry of entries) {
    const anchor = new URL(policyDocsUrl(entry)).hash.slice(1);
    assert.ok(doc.includes(`<a id="${anchor}"></a>`), `no anchor "${anchor}" in docs/policies.md`);
  }
});
