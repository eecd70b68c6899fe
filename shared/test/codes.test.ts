import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { CODES_DOC, renderCodesDoc } from '../../scripts/generate-codes-doc.ts';
import { problemCodes } from '@keyfob/shared/codes';
import { ruleTable } from '@keyfob/shared/rules';

test('docs/codes.md is what scripts/generate-codes-doc.ts writes now', () => {
  assert.equal(readFileSync(CODES_DOC, 'utf8'), renderCodesDoc(), 'run: npx tsx scripts/generate-codes-doc.ts');
});

test('every code is UPPER_SNAKE with a summary and a severity', () => {
  for (const [code, info] of Object.entries(problemCodes)) {
    assert.match(code, /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/, code);
    assert.ok(info.summary.length > 10, code);
    assert.ok(['error', 'warning', 'info'].includes(info.severity), code);
  }
});

test('every rule of the table has its own code, a seed rule and the catalogue severity', () => {
  const seen = new Set<string>();
  for (const rule of ruleTable) {
    assert.ok(!seen.has(rule.code), `${rule.code} used by two rules`);
    seen.add(rule.code);
    assert.ok(rule.seedRule.length > 0, rule.code);
    assert.equal(rule.severity, problemCodes[rule.code].severity, rule.code);
  }
});

test('every rule-area code belongs to a rule of the table', () => {
  const ruleAreas = /^(ROLE|STATIC_ROLE|ROOT|LEASE|REQUEST|MANIFEST)_/;
  const inTable = new Set(ruleTable.map((r) => r.code));
  for (const code of Object.keys(problemCodes)) if (ruleAreas.test(code)) assert.ok(inTable.has(code as never), `${code} has no rule`);
});
