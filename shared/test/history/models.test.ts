// Client models as their languages declare them (shared/src/history/models.ts): the resource of a model
// from its name, its holder or its file, its fields as uses of their wire names, and enums of a value field.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { history, replacementEdit, scanText } from '@keyfob/shared/history';
import { fileResource, namedResource } from '../../src/history/model-names.ts';

/** `line subject-id` of every match, for compact assertions. */
const found = (text: string, fileName: string): string[] =>
  scanText(text, { fileName }).map((m) => `${m.line} ${m.text} ${m.subject.id}`);

describe('model names: the JSON:API type a class, enum or file name stands for', () => {
  const cases: [string, string | undefined, string?][] = [
    ['BaseProjectRequest', 'projects'],
    ['ProjectCreateRequest', 'projects'],
    ['OrganizationWorkspace', 'workspaces'],
    ['TaskResult', 'task-results'],
    ['StateVersionCreateRequest', 'state-versions'],
    ['VariableSet', 'varsets'],
    ['WorkspaceVariableCreateRequest', 'vars'],
    ['OAuthClient', 'oauth-clients'],
    ['RunTaskRequest', 'run task request'],
    // One word for two (`Variableset`), an earlier word plural, a list, a run task's payload and its answer.
    ['VariablesetList', 'varsets'],
    ['RegistryModuleList', 'registry-modules'],
    ['TaskResultData', 'task-results'],
    // A model of one object's details (`VariableSetDetail`, `AppendVarDetails`).
    ['VariableSetDetail', 'varsets'],
    ['AppendVarDetails', 'vars'],
    ['TFERunTasksRequest', 'run task request'],
    ['RunTaskPayload', 'run task request'],
    ['TFERunTasksResponseAttributes', 'task-results'],
    ['TFERunTasksResponseRelationships', 'task-results'],
    ['RunStatus', 'runs', 'status'],
    ['TaskStageStatus', 'task-stages', 'status'],
    ['Status', undefined, 'status'],
    // Another thing of a workspace, a nested config, a helper: the name says nothing.
    ['WorkspaceResource', undefined],
    ['VcsRepoConfig', undefined],
    ['OnRequestRetryParams', undefined],
  ];
  for (const [name, resource, field] of cases)
    it(`${name} → ${resource ?? 'nothing'}${field ? ` (${field})` : ''}`, () => {
      const named = namedResource(history, name);
      assert.deepEqual({ resource: named.resource, field: named.field }, { resource, field });
    });
  it('file names: models/state_versions.py, src/run.rs, variable_set.rs, Workspace.ts; not types.ts or a provider', () => {
    assert.equal(fileResource(history, 'models/state_versions.py'), 'state-versions');
    assert.equal(fileResource(history, 'src/run.rs'), 'runs');
    assert.equal(fileResource(history, 'src/variable_set.rs'), 'varsets');
    assert.equal(fileResource(history, 'models/Workspace.ts'), 'workspaces');
    assert.equal(fileResource(history, 'src/types.ts'), undefined);
    assert.equal(fileResource(history, 'src/tfcWorkspaceProvider.ts'), undefined);
  });
});

describe('Python models (pydantic, dataclasses, enums)', () => {
  const text = [
    'from enum import Enum',
    'from pydantic import BaseModel, Field',
    '',
    'class VcsRepoConfig(BaseModel):',
    '    """Repository settings.',
    '',
    '    status: not a field (a docstring line)',
    '    """',
    '    github_app_installation_id: Optional[str] = Field(',
    '        None,',
    '        alias="github-app-installation-id",',
    '    )',
    '',
    'class BaseWorkspaceRequest(BaseModel):',
    '    name: Optional[str] = None',
    '    save_plan: bool = False',
    '    auto_destroy_at: Optional[str] = Field(',
    '        None,',
    '        alias="auto-destroy-at",',
    '    )',
    '    vcs_repo: Optional[VcsRepoConfig] = Field(None, alias="vcs-repo")',
    '',
    '    def payload(self):',
    '        stage: str = "x"',
    '        return self.model_dump()',
    '',
    'class BaseProjectRequest(BaseModel):',
    '    name: str',
    '    tag_bindings: Optional[list] = Field(None, alias="tag-bindings")',
    '',
    'class RunStatus(str, Enum):',
    '    FETCHING = "fetching"',
    '    PLANNED_AND_SAVED = "planned_and_saved"',
    '',
  ].join('\n');
  const matches = found(text, 'client/models.py');

  it('a field with an alias is a use of the alias on both lines, on the model resource', () => {
    assert.ok(matches.includes('17 auto_destroy_at attribute workspaces auto-destroy-at'), matches.join('\n'));
    assert.ok(matches.includes('19 auto-destroy-at attribute workspaces auto-destroy-at'), matches.join('\n'));
  });
  it('a nested model takes the resource of the model holding it', () => {
    assert.ok(
      matches.includes('9 github_app_installation_id attribute workspaces vcs-repo.code-host-app-installation-id'),
      matches.join('\n'),
    );
    assert.ok(!matches.some((m) => m.startsWith('7 ')), 'a docstring line is no field');
  });
  it('a generic field name counts on its model resource only', () => {
    assert.ok(matches.includes('28 name attribute projects name'), matches.join('\n'));
    assert.ok(!matches.some((m) => m.startsWith('15 ') && m.includes('projects')), matches.join('\n'));
    assert.ok(!matches.some((m) => m.startsWith('24 ')), 'a method body is no declaration');
  });
  it("another resource's attribute in a model is not annotated (tag-bindings of a project request)", () => {
    assert.ok(!matches.some((m) => m.startsWith('29 ')), matches.join('\n'));
  });
  it('an enum named for a value field gives its values that field and resource', () => {
    assert.ok(matches.includes('32 fetching status runs fetching'), matches.join('\n'));
    assert.ok(matches.includes('33 planned_and_saved status runs planned_and_saved'), matches.join('\n'));
  });
  it("no rename edit rewrites a model field's own spelling", () => {
    for (const m of scanText('class X(BaseModel):\n    plan_timeout: str\n', { fileName: 'general_settings.py' }))
      assert.equal(replacementEdit(m), undefined);
  });
  it('the value of a type key is a JSON:API type, never an attribute of that name', () => {
    assert.deepEqual(found('bindings.append({"type": "tag-bindings", "attributes": {"key": k}})\n', 'tools.py'), []);
  });
  it('a keyword argument naming a type: resource_type="projects" is the resource', () => {
    const call = 'payload = create_api_payload(resource_type="projects", model=request)\n';
    assert.deepEqual(found(call, 'tools.py'), ['1 projects resource - projects']);
  });
  it("a model whose type field defaults to a resource type is that resource's, and so are the models it holds", () => {
    const models = [
      'class ReplyAttributes(BaseModel):',
      '    status: str',
      '    message: Optional[str] = None',
      '',
      'class ReplyLinks(BaseModel):',
      '    outcomes: Optional[list] = None',
      '',
      'class ReplyData(BaseModel):',
      '    type: str = "task-results"',
      '    attributes: ReplyAttributes',
      '    relationships: Optional[ReplyLinks] = None',
      '',
      'class OtherData(BaseModel):',
      '    kind: str = "task-results"',
      '    status: str',
    ].join('\n');
    const seen = found(models, 'app/schemas.py');
    assert.ok(seen.includes('2 status attribute task-results status'), seen.join('\n'));
    assert.ok(seen.includes('6 outcomes attribute task-results outcomes'), seen.join('\n'));
    assert.ok(seen.includes('9 task-results resource - task-results'), seen.join('\n'));
    // A default of another field says no type: nothing for its status.
    assert.ok(!seen.some((m) => m.startsWith('15 ')), seen.join('\n'));
  });
  it("a model named for a resource and a word, held in a field of its name, is that field's object (a team's organization access)", () => {
    const models = [
      'class OrganizationAccess(BaseModel):',
      '    manage_run_tasks: bool = False',
      '    manage_agent_pools: bool = False',
      '',
      'class TeamAttributes(BaseModel):',
      '    name: str',
      '    organization_access: Optional[OrganizationAccess] = None',
    ].join('\n');
    const seen = found(models, 'app/schemas.py');
    assert.ok(seen.includes('2 manage_run_tasks permission teams manage-run-tasks'), seen.join('\n'));
    assert.ok(seen.includes('3 manage_agent_pools permission teams manage-agent-pools'), seen.join('\n'));
  });
});

describe('run task results sent back: enum members by path, values given to a callback', () => {
  const handler = [
    'from models.schemas import TaskStatus, Colors',
    '',
    'class Handler:',
    '    async def finish(self, ok: bool):',
    '        url = self.request.task_result_callback_url',
    '        if ok:',
    '            await self.send_callback(status=TaskStatus.PASSED)',
    '        else:',
    '            await notify_callback(url, "failed", "found problems")',
    '        shade = Colors.RED',
  ].join('\n');
  const seen = found(handler, 'app/handler.py');
  it("an enum named for a value field, read by path, is that value (the enum another file's)", () => {
    assert.ok(seen.includes('7 PASSED attribute task-results status'), seen.join('\n'));
    assert.ok(!seen.some((m) => m.startsWith('10 ')), seen.join('\n'));
  });
  it("a task result's value given to a callback in a run task handler is the result's status; elsewhere, nothing", () => {
    assert.ok(seen.includes('9 failed attribute task-results status'), seen.join('\n'));
    // Outside a run task handler a callback is anyone's.
    assert.deepEqual(found('async def done(url):\n    await notify_callback(url, "failed", "x")\n', 'app/jobs.py'), []);
  });
});

describe('TypeScript models (interfaces, object types, enums)', () => {
  it('camelCase fields are read as kebab-case on a model named for its resource, and only there', () => {
    const text = [
      'export interface OrganizationWorkspace {',
      '  applyDurationAverage: number;',
      '  updatedAt: string;',
      '  vcsRepo?: {',
      '    branch: string;',
      '  };',
      '}',
      'export interface TaskStage {',
      '  updatedAt: string;',
      '}',
      'export interface Permissions {',
      '  canManageRunTasks?: boolean;',
      '}',
      'export interface Organization { permissions: Permissions }',
      'export interface Workspace { permissions: Permissions }',
    ].join('\n');
    assert.deepEqual(found(text, 'src/types.ts'), [
      '2 applyDurationAverage attribute workspaces apply-duration-average',
      '3 updatedAt attribute workspaces updated-at',
    ]);
  });
  it('quoted keys of a generated model take its resource: a workspace permission, not an organization one', () => {
    const text = [
      'export type Workspace = {',
      '  id: string;',
      '  attributes: {',
      "'run-failures'?: number;",
      'permissions: {',
      "'can-manage-run-tasks': boolean;",
      '};',
      '};',
      '};',
      'export type TaskResult = {',
      '  attributes: {',
      "'updated-at'?: string;",
      'status: TaskResultStatus;',
      '};',
      '};',
    ].join('\n');
    assert.deepEqual(found(text, 'models/all.ts'), [
      '4 run-failures attribute workspaces run-failures',
      '6 can-manage-run-tasks permission workspaces can-manage-run-tasks',
      '13 status attribute task-results status',
    ]);
  });
  it("a model named for something that is no known resource keeps a resource's distinct names off it", () => {
    // python-tfe's models/policy_set_version.py and tfgql's registryGpgKeys/types.ts (held3, seen):
    // `updated-at` is distinct to workspaces only among the known types; here it is another object's.
    // (The file shows the API by a kebab-case key of it, `source-name`: a timestamp alone would not.)
    const python = [
      'class PolicySetVersion(BaseModel):',
      '    id: str',
      '    updated_at: datetime | None = Field(None, alias="updated-at")',
      '',
      'class Workspace(BaseModel):',
      '    updated_at: datetime | None = Field(None, alias="updated-at")',
      '    source_name: str | None = Field(None, alias="source-name")',
    ].join('\n');
    assert.deepEqual(
      found(python, 'models/policy_set_version.py').filter((r) => r.startsWith('6 ')),
      ['6 updated_at attribute workspaces updated-at', '6 updated-at attribute workspaces updated-at'],
    );
    const ts = [
      'export interface RegistryGpgKeyAttributes {',
      '  "key-id": string;',
      '  "updated-at": string;',
      '}',
      'export interface WorkspaceResourceAttributes {',
      '  "updated-at": string;',
      '}',
    ].join('\n');
    // The API has `updated-at` on workspace resources too (go-tfe's models: on many resources), and nothing here says
    // workspaces: no report.
    assert.deepEqual(found(ts, 'src/registryGpgKeys/types.ts'), []);
  });
  it('an enum named for a value field: its generic values too', () => {
    const text = "export enum RunStatus {\n  QUEUING = 'queuing',\n  FETCHING = 'fetching',\n}\n";
    assert.deepEqual(found(text, 'RunStatus.ts'), ['2 queuing status runs queuing', '3 fetching status runs fetching']);
  });
});

describe('Java enums (Jackson @JsonProperty, string constructor arguments)', () => {
  it('gives the constants of an enum named for a value field their wire values as that field', () => {
    const text = [
      'package com.example.tfc;',
      '',
      'public enum RunStatus {',
      '  @JsonProperty("fetching") FETCHING,',
      '  @JsonProperty(value = "queuing") QUEUING,',
      '  @JsonEnumDefaultValue OTHER',
      '}',
      '',
      'enum WorkspaceStatus2 { PLAIN }',
      '',
      'public enum RunState {',
      '  FETCH("fetching"),',
      '  QUEUE("queuing");',
      '  private final String wire;',
      '  RunState(String wire) { this.wire = wire; }',
      '}',
    ].join('\n');
    const ids = found(text, 'RunStatus.java');
    assert.ok(ids.includes('4 fetching status runs fetching'), ids.join('\n'));
    assert.ok(ids.includes('5 queuing status runs queuing'), ids.join('\n'));
    assert.ok(ids.includes('12 fetching status runs fetching'), ids.join('\n'));
    assert.ok(ids.includes('13 queuing status runs queuing'), ids.join('\n'));
  });

  it('reads the name of a Jackson subtype as the JSON:API type its class is read as', () => {
    const text = [
      '@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")',
      '@JsonSubTypes({',
      '  @JsonSubTypes.Type(value = VarsetDoc.class, name = "varsets"),',
      '  @Type(name = "policy-checks", value = CheckDoc.class)',
      '})',
      'public abstract class Doc {',
      '  @Named(name = "varsets") String label;',
      '  void f() { call(name = "varsets"); }',
      '}',
    ].join('\n');
    const ids = found(text, 'Doc.java');
    assert.ok(ids.includes('3 varsets resource - varsets'), ids.join('\n'));
    assert.ok(ids.includes('4 policy-checks resource - policy-checks'), ids.join('\n'));
    assert.ok(!ids.some((r) => r.startsWith('7 ') || r.startsWith('8 ')), ids.join('\n'));
  });

  it("reads a subtype's name up to 160 characters after its `Type(`, searched within them", () => {
    // `Type(value = ` (13 characters), the class, `.class, ` (8), then the key: 139 characters of class name put the
    // key 160 after `Type(`, 140 put it 161 after.
    const doc = (className: string): string[] =>
      found(
        [
          '@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")',
          '@JsonSubTypes({',
          `  @JsonSubTypes.Type(value = ${className}.class, name = "varsets"),`,
          '})',
          'public abstract class Doc {}',
        ].join('\n'),
        'Doc.java',
      );
    assert.ok(doc(`V${'x'.repeat(138)}`).includes('3 varsets resource - varsets'));
    assert.ok(!doc(`V${'x'.repeat(139)}`).some((r) => r.startsWith('3 varsets resource')));
  });

  it('says nothing of an enum named for no value field, nor of constants without a said value', () => {
    const text = [
      'public enum Color {',
      '  @JsonProperty("queuing") QUEUING,',
      '  @JsonProperty("fetching") FETCHING',
      '}',
      'public enum RunStatus { FETCHING, QUEUING }',
    ].join('\n');
    assert.deepEqual(found(text, 'Color.java'), []);
  });
});

describe('Rust models (serde)', () => {
  const text = [
    '#[derive(Serialize, Deserialize)]',
    '#[serde(rename_all = "snake_case")]',
    'pub enum Status {',
    '    Queuing,',
    '    PlannedAndSaved,',
    '}',
    '',
    'impl From<String> for Status {',
    '    fn from(s: String) -> Self {',
    '        match s.as_str() {',
    '            "queuing" => Status::Queuing,',
    '            _ => Status::PlannedAndSaved,',
    '        }',
    '    }',
    '}',
    '',
    '#[derive(Serialize)]',
    '#[serde(rename_all = "kebab-case")]',
    'pub struct Attributes {',
    '    pub save_plan: Option<bool>,',
    '    pub refresh: Option<bool>,',
    '    #[serde(rename = "auto-destroy-at")]',
    '    pub destroy_at: Option<String>,',
    '    pub updated_at: Option<String>,',
    '}',
  ].join('\n');
  const matches = found(text, 'src/run.rs');
  it("rename_all applies to fields and variants; the file's resource decides", () => {
    for (const m of [
      '4 Queuing status runs queuing',
      '5 PlannedAndSaved status runs planned_and_saved',
      '20 save_plan attribute runs save-plan',
      '21 refresh attribute runs refresh',
    ])
      assert.ok(matches.includes(m), `${m}\n${matches.join('\n')}`);
  });
  it('variant paths and literals beside them are the enum values', () => {
    assert.ok(matches.includes('11 queuing status runs queuing'), matches.join('\n'));
    assert.ok(matches.includes('12 PlannedAndSaved status runs planned_and_saved'), matches.join('\n'));
  });
  it("a field's rename wins; another resource's attribute is not annotated", () => {
    assert.ok(!matches.some((m) => m.startsWith('23 ') || m.startsWith('24 ')), matches.join('\n'));
  });
});

describe('Go models (json-tagged structs, nested anonymous structs)', () => {
  // A variable set list as a gin service decodes it: the outer named type says whose attributes the tags are.
  const text = [
    'package main',
    '',
    'type VariablesetList struct {',
    '\tData []struct {',
    '\t\tID   string `json:"id"`',
    '\t\tAttributes struct {',
    '\t\t\tName           string    `json:"name"`',
    '\t\t\tUpdatedAt      time.Time `json:"updated-at"`',
    '\t\t\tWorkspaceCount int       `json:"workspace-count"`',
    '\t\t\tProjectCount   int       `json:"project-count"`',
    '\t\t\tPriority       bool      `json:"priority"`',
    '\t\t} `json:"attributes"`',
    '\t\tRelationships struct {',
    '\t\t\tProjects struct {',
    '\t\t\t\tData []any `json:"data"`',
    '\t\t\t} `json:"projects"`',
    '\t\t} `json:"relationships"`',
    '\t} `json:"data"`',
    '}',
  ].join('\n');
  const matches = found(text, 'structs.go');
  it("a varset's own attributes are the varset's (priority, projects)", () => {
    for (const m of ['11 priority attribute varsets priority', '16 projects attribute varsets projects'])
      assert.ok(matches.includes(m), `${m}\n${matches.join('\n')}`);
  });
  it("another resource's attribute the varset lacks says nothing (updated-at, workspace-count, project-count)", () => {
    assert.ok(!matches.some((m) => /^(?:8|9|10) /.test(m)), matches.join('\n'));
  });
  it("in a run task handler, a model named after other words (PrePlanPayload) holds the request's fields", () => {
    const handler = [
      'package main',
      '',
      'type PrePlanPayload struct {',
      '\tStage                 string `json:"stage"`',
      '\tTaskResultCallbackURL string `json:"task_result_callback_url"`',
      '}',
    ].join('\n');
    const got = found(handler, 'main.go');
    assert.ok(got.includes('4 stage attribute run task request stage'), got.join('\n'));
  });
  it("through go-tfe, a struct of the program's own that copies a go-tfe value's fields is its output, not the API's", () => {
    const cli = (copy: boolean): string =>
      [
        'package main',
        '',
        'import tfe "github.com/hashicorp/go-tfe"',
        '',
        'type ProjectRecord struct {',
        '\tTitle string `json:"name"`',
        '\tText  string `json:"description"`',
        '}',
        '',
        'func view(p *tfe.Project) *ProjectRecord {',
        copy ? '\treturn &ProjectRecord{\n\t\tTitle: p.Title,\n\t\tText:  p.Text,\n\t}' : '\treturn &ProjectRecord{}',
        '}',
      ].join('\n');
    assert.deepEqual(
      found(cli(true), 'main.go').filter((m) => /^[67] /.test(m)),
      [],
    );
    assert.deepEqual(
      found(cli(false), 'main.go').filter((m) => /^[67] /.test(m)),
      ['6 name attribute projects name', '7 description attribute projects description'],
    );
  });
});

describe('service calls of a client library (service-calls.ts)', () => {
  const text = [
    "import { client } from './tfc/client';",
    'await client.organizations.listOrganizations();',
    'await client.organizations.listWorkspaces(org);',
    'await client.organizations.iterateOrganizationWorkspaces(org, each);',
    'await client.workspaces.showWorkspace(id);',
    'await client.runs.createRun(request);',
    'await client.taskStages.listRunTaskStages(runId);',
    'await client.organizations.list();',
    'await client.workspaces.showWorkspaceByName(org, name);',
    'const hit = cache.workspaces.get(id);',
    'await store.items.listItems();',
    '// await client.runs.createRun(old);',
  ].join('\n');
  const calls = scanText(text, { languageId: 'typescript' }).map(
    (m) => `${m.line} ${m.subject.id} ${m.sdk?.name ?? ''}`,
  );
  it('a service named for a resource and a verb-and-noun method stand for the endpoint', () => {
    assert.deepEqual(calls, [
      '2 endpoint GET /organizations organizations.listOrganizations',
      '3 endpoint GET /organizations/:organization_name/workspaces organizations.listWorkspaces',
      '4 endpoint GET /organizations/:organization_name/workspaces organizations.iterateOrganizationWorkspaces',
      '5 endpoint GET /workspaces/:workspace_id workspaces.showWorkspace',
      '6 endpoint POST /runs runs.createRun',
      '7 endpoint GET /runs/:run_id/task-stages taskStages.listRunTaskStages',
      '8 endpoint GET /organizations organizations.list',
    ]);
  });

  it('the same calls in a file that shows nothing of this API (no client module, path or host) say nothing', () => {
    const bare = text.split('\n').slice(1).join('\n');
    assert.deepEqual(scanText(bare, { languageId: 'typescript' }), []);
  });
});

describe("models: a class's own dictionaries of its resource object's parts", () => {
  it('Python: `self.attributes = {…}` of a class named for a resource the file sends as that type holds its keys; an unnamed class says nothing', () => {
    const text = [
      'class VariableSet:',
      '    def __init__(self, label, is_priority=False):',
      '        self.attributes = {"priority": is_priority, "name": label}',
      '',
      '    def to_payload(self):',
      '        return {"data": {"attributes": self.attributes, "type": "varsets"}}',
      '',
      'class Project:',
      '    def __init__(self, label, org):',
      '        self.relationships = {"organization": {"data": {"type": "organizations", "id": org}}}',
      '        self.attributes = {"description": "", "name": label}',
      '',
      '    def to_payload(self):',
      '        return {"data": {"type": "projects", "attributes": self.attributes}}',
      '',
      'class Gadget:',
      '    def __init__(self, label):',
      '        self.attributes = {"priority": True, "name": label}',
    ].join('\n');
    assert.deepEqual(
      found(text, 'sync/payloads.py').filter((row) => row.includes(' attribute ')),
      [
        '3 priority attribute varsets priority',
        '11 description attribute projects description',
        '11 name attribute projects name',
      ],
    );
  });

  it('Python: many classes, each tied to the API by its own resource’s type string (read once a resource)', () => {
    // The file writes "varsets" once (its payload) and "projects" nowhere: each VariableSet's keys are read, no
    // Project's, however many classes ask (`tiedToApi` keeps each resource's answer a text).
    const text: string[] = [];
    const expected: string[] = [];
    for (let k = 0; k < 100; k++) {
      const project = [
        'class Project:',
        '    def __init__(self, title):',
        '        self.attributes = {"description": ""}',
      ];
      text.push(...project, '', 'class VariableSet:', '    def __init__(self, label, is_priority=False):');
      text.push('        self.attributes = {"priority": is_priority, "name": label}', '');
      expected.push(`${7 + 8 * k} priority attribute varsets priority`);
    }
    text.push('def payload(v):', '    return {"data": {"attributes": v.attributes, "type": "varsets"}}');
    assert.deepEqual(
      found(text.join('\n'), 'sync/payloads.py').filter((row) => row.includes(' attribute ')),
      expected,
    );
  });

  it('Python and TypeScript decoy: a to-do app whose `Task` and `Project` keep `attributes` of their own, with no API in the file, says nothing', () => {
    const python = [
      'import json',
      '',
      'class Task:',
      '    def __init__(self, text):',
      '        self.attributes = {"enabled": True, "description": text}',
      '',
      'class Project:',
      '    def __init__(self, title):',
      '        self.attributes = {"description": "", "name": title}',
      '',
      'def save(items, path):',
      '    with open(path, "w") as out:',
      '        json.dump([i.attributes for i in items], out)',
    ].join('\n');
    assert.deepEqual(found(python, 'todo/store.py'), []);
    const ts = [
      'export class Task {',
      '  attributes: Record<string, unknown>;',
      '  constructor(text: string) {',
      "    this.attributes = { 'enabled': false, 'description': text };",
      '  }',
      '}',
      'export class Project {',
      '  constructor(title: string) {',
      "    this.attributes = { 'name': title };",
      '  }',
      '}',
      'localStorage.setItem("todo", JSON.stringify(new Task("milk")));',
    ].join('\n');
    assert.deepEqual(found(ts, 'src/todo.ts'), []);
  });

  it('TypeScript: `this.attributes = {…}` in a class named for a resource of a file that calls the API; another class says nothing', () => {
    const text = [
      'const base = `https://${host}/api/v2`;',
      'export class Gadget {',
      '  constructor(label: string) {',
      '    this.attributes = { priority: true, name: label };',
      '  }',
      '}',
      'export class Project {',
      '  constructor(label: string) {',
      "    this.attributes = { 'name': label };",
      '  }',
      '  save(org: string) {',
      '    return fetch(`${base}/organizations/${org}/projects`, { method: "POST", body: JSON.stringify({ data: this }) });',
      '  }',
      '}',
    ].join('\n');
    assert.ok(found(text, 'src/declared.ts').includes('9 name attribute projects name'));
    assert.ok(!found(text, 'src/declared.ts').some((row) => row.startsWith('4 ')));
  });
});

describe("models named for a resource, in a file that does not show the API (another program's own models)", () => {
  // Decoys: a portal's own records, a to-do app's tasks, another service's projects. Their `name` and `description`
  // are no API project's or run task's, whatever the class is called.
  const decoys: [string, string, string[]][] = [
    [
      'Python: a FastAPI portal\'s pydantic models (a tag list names "projects")',
      'app/routes/projects.py',
      [
        'from fastapi import APIRouter',
        'from pydantic import BaseModel',
        '',
        'router = APIRouter(prefix="/projects", tags=["projects"])',
        '',
        'class ProjectCreate(BaseModel):',
        '    name: str',
        '    description: str = ""',
        '    budget_limit: float = 500.0',
        '',
        'class ProjectOut(ProjectCreate):',
        '    id: int',
      ],
    ],
    [
      "TypeScript: a to-do app's interfaces",
      'src/models.ts',
      [
        'export interface Task {',
        '  id: string;',
        '  title: string;',
        '  description?: string;',
        '}',
        'export type Project = {',
        '  name: string;',
        '  description: string;',
        '  tasks: Task[];',
        '};',
      ],
    ],
    [
      "Go: another service's client types",
      'internal/vault/types.go',
      [
        'package vault',
        '',
        'type Project struct {',
        '\tUUID        string `json:"uuid"`',
        '\tName        string `json:"name"`',
        '\tDescription string `json:"description,omitempty"`',
        '}',
      ],
    ],
    [
      "Rust: a tracker's serde structs",
      'src/tracker.rs',
      [
        '#[derive(Deserialize)]',
        'pub struct Task {',
        '    pub id: u64,',
        '    pub description: String,',
        '    pub done: bool,',
        '}',
      ],
    ],
    [
      "TypeScript: a to-do app's task, whose plain words `description` and `enabled` the API's tasks also have",
      'src/todo.ts',
      [
        'export interface Task {',
        '  id: string;',
        '  title: string;',
        '  description: string;',
        '  enabled: boolean;',
        '}',
      ],
    ],
    [
      "Python: a chat bot's workspace model, whose single words (project, readme, outputs) the API's workspaces also have",
      'bot/models.py',
      [
        'from pydantic import BaseModel',
        '',
        'class Workspace(BaseModel):',
        '    name: str',
        '    project: str',
        '    readme: str',
        '    outputs: list[str] = []',
      ],
    ],
    [
      "Go: a job queue's variable set, whose `priority` is a plain word",
      'internal/queue/types.go',
      [
        'package queue',
        '',
        'type VariableSet struct {',
        '\tName     string `json:"name"`',
        '\tPriority bool   `json:"priority"`',
        '}',
      ],
    ],
  ];
  for (const [what, fileName, lines] of decoys)
    it(`${what}: nothing`, () => {
      assert.deepEqual(found(lines.join('\n'), fileName), []);
    });

  it('the same models are the API resource when the file shows the API: an attribute of its own in more than one word, a kebab-case alias, its type, /api/v2', () => {
    const python = (extra: string): string =>
      ['from pydantic import BaseModel, Field', '', 'class ProjectCreate(BaseModel):', '    name: str', extra].join(
        '\n',
      );
    // An attribute only projects have (workspace_count), a kebab-case wire name, the resource written as a type.
    for (const extra of [
      '    workspace_count: int = 0',
      '    mode: str = Field(None, alias="default-execution-mode")',
      '    type: str = "projects"',
    ])
      assert.ok(found(python(extra), 'app/models.py').includes('4 name attribute projects name'), extra);
    // A timestamp is every dasherized app's (Rails, Ember): no proof.
    assert.deepEqual(found(python('    created_at: str = Field(None, alias="created-at")'), 'app/models.py'), []);
    const ts = [
      'const base = "https://app.terraform.io/api/v2";',
      'export interface Task {',
      '  description?: string;',
      '}',
    ];
    assert.deepEqual(found(ts.join('\n'), 'src/models.ts'), ['3 description attribute tasks description']);
    // A single word is read where the file links the API's documentation.
    const linked = [
      'package tfc',
      '',
      '// VariableSet: https://developer.hashicorp.com/terraform/cloud-docs/api-docs/variable-sets',
      'type VariableSet struct {',
      '\tName     string `json:"name"`',
      '\tPriority bool   `json:"priority"`',
      '}',
    ];
    assert.deepEqual(found(linked.join('\n'), 'internal/tfc/types.go'), ['6 priority attribute varsets priority']);
    // An attribute of more than one word in a Go tag (snake_case, not the kebab-case proof).
    const go = [
      'package tfc',
      '',
      'type Project struct {',
      '\tName           string `json:"name"`',
      '\tWorkspaceCount int    `json:"workspace_count"`',
      '}',
    ];
    assert.deepEqual(found(go.join('\n'), 'internal/tfc/types.go'), [
      '4 name attribute projects name',
      '5 workspace_count attribute projects workspace-count',
    ]);
  });

  it("Go: a model a function's own struct holds as a JSON:API document's `attributes` is the API resource its name spells", () => {
    // A CLI's command file: the attributes struct at the top level, the document's shape declared inside a function
    // (`projJSON`, which is no model of its own), the request sent through the program's client in another file.
    const command = (tag: string): string =>
      [
        'package cmd',
        '',
        'type projectAttrs struct {',
        '	Name        string `json:"name"`',
        '	Description string `json:"description"`',
        '	CreatedAt   string `json:"created-at"`',
        '}',
        '',
        'func runProjectList(cmd *cobra.Command, args []string) error {',
        '	resources, _ := list(cmd)',
        '	type projJSON struct {',
        '		ID    string       `json:"id"`',
        `		Attrs projectAttrs \`json:"${tag}"\``,
        '	}',
        '	var out []projJSON',
        '	for _, r := range resources {',
        '		var a projectAttrs',
        '		jsonapi.UnmarshalAttributes(&r, &a)',
        '		out = append(out, projJSON{ID: r.ID, Attrs: a})',
        '	}',
        '	return render(out)',
        '}',
      ].join('\n');
    const expected = ['4 name attribute projects name', '5 description attribute projects description'];
    assert.deepEqual(found(command('attributes'), 'cmd/project.go'), expected);
    assert.deepEqual(found(command('attributes,omitempty'), 'cmd/project.go'), expected);
    // Held under another key (an app's own `fields`), nothing shows a JSON:API document: plain words, no proof.
    assert.deepEqual(found(command('fields'), 'cmd/project.go'), []);
  });

  it("Go: another JSON:API service's `attributes` (Snyk's REST API) says nothing of this API without a dashed wire name", () => {
    // Snyk's projects are JSON:API documents too, but their attributes are spelt `created`, `created_at`, never dashed.
    const snyk = [
      'package snyk',
      '',
      '// Snyk REST API (https://api.snyk.io/rest), JSON:API documents.',
      'type projectAttrs struct {',
      '	Name          string `json:"name"`',
      '	Description   string `json:"description"`',
      '	Status        string `json:"status"`',
      '	CreatedAt     string `json:"created"`',
      '}',
      '',
      'func (c *Client) ListProjects(orgID string) ([]projectAttrs, error) {',
      '	type resource struct {',
      '		ID         string       `json:"id"`',
      '		Type       string       `json:"type"`',
      '		Attributes projectAttrs `json:"attributes"`',
      '	}',
      '	var doc struct {',
      '		Data []resource `json:"data"`',
      '	}',
      '	body, err := c.do("GET", fmt.Sprintf("/orgs/%s/projects?version=2024-01-04", orgID))',
      '	if err != nil {',
      '		return nil, err',
      '	}',
      '	return decode(body, &doc)',
      '}',
    ].join('\n');
    assert.deepEqual(found(snyk, 'projects.go'), []);
  });
});

describe('Kotlin and C# classes whose fields carry wire names', () => {
  it("a Kotlin data class's constructor fields (Gson) are its resource's; another resource's class says nothing", () => {
    const text = [
      'import com.google.gson.annotations.SerializedName',
      'data class WorkspaceAttributes(',
      '    @SerializedName("name") val name: String,',
      '    @SerializedName("updated-at") val updatedAt: String?,',
      '    @SerializedName("source-name") val sourceName: String?,',
      ')',
      'data class ProjectAttributes(',
      '    @SerializedName("updated-at") val updatedAt: String?,',
      ')',
    ].join('\n');
    assert.deepEqual(
      found(text, 'app/src/main/kotlin/Models.kt').filter((r) => r.includes('updated-at')),
      ['4 updated-at attribute workspaces updated-at'],
    );
  });

  it("a C# class's [JsonPropertyName] fields, its brace on the next line", () => {
    const text = [
      'using System.Text.Json.Serialization;',
      'public class WorkspaceAttributes',
      '{',
      '    [JsonPropertyName("updated-at")]',
      '    public string UpdatedAt { get; set; }',
      '    [JsonPropertyName("source-name")]',
      '    public string SourceName { get; set; }',
      '}',
    ].join('\n');
    assert.ok(found(text, 'Tfc/Models.cs').includes('4 updated-at attribute workspaces updated-at'));
  });

  it('a timestamp alone (`created-at`, any dasherized app’s) proves nothing: the plain keys of resource-named classes say nothing', () => {
    const text = [
      'import kotlinx.serialization.SerialName',
      'data class Workspace(',
      '    @SerialName("name") val name: String,',
      '    @SerialName("readme") val readme: String? = null,',
      '    @SerialName("created-at") val createdAt: String,',
      ')',
    ].join('\n');
    assert.deepEqual(found(text, 'app/Models.kt'), []);
  });

  it("Moshi's @Json(name = …) is a key", () => {
    const text = [
      'import com.squareup.moshi.Json',
      'data class WorkspaceAttributes(',
      '    @Json(name = "updated-at") val updatedAt: String?,',
      '    @Json(name = "source-name") val sourceName: String?,',
      ')',
    ].join('\n');
    assert.ok(found(text, 'Models.kt').includes('3 updated-at attribute workspaces updated-at'));
  });
});
