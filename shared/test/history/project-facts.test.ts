// Context from the other files of a project (shared/src/history/project-facts.ts, project-scan.ts): a
// request model declared in one file and sent by a function of another (as python-tfe's models/run.py and
// resources/runs.py do; test/fixtures/history/project is written in our own words) has its query keys
// bound to the path that function reads; alone, the model file says nothing about them.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { PROJECT_LIMITS, projectFacts, scanFile, scanProject, scanText } from '@keyfob/shared/history';

const PROJECT = new URL('../../../test/fixtures/history/project/pkg/', import.meta.url);
const MODELS = readFileSync(new URL('models/jobs.py', PROJECT), 'utf8');

const SERVICE = readFileSync(new URL('resources/jobs.py', PROJECT), 'utf8');

const TS_SERVICE = [
  'export class Jobs {',
  '  async list(workspaceId: string, options?: JobListOptions): Promise<Job[]> {',
  '    return this.get(`/api/v2/workspaces/${workspaceId}/runs`, { params: options });',
  '  }',
  '}',
].join('\n');

const TS_MODELS = [
  'export interface JobListOptions {',
  "  'search[user]'?: string;",
  "  'filter[status]'?: string;",
  '}',
].join('\n');

const lineSubjects = (matches: readonly { line: number; subject: { id: string } }[]): string[] =>
  matches.filter((m) => m.subject.id.startsWith('parameter')).map((m) => `${m.line} ${m.subject.id}`);

describe('project facts: request models sent by another file', () => {
  it('a function taking a model gives the model the templates it reads (GET only)', () => {
    const { facts } = scanFile(SERVICE, { fileName: 'pkg/resources/jobs.py' });
    assert.deepEqual(Object.fromEntries(facts.modelPaths), {
      JobListOptions: ['/workspaces/:workspace_id/runs'],
      OrgJobListOptions: ['/organizations/:organization_name/runs'],
    });
  });

  it('the model file alone reports none of its filter and search keys', () => {
    assert.deepEqual(
      lineSubjects(scanText(MODELS, { fileName: 'pkg/models/jobs.py' })).filter((s) => !s.includes('page[')),
      [],
    );
  });

  it('with the service in the project, each model’s keys are the ones of the path it is sent to', () => {
    const [models] = scanProject([
      { text: MODELS, fileName: 'pkg/models/jobs.py' },
      { text: SERVICE, fileName: 'pkg/resources/jobs.py' },
    ]);
    const found = lineSubjects(models ?? []).filter((s) => !s.includes('page['));
    assert.ok(found.includes('5 parameter search[user] /workspaces/:workspace_id/runs'), found.join('\n'));
    assert.ok(found.includes('6 parameter filter[status] /workspaces/:workspace_id/runs'), found.join('\n'));
    assert.ok(
      found.includes('10 parameter filter[timeframe] /organizations/:organization_name/runs'),
      found.join('\n'),
    );
    // The organization's options are not the workspace list's: its search[user] stays unclaimed.
    assert.ok(!found.some((s) => s.startsWith('9 ')), found.join('\n'));
  });

  it('TypeScript: an options interface sent by a method of another file', () => {
    const [models] = scanProject([
      { text: TS_MODELS, fileName: 'src/types.ts' },
      { text: TS_SERVICE, fileName: 'src/jobs.ts' },
    ]);
    assert.deepEqual(lineSubjects(models ?? []), [
      '2 parameter search[user] /workspaces/:workspace_id/runs',
      '3 parameter filter[status] /workspaces/:workspace_id/runs',
    ]);
  });

  it('an HTTP helper of a base class in another file sends the base URL passed to it', () => {
    const read = (path: string): string => readFileSync(new URL(path, PROJECT), 'utf8');
    const files = ['client/organizations.py', 'client/endpoint.py'].map((f) => ({
      text: read(f),
      fileName: `pkg/${f}`,
    }));
    assert.deepEqual(Object.fromEntries(scanFile(files[1]?.text ?? '', files[1] ?? {}).facts.helpers ?? []), {
      _ls: 'GET',
      _drop: 'DELETE',
    });
    const alone = scanText(files[0]?.text ?? '', files[0] ?? {}).filter((m) => m.subject.type === 'endpoint');
    assert.deepEqual(alone, []);
    const [orgs] = scanProject(files);
    assert.deepEqual(
      (orgs ?? []).map((m) => `${m.line} ${m.subject.id} <${m.method?.text ?? ''}>`),
      ['10 endpoint GET /organizations <_ls>'],
    );
  });

  it('is bounded: models per project, templates per model', () => {
    const many = Array.from({ length: PROJECT_LIMITS.perProject + 10 }, (_, k) => ({
      modelPaths: new Map([[`Model${k}`, Array.from({ length: 20 }, (_, j) => `/p${j}`)]]),
    }));
    const facts = projectFacts(many);
    assert.equal(facts.modelPaths.size, PROJECT_LIMITS.perProject);
    assert.equal(facts.modelPaths.get('Model0')?.length, PROJECT_LIMITS.pathsPerModel);
  });
});

describe('project facts: Go variables that hold a go-tfe client, told by another file', () => {
  // A program whose commands get the client from a helper of their own (`c.Meta.Client()`, a type that embeds
  // *tfe.Client); one command calls a compound service on it, another only a one-word one (Projects, which other Go
  // clients name too) in a file that does not import go-tfe.
  const CREATE = [
    'package command',
    '',
    'func (c *PoolCreateCommand) Run(args []string) int {',
    '\tapi, err := c.Meta.Client()',
    '\tif err != nil {',
    '\t\treturn 1',
    '\t}',
    '\tpool, err := api.AgentPools.Create(api.Context(), c.org, opts)',
    '\treturn 0',
    '}',
  ].join('\n');
  const DELETE = [
    'package command',
    '',
    'func (c *ProjectDeleteCommand) Run(args []string) int {',
    '\tapi, err := c.Meta.Client()',
    '\tif err != nil {',
    '\t\treturn 1',
    '\t}',
    '\terr = api.Projects.Delete(api.Context(), c.projectID)',
    '\tgh, err := c.Meta.GitHub()',
    '\t_, err = gh.Projects.Delete(ctx, c.projectID)',
    '\treturn 0',
    '}',
  ].join('\n');
  const endpoints = (matches: readonly { line: number; subject: { id: string } }[]): string[] =>
    matches.filter((m) => m.subject.id.startsWith('endpoint')).map((m) => `${m.line} ${m.subject.id}`);

  it('the file calling a compound service says what its receiver was assigned', () => {
    assert.deepEqual(scanFile(CREATE, { fileName: 'command/pool_create.go' }).facts.goClients, ['Meta.Client()']);
  });

  it('alone, a one-word service on an unknown receiver says nothing; with the project, one assigned the same does', () => {
    assert.deepEqual(endpoints(scanText(DELETE, { fileName: 'command/project_delete.go' })), []);
    const [, del] = scanProject([
      { text: CREATE, fileName: 'command/pool_create.go' },
      { text: DELETE, fileName: 'command/project_delete.go' },
    ]);
    // `gh` holds another client (assigned otherwise): its Projects.Delete is not go-tfe's.
    assert.deepEqual(endpoints(del ?? []), ['8 endpoint DELETE /projects/:project_id']);
  });
});

describe('Go: query-key constants of another file of the package', () => {
  it('u.SetParam(name, …) sets the key the constant holds; the same file alone says nothing there', () => {
    const keys = [
      'package api',
      '',
      'const (',
      '\tkeyPageSize   = "page[size]"',
      '\tkeyPageNumber = "page[number]"',
      '\tkeyOther      = "other[thing]"',
      ')',
    ].join('\n');
    const client = [
      'package api',
      '',
      'func ListAll(org string) error {',
      '\tu := NewURL(fmt.Sprintf("/organizations/%s/teams", org))',
      '\tu.SetParam(keyPageSize, "100")',
      '\tfor page := 1; ; page++ {',
      '\t\tu.SetParam(keyPageNumber, strconv.Itoa(page))',
      '\t\tu.SetParam(keyOther, "x")',
      '\t}',
      '}',
    ].join('\n');
    const params = (ms: readonly { line: number; subject: { id: string } }[]): string[] =>
      ms.filter((m) => m.subject.id.startsWith('parameter')).map((m) => `${m.line} ${m.subject.id}`);
    const [, alone] = [undefined, scanText(client, { fileName: 'api/client.go' })];
    assert.deepEqual(params(alone), []);
    const [, found] = scanProject([
      { text: keys, fileName: 'api/url.go' },
      { text: client, fileName: 'api/client.go' },
    ]);
    assert.deepEqual(params(found ?? []), ['5 parameter page[size] *', '7 parameter page[number] *']);
  });
});
