// The tfe provider's blocks in Jinja2 templates of HCL, and the HCP Terraform operator's custom resources: both stand
// for the API's resources as a provider block does. Made-up configurations of the shapes real ones have.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

const found = (text: string, fileName: string): string[] =>
  scanText(text, { fileName }).map(
    (m) => `${m.line}:${m.column} ${m.subject.id}${m.sdk ? ` (${m.sdk.client} ${m.sdk.name})` : ''}`,
  );

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
