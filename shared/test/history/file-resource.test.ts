// A file named for a resource (`agentpool_create.go`, `projects.py`) is about that resource: where
// nothing near a distinct attribute name says whose it is, another resource's attribute of that name is
// not meant, unless the file names that resource somewhere (a type value, a path).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

const found = (text: string, fileName: string): string[] =>
  scanText(text, { fileName })
    .filter((m) => m.subject.type !== 'endpoint')
    .map((m) => `${m.line} ${m.subject.id}`);

describe("history: a file's name says which resource its attributes are", () => {
  it("a CLI flag in an agent pool command is the agent pool's, not an OAuth client's", () => {
    const text = 'flags.BoolVar(&c.scoped, "organization-scoped", false, "Make the pool organization scoped")';
    assert.deepEqual(found(text, 'command/agentpool_create.go'), ['1 attribute agent-pools organization-scoped']);
    // In a file named for nothing, the name alone decides as before.
    assert.deepEqual(found(text, 'command/flags.go'), ['1 attribute oauth-clients organization-scoped']);
  });

  it("a field read from a project's response is not the workspace attribute", () => {
    const text = [
      'def read(self, project_id):',
      '    r = self.t.request("GET", path)',
      '    attr = r.json()["data"].get("attributes", {})',
      '    return Project(destroy_at=attr.get("auto-destroy-at"))',
    ].join('\n');
    assert.deepEqual(found(text, 'resources/projects.py'), []);
    assert.deepEqual(found(text, 'resources/helpers.py'), ['4 attribute workspaces auto-destroy-at']);
  });

  it('a file that names the resource elsewhere keeps the name, and status values are the same anywhere', () => {
    const text = [
      'const cv = await client.post(url, { data: { type: "configuration-versions", attributes: {} } })',
      ...Array.from({ length: 20 }, (_, i) => `const step${i} = ${i}`),
      "await upload(cv.data.data.attributes['upload-url'])",
      'if (run.status === "planned_and_saved") done()',
    ].join('\n');
    assert.deepEqual(
      found(text, 'src/run.ts').filter((m) => !m.includes('resource -')),
      ['22 attribute configuration-versions upload-url', '23 status runs planned_and_saved'],
    );
    assert.deepEqual(found('const done = ["planned_and_saved", "applied"]', 'tasks.ts'), [
      '1 status runs planned_and_saved',
    ]);
  });
});
