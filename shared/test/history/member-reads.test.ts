// A JSON:API response's keys read as members (`$w.attributes.name`, `p.data.relationships.project`) of a variable
// holding the response of one API resource (PowerShell's Invoke-RestMethod objects, JavaScript's parsed bodies).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

const attributes = (matches: readonly { line: number; subject: { type: string; id: string } }[]): string[] =>
  matches.filter((m) => m.subject.type === 'attribute').map((m) => `${m.line} ${m.subject.id}`);

describe("history: a response's keys read as members of a variable holding one resource's response", () => {
  it("are that resource's (PowerShell): by the assignment, through a loop over it, inside nested blocks", () => {
    const text = [
      'function Show-Projects {',
      '  param($Org, $Headers)',
      '  $base = "https://app.terraform.io/api/v2"',
      '  $list = (Invoke-RestMethod -Uri "$base/organizations/$Org/workspaces" -Headers $Headers).data',
      '  foreach ($item in $list) {',
      '    $detail = Invoke-RestMethod -Uri "$base/projects/$($item.relationships.project.data.id)" -Headers $Headers',
      '    foreach ($k in 1..2) {',
      '      Write-Output "$k $($detail.data.attributes.name)"',
      '      Write-Output $item.relationships.project.data.id',
      '    }',
      '  }',
      '}',
    ].join('\n');
    assert.deepEqual(attributes(scanText(text, { languageId: 'powershell' })), [
      '6 attribute workspaces project',
      '8 attribute projects name',
      '9 attribute workspaces project',
    ]);
  });

  it("are that resource's in JavaScript too: a parsed body's items walked by `for … of`", () => {
    const text = [
      'export async function projectNames(org) {',
      '  const body = await (await fetch(`https://app.terraform.io/api/v2/organizations/${org}/projects`)).json();',
      '  const out = [];',
      '  for (const p of body.data) {',
      '    out.push(p.attributes.name);',
      '  }',
      '  return out;',
      '}',
    ].join('\n');
    assert.deepEqual(attributes(scanText(text, { languageId: 'javascript' })), ['5 attribute projects name']);
  });

  it('say nothing of a root they cannot follow, a line of two resources, or a variable of another function', () => {
    const text = [
      'function Get-Runs {',
      '  param($Ws, $Headers)',
      '  $runs = Invoke-RestMethod -Uri "https://app.terraform.io/api/v2/workspaces/$Ws/runs" -Headers $Headers',
      '  $runs.data | Where-Object { $_.relationships.project -ne $null }',
      '  $both = @((Invoke-RestMethod -Uri "https://app.terraform.io/api/v2/projects/$Ws"), (Invoke-RestMethod -Uri "https://app.terraform.io/api/v2/workspaces/$Ws"))',
      '  Write-Output $both.data.relationships.project',
      '  $proj = Get-Content project.json | ConvertFrom-Json',
      '  Write-Output $proj.data.attributes.name',
      '}',
      'function Get-Other {',
      '  Write-Output $runs.data.attributes.name',
      '}',
    ].join('\n');
    assert.deepEqual(attributes(scanText(text, { languageId: 'powershell' })), []);
  });
});

describe('history: a JS object named for a resource says whose attributes it reads only with this API behind it', () => {
  // A CMS's JSON:API (Strapi's `data[].attributes.*`) reads alike: `project.attributes.name` of a React card.
  const card = [
    'export default function ProjectCard({ project }) {',
    '  return (',
    '    <div>',
    '      <h2>{project.attributes.name}</h2>',
    '      <p>{project.attributes?.description}</p>',
    '    </div>',
    '  );',
    '}',
    'export const TaskRow = ({ task }) => <li>{task.attributes.description}</li>;',
  ].join('\n');

  it('says nothing by the name alone, or beside another API’s URL', () => {
    assert.deepEqual(attributes(scanText(card, { languageId: 'javascriptreact' })), []);
    const strapi = [
      'export async function getProjects() {',
      '  const res = await fetch(`${process.env.STRAPI_URL}/api/projects?populate=*`);',
      '  const body = await res.json();',
      '  return body.data.map((project) => ({ name: project.attributes.name }));',
      '}',
    ].join('\n');
    assert.deepEqual(attributes(scanText(strapi, { languageId: 'javascript' })), []);
  });

  it('reads them when the object’s other reads name an attribute only that resource has (review v5 item 16)', () => {
    const mapper = [
      'export const toRun = (run: any) => ({',
      '  id: run.id,',
      '  configGeneration: run.attributes["allow-config-generation"],',
      '  refresh: run.attributes.refresh,',
      '});',
    ].join('\n');
    assert.deepEqual(attributes(scanText(mapper, { languageId: 'typescript' })), [
      '3 attribute runs allow-config-generation',
      '4 attribute runs refresh',
    ]);
    // A timestamp every JSON:API resource has (`updatedAt`) is no such name.
    const cms = card.replace('{project.attributes?.description}', '{project.attributes.updatedAt}');
    assert.deepEqual(attributes(scanText(cms, { languageId: 'javascriptreact' })), []);
  });

  it('reads them in a file of the program’s own client of this API, or from this API’s response', () => {
    const own = `import { Project } from '../api/terraformCloud/project';\n${card}`;
    assert.deepEqual(attributes(scanText(own, { languageId: 'javascriptreact' })), [
      '5 attribute projects name',
      '6 attribute projects description',
      '10 attribute tasks description',
    ]);
    const fetched = [
      'export async function projectName(id) {',
      '  const res = await fetch(`https://app.terraform.io/api/v2/projects/${id}`, { headers });',
      '  const project = (await res.json()).data;',
      '  return project.attributes.name;',
      '}',
    ].join('\n');
    assert.deepEqual(attributes(scanText(fetched, { languageId: 'javascript' })), ['4 attribute projects name']);
  });
});
