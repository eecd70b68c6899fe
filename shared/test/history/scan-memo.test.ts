import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanProject, scanText } from '@keyfob/shared/history';

/**
 * A scan keeps what it derives from a text with that scan (`Lines.memo`), never in a module-level cache keyed by the
 * text: a second scan of the same text must do all the work of the first (the bench times repeated scans of one
 * text, and a user's editor never scans one text twice in a row). Counted here: the text searches a scan makes
 * (every regular expression execution, `includes`, `indexOf`), which a cache left from the first scan would skip.
 * A scan of another text of the same kind comes first: what is built once per index or name (the lexicon, its
 * patterns) is built there, and the two scans compared do the same work only when neither keeps the text's own.
 */
function searches<T>(run: () => T): { result: T; count: number } {
  let count = 0;
  const restore = [
    counted(RegExp.prototype, 'exec', () => count++),
    counted(String.prototype, 'includes', () => count++),
    counted(String.prototype, 'indexOf', () => count++),
  ];
  try {
    return { result: run(), count };
  } finally {
    for (const r of restore) r();
  }
}

/** Replaces a prototype's method by one that tallies its calls; returns what puts the method back. */
function counted(proto: object, name: string, tally: () => void): () => void {
  const original = Object.getOwnPropertyDescriptor(proto, name);
  assert.ok(original !== undefined);
  const method = original.value as (...args: unknown[]) => unknown;
  Object.defineProperty(proto, name, {
    ...original,
    value: function (this: unknown, ...args: unknown[]): unknown {
      tally();
      return method.apply(this, args);
    },
  });
  return () => Object.defineProperty(proto, name, original);
}

/** Texts whose readers derive data once per text: each kind the history matcher keeps per scan. */
const TEXTS: readonly { readonly name: string; readonly languageId: string; readonly text: string }[] = [
  {
    name: 'a run task server naming its callback URL (Python)',
    languageId: 'python',
    text: [
      'def handle(payload):',
      '    callback_url = payload["task_result_callback_url"]',
      '    stage = payload["stage"]',
      '    requests.patch(callback_url, json={"data": {"type": "task-results", "attributes": {"status": "passed"}}})',
    ].join('\n'),
  },
  {
    name: 'terrasnek calls (Python)',
    languageId: 'python',
    text: [
      'from terrasnek.api import TFC',
      'api = TFC(token, url=TFE_URL)',
      'ws = api.workspaces.show(workspace_name="prod")',
      'api.agents.destroy_pool(pool_id)',
    ].join('\n'),
  },
  {
    name: 'go-tfe calls and a struct (Go)',
    languageId: 'go',
    text: [
      'package main',
      '',
      'import (',
      '\ttfe "github.com/hashicorp/go-tfe"',
      ')',
      '',
      'type Settings struct {',
      '\tName string `json:"name"`',
      '}',
      '',
      'func run(ctx context.Context, client *tfe.Client) {',
      '\tws, _ := client.Workspaces.Read(ctx, "org", "ws")',
      '\topts := tfe.WorkspaceUpdateOptions{AutoApply: tfe.Bool(true)}',
      '\tclient.Workspaces.Update(ctx, "org", ws.Name, opts)',
      '}',
    ].join('\n'),
  },
  {
    name: 'a client instance on the API root (TypeScript)',
    languageId: 'typescript',
    text: [
      'const api = axios.create({ baseURL: "https://app.terraform.io/api/v2" });',
      'export async function start(body: unknown) {',
      '  return api.post("runs", body);',
      '}',
    ].join('\n'),
  },
  {
    name: 'a shell function read through jq',
    languageId: 'shellscript',
    text: [
      'list_projects() {',
      '  curl -s -H "Authorization: Bearer $TOKEN" "https://$TFE/api/v2/organizations/$ORG/projects"',
      '}',
      '',
      "list_projects | jq -r '.data[].attributes.name'",
    ].join('\n'),
  },
  {
    name: 'a helper that sends its parameter (Python)',
    languageId: 'python',
    text: [
      'def run_request(token, url, payload, kind):',
      '    if kind == "post":',
      '        return requests.post(url, json=payload, headers=auth(token))',
      '    return requests.get(url, headers=auth(token))',
      '',
      'def start(org):',
      '    run_request(token, f"https://app.terraform.io/api/v2/organizations/{org}/projects", body, "post")',
    ].join('\n'),
  },
  {
    name: 'a URL held in a variable (PowerShell)',
    languageId: 'powershell',
    text: [
      '$uri = "https://app.terraform.io/api/v2/organizations/$org/projects"',
      'Write-Verbose "GET $uri"',
      'Invoke-RestMethod -Method Post -Uri $uri -Headers $headers',
    ].join('\n'),
  },
];

describe('per-text data lives with one scan (Lines.memo)', () => {
  for (const { name, languageId, text } of TEXTS)
    it(`a second scan of the same text searches it as much as the first: ${name}`, () => {
      scanText(`${text}\n`, { languageId, apiElsewhere: true });
      const first = searches(() => scanText(text, { languageId, apiElsewhere: true }));
      const second = searches(() => scanText(text, { languageId, apiElsewhere: true }));
      assert.ok(first.count > 0);
      assert.deepEqual(second.result, first.result);
      assert.equal(second.count, first.count);
    });

  it('a project scanned twice searches its files as much each time', () => {
    const files = TEXTS.map(({ languageId, text }) => ({ text, languageId }));
    scanProject(files.map((f) => ({ ...f, text: `${f.text}\n` })));
    const first = searches(() => scanProject(files));
    const second = searches(() => scanProject(files));
    assert.deepEqual(second.result, first.result);
    assert.equal(second.count, first.count);
  });

  it('the texts scanned give matches (the counts compare real work)', () => {
    // Each text is read as a file of a project naming this API (`apiElsewhere`), as in the project test above.
    for (const { name, languageId, text } of TEXTS)
      assert.ok(scanText(text, { languageId, apiElsewhere: true }).length > 0, `${name}: no match`);
  });
});
