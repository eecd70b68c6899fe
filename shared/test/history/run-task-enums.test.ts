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
