// Terraform `http` data sources: the keys of the JSON:API response a source decodes are read as the attributes of
// the resource its URL requests, through locals and `for` expressions, also when the source is declared in
// another file of the module; a loop over a list not known here is of the resource its variable's name spells.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanProject, scanText } from '@keyfob/shared/history';

const attributes = (matches: readonly { line: number; subject: { type: string; id: string } }[]): string[] =>
  matches.filter((m) => m.subject.type === 'attribute').map((m) => `${m.line} ${m.subject.id}`);

describe('history: Terraform http data sources decode their endpoint resource', () => {
  it('reads keys of the decoded body through locals, for expressions and splats', () => {
    const text = [
      'data "http" "org_projects" {',
      '  url = "https://${var.host}/api/v2/organizations/${var.org}/projects?page[size]=50"',
      '  request_headers = { Authorization = "Bearer ${var.token}" }',
      '}',
      'locals {',
      '  listed = jsondecode(data.http.org_projects.response_body)["data"]',
      '  labels = [for p in local.listed : p.attributes.name]',
      '  notes  = { for p in local.listed : p["id"] => p["attributes"]["description"] }',
      '  first  = jsondecode(data.http.org_projects.response_body).data[*].attributes.name',
      '}',
    ].join('\n');
    assert.deepEqual(attributes(scanText(text, { languageId: 'terraform' })), [
      '7 attribute projects name',
      '8 attribute projects description',
      '9 attribute projects name',
    ]);
  });

  it('says nothing of another resource, nor of a key read outside attributes', () => {
    const text = [
      'data "http" "mods" {',
      '  url = "https://app.terraform.io/api/v2/organizations/${var.org}/registry-modules"',
      '}',
      'locals {',
      '  mods  = jsondecode(data.http.mods.response_body).data',
      '  names = [for m in local.mods : m["attributes"]["name"]]',
      '  descs = [for m in local.mods : m.attributes.description]',
      '  metas = [for m in local.mods : m["meta"]["name"]]',
      '}',
    ].join('\n');
    assert.deepEqual(attributes(scanText(text, { languageId: 'terraform' })), []);
  });

  it('takes the source from another file of the module, and a loop variable name when the list is not known', () => {
    const data = [
      'data "http" "ws" {',
      '  url = "https://app.terraform.io/api/v2/organizations/${var.org}/workspaces"',
      '}',
    ].join('\n');
    const parse = [
      'locals {',
      '  all = jsondecode(data.http.ws.response_body).data',
      '  pids = [for w in local.all : w["relationships"]["project"]["data"]["id"]]',
      '  other = toset([for workspace in local.from_elsewhere : workspace["relationships"]["project"]["data"]["id"]])',
      '  items = [for item in local.from_elsewhere : item["attributes"]["name"]]',
      '}',
    ].join('\n');
    const [, found] = scanProject([
      { text: data, fileName: 'tfc/data.tf' },
      { text: parse, fileName: 'tfc/parse.tf' },
    ]);
    assert.deepEqual(attributes(found ?? []), ['3 attribute workspaces project', '4 attribute workspaces project']);
    // Alone, the file does not know what `data.http.ws` holds: only the loop named for its resource says it.
    assert.deepEqual(attributes(scanText(parse, { languageId: 'terraform' })), ['4 attribute workspaces project']);
  });

  it('reads a map a for expression makes of each instance of a for_each source, its filters and its items', () => {
    const text = [
      'data "http" "ws" {',
      '  for_each = toset(var.workspace_names)',
      '  url      = "https://app.terraform.io/api/v2/organizations/${var.org}/workspaces/${each.key}"',
      '}',
      'locals {',
      '  attrs = {',
      '    for name, r in data.http.ws :',
      '    name => jsondecode(r.response_body).data.attributes',
      '  }',
      '  kept = {',
      '    for name, a in local.attrs :',
      '    name => a',
      '    # keep the tagged ones',
      '    if contains(a.tag-names, "keep")',
      '  }',
      '  big   = [for name, a in local.kept : name if a.resource-count > 10]',
      '  count = local.attrs["prod"].resource-count',
      '  other = { for name, r in data.http.ws : name => jsondecode(r.response_body).data.id }',
      '  ids   = [for name, o in local.other : o.resource-count]',
      '}',
    ].join('\n');
    assert.deepEqual(attributes(scanText(text, { languageId: 'terraform' })), [
      '14 attribute workspaces tag-names',
      '16 attribute workspaces resource-count',
      '17 attribute workspaces resource-count',
    ]);
  });

  it('reads a local from the first locals block that assigns it, over many blocks and sources (read once a file)', () => {
    // `url = local.x`: x assigned in a later block, and `ws` in two blocks (the first one's value is the one). Every
    // name's place is read in one pass over the blocks (`localAssignments`), not searched per source and block.
    const source = (k: number): string[] => [
      `data "http" "p${k}" {`,
      `  url = local.p${k}_url`,
      '}',
      'locals {',
      `  n${k} = jsondecode(data.http.p${k}.response_body).data[*].attributes.name`,
      '}',
    ];
    const text = [
      'locals {',
      '  ws = jsondecode(data.http.ws.response_body).data',
      '}',
      'data "http" "ws" {',
      '  url = local.ws_url',
      '}',
      ...Array.from({ length: 40 }, (_, k) => source(k)).flat(),
      'locals {',
      '  ws_url = "https://app.terraform.io/api/v2/organizations/acme/workspaces"',
      '  ws     = jsondecode(data.http.ws.response_body).data.relationships',
      '  names  = [for w in local.ws : w.attributes.resource-count]',
      ...Array.from(
        { length: 40 },
        (_, k) => `  p${k}_url = "https://app.terraform.io/api/v2/organizations/acme/projects"`,
      ),
      '}',
    ].join('\n');
    const found = attributes(scanText(text, { languageId: 'terraform' }));
    const projects = Array.from({ length: 40 }, (_, k) => `${11 + 6 * k} attribute projects name`);
    assert.deepEqual(found, [...projects, '250 attribute workspaces resource-count']);
  });
});
