import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { replacementEdit, scanText } from '@keyfob/shared/history';

/** Applies non-overlapping edits (the same contract as the editor area's `applyEdits`). */
function apply(text: string, edits: readonly { start: number; end: number; newText: string }[]): string {
  return [...edits]
    .sort((a, b) => b.start - a.start)
    .reduce((out, e) => out.slice(0, e.start) + e.newText + out.slice(e.end), text);
}

const cases: {
  name: string;
  language: string;
  source: string;
  subject: string;
  after?: string;
  preferred?: boolean;
  title?: RegExp;
}[] = [
  {
    name: 'build-worker timeout alias renamed',
    language: 'json',
    source: '{ "terraform-build-worker-plan-timeout": "2h" }',
    subject: 'attribute general-settings platform-build-worker-plan-timeout',
    after: '{ "plan-timeout": "2h" }',
    preferred: true,
  },
  {
    name: 'build-worker apply timeout (Go struct tag)',
    language: 'go',
    source: 'type S struct {\n\tA string `jsonapi:"attr,terraform-build-worker-apply-timeout"`\n}',
    subject: 'attribute general-settings platform-build-worker-apply-timeout',
    after: 'type S struct {\n\tA string `jsonapi:"attr,apply-timeout"`\n}',
    preferred: true,
  },
  {
    name: 'enforce offered, not preferred',
    language: 'json',
    source: '{"data": {"type": "policies", "attributes": {"enforce": []}}}',
    subject: 'attribute policies enforce',
    after: '{"data": {"type": "policies", "attributes": {"enforcement-level": []}}}',
    preferred: false,
    title: /one level/,
  },
  {
    name: 'old delete-by-name endpoint: path and method rewritten, placeholders kept',
    language: 'typescript',
    source: 'await fetch(`${base}/api/v2/registry-modules/actions/delete/${org}/vpc`, { method: "POST" });',
    subject: 'endpoint POST /registry-modules/actions/delete/:organization_name/:name',
    after:
      'await fetch(`${base}/api/v2/organizations/${org}/registry-modules/private/${org}/vpc`, { method: "DELETE" });',
    preferred: true,
  },
  {
    name: 'a known base that is the API root (const base = …/api/v2): the path after it is rewritten in place',
    language: 'typescript',
    source:
      "const base = 'https://app.example.io/api/v2';\nfetch(`${base}/registry-modules/actions/delete/${org}/${name}`, { method: 'POST' });",
    subject: 'endpoint POST /registry-modules/actions/delete/:organization_name/:name',
    after:
      "const base = 'https://app.example.io/api/v2';\nfetch(`${base}/organizations/${org}/registry-modules/private/${org}/${name}`, { method: 'DELETE' });",
    preferred: true,
  },
  {
    name: 'old show endpoint in curl keeps the host',
    language: 'shellscript',
    source: 'curl https://tfe.example/api/v2/registry-modules/show/acme/vpc/aws',
    subject: 'endpoint GET /registry-modules/show/:organization_name/:name/:provider',
    after: 'curl https://tfe.example/api/v2/organizations/acme/registry-modules/private/acme/vpc/aws',
    preferred: true,
  },
  {
    name: 'Python client call: method call renamed in its own style',
    language: 'python',
    source: 'requests.post(f"{BASE}/registry-modules/actions/delete/{org}/vpc/aws/1.2.0")',
    subject: 'endpoint POST /registry-modules/actions/delete/:organization_name/:name/:provider/:version',
    after: 'requests.delete(f"{BASE}/organizations/{org}/registry-modules/private/{org}/vpc/aws/1.2.0")',
    preferred: true,
  },
  {
    name: 'Go method constant renamed',
    language: 'go',
    source:
      'u := fmt.Sprintf("%s/api/v2/registry-modules/actions/delete/%s/%s", base, org, name)\nreq, _ := http.NewRequest(http.MethodPost, u, nil)',
    subject: 'endpoint POST /registry-modules/actions/delete/:organization_name/:name',
    after:
      'u := fmt.Sprintf("%s/api/v2/organizations/%s/registry-modules/private/%s/%s", base, org, name)\nreq, _ := http.NewRequest(http.MethodDelete, u, nil)',
    preferred: true,
  },
  {
    name: "Rust surf's Method::Post renamed in its own style, on the call's own line below",
    language: 'rust',
    source:
      'let url = Url::parse(&format!("{}/registry-modules/actions/delete/{}/{}", BASE_URL, org, name))?;\nlet req = build_request(\n    Method::Post,\n    url,\n    None,\n);',
    subject: 'endpoint POST /registry-modules/actions/delete/:organization_name/:name',
    after:
      'let url = Url::parse(&format!("{}/organizations/{}/registry-modules/private/{}/{}", BASE_URL, org, name))?;\nlet req = build_request(\n    Method::Delete,\n    url,\n    None,\n);',
    preferred: true,
  },
  {
    name: 'new path needs the organization: left as a parameter, not preferred',
    language: 'typescript',
    source: 'client.post("/registry-modules", body);',
    subject: 'endpoint POST /registry-modules',
    after: 'client.post("/organizations/:organization_name/registry-modules/vcs", body);',
    preferred: false,
    title: /fill in :organization_name/,
  },
  {
    name: 'admin module sharing: same parameter, new path',
    language: 'shellscript',
    source: 'curl -X PATCH "$ADDR/api/v2/admin/organizations/acme/module-consumers"',
    subject: 'endpoint PATCH /admin/organizations/:name/module-consumers',
    after: 'curl -X PATCH "$ADDR/api/v2/admin/organizations/acme/relationships/module-consumers"',
    preferred: true,
  },
  {
    name: 'policy checks: the successor takes other ids',
    language: 'typescript',
    source: 'fetch(`/runs/${run}/policy-checks`)',
    subject: 'endpoint GET /runs/:run_id/policy-checks',
  },
  {
    name: 'a concatenation is not rewritten',
    language: 'typescript',
    source: 'fetch("/registry-modules/show/" + org + "/vpc/aws")',
    subject: 'endpoint GET /registry-modules/show/:organization_name/:name/:provider',
  },
  {
    name: 'stage to stages changes the value shape',
    language: 'json',
    source: '{"data": {"type": "workspace-tasks", "attributes": {"stage": "pre_plan"}}}',
    subject: 'attribute workspace-tasks stage',
  },
  {
    name: 'a current subject has no replacement',
    language: 'json',
    source: '{"auto-apply-run-trigger": true}',
    subject: 'attribute workspaces auto-apply-run-trigger',
  },
];

describe('replacementEdit', () => {
  for (const c of cases) {
    it(c.name, () => {
      const match = scanText(c.source, { languageId: c.language }).find((m) => m.subject.id === c.subject);
      assert.ok(match, `no ${c.subject} in ${c.source}`);
      const edit = replacementEdit(match);
      if (c.after === undefined) {
        assert.equal(edit, undefined);
        return;
      }
      assert.ok(edit);
      assert.equal(apply(c.source, edit.edits), c.after);
      assert.equal(edit.isPreferred, c.preferred);
      if (c.title) assert.match(edit.title, c.title);
    });
  }
});
