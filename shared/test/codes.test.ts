import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { CODES_DOC, renderCodesDoc } from '../../scripts/generate-codes-doc.ts';
import { CODES_DOC_URL, codeDocsUrl, problemCodes } from '@keyfob/shared/codes';
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
  for (const code of Object.keys(problemCodes))
    if (ruleAreas.test(code)) assert.ok(inTable.has(code as never), `${code} has no rule`);
});

test('code links go to the repository\'s docs/codes.md (the published packages\' "repository"), to an anchor the file has', () => {
  for (const workspace of ['cli', 'extension']) {
    const manifest = JSON.parse(readFileSync(new URL(`../../${workspace}/package.json`, import.meta.url), 'utf8')) as {
      repository?: { url?: string };
    };
    const web = (manifest.repository?.url ?? '').replace(/^git\+/, '').replace(/\.git$/, '');
    assert.equal(CODES_DOC_URL, `${web}/blob/main/docs/codes.md`, `${workspace}/package.json`);
  }
  const doc = readFileSync(CODES_DOC, 'utf8');
  for (const code of Object.keys(problemCodes)) {
    const anchor = new URL(codeDocsUrl(code)).hash.slice(1);
    assert.ok(doc.includes(`<a id="${anchor}"></a>\`${code}\``), `${code}: no anchor "${anchor}" in docs/codes.md`);
  }
});
