// JSON:API is a format many services speak, not this API's mark: its media type, a Go JSON:API library's struct tags
// (google/jsonapi, which go-tfe's models use too) and a filter on a document's `type` are written by any JSON:API
// service and client. A Go model of a plain-word type (`projects`, `workspaces`, `users`) that the text serves, or a
// type compared to a value, is this API's only where the text sends its requests or names it; a type only this API
// has (`task-results`) says so itself. Made-up programs in the style of real ones.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

const found = (text: string, fileName: string): string[] =>
  scanText(text, { fileName }).map((m) => `${m.line} ${m.subject.id}`);

const trackerModels = [
  'package models',
  '',
  'import (',
  '\t"net/http"',
  '',
  '\t"github.com/google/jsonapi"',
  ')',
  '',
  "// Project is the tracker's own resource, served at /v1/projects.",
  'type Project struct {',
  '\tID          string       `jsonapi:"primary,projects"`',
  '\tName        string       `jsonapi:"attr,name"`',
  '\tDescription string       `jsonapi:"attr,description"`',
  '\tWorkspaces  []*Workspace `jsonapi:"relation,workspaces"`',
  '}',
  '',
  'type Workspace struct {',
  '\tID        string `jsonapi:"primary,workspaces"`',
  '\tLocked    bool   `jsonapi:"attr,locked"`',
  '\tUpdatedAt string `jsonapi:"attr,updated-at"`',
  '\tReadme    string `jsonapi:"attr,readme"`',
  '}',
  '',
  'func ServeProject(w http.ResponseWriter, p *Project) error {',
  '\tw.Header().Set("Content-Type", jsonapi.MediaType)',
  '\treturn jsonapi.MarshalPayload(w, p)',
  '}',
];

describe('Go: a JSON:API library’s models', () => {
  it('a service’s own models of plain-word types, served to its clients, say nothing of this API', () => {
    assert.deepEqual(found(trackerModels.join('\n'), 'internal/models/models.go'), []);
  });

  it('a models file with no handler is a client’s (its requests in another file): its types stay', () => {
    const models = trackerModels.slice(
      0,
      trackerModels.indexOf('func ServeProject(w http.ResponseWriter, p *Project) error {'),
    );
    const rows = found(models.join('\n'), 'internal/models/models.go');
    assert.ok(rows.includes('11 resource - projects') && rows.includes('18 resource - workspaces'), rows.join('\n'));
  });

  it('the same models in a text that names this API are its resources', () => {
    const client = trackerModels.map((l) =>
      l === "// Project is the tracker's own resource, served at /v1/projects."
        ? 'const defaultAddress = "https://app.terraform.io"\n\n// Project as HCP Terraform returns it.'
        : l,
    );
    assert.deepEqual(found(client.join('\n'), 'internal/models/models.go'), [
      '13 resource - projects',
      '14 attribute projects name',
      '15 attribute projects description',
      '20 resource - workspaces',
      '22 attribute workspaces updated-at',
      '23 attribute workspaces readme',
    ]);
  });

  it('a type only this API has says so itself (a run task server’s task result)', () => {
    const server = [
      'package main',
      '',
      'type TaskResult struct {',
      '\tID      string `jsonapi:"primary,task-results"`',
      '\tStatus  string `jsonapi:"attr,status"`',
      '\tMessage string `jsonapi:"attr,message"`',
      '}',
    ].join('\n');
    assert.deepEqual(found(server, 'structs.go'), ['4 resource - task-results', '5 attribute task-results status']);
  });
});

describe('a type compared to a value (a filter of any JSON:API document)', () => {
  const jq = (url: string, type: string, read: string): string =>
    ['#!/bin/sh', `curl -s "${url}" \\`, `  | jq -r '.data[] | select(.type == "${type}") | ${read}'`].join('\n');

  it('jq: another service’s export says nothing', () => {
    assert.deepEqual(found(jq('$INVENTORY/v1/export', 'workspaces', '.name'), 'export.sh'), []);
    assert.deepEqual(found(jq('$TRACKER_URL/api/projects', 'projects', '.attributes.name'), 'list.sh'), []);
  });

  it('jq: a type only this API has says so itself (a saved run document)', () => {
    const sh = [
      '#!/bin/sh',
      'jq -r \'.included[] | select(.type == "task-results") | .attributes.status\' run.json',
      'jq -r \'.included[] | select(.type == "workspaces") | .attributes.name\' run.json',
    ].join('\n');
    assert.deepEqual(found(sh, 'summary.sh'), ['2 resource - task-results']);
  });

  it('jq: a response of this API keeps the type it selects', () => {
    const sh = jq(
      'https://app.terraform.io/api/v2/organizations/$ORG/workspaces',
      'workspaces',
      '.attributes["resource-count"]',
    );
    assert.deepEqual(found(sh, 'count.sh'), [
      '2 endpoint GET /organizations/:organization_name/workspaces',
      '3 resource - workspaces',
      '3 attribute workspaces resource-count',
    ]);
  });

  it('Dart: a comparison in a client of another backend says nothing; in a client named for this API it is the type', () => {
    const dart = [
      "import 'dart:convert';",
      "import 'package:http/http.dart' as http;",
      '',
      'class TrackerApi {',
      '  TrackerApi(this.baseUrl);',
      '  final String baseUrl;',
      '',
      '  Future<List<String>> projectNames() async {',
      "    final res = await http.get(Uri.parse('$baseUrl/api/projects'));",
      '    return [',
      "      for (final p in jsonDecode(res.body)['data'] as List)",
      "        if (p['type'] == 'projects') p['attributes']['name'] as String",
      '    ];',
      '  }',
      '}',
    ];
    assert.deepEqual(found(dart.join('\n'), 'lib/tracker_api.dart'), []);
    const tfe = dart.map((l) => l.replaceAll('TrackerApi', 'TfeApi'));
    assert.deepEqual(found(tfe.join('\n'), 'lib/tfe_api.dart'), [
      '12 resource - projects',
      '12 attribute projects name',
    ]);
  });
});

describe('a model in a file named for a resource (a dasherized app’s own model)', () => {
  const model = [
    'class WorkspaceModel {',
    '  final String id;',
    '  final String name;',
    '  final DateTime updatedAt;',
    '',
    '  WorkspaceModel.fromJson(Map<String, dynamic> json)',
    "      : id = json['id'],",
    "        name = json['name'],",
    "        updatedAt = DateTime.parse(json['updated-at']);",
    '}',
  ];

  it('the file’s name does not tie a model the text does not show to be this API’s', () => {
    assert.deepEqual(found(model.join('\n'), 'lib/models/workspace.dart'), []);
  });

  it('a model read from this API’s response keeps its members', () => {
    const client = [
      "import 'dart:convert';",
      "import 'package:http/http.dart' as http;",
      '',
      ...model.map((l) =>
        l
          .replace("json['name']", "json['attributes']['name']")
          .replace("json['updated-at']", "json['attributes']['updated-at']"),
      ),
      '',
      'Future<WorkspaceModel> workspace(String id) async {',
      "  final res = await http.get(Uri.parse('https://app.terraform.io/api/v2/workspaces/$id'));",
      "  return WorkspaceModel.fromJson(jsonDecode(res.body)['data']);",
      '}',
    ];
    assert.deepEqual(found(client.join('\n'), 'lib/models/workspace.dart'), [
      '12 attribute workspaces updated-at',
      '16 endpoint GET /workspaces/:workspace_id',
    ]);
  });
});
