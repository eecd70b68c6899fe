// Shell functions that send one of their positional parameters in a curl's URL (shell-commands.ts' `shellHelper`): a
// call's argument is then a path under the function's API base, sent with the function's method; and a command
// substitution with quotes of its own inside a shell string (`"…/$(ws_id "$1")/vars"`, source-text.ts). Snippets
// written for these tests.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

/** `lines` lines of `toolN --flag "https://…/workspaces/ws-N"`, every 1,000th a curl instead of a tool. */
const manyCommands = (lines: number): string =>
  [
    '#!/bin/bash',
    ...Array.from({ length: lines }, (_, n) =>
      n % 1000 === 999
        ? `curl -s "https://app.terraform.io/api/v2/workspaces/ws-${n}"`
        : `tool${n} --flag "https://app.terraform.io/api/v2/workspaces/ws-${n}"`,
    ),
  ].join('\n');

const endpoints = (text: string, fileName = 'tfe.sh'): string[] =>
  scanText(text, { fileName })
    .filter((m) => m.subject.id.startsWith('endpoint'))
    .map((m) => `${m.line} ${m.subject.id}`);

describe('shell functions that send a parameter as a URL', () => {
  it('a call of a function forwarding "$@" to curl sends its path under the API base with GET', () => {
    const text = [
      '#!/usr/bin/env bash',
      'tfc() {',
      '  local p',
      '  p="${1#/}"',
      '  shift',
      '  curl -sf -H "Authorization: Bearer $TOKEN" "$@" "https://${HOST:-app.terraform.io}/api/v2/${p}"',
      '}',
      'list_orgs() {',
      '  tfc "/organizations"',
      '}',
      'save_workspaces() {',
      '  tfc "/organizations/$ORG/workspaces" -o workspaces.json',
      '}',
    ].join('\n');
    assert.deepEqual(endpoints(text), [
      '9 endpoint GET /organizations',
      '12 endpoint GET /organizations/:organization_name/workspaces',
    ]);
  });

  it("the function's own method, its base in a variable assigned once; the parameter counted", () => {
    const text = [
      'BASE="https://$TFE_HOST/api/v2"',
      'create() {',
      '  curl -s -H "Authorization: Bearer $T" -H "Content-Type: application/vnd.api+json" -d "$2" "$BASE/$1"',
      '}',
      'create "organizations/acme/projects" "$body"',
      'create "$body" "organizations/acme/projects"',
    ].join('\n');
    assert.deepEqual(endpoints(text), ['5 endpoint POST /organizations/:organization_name/projects']);
  });

  it('a function sending to another host, or with a method held in a variable, says nothing', () => {
    const text = [
      'gh() {',
      '  curl -s -H "Authorization: token $GH" "https://api.github.com$1"',
      '}',
      'gh "/organizations/acme/workspaces"',
      'call() {',
      '  curl -s -X "$METHOD" -H "Authorization: Bearer $T" "https://app.terraform.io/api/v2/$1"',
      '}',
      'call "organizations/acme/projects"',
    ].join('\n');
    assert.deepEqual(endpoints(text), []);
  });

  it("another host's /api/v2 is not the API's; the platform's host, or one a variable gives, is (review v1, item 3)", () => {
    const text = [
      '#!/bin/bash',
      'download() {',
      '  curl -fsSL -o "$2" "https://releases.example.com/api/v2/$1"',
      '}',
      'download "/organizations/acme/workspaces" out.json',
      'notify() {',
      '  curl -s -X POST "https://hooks.example.com/api/v2/$1" -d "{}"',
      '}',
      'notify "/runs/run-abc/actions/apply"',
      'DD_API="https://api.datadoghq.com/api/v2"',
      'dd() {',
      '  curl -s "$DD_API/$1"',
      '}',
      'dd "/organizations/acme/projects"',
      'tfc() {',
      '  curl -s "https://app.terraform.io/api/v2/$1"',
      '}',
      'tfc "/organizations/acme/projects"',
      'TFE_API="https://${TFE_HOSTNAME}/api/v2"',
      'tfe() {',
      '  curl -s -X DELETE "$TFE_API/$1"',
      '}',
      'tfe "/projects/prj-abc"',
    ].join('\n');
    assert.deepEqual(endpoints(text), [
      '18 endpoint GET /organizations/:organization_name/projects',
      '23 endpoint DELETE /projects/:project_id',
    ]);
  });

  it('many distinct commands with a URL each: only the curl lines send (review v1, item 5; timed in the bench)', () => {
    // q8000.sh: 8,000 lines `toolN --flag "https://…/workspaces/ws-N"`, every 1,000th a curl. Its time is measured in
    // bench/history.bench.ts (fifth case) beside a plain scan, never here.
    const found = endpoints(manyCommands(8000), 'q.sh');
    assert.equal(found.length, 8);
  });

  it('a command substitution quoting its own argument does not end the string that holds it', () => {
    const text = [
      'nc() {',
      '  curl -s "https://app.terraform.io/api/v2/workspaces/$(ws_id "$1")/notification-configurations"',
      '}',
      'vars() {',
      '  curl -s "https://app.terraform.io/api/v2/workspaces/$(ws_id "$1")/vars"',
      '}',
    ].join('\n');
    assert.deepEqual(endpoints(text), ['2 endpoint GET /workspaces/:workspace_id/notification-configurations']);
  });

  it("PowerShell: a function's parameter sent in its web cmdlet's URL, named or by position; its method parameter's default", () => {
    const text = [
      '$TfeBase = "https://app.terraform.io/api/v2"',
      'function Invoke-Tfe {',
      '    param(',
      '        [string]$Path,',
      '        [string]$Method = "Get",',
      '        $Body',
      '    )',
      '    Invoke-RestMethod -Uri "$TfeBase/$Path" -Method $Method -Headers $headers -Body $Body',
      '}',
      '$ws = Invoke-Tfe -Path "organizations/acme/workspaces"',
      '$p = Invoke-Tfe -Path "organizations/acme/projects" -Method Post -Body $b',
      'Invoke-Tfe "organizations/acme/projects" "Delete"',
      'Invoke-Tfe -Body "organizations/acme/projects"',
    ].join('\n');
    assert.deepEqual(endpoints(text, 'tfe.ps1'), [
      '10 endpoint GET /organizations/:organization_name/workspaces',
      '11 endpoint POST /organizations/:organization_name/projects',
    ]);
  });

  it('PowerShell: a method parameter without a default says nothing', () => {
    const text = [
      'function Send-Tfe([string]$Path, [string]$Verb) {',
      '    Invoke-RestMethod -Uri "https://app.terraform.io/api/v2/$Path" -Method $Verb',
      '}',
      'Send-Tfe -Path "organizations/acme/workspaces"',
    ].join('\n');
    assert.deepEqual(endpoints(text, 'tfe.ps1'), []);
  });

  it('a function defined more than once runs as its last definition before the call', () => {
    const workflow = [
      'jobs:',
      '  watch:',
      '    runs-on: ubuntu-latest',
      '    steps:',
      '      - name: Find the workspace',
      '        run: |',
      '          tfc_api() {',
      '            curl -s --header "Authorization: Bearer ${{ secrets.TFC_TOKEN }}" \\',
      '              "https://app.terraform.io/api/v2$1"',
      '          }',
      '          WS=$(tfc_api "/organizations/${{ vars.ORG }}/workspaces/${{ vars.WORKSPACE }}")',
      '      - name: Make the project',
      '        run: |',
      '          tfc_api() {',
      '            curl -s -X POST --header "Authorization: Bearer ${{ secrets.TFC_TOKEN }}" \\',
      '              "https://app.terraform.io/api/v2$1"',
      '          }',
      '          tfc_api "/organizations/${{ vars.ORG }}/projects" -d @project.json',
    ].join('\n');
    assert.deepEqual(endpoints(workflow, 'watch.yml'), [
      '11 endpoint GET /organizations/:organization_name/workspaces/:name',
      '18 endpoint POST /organizations/:organization_name/projects',
    ]);
    // A call before every definition (from another function) cannot tell which one runs: nothing said.
    const script = [
      '#!/bin/bash',
      'main() {',
      '  tfc_call "/projects/$PROJECT_ID"',
      '}',
      'tfc_call() {',
      '  curl -s "https://app.terraform.io/api/v2$1"',
      '}',
      'tfc_call() {',
      '  curl -s -X DELETE "https://app.terraform.io/api/v2$1"',
      '}',
      'tfc_call "/projects/$PROJECT_ID"',
    ].join('\n');
    assert.deepEqual(endpoints(script), ['11 endpoint DELETE /projects/:project_id']);
  });
});
