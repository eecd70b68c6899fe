// runRules hands every rule one report function that reads the rule running now (no closure per
// rule and resource): each finding still carries the code and severity of the rule that made it,
// and a report made after the rules ran is refused rather than put on the wrong rule.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Problem } from '../../src/problem.ts';
import { defineRule, runRules, type Report, type RuleContext } from '../../src/rules/rule.ts';
import { parseFields } from '../../src/rules/parse-fields.ts';

const context: RuleContext = { input: {}, fields: parseFields('role', {}, '', new Set(), []), basePath: '' };

test('each finding has the code and severity of the rule that reported it, in order', () => {
  let kept: Report | undefined;
  const rules = [
    defineRule('role', 'ROLE_POLICY_REQUIRED', 'test', (_c, report) => {
      report({ path: '/a', message: 'first' });
      report({ path: '/b', message: 'second' });
    }),
    defineRule('role', 'ROLE_SESSION_TAG_LIMIT', 'test', () => undefined),
    defineRule('role', 'ROLE_TTL_PROVIDER_RANGE', 'test', (_c, report) => {
      kept = report;
      report({ path: '/c', message: 'third' });
      report({ path: '/d', message: 'fourth', severity: 'error' });
    }),
  ];
  const problems: Problem[] = [];
  runRules(rules, context, problems);
  assert.deepEqual(
    problems.map((p) => [p.code, p.severity, p.path]),
    [
      ['ROLE_POLICY_REQUIRED', 'error', '/a'],
      ['ROLE_POLICY_REQUIRED', 'error', '/b'],
      ['ROLE_TTL_PROVIDER_RANGE', 'warning', '/c'],
      ['ROLE_TTL_PROVIDER_RANGE', 'error', '/d'],
    ],
  );
  assert.throws(() => kept?.({ path: '/late', message: 'late' }), /after its check returned/);
  assert.equal(problems.length, 4);
});
