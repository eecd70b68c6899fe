// A URL whose templated host is named for another product (`https://{{ awx_host }}/api/v2/…`, an Ansible task against
// AWX or Ansible Tower, whose API is rooted at `/api/v2/` too with `/organizations/`, `/projects/`, `/teams/`) is that
// product's, not this API's. The same URL on a host named for this API (`{{ tfe_host }}`, `${TFE_ADDRESS}`) or for
// nothing (`{{ host }}`, `{{ api_url }}`) is read as before. Made-up playbooks and scripts in the style of real ones.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';
import { normalizeUrl } from '../../src/history/normalize-url.ts';
import { apiAddress, namesOtherBase, namesOtherRootApi, otherProductPrefix } from '../../src/history/other-api.ts';

const endpoints = (text: string, fileName: string): string[] =>
  scanText(text, { fileName })
    .filter((m) => m.subject.type === 'endpoint')
    .map((m) => `${m.line} ${m.subject.id}`);

const task = (name: string, url: string): string[] => [
  `- name: ${name}`,
  '  ansible.builtin.uri:',
  `    url: "${url}"`,
  '    method: GET',
  '',
];

describe('history: a templated host named for another product', () => {
  it('the reviewer’s AWX playbook (one line, folded `>-` over two lines, `{{ tower_url }}`) says nothing', () => {
    const text = [
      '- name: Look up the AWX organization',
      '  ansible.builtin.uri:',
      '    url: >-',
      '      https://{{ awx_host }}/api/v2/organizations/{{',
      '        awx_org_id }}/projects/',
      '    method: GET',
      '    headers:',
      '      Authorization: "Bearer {{ awx_token }}"',
      '  register: awx_projects',
      '',
      ...task('Same, one line', 'https://{{ awx_host }}/api/v2/organizations/{{ awx_org_id }}/projects/'),
      '- name: Launch the job template',
      '  ansible.builtin.uri:',
      '    url: >-',
      '      {{ tower_url }}/api/v2/workspaces/{{',
      '        ws_id }}',
      '    method: GET',
    ].join('\n');
    assert.deepEqual(endpoints(text, 'tower.yml'), []);
  });

  it('a playbook that talks to this API and to AWX: only this API’s task is read', () => {
    const text = [
      '- name: Read the workspace',
      '  ansible.builtin.uri:',
      '    url: "https://{{ tfe_host }}/api/v2/organizations/{{ tfe_org }}/workspaces/{{ ws_name }}"',
      '    method: GET',
      '    headers:',
      '      Authorization: "Bearer {{ tfe_token }}"',
      '      Content-Type: application/vnd.api+json',
      '',
      ...task('AWX projects', 'https://{{ awx_host }}/api/v2/organizations/{{ awx_org_id }}/projects/'),
      ...task('AAP', 'https://{{ aap_controller_host }}/api/v2/workspaces/{{ ws_id }}'),
      ...task('AWX base', '{{ awx_api }}/workspaces/{{ ws_id }}'),
      ...task('Tower base', '{{ tower_base_url }}/organizations/{{ org }}/workspaces'),
      // `awx` inside a longer word is no product's name; a base named for nothing is read as before.
      ...task('A test host', 'https://{{ awxtest_host }}/api/v2/workspaces/{{ ws_id }}'),
      ...task('Plain base', '{{ api_base }}/workspaces/{{ ws_id }}'),
    ].join('\n');
    assert.deepEqual(endpoints(text, 'site.yml'), [
      '3 endpoint GET /organizations/:organization_name/workspaces/:name',
      '31 endpoint GET /workspaces/:workspace_id',
      '36 endpoint GET /workspaces/:workspace_id',
    ]);
  });

  it('other template syntaxes of a host: a shell’s, Python’s', () => {
    const shell = [
      '#!/bin/bash',
      'curl -s -H "Authorization: Bearer $token" "${awx_host}/api/v2/workspaces/$ws"',
      'curl -s -H "Authorization: Bearer $token" "$tower_url/api/v2/workspaces/$ws"',
      'curl -s -H "Authorization: Bearer $TOKEN" "https://${AAP_HOSTNAME}/api/v2/workspaces/$WS"',
    ].join('\n');
    assert.deepEqual(endpoints(shell, 'sync.sh'), []);
    const python = [
      'import os, requests',
      'def sync(ws):',
      `    return requests.get(f"https://{os.environ['GITLAB_HOST']}/api/v2/workspaces/{ws}")`,
    ].join('\n');
    assert.deepEqual(endpoints(python, 'sync.py'), []);
  });

  it('a Go template’s value named for another product, as normalizeUrl reads it', () => {
    assert.equal(normalizeUrl('{{ .Values.awxHost }}/api/v2/workspaces/{{ .Values.wsId }}'), undefined);
    assert.equal(normalizeUrl('https://{{ .Values.towerHost }}/api/v2/teams/{{ .Values.team }}/'), undefined);
    assert.equal(normalizeUrl('https://$env:AWX_HOST/api/v2/workspaces/$ws')?.segments.length, undefined);
    assert.deepEqual(
      normalizeUrl('{{ .Values.tfeHost }}/api/v2/workspaces/{{ .Values.wsId }}')?.segments.map((s) => s.text),
      ['workspaces', '{{ .Values.wsId }}'],
    );
  });
});

describe('history: a templated host named for this API or for nothing is read as before', () => {
  it('`{{ tfe_host }}`, `{{ tfc_hostname }}`, `{{ host }}`, `{{ api_url }}`, `{{ tfe_awx_host }}`', () => {
    const text = [
      ...task('a', 'https://{{ tfe_host }}/api/v2/organizations/{{ org }}/projects'),
      ...task('b', 'https://{{ tfc_hostname }}/api/v2/workspaces/{{ ws_id }}'),
      ...task('c', 'https://{{ host }}/api/v2/organizations/{{ org }}/workspaces'),
      ...task('d', '{{ api_url }}/api/v2/workspaces/{{ ws_id }}'),
      ...task('e', 'https://{{ tfe_awx_host }}/api/v2/workspaces/{{ ws_id }}'),
      ...task('f', 'https://{{ towering_host }}/api/v2/workspaces/{{ ws_id }}'),
    ].join('\n');
    assert.deepEqual(endpoints(text, 'tfe.yml'), [
      '3 endpoint GET /organizations/:organization_name/projects',
      '8 endpoint GET /workspaces/:workspace_id',
      '13 endpoint GET /organizations/:organization_name/workspaces',
      '18 endpoint GET /workspaces/:workspace_id',
      '23 endpoint GET /workspaces/:workspace_id',
      '28 endpoint GET /workspaces/:workspace_id',
    ]);
  });

  it('`${TFE_ADDRESS}`, `$TFE_ADDRESS`, `$HOST`, and a workflow’s `${{ github.event.inputs.hostname }}`', () => {
    const shell = [
      '#!/bin/bash',
      'curl -s "https://${TFE_ADDRESS}/api/v2/workspaces/$WS"',
      'curl -s "$TFE_ADDRESS/api/v2/workspaces/$WS"',
      'curl -s "https://$HOST/api/v2/workspaces/$WS"',
    ].join('\n');
    assert.deepEqual(endpoints(shell, 'tfe.sh'), [
      '2 endpoint GET /workspaces/:workspace_id',
      '3 endpoint GET /workspaces/:workspace_id',
      '4 endpoint GET /workspaces/:workspace_id',
    ]);
    // `github` only qualifies the input's name here (Actions' context): the host's setting is `hostname`.
    const workflow = [
      'name: tfe',
      'on: workflow_dispatch',
      'jobs:',
      '  run:',
      '    runs-on: ubuntu-latest',
      '    steps:',
      '      - run: |',
      '          curl -s -H "Authorization: Bearer $TOKEN" -H "Content-Type: application/vnd.api+json" \\',
      '            "https://${{ github.event.inputs.hostname }}/api/v2/workspaces/$WS_ID"',
    ].join('\n');
    assert.deepEqual(endpoints(workflow, '.github/workflows/tfe.yml'), ['9 endpoint GET /workspaces/:workspace_id']);
  });
});

// The same products written as a base of the file (`BASE = f"https://{awx_host}/api/v2"`, then `f"{BASE}/projects/…"`)
// or by a literal host with a label of theirs (`https://awx.example.com/api/v2/job_templates/`, `tower.corp.…`).
describe('history: another product’s base variable or literal host', () => {
  it('Python: a base built on a host named for AWX, and literal AWX and Tower hosts, say nothing', () => {
    const text = [
      'import os',
      'import requests',
      '',
      'awx_host = os.environ["CONTROLLER_HOST"]',
      'BASE = f"https://{awx_host}/api/v2"',
      '',
      'def delete_project(pid):',
      '    requests.delete(f"{BASE}/projects/{pid}/").raise_for_status()',
      '',
      'def teams(org_id):',
      '    return requests.get(f"{BASE}/organizations/{org_id}/teams/").json()',
      '',
      'def project(pid):',
      '    return requests.get(f"https://awx.example.com/api/v2/projects/{pid}/").json()',
      '',
      'def drop_team(tid):',
      '    requests.delete(f"https://tower.corp.example.com/api/v2/teams/{tid}/")',
      '',
      'def workspaces(org):',
      '    return requests.get(f"https://awx-prod.internal/api/v2/organizations/{org}/workspaces").json()',
    ].join('\n');
    assert.deepEqual(endpoints(text, 'awx_sync.py'), []);
  });

  it('Python: the same on a host named for this API or HCP Terraform’s, or a literal self-hosted one, is read', () => {
    const text = [
      'import os',
      'import requests',
      '',
      'tfe_host = os.environ["CONTROLLER_HOST"]',
      'BASE = f"https://{tfe_host}/api/v2"',
      '',
      'def delete_project(pid):',
      '    requests.delete(f"{BASE}/projects/{pid}")',
      '',
      'def ws(org, name):',
      '    return requests.get(f"https://app.terraform.io/api/v2/organizations/{org}/workspaces/{name}")',
      '',
      'def ws2(ws_id):',
      '    return requests.get(f"https://tfe.example.com/api/v2/workspaces/{ws_id}")',
      '',
      'def ws3(ws_id):',
      '    return requests.get(f"{TFE_HOST}/api/v2/workspaces/{ws_id}")',
      '',
      'def ws4(ws_id):',
      '    return requests.get(f"https://tfe-awx.example.com/api/v2/workspaces/{ws_id}")',
    ].join('\n');
    assert.deepEqual(endpoints(text, 'tfe_sync.py'), [
      '8 endpoint DELETE /projects/:project_id',
      '11 endpoint GET /organizations/:organization_name/workspaces/:name',
      '14 endpoint GET /workspaces/:workspace_id',
      '17 endpoint GET /workspaces/:workspace_id',
      '20 endpoint GET /workspaces/:workspace_id',
    ]);
  });

  it('Ansible: `uri:` tasks on literal AWX and Tower hosts say nothing; this API’s hosts are read', () => {
    const text = [
      ...task('AWX project', 'https://awx.example.com/api/v2/projects/{{ project_id }}/'),
      ...task('Tower teams', 'https://tower.corp.example.com/api/v2/organizations/{{ org_id }}/teams/'),
      ...task('AWX workspaces', 'https://awx.example.com/api/v2/workspaces/{{ ws_id }}'),
      ...task('templates', 'https://awx.example.com/api/v2/job_templates/'),
      ...task('HCP Terraform', 'https://app.terraform.io/api/v2/workspaces/{{ ws_id }}'),
      ...task('TFE', 'https://tfe.example.com/api/v2/workspaces/{{ ws_id }}'),
      ...task('TFE host', '{{ tfe_host }}/api/v2/workspaces/{{ ws_id }}'),
    ].join('\n');
    assert.deepEqual(endpoints(text, 'site.yml'), [
      '23 endpoint GET /workspaces/:workspace_id',
      '28 endpoint GET /workspaces/:workspace_id',
      '33 endpoint GET /workspaces/:workspace_id',
    ]);
  });

  it('a base set to AWX’s root is another API’s, as apiAddress reads it', () => {
    assert.equal(apiAddress('https://awx.example.com/api/v2', new Set()), 'other');
    assert.equal(apiAddress('https://{{ awx_host }}/api/v2/projects/', new Set()), 'other');
    assert.equal(apiAddress('https://tfe.example.com/api/v2', new Set()), 'own');
    assert.equal(apiAddress('https://{{ tfe_host }}/api/v2', new Set()), 'own');
    assert.equal(apiAddress('https://app.terraform.io/api/v2', new Set()), 'own');
    assert.equal(apiAddress('https://awxtest.example.com/api/v2', new Set()), 'own');
  });
});

// other-api.ts's one table of products: each rule reads it (a setting's word, a literal host's label, a name in the
// text for the products rooted at `/api/v2`, a code host's base name); Coder is read by the file's rule alone.
describe('history: the table of other products', () => {
  it('a product rooted at `/api/v2` is named by its setting’s word, its host and its names in a text', () => {
    for (const host of ['{{ circleci_host }}', '${ZENDESK_URL}', 'https://{{ aap_host }}'])
      assert.equal(otherProductPrefix(host), true, host);
    for (const host of ['https://acme.zendesk.com', 'https://api.datadoghq.com', 'https://foreman.corp.example.com'])
      assert.equal(otherProductPrefix(`${host}/`), true, host);
    for (const text of ['AWX_HOST=x', 'tower_host: x', 'url: https://acme.zendesk.com/', 'class TheForeman: pass'])
      assert.equal(
        namesOtherRootApi(text, () => false),
        true,
        text,
      );
  });

  it('a code host’s word in a base’s name; a product without an `/api/v2` root has no literal host rule', () => {
    assert.equal(namesOtherBase('${GITHUB_API_URL}'), true);
    assert.equal(namesOtherBase('{settings.gitlabBase}'), true);
    assert.equal(namesOtherBase('{{ jenkins_url }}'), true);
    assert.equal(otherProductPrefix('https://jenkins.example.com/'), false);
  });

  it('Coder: its names say a text is its client (the file’s rule), its setting and host alone say nothing per URL', () => {
    assert.equal(
      namesOtherRootApi('headers = {"Coder-Session-Token": token}', () => false),
      true,
    );
    assert.equal(
      namesOtherRootApi('base = os.environ["CODER_URL"]', () => false),
      true,
    );
    assert.equal(otherProductPrefix('${CODER_URL}'), false);
    assert.equal(otherProductPrefix('https://coder.example.com/'), false);
    assert.equal(namesOtherBase('${CODER_URL}'), false);
  });

  it('a product’s word is read in any case and at a name’s ends; a text with none names no product', () => {
    // `namesOtherProduct` (through `namesOtherBase`) first asks whether any product's word is in the text at all.
    assert.equal(namesOtherBase('{{ awx_host }}'), true);
    assert.equal(namesOtherBase('${AWX_HOST}'), true);
    assert.equal(namesOtherBase('{{ .Values.towerHost }}'), true);
    assert.equal(namesOtherBase('{settings.PORTAINER}'), true);
    assert.equal(namesOtherBase('{self._api_v2_base_url}'), false);
    assert.equal(namesOtherBase('${address}'), false);
    // The word inside a longer word of the name is none (`awxtest`), nor a qualifier's (`awx.` before a name).
    assert.equal(namesOtherBase('{{ awxtest_host }}'), false);
    assert.equal(namesOtherBase('{{ awx.host }}'), false);
    // Asked twice, the same answer (the names' patterns are searched from their start each time).
    assert.equal(namesOtherBase('{{ tower_url }}'), true);
    assert.equal(namesOtherBase('{{ tower_url }}'), true);
  });

  it('namesOtherRootApi: the first name outside a comment, asked again', () => {
    const text = '# AWX_HOST is not used\nhost = TOWER_HOST\n';
    const comment = (at: number): boolean => at < text.indexOf('\n');
    assert.equal(namesOtherRootApi(text, comment), true);
    assert.equal(namesOtherRootApi(text, comment), true);
    assert.equal(
      namesOtherRootApi('# AWX_HOST only in a comment\n', () => true),
      false,
    );
    assert.equal(
      namesOtherRootApi('host = TFE_HOST\n', () => false),
      false,
    );
  });
});
