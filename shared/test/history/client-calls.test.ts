// Calls of a client of this API that no table maps (shared/src/history/client-calls.ts): a verb-and-resource
// method called directly on an object known to be this API's client, in any language with method calls.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

/** `line subject-id` of every endpoint match. */
const found = (text: string, languageId: string): string[] =>
  scanText(text, { languageId })
    .filter((m) => m.subject.id.startsWith('endpoint '))
    .map((m) => `${m.line} ${m.subject.id}`);

describe('calls of a client of this API nobody mapped (client-calls.ts)', () => {
  it('Go: a third-party client from its constructor, a field of its type', () => {
    const text = [
      'func load(token string) {',
      '\ttfe2client := tfe.New(token, tfe.DefaultBaseURL)',
      '\torganizations, err := tfe2client.ListOrganizations()',
      '\tfor _, organization := range organizations {',
      '\t\tworkspaces, err := tfe2client.ListWorkspaces(organization.ID)',
      '\t}',
      '}',
      'type lookup struct { api *tfe.Client }',
      'func (l *lookup) drop(id string) { l.api.GetWorkspace(id) }',
      'func (l *lookup) other(org, ws string) { l.api.ListStateVersions(org, ws) }',
    ].join('\n');
    assert.deepEqual(found(text, 'go'), [
      '3 endpoint GET /organizations',
      '5 endpoint GET /organizations/:organization_name/workspaces',
      '9 endpoint GET /workspaces/:workspace_id',
    ]);
  });

  it('Python: a hand-written class held by an attribute, a client named as such', () => {
    const text = [
      'class Sync:',
      '    def __init__(self, token):',
      '        self.client = TFC(token)',
      '    def run(self, org, name):',
      '        ws = self.client.get_workspace(org, name)',
      '        tfc.create_run(ws_id)',
      '        self.client.list_workspaces(org)',
    ].join('\n');
    assert.deepEqual(found(text, 'python'), [
      '5 endpoint GET /organizations/:organization_name/workspaces/:name',
      '6 endpoint POST /runs',
      '7 endpoint GET /organizations/:organization_name/workspaces',
    ]);
  });

  it('Java, TypeScript, Ruby: declared types and constructors', () => {
    const java = [
      'private final TfcClient tfcClient;',
      'List<PolicyCheck> checks = tfcClient.listPolicyChecks(runId);',
    ].join('\n');
    assert.deepEqual(found(java, 'java'), ['2 endpoint GET /runs/:run_id/policy-checks']);
    const ts = ['const api = new TerraformCloudClient(token);', 'await api.createProject(orgName, body);'].join('\n');
    assert.deepEqual(found(ts, 'typescript'), ['2 endpoint POST /organizations/:organization_name/projects']);
    const ruby = ['@client = TFE::Client.new(token: t)', 'ws = @client.show_workspace(workspace_id)'].join('\n');
    assert.deepEqual(found(ruby, 'ruby'), ['2 endpoint GET /workspaces/:workspace_id']);
  });

  it('must not: a receiver not known to be a client of this API, another API, comments', () => {
    const go = [
      'cache := lru.New(10)',
      'cache.ListWorkspaces()',
      'gh := github.NewClient(nil)',
      'gh.ListRepos(org)',
      'c := tfe.New(token, tfe.DefaultBaseURL)',
      '// c.ListOrganizations()',
      'c.ListItems()',
    ].join('\n');
    assert.deepEqual(found(go, 'go'), []);
    const py = [
      'db = Database(url)',
      'db.create_run(ws_id)',
      'github.list_repos(org)',
      'class TFCClient:',
      '    """Example: tfc_client.get_workspace(ws_id)"""',
      'def get_run(self, run_id): pass',
      'tfc_client.get_run(run_id)',
    ].join('\n');
    assert.deepEqual(found(py, 'python'), []);
  });

  it("a holder's name is a call's receiver only before a `.` or `?.`, blanks between, within 80 characters", () => {
    // A docstring's words (`the TFC API`) make `the` a holder too: its other places call nothing.
    const ts = [
      'const api = new TfcClient(token); // the TFC API',
      'api.listWorkspaces(org);',
      'api?.createProject(org, body);',
      'api',
      '  .createRun();',
      `api${' '.repeat(80)}.createRun();`,
      'apis.createRun();',
      'the.createRun(); the (x); then.createRun();',
      'api = other;',
    ].join('\n');
    assert.deepEqual(found(ts, 'typescript'), [
      '2 endpoint GET /organizations/:organization_name/workspaces',
      '3 endpoint POST /organizations/:organization_name/projects',
      '5 endpoint POST /runs',
      '8 endpoint POST /runs',
    ]);
  });
});
