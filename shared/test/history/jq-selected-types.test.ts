// jq reads of the objects a filter keeps by type (shared/src/history/jq-reads.ts `jqSelectedType`): sideloaded
// `included` objects selected with `select(.type == "…")`, directly, in an array, or through a variable bound to them.
// Scripts written for these tests.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

const attributes = (text: string): string[] =>
  scanText(text, { fileName: 'scripts/results.sh' })
    .filter((m) => m.subject.type === 'attribute')
    .map((m) => `${m.line} ${m.text} ${m.subject.id}`);

const script = [
  '#!/usr/bin/env bash', //                                                                      1
  'set -euo pipefail',
  'resp=$(curl -sf -H "Authorization: Bearer $TFE_TOKEN" \\',
  '  "https://app.terraform.io/api/v2/runs/${RUN_ID}/task-stages?include=task_results")',
  'failed=$(echo "$resp" | jq \'[.included[]? | select(.type == "task-results") | select(.attributes.status == "errored")] | length\')',
  'summary=$(jq -n --argjson s "$resp" \'', //                                                   6
  '  ([$s.included[]? | select(.type == "task-results")] | INDEX(.id)) as $by_id |',
  '  [ $s.data[] | {',
  '      stage: .attributes.status,',
  '      results: [ .relationships["task-results"].data[]? | .id as $rid | $by_id[$rid] | {', //    10
  '          status: .attributes.status',
  '      } ]',
  '  } ]',
  "')",
  'echo "$failed $summary"', //                                                                  15
].join('\n');

describe('jq reads of objects kept by type', () => {
  it('a selection in the pipeline, and a variable bound to an array of them, give the type', () => {
    const rows = attributes(script);
    assert.ok(rows.includes('5 status attribute task-results status'), rows.join('\n'));
    assert.ok(rows.includes('11 status attribute task-results status'), rows.join('\n'));
  });

  it("the stages' own reads (no selection before them) are not the selected type's", () => {
    const rows = attributes(script);
    // `status` is a key task results have too: the stage's own is not theirs.
    assert.ok(!rows.some((r) => r.startsWith('9 ') && r.includes('task-results')), rows.join('\n'));
  });

  it('a selection in a sibling entry of the object says nothing of the next entry', () => {
    const text = [
      'resp=$(curl -sf "https://app.terraform.io/api/v2/runs/${RUN_ID}/task-stages?include=task_results")',
      'echo "$resp" | jq \'{ n: ([.included[] | select(.type == "task-results")] | length), s: .included[0].attributes.status }\'',
    ].join('\n');
    assert.deepEqual(attributes(text), []);
  });
});

describe('a jq payload’s relationships', () => {
  it('the relationship names of a payload built by jq are its type’s', () => {
    const text = [
      'PAYLOAD=$(jq -n --arg name "$WS" --arg pid "$PROJECT_ID" \'{',
      '  data: {',
      '    type: "workspaces",',
      '    attributes: { name: $name },',
      '    relationships: { project: { data: { type: "projects", id: $pid } } }',
      '  }',
      "}')",
      'curl -s -X POST -d "$PAYLOAD" "https://app.terraform.io/api/v2/organizations/${ORG}/workspaces"',
    ].join('\n');
    assert.ok(attributes(text).includes('5 project attribute workspaces project'), attributes(text).join('\n'));
  });
});

describe('a jq step fed the attributes', () => {
  it('`.data.attributes | [.name, .readme]` reads readme of the response’s resource; a second step’s paths do not', () => {
    const text = [
      'curl -sf -H "Authorization: Bearer $TFE_TOKEN" "https://app.terraform.io/api/v2/workspaces/$WS" | jq -r ".data.attributes | [.name, .readme] | @tsv"',
      'curl -sf "https://app.terraform.io/api/v2/workspaces/$WS" | jq -r ".data.attributes | .vcs.readme"',
    ].join('\n');
    assert.deepEqual(attributes(text), ['1 readme attribute workspaces readme']);
  });
});
