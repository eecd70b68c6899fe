import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

/** Subject ids by 1-based line. */
function byLine(source: string, fileName: string): Map<number, string[]> {
  const found = new Map<number, string[]>();
  for (const m of scanText(source, { languageId: 'python', fileName }))
    found.set(m.line, [...(found.get(m.line) ?? []), m.subject.id]);
  return found;
}

const ENUMS = [
  'from enum import Enum',
  '',
  'class TaskStage(str, Enum):',
  '    PRE_PLAN = "pre_plan"',
  '    POST_PLAN = "post_plan"',
  '',
  'class TaskStatus(str, Enum):',
  '    PASSED = "passed"',
  '    FAILED = "failed"',
  '',
];

describe('run task enums (Python)', () => {
  it("in a file that handles run task requests, an enum named for the task's stage or status holds the request's stages and the result's statuses", () => {
    const source = [
      ...ENUMS,
      'class Request(BaseModel):',
      '    task_result_callback_url: str = Field(..., alias="task_result_callback_url")',
    ].join('\n');
    const found = byLine(source, 'models/handler.py');
    assert.deepEqual(found.get(4), ['attribute run task request stage']);
    assert.deepEqual(found.get(5), ['attribute run task request stage']);
    assert.deepEqual(found.get(8), ['attribute task-results status']);
    assert.deepEqual(found.get(9), ['attribute task-results status']);
  });

  it('elsewhere the same enums say nothing', () => {
    const found = byLine(ENUMS.join('\n'), 'models/handler.py');
    for (const line of [4, 5, 8, 9]) assert.equal(found.get(line), undefined);
  });
});

// A client that reads a run's task stages back (`GET /runs/{id}/task-stages`, the task results sideloaded) holds the
// task stages' own stage values, which the request shares: no run task request's stage, where it answers no request
// (no callback URL named). Learned from held51 (a script sorting the stages it read: four wrong reports).
describe('stage values in a client of the task stages', () => {
  it("a jq list sorting the stages read, a Go enum of a task stage's stage: no run task request's", () => {
    const sh = [
      '#!/bin/bash',
      'stages=$(curl -s -H "Authorization: Bearer $TOKEN" "https://app.terraform.io/api/v2/runs/$RUN_ID/task-stages?include=task_results")',
      'jq -n --argjson s "$stages" \'',
      '  ([$s.included[]? | select(.type == "task-results")] | INDEX(.id)) as $results |',
      '  ["pre_plan", "post_plan", "pre_apply", "post_apply"] as $order |',
      '  [$s.data[] | {stage: .attributes.stage}] | sort_by(.stage as $x | ($order | index($x)))',
      "'",
    ].join('\n');
    const found = scanText(sh, { fileName: 'stages.sh' }).map((m) => `${m.line} ${m.subject.id}`);
    assert.deepEqual(found, ['2 endpoint GET /runs/:run_id/task-stages', '4 resource - task-results']);
    // A run task server that reads the stages too answers a request: its stage values stay the request's.
    const server = ['callback_url=$(jq -r .task_result_callback_url "$REQUEST")', sh].join('\n');
    const stages = scanText(server, { fileName: 'stages.sh' }).filter((m) => m.line === 6);
    assert.deepEqual([...new Set(stages.map((m) => m.subject.id))], ['attribute run task request stage']);
    assert.equal(stages.length, 4);
  });
});
