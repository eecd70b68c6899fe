import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeApplyOutcome, type Plan, type PlanStep } from '@keyfob/shared/apply';
import { applyOutcome } from '../../src/apply/apply-outcome.ts';

const step = (op: PlanStep['op'], kind: PlanStep['kind'], name: string): PlanStep => ({ op, kind, name, fields: [] });
const plan: Plan = {
  steps: [
    step('create', 'role', 'a'),
    step('unchanged', 'role', 'b'),
    step('replace', 'role', 'c'),
    step('create', 'static-role', 'd'),
    step('delete', 'role', 'e'),
  ],
  problems: [],
  changed: true,
};

describe('applyOutcome', () => {
  const cases: {
    done: number;
    applied: string[];
    failed: string | undefined;
    notAttempted: string[];
    lines: RegExp[];
  }[] = [
    {
      done: 4,
      applied: ['a', 'c', 'd', 'e'],
      failed: undefined,
      notAttempted: [],
      lines: [/^applied 4 of 4 changes:$/],
    },
    {
      done: 0,
      applied: [],
      failed: 'a',
      notAttempted: ['c', 'd', 'e'],
      lines: [
        /^applied 0 of 4 changes; the engine now holds only these:$/,
        /^ {2}\(none\)$/,
        /^not applied: 4$/,
        /^ {2}\+ role a: failed$/,
        /^ {2}- role e: not attempted$/,
      ],
    },
    {
      done: 1,
      applied: ['a'],
      failed: 'c',
      notAttempted: ['d', 'e'],
      lines: [/^ {2}-\/\+ role c: failed \(its old version may already be deleted\)$/],
    },
    {
      done: 2,
      applied: ['a', 'c'],
      failed: 'd',
      notAttempted: ['e'],
      lines: [/^ {2}\+ static-role d: failed$/, /^ {2}- role e: not attempted$/],
    },
  ];
  for (const c of cases) {
    it(`after ${c.done} changes made`, () => {
      const outcome = applyOutcome(plan, c.done);
      assert.deepEqual(
        outcome.applied.map((s) => s.name),
        c.applied,
      );
      assert.equal(outcome.failed?.name, c.failed);
      assert.deepEqual(
        outcome.notAttempted.map((s) => s.name),
        c.notAttempted,
      );
      const lines = describeApplyOutcome(outcome);
      for (const line of c.lines)
        assert.ok(
          lines.some((l) => line.test(l)),
          `${line} not in:\n${lines.join('\n')}`,
        );
      assert.ok(!lines.some((l) => / b\b/.test(l)), 'an unchanged step is neither applied nor not applied');
    });
  }
});
