// The tfe provider's blocks in Jinja2 templates of HCL, and the HCP Terraform operator's custom resources: both stand
// for the API's resources as a provider block does. Made-up configurations of the shapes real ones have.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { languageOf, readsHcl, scanProject, scanText } from '@keyfob/shared/history';

const found = (text: string, fileName: string): string[] =>
  scanText(text, { fileName }).map(
    (m) => `${m.line}:${m.column} ${m.subject.id}${m.sdk ? ` (${m.sdk.client} ${m.sdk.name})` : ''}`,
  );

describe('history: Jinja2 templates of HCL', () => {
  // A template a script renders once per team of a YAML file: labels, values and whole lines are Jinja.
  const template = [
    '{% for team in teams %}',
    '{# one set per team #}',
    'resource "tfe_variable_set" "varset_{{team.name}}" {',
    '  name          = "varset_{{team.name}}"',
    '  description   = "Variable set for {{team.name}}"',
    '  workspace_ids = [{{team.workspaces | map(attribute=\'name\') | list | join(", ") }}]',
    '}',
    '  {% for workspace in team.workspaces %}',
    'resource "tfe_workspace" "{{workspace.name}}" {',
    '  name      = "{{workspace.name}}"',
    "  tag_names = {{ '[' + '\\\"' + workspace.tags | join('\\\", \\\"') + '\\\"' + ']' }}",
    '  organization = "{{tforg}}"',
    '}',
    '  {% endfor %}',
    '{% endfor %}',
  ].join('\n');
  const expected = [
    '3:11 resource - varsets (terraform-provider-tfe tfe_variable_set)',
    '9:11 resource - workspaces (terraform-provider-tfe tfe_workspace)',
    '11:3 attribute workspaces tag-names (terraform-provider-tfe tfe_workspace.tag_names)',
  ];

  it('a `.j2` file holding provider blocks is read as Terraform, its tags as the values they render', () => {
    assert.equal(languageOf({ fileName: 'templates/team-setup.j2', text: template }), 'terraform');
    assert.deepEqual(found(template, 'templates/team-setup.j2'), expected);
    // The argument after a tag whose value holds quotes is still read (the tag is no string of the HCL).
    const after = `${template}\nresource "tfe_workspace" "x" {\n  tag_names = ["a"]\n}\n`;
    assert.equal(
      found(after, 'a/t.j2').at(-1),
      '17:3 attribute workspaces tag-names (terraform-provider-tfe tfe_workspace.tag_names)',
    );
  });

  it('a template named for its HCL (`main.tf.j2`, `.jinja2`) is read as it, whatever it opens with', () => {
    assert.equal(languageOf({ fileName: 'roles/tfc/templates/main.tf.j2' }), 'terraform');
    assert.equal(languageOf({ fileName: 'vars.tfvars.jinja2' }), 'terraform-vars');
    assert.deepEqual(found(template, 'roles/tfc/templates/main.tf.j2'), expected);
    assert.deepEqual(scanProject([{ text: template, fileName: 'main.tf.j2' }])[0]?.length, expected.length);
  });

  it('a template of another language, or a `.j2` file of no provider block, is not read as HCL', () => {
    assert.equal(languageOf({ fileName: 'templates/config.yml.j2' }), undefined);
    assert.equal(languageOf({ fileName: 'templates/nginx.conf.j2', text: 'server {\n  listen 80;\n}\n' }), undefined);
    assert.equal(
      languageOf({ fileName: 'templates/notes.j2', text: 'The tfe_workspace resource is made by a run.\n' }),
      undefined,
    );
  });

  it('the hosts load the HCL parser for a template as for a `.tf` file (both readings of it agree)', () => {
    assert.equal(readsHcl('templates/main.tf.j2'), true);
    assert.equal(readsHcl('templates/team-setup.j2'), true);
    assert.equal(readsHcl('templates/config.yml.j2'), false);
  });
});

describe('history: the HCP Terraform operator’s custom resources', () => {
  const workspace = [
    'apiVersion: app.terraform.io/v1alpha2',
    'kind: Workspace',
    'metadata:',
    '  name: demo',
    'spec:',
    '  organization: acme',
    '  name: demo',
    '  description: Workspace created using the operator',
    '  applyMethod: auto',
    '  executionMode: agent',
    '  agentPool:',
    '    name: pool',
    '  project:',
    '    name: platform',
  ].join('\n');

  it('`kind: Workspace` of the operator’s group is a use of the resource workspaces; its fields say nothing', () => {
    assert.deepEqual(found(workspace, 'k8s/demo-workspace.yaml'), [
      '2:7 resource - workspaces (hcp-terraform-operator Workspace)',
    ]);
  });

  it('each document of a stream by its own group; a kind the history has no resource for says nothing', () => {
    const stream = [
      'apiVersion: v1',
      'kind: Secret',
      'metadata:',
      '  name: tfc-operator',
      '---',
      'apiVersion: "app.terraform.io/v1alpha2"',
      'kind: "Project"',
      'spec:',
      '  name: platform',
      '--- # the pool',
      'apiVersion: app.terraform.io/v1alpha2',
      'kind: AgentPool',
      '---',
      'apiVersion: other.example.com/v1',
      'kind: Workspace',
    ].join('\n');
    assert.deepEqual(found(stream, 'k8s/all.yml'), ['7:8 resource - projects (hcp-terraform-operator Project)']);
  });

  it('another group’s `kind: Workspace`, or the kind outside YAML, says nothing', () => {
    assert.deepEqual(found(workspace.replace('app.terraform.io', 'tf.upbound.io'), 'crossplane/ws.yaml'), []);
    assert.deepEqual(found(workspace, 'docs/workspace.md'), []);
  });
});
