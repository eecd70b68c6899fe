// Wrong annotations the wide probe (scripts/history-probe.ts) found by eye in files no set labels: names that are
// the API's in some code and something else's in this one. Each rule is general; the snippets are made up.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

const ids = (text: string, fileName: string): string[] =>
  scanText(text, { fileName }).map((m) => `${m.line} ${m.subject.id}`);

describe('history: HCL blocks of another Terraform provider than the API’s', () => {
  const block = (type: string): string =>
    [`resource "${type}" "main" {`, '  name        = "build-runner"', '  description = "Runs the build"', '}'].join(
      '\n',
    );

  it('a project of AWS CodeBuild, Google Cloud or Doppler is not the API’s project', () => {
    for (const type of ['aws_codebuild_project', 'google_project', 'doppler_project', 'gitlab_project'])
      assert.deepEqual(ids(block(type), 'main.tf'), [], type);
  });

  it('data blocks too: `data "vercel_project"` names nothing of the API', () => {
    assert.deepEqual(ids(block('vercel_project').replace('resource', 'data'), 'main.tf'), []);
  });

  it('the API provider’s `tfe_project` is still the projects resource', () => {
    assert.deepEqual(ids(block('tfe_project'), 'main.tf'), [
      '1 resource - projects',
      '2 attribute projects name',
      '3 attribute projects description',
    ]);
  });

  it('the provider’s own mapping decides between resources a label’s words name (`tfe_policy_set` is a policy set)', () => {
    const text = ['resource "tfe_policy_set" "checks" {', '  name = "checks"', '  kind = "sentinel"', '}'].join('\n');
    assert.deepEqual(
      ids(text, 'policy.tf').filter((id) => id.includes('kind')),
      ['3 attribute policy-sets kind'],
    );
  });

  it('an unmapped label takes the resource with the most words among those it names', () => {
    // `tfe_team_project_access` (mapped) and a made-up `tfe_team_project_grant` both name team-projects, not teams.
    const text = ['resource "tfe_team_project_grant" "g" {', '  access = "custom"', '}'].join('\n');
    assert.deepEqual(ids(text, 'grant.tf'), ['2 status team-projects custom']);
  });
});

describe('history: a permission or entitlement written as the value of another key', () => {
  it('JSON: an OpenAPI tag named like a permission (`"name": "run-tasks"`) is no permission', () => {
    const json = [
      '{',
      '  "tags": [',
      '    { "name": "runs" },',
      '    { "name": "run-tasks", "description": "Run task actions" }',
      '  ]',
      '}',
    ].join('\n');
    assert.deepEqual(ids(json, 'openapi.json'), []);
  });

  it('Python, TypeScript, YAML: a menu entry or a label holding the word says nothing', () => {
    assert.deepEqual(ids('MENU = [{"name": "run-tasks", "icon": "bolt"}]\n', 'menu.py'), []);
    assert.deepEqual(ids("export const tabs = [{ label: 'manage-run-tasks', path: '/tasks' }];\n", 'tabs.ts'), []);
    assert.deepEqual(ids('tabs:\n  - name: can-manage-run-tasks\n    icon: bolt\n', 'tabs.yml'), []);
  });

  it('the same words as keys of a permissions object still are the permissions', () => {
    const py = [
      'body = {"data": {"type": "team-workspaces", "attributes": {',
      '    "access": "custom",',
      '    "run-tasks": False,',
      '}}}',
    ].join('\n');
    assert.ok(ids(py, 'access.py').includes('3 permission team-workspaces run-tasks'));
    const ts = "const permissions = { 'can-manage-run-tasks': true };\n";
    assert.ok(ids(ts, 'workspace.ts').some((id) => id.includes('can-manage-run-tasks')));
  });
});

describe('history: a Kubernetes API type’s fields are its custom resource’s schema', () => {
  // An operator's `Workspace` kind (kubebuilder): its `json:"…"` fields name the CRD's schema, however alike.
  const types = (marker: string): string =>
    [
      'package v1alpha1',
      '',
      'import (',
      '\ttfc "github.com/hashicorp/go-tfe"',
      '\tmetav1 "k8s.io/apimachinery/pkg/apis/meta/v1"',
      ')',
      '',
      'type WorkspaceSpec struct {',
      '\tOrganization     string `json:"organization"`',
      '\tProject          string `json:"project,omitempty"`',
      '\tAutoApply        bool   `json:"autoApply,omitempty"`',
      '\tTerraformVersion string `json:"terraformVersion,omitempty"`',
      '\tExecutionMode    string `json:"executionMode,omitempty"`',
      '}',
      '',
      'type WorkspaceStatus struct {',
      '\tOutputs []*OutputStatus `json:"outputs,omitempty"`',
      '}',
      '',
      marker,
      'type Workspace struct {',
      '\tSpec   WorkspaceSpec   `json:"spec,omitempty"`',
      '\tStatus WorkspaceStatus `json:"status,omitempty"`',
      '}',
    ].join('\n');

  it('Go: a file with kubebuilder’s root marker or a kind embedding metav1.TypeMeta says nothing by its json tags', () => {
    assert.deepEqual(ids(types('// +kubebuilder:object:root=true'), 'workspace_types.go'), []);
    assert.deepEqual(
      ids(
        types('').replace('type Workspace struct {', 'type Workspace struct {\n\tmetav1.TypeMeta `json:",inline"`'),
        'workspace_types.go',
      ),
      [],
    );
  });

  it('a file that only builds another kind (`metav1.TypeMeta{Kind: "Job"}`) keeps its request fields (review v5 item 15)', () => {
    const server = [
      'package runtask',
      '',
      'import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"',
      '',
      '// Request is the run task request HCP Terraform sends.',
      'type Request struct {',
      '\tStage                  string `json:"stage"`',
      '\tConfigurationVersionID string `json:"configuration_version_id"`',
      '\tTaskResultCallbackURL  string `json:"task_result_callback_url"`',
      '}',
      '',
      'func scan(req Request) *batchv1.Job {',
      '\treturn &batchv1.Job{TypeMeta: metav1.TypeMeta{Kind: "Job", APIVersion: "batch/v1"}}',
      '}',
    ].join('\n');
    assert.deepEqual(ids(server, 'server.go'), [
      '7 attribute run task request stage',
      '8 attribute run task request configuration_version_id',
    ]);
  });

  it('the same structs without Kubernetes types are read as before', () => {
    const plain = types('');
    assert.ok(
      ids(plain, 'workspace_types.go').includes('17 attribute workspaces outputs'),
      ids(plain, 'workspace_types.go').join(','),
    );
  });
});
