// Dart (Flutter) clients (shared/src/history/models.ts `dartModels`, model-hits.ts `keysOfValues`, other-api.ts):
// classes mapping JSON by hand or by json_serializable, their resource from their name, holder or file; a map keyed
// by a resource's statuses; an http call beside another service's URL. Snippets written for these tests.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

const found = (text: string, fileName: string): string[] =>
  scanText(text, { fileName }).map((m) => `${m.line} ${m.text} ${m.subject.id}`);

/** A generated-style model file: a document, its data, attributes, permissions and relationships. */
const workspaceModel = [
  'class GetWorkspaceResp {', //                                       1
  '  Data? data;',
  '  GetWorkspaceResp.fromJson(Map<String, dynamic> json) {',
  "    data = json['data'] != null ? Data.fromJson(json['data']) : null;",
  '  }',
  '}',
  'class Data {',
  '  Attributes? attributes;',
  '  Relationships? relationships;',
  '  Data.fromJson(Map<String, dynamic> json) {', //                     10
  "    attributes = Attributes.fromJson(json['attributes']);",
  "    relationships = Relationships.fromJson(json['relationships']);",
  '  }',
  '}',
  'class Attributes {',
  '  String? updatedAt;',
  '  Permissions? permissions;',
  '  Attributes.fromJson(Map<String, dynamic> json) {',
  "    updatedAt = json['updated-at'];",
  "    permissions = Permissions.fromJson(json['permissions']);", //        20
  '  }',
  '  Map<String, dynamic> toJson() {',
  '    final Map<String, dynamic> data = {};',
  "    data['updated-at'] = this.updatedAt;",
  '    return data;',
  '  }',
  '}',
  'class Permissions {',
  '  bool? canManageRunTasks;',
  '  Permissions.fromJson(Map<String, dynamic> json) {', //                30
  "    canManageRunTasks = json['can-manage-run-tasks'];",
  '  }',
  '}',
  'class Relationships {',
  '  Organization? organization;',
  '  Readme? readme;',
  '  Relationships.fromJson(Map<String, dynamic> json) {',
  "    organization = Organization.fromJson(json['organization']);",
  "    readme = json['readme'] != null ? Readme.fromJson(json['readme']) : null;",
  '  }', //                                                                40
  '}',
  'class Organization {',
  '  Data? data;',
  "  Organization.fromJson(Map<String, dynamic> json) { data = Data.fromJson(json['data']); }",
  '}',
  'class Readme {',
  '  Null? data;',
  "  Readme.fromJson(Map<String, dynamic> json) { data = json['data']; }",
  '}',
].join('\n');

describe('Dart models', () => {
  it("a file's parts take its document's resource, the class the organization relationship shares included", () => {
    const rows = found(workspaceModel, 'lib/data/models/workspaces/get_workspace_resp.dart');
    assert.ok(rows.includes('19 updated-at attribute workspaces updated-at'), rows.join('\n'));
    assert.ok(rows.includes('24 updated-at attribute workspaces updated-at'), rows.join('\n'));
    assert.ok(rows.includes('31 can-manage-run-tasks permission workspaces can-manage-run-tasks'), rows.join('\n'));
    assert.ok(rows.includes('39 readme attribute workspaces readme'), rows.join('\n'));
    assert.ok(!rows.some((r) => r.includes('organizations can-manage-run-tasks')), rows.join('\n'));
  });

  it('the same classes in a file named for nothing, with nothing of the API, say nothing of the generic keys', () => {
    const rows = found(workspaceModel.replace(/updated-at/g, 'updated_on'), 'lib/models/profile.dart');
    assert.ok(!rows.some((r) => / readme /.test(r)), rows.join('\n'));
  });

  it("a map keyed by a run's statuses (meta.status-counts) gives the statuses; its other keys nothing", () => {
    const text = [
      'class GetRunsResp {',
      '  Meta? meta;',
      "  GetRunsResp.fromJson(Map<String, dynamic> json) { meta = Meta.fromJson(json['meta']); }",
      '}',
      'class Meta {',
      '  StatusCounts? statusCounts;',
      "  Meta.fromJson(Map<String, dynamic> json) { statusCounts = StatusCounts.fromJson(json['status-counts']); }",
      '}',
      'class StatusCounts {',
      '  int? fetching;',
      '  int? queuing;',
      '  int? total;',
      '  StatusCounts.fromJson(Map<String, dynamic> json) {',
      "    fetching = json['fetching'];",
      "    queuing = json['queuing'];",
      "    total = json['total'];",
      '  }',
      '}',
    ].join('\n');
    const rows = found(text, 'lib/data/models/runs/get_runs_resp.dart');
    assert.ok(rows.includes('14 fetching status runs fetching'), rows.join('\n'));
    assert.ok(rows.includes('15 queuing status runs queuing'), rows.join('\n'));
    assert.ok(!rows.some((r) => r.includes('configuration-versions')), rows.join('\n'));
  });

  it('an enum named for a run status gives its said values and its one-word members', () => {
    const text = [
      "import 'package:json_annotation/json_annotation.dart';",
      'enum RunStatus {',
      "  @JsonValue('plan_queued') planQueued,",
      '  fetching,',
      '  queuing,',
      '}',
    ].join('\n');
    const rows = found(text, 'lib/models/run_status.dart');
    assert.ok(rows.includes('4 fetching status runs fetching'), rows.join('\n'));
    assert.ok(rows.includes('5 queuing status runs queuing'), rows.join('\n'));
  });
});

describe("json_serializable's @JsonKey", () => {
  it('a field named by @JsonKey(name: …) in a class named for a resource is its key', () => {
    const text = [
      "import 'package:json_annotation/json_annotation.dart';",
      '@JsonSerializable()',
      'class WorkspaceAttributes {',
      "  @JsonKey(name: 'updated-at')",
      '  final String? updatedAt;',
      "  @JsonKey(name: 'source-name')",
      '  final String? sourceName;',
      '  WorkspaceAttributes(this.updatedAt, this.sourceName);',
      '}',
    ].join('\n');
    assert.ok(found(text, 'lib/models/attrs.dart').includes('4 updated-at attribute workspaces updated-at'));
  });
});

describe('Dart http calls beside another service', () => {
  it("a client class that also posts to another service's full URL keeps its own /api/v2 calls", () => {
    const text = [
      'class ApiClient extends GetConnect {',
      '  var url = "https://app.terraform.io";',
      '  Future push(Map body) async {',
      "    await httpClient.post('https://push.example.com/api/v1/notifications', body: body);",
      '  }',
      '  Future organizations() async {',
      "    final response = await httpClient.get('$url/api/v2/organizations', headers: headers);",
      '  }',
      '  Future createRun(Map body) async {',
      "    await http.post(Uri.parse('$url/api/v2/runs'), body: body);",
      '  }',
      '}',
    ].join('\n');
    const rows = found(text, 'lib/data/apiClient/api_client.dart').filter((r) => r.includes('endpoint'));
    assert.deepEqual(rows, [
      '7 $url/api/v2/organizations endpoint GET /organizations',
      '10 $url/api/v2/runs endpoint POST /runs',
    ]);
  });

  it('a class whose other base is a bare version path (`/api/v1`) stays the other API', () => {
    const text = [
      'class Client {',
      "  final base = '/api/v1';",
      "  Future runs() => http.post(Uri.parse('$host/api/v2/runs'));",
      '}',
    ].join('\n');
    const rows = found(text, 'lib/client.dart').filter((r) => r.includes('endpoint'));
    assert.deepEqual(rows, []);
  });
});
