import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deprecationDiagnostics, HISTORY_DEPRECATED } from '../../../src/editor/history/deprecation-diagnostics.ts';
import { applyEdits } from '../../../src/editor/text-edit.ts';
import { scanText } from '../../../src/history/scan-text.ts';
import { parseTarget } from '../../../src/history/target.ts';

interface Case {
  readonly name: string;
  readonly languageId: string;
  readonly text: string;
  /** The diagnostic: 1-based line, column, exclusive end column, severity, and the start of its message. */
  readonly at: readonly [line: number, column: number, endColumn: number];
  readonly severity: 'warning' | 'info';
  readonly message: RegExp;
  /** The quick fix, when there is a textual one: title, preferred, the whole fixed text. */
  readonly fix?: { readonly title: RegExp; readonly preferred: boolean; readonly expected: string };
}

const CASES: readonly Case[] = [
  {
    name: 'TypeScript: POST /registry-modules moves under the organization; its id must be filled in',
    languageId: 'typescript',
    text: "const base = 'https://app.example.io/api/v2';\nexport const publish = () => fetch(`${base}/registry-modules`, { method: 'POST', body });\n",
    at: [2, 37, 61],
    severity: 'warning',
    message:
      /^POST \/registry-modules is deprecated since 2021-06-08: use POST \/organizations\/:organization_name\/registry-modules\/vcs$/,
    fix: {
      title:
        /^Use POST \/organizations\/:organization_name\/registry-modules\/vcs \(then fill in :organization_name\)$/,
      preferred: false,
      expected:
        "const base = 'https://app.example.io/api/v2';\nexport const publish = () => fetch(`${base}/organizations/:organization_name/registry-modules/vcs`, { method: 'POST', body });\n",
    },
  },
  {
    name: 'TypeScript: the old delete action becomes DELETE on the org-scoped path, placeholders kept',
    languageId: 'typescript',
    text: "export const remove = (org: string, name: string) => fetch(`${base}/registry-modules/actions/delete/${org}/${name}`, { method: 'POST' });\n",
    at: [1, 61, 115],
    severity: 'warning',
    message:
      /^POST \/registry-modules\/actions\/delete\/:organization_name\/:name is deprecated since 2021-06-08: use DELETE /,
    fix: {
      title: /^Use DELETE \/organizations\/:organization_name\/registry-modules\/:registry_name\/:namespace\/:name$/,
      preferred: true,
      expected:
        "export const remove = (org: string, name: string) => fetch(`${base}/organizations/${org}/registry-modules/private/${org}/${name}`, { method: 'DELETE' });\n",
    },
  },
  {
    name: 'Python: requests.post becomes requests.delete',
    languageId: 'python',
    text: "requests.post(f'{BASE}/registry-modules/actions/delete/{org}/{name}/{provider}', headers=h)\n",
    at: [1, 17, 79],
    severity: 'warning',
    message: /deprecated since 2021-06-08/,
    fix: {
      title: /^Use DELETE /,
      preferred: true,
      expected:
        "requests.delete(f'{BASE}/organizations/{org}/registry-modules/private/{org}/{name}/{provider}', headers=h)\n",
    },
  },
  {
    name: 'shell: curl -X POST becomes -X DELETE, host and /api/v2 kept',
    languageId: 'shellscript',
    text: 'curl -X POST https://app.example.io/api/v2/registry-modules/actions/delete/acme/vpc/aws/1.0.0 -H "$AUTH"\n',
    at: [1, 14, 94],
    severity: 'warning',
    message: /^POST \/registry-modules\/actions\/delete\/:organization_name\/:name\/:provider\/:version is deprecated/,
    fix: {
      title: /^Use DELETE /,
      preferred: true,
      expected:
        'curl -X DELETE https://app.example.io/api/v2/organizations/acme/registry-modules/private/acme/vpc/aws/1.0.0 -H "$AUTH"\n',
    },
  },
  {
    name: 'JSON: the self-hosted worker apply timeout is renamed (preferred: same value)',
    languageId: 'json',
    text: '{\n  "data": {\n    "type": "general-settings",\n    "attributes": { "platform-build-worker-apply-timeout": "1h" }\n  }\n}\n',
    at: [4, 22, 57],
    severity: 'warning',
    message:
      /^platform-build-worker-apply-timeout \(general-settings\) is deprecated since 2024-08-01: use apply-timeout$/,
    fix: {
      title: /^Rename to apply-timeout$/,
      preferred: true,
      expected:
        '{\n  "data": {\n    "type": "general-settings",\n    "attributes": { "apply-timeout": "1h" }\n  }\n}\n',
    },
  },
  {
    name: 'HCL: the old terraform- alias of the plan timeout is renamed too',
    languageId: 'terraform',
    text: 'locals {\n  settings = { "terraform-build-worker-plan-timeout" = "2h" }\n}\n',
    at: [2, 17, 52],
    severity: 'warning',
    message:
      /^platform-build-worker-plan-timeout \(general-settings\) is deprecated since 2024-08-01: use plan-timeout$/,
    fix: {
      title: /^Rename to plan-timeout$/,
      preferred: true,
      expected: 'locals {\n  settings = { "plan-timeout" = "2h" }\n}\n',
    },
  },
  {
    name: 'YAML: enforce (found by its policies context, so information) to enforcement-level, not preferred',
    languageId: 'yaml',
    text: 'data:\n  type: policies\n  attributes:\n    enforce:\n      - path: a.sentinel\n        mode: advisory\n',
    at: [4, 5, 12],
    severity: 'info',
    message: /^enforce \(policies\) is deprecated since 2023-05-25: use enforcement-level$/,
    fix: {
      title: /^Use enforcement-level \(takes one level instead of the enforce array\)$/,
      preferred: false,
      expected:
        'data:\n  type: policies\n  attributes:\n    enforcement-level:\n      - path: a.sentinel\n        mode: advisory\n',
    },
  },
  {
    name: 'the module-consumers endpoint moves under relationships',
    languageId: 'shellscript',
    text: 'curl -X PATCH https://app.example.io/api/v2/admin/organizations/acme/module-consumers -d @body.json\n',
    at: [1, 15, 86],
    severity: 'warning',
    message: /^PATCH \/admin\/organizations\/:name\/module-consumers is deprecated since 2021-03-23/,
    fix: {
      title: /^Use PATCH \/admin\/organizations\/:name\/relationships\/module-consumers$/,
      preferred: true,
      expected:
        'curl -X PATCH https://app.example.io/api/v2/admin/organizations/acme/relationships/module-consumers -d @body.json\n',
    },
  },
  {
    name: 'policy checks: deprecated, but the successor needs other ids, so no fix',
    languageId: 'typescript',
    text: 'fetch(`${base}/runs/${id}/policy-checks`)\n',
    at: [1, 8, 40],
    severity: 'warning',
    message:
      /^GET \/runs\/:run_id\/policy-checks is deprecated since 2024-09-02, removal announced for 2025-08: use GET \/task-stages\/:task_stage_id\/policy-evaluations$/,
  },
  {
    name: 'Go concatenation: deprecated, no rewrite of a path split over literals',
    languageId: 'go',
    text: 'req, _ := http.NewRequest(http.MethodGet, base+"/registry-modules/show/"+org+"/"+name+"/"+provider, nil)\n',
    at: [1, 49, 91],
    severity: 'warning',
    message: /^GET \/registry-modules\/show\/:organization_name\/:name\/:provider is deprecated since 2021-06-08/,
  },
];

describe('deprecationDiagnostics: range, severity, message and the quick fix result', () => {
  for (const c of CASES) {
    it(c.name, () => {
      const found = deprecationDiagnostics(scanText(c.text, { languageId: c.languageId }));
      assert.equal(found.length, 1, found.map((d) => d.message).join('\n'));
      const [d] = found;
      assert.ok(d);
      assert.equal(d.code, HISTORY_DEPRECATED);
      assert.deepEqual([d.line, d.column, d.endColumn], c.at);
      assert.equal(d.severity, c.severity);
      assert.match(d.message, c.message);
      if (!c.fix) {
        assert.equal(d.fix, undefined);
        return;
      }
      assert.ok(d.fix, 'a textual fix');
      assert.match(d.fix.title, c.fix.title);
      assert.equal(d.fix.isPreferred, c.fix.preferred);
      assert.equal(applyEdits(c.text, d.fix.edits), c.fix.expected);
    });
  }
});

describe('deprecationDiagnostics: targets and what is not deprecated', () => {
  const TEXT =
    '{ "data": { "type": "general-settings", "attributes": { "platform-build-worker-plan-timeout": "2h", "priority": true } } }';

  it('a deprecation after the target is information, says why, and its fix is not preferred', () => {
    const target = parseTarget('self-hosted@v202207-1');
    assert.ok(target.ok);
    const [d] = deprecationDiagnostics(scanText(TEXT, { languageId: 'json' }), target.target);
    assert.equal(d?.severity, 'info');
    assert.match(
      d?.message ?? '',
      /deprecated since 2024-08-01 \(after self-hosted v202207-1, where the replacement may not exist yet\): use plan-timeout$/,
    );
    assert.equal(d?.fix?.isPreferred, false);
  });

  it('a deprecation before the target stays a warning', () => {
    const target = parseTarget('2025-01-01');
    assert.ok(target.ok);
    assert.equal(deprecationDiagnostics(scanText(TEXT, { languageId: 'json' }), target.target)[0]?.severity, 'warning');
  });

  it('ordinary code and subjects that are not deprecated get no diagnostic', () => {
    const text =
      "const ui = { name: 'button', enabled: true, enforce: 1 };\nfetch(`${base}/workspaces/${ws}/relationships/tags`, { method: 'DELETE' });\n";
    assert.deepEqual(deprecationDiagnostics(scanText(text, { languageId: 'typescript' })), []);
  });
});
