// Values a message lists (shared/src/history/collect-hits.ts, inProse): a word quoted inside a string of prose — a
// validation's error_message, an exception's text, a printed sentence — is shown, never sent or compared, in every
// language. The same value sent (a payload's list, JSON written in a string) or compared stays a use. Learned from
// held49 (a module's validation message listing the notification triggers: four wrong reports). Snippets written for
// these tests.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

const values = (text: string, fileName: string): string[] =>
  scanText(text, { fileName })
    .filter((m) => m.subject.type === 'status')
    .map((m) => `${m.line} ${m.subject.id}`);

describe('a value a message lists is no use; the same value sent or compared is', () => {
  it("Terraform: a validation's error_message", () => {
    const tf = [
      'variable "triggers" {',
      '  type = list(string)',
      '  validation {',
      '    condition     = alltrue([for t in var.triggers : contains(["assessment:drifted", "run:created"], t)])',
      "    error_message = \"Triggers: 'assessment:drifted' or 'assessment:failed'.\"",
      '  }',
      "  description = \"Triggers to notify on, such as 'assessment:failed' or 'assessment:drifted'.\"",
      '}',
      'resource "tfe_notification_configuration" "n" {',
      '  triggers = ["assessment:failed"]',
      '}',
    ].join('\n');
    assert.deepEqual(values(tf, 'variables.tf'), [
      '4 status notification-configurations assessment:drifted',
      '10 status notification-configurations assessment:failed',
    ]);
  });

  it('Python, TypeScript and shell: an exception, a print, an echo; JSON in a string stays', () => {
    const py = [
      'def create(ws_id, triggers):',
      '    for t in triggers:',
      '        if t not in ("run:created", "assessment:drifted"):',
      "            raise ValueError(\"trigger must be one of 'run:created', 'assessment:drifted' or 'assessment:failed'\")",
      '    body = {"data": {"type": "notification-configurations", "attributes": {"triggers": ["assessment:failed"]}}}',
      '    print("sending triggers such as \'assessment:drifted\' now")',
      '    return requests.post(f"https://app.terraform.io/api/v2/workspaces/{ws_id}/notification-configurations", json=body)',
    ].join('\n');
    assert.deepEqual(values(py, 'notify.py'), [
      '3 status notification-configurations assessment:drifted',
      '5 status notification-configurations assessment:failed',
    ]);
    const ts = [
      'export async function create(ws: string, triggers: string[]) {',
      '  for (const t of triggers)',
      "    if (!['assessment:drifted'].includes(t)) throw new Error(\"use 'assessment:drifted' or 'assessment:failed'\");",
      '  const body = \'{"data": {"type": "notification-configurations", "attributes": {"triggers": ["assessment:failed"]}}}\';',
      "  return fetch(`https://app.terraform.io/api/v2/workspaces/${ws}/notification-configurations`, { method: 'POST', body });",
      '}',
    ].join('\n');
    assert.deepEqual(values(ts, 'notify.ts'), [
      '3 status notification-configurations assessment:drifted',
      '4 status notification-configurations assessment:failed',
    ]);
    const sh = [
      '#!/bin/bash',
      'curl -s -X POST "https://app.terraform.io/api/v2/workspaces/$WS/notification-configurations" \\',
      '  -d \'{"data": {"type": "notification-configurations", "attributes": {"triggers": ["assessment:drifted"]}}}\'',
      "echo \"Triggers sent: 'assessment:drifted'. Others such as 'assessment:failed' are not set.\"",
    ].join('\n');
    assert.deepEqual(values(sh, 'notify.sh'), ['3 status notification-configurations assessment:drifted']);
  });

  it('a message with placeholders before the word, a write to the error stream; a read inside a placeholder stays', () => {
    const py = [
      'def check(status, run_id, run):',
      '    if status != "planned_and_saved":',
      '        raise RuntimeError(f"run {run_id} is {status!r}, wanted \'planned_and_saved\'")',
      '    sys.stderr.write("run is \'planned_and_saved\', waiting\\n")',
      "    print(f\"status {run['attributes']['status'] == 'planned_and_saved'}\")",
    ].join('\n');
    assert.deepEqual(values(py, 'check.py'), ['2 status runs planned_and_saved', '5 status runs planned_and_saved']);
    const ts = [
      'export function assertStatus(s: string): void {',
      "  if (s !== 'planned_and_saved') throw new Error(`run ${s}: expected 'planned_and_saved' before apply`);",
      '}',
    ].join('\n');
    assert.deepEqual(values(ts, 'check.ts'), ['2 status runs planned_and_saved']);
  });

  it('a command line or a query written in a string is no prose: the value it passes stays', () => {
    const py = [
      'run = requests.get(f"{TFE}/runs/{run_id}", headers=H).json()',
      'subprocess.run("tfx workspace run create --status \'planned_and_saved\'", shell=True)',
      'query = "select id from runs where status in (\'planned_and_saved\')"',
      'note = "the run waits in the queue until \'planned_and_saved\' is reached"',
    ].join('\n');
    assert.deepEqual(values(py, 'runs.py'), ['2 status runs planned_and_saved', '3 status runs planned_and_saved']);
  });
});

// A path Markdown's prose names in an inline code span, with no method (`` Use `/registry-modules/vcs`, not
// `/registry-modules` ``), is a mention: nothing is sent. A curl command in a fenced block, a path written with its
// method, stay. Learned from held51 (a skill's prose naming the module-creation endpoints: two wrong reports).
describe("a path Markdown's prose names is no request", () => {
  it('an inline code span in prose; a fenced block and a method stay', () => {
    const md = [
      '# Publishing',
      '',
      '```bash',
      'curl -s -X POST -H "Authorization: Bearer $TFE_TOKEN" \\',
      '  "https://app.terraform.io/api/v2/organizations/$ORG/registry-modules/vcs" -d @payload.json',
      '```',
      '',
      '- Use the `/registry-modules/vcs` endpoint, NOT `/registry-modules` (which creates non-VCS modules)',
      '- The `/runs` endpoint has a rate limit of its own.',
      '- Read them back with `GET /organizations/:organization_name/registry-modules`.',
      '',
      '```js',
      'const runs = `/runs`;',
      '```',
    ].join('\n');
    const found = scanText(md, { fileName: 'SKILL.md' }).map((m) => `${m.line} ${m.subject.id}`);
    // The fenced block's template literal is code, read as before (the one method the API has on the path).
    assert.deepEqual(found, [
      '5 endpoint POST /organizations/:organization_name/registry-modules/vcs',
      '10 endpoint GET /organizations/:organization_name/registry-modules',
      '13 endpoint POST /runs',
    ]);
  });
});
