// A loop that counts as it walks a response's items (Python's `for i, p in enumerate(body["data"])`, JavaScript's
// `for (const [i, p] of body.data.entries())`): its item is an item of what it walks, as a plain loop's is.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

const attributes = (text: string, languageId: string): string[] =>
  scanText(text, { languageId })
    .filter((m) => m.subject.type === 'attribute')
    .map((m) => `${m.line} ${m.subject.id}`);

describe("history: a counted loop's item over a response's items", () => {
  it("is the response's resource's (Python), with a start given or not, in a file of several resources", () => {
    const text = [
      'import requests',
      '',
      'def list_projects(org, token):',
      '    url = f"https://app.terraform.io/api/v2/organizations/{org}/projects"',
      '    response = requests.get(url=url, headers=auth(token))',
      '    body = response.json()',
      '    for no, item in enumerate(body["data"], start=1):',
      '        print(no, item["attributes"]["name"])',
      '',
      'def list_varsets(org, token):',
      '    url = f"https://app.terraform.io/api/v2/organizations/{org}/varsets"',
      '    response = requests.get(url=url, headers=auth(token))',
      '    body = response.json()',
      '    for no, item in enumerate(body["data"]):',
      '        print(no, item["relationships"]["projects"]["data"])',
    ].join('\n');
    assert.deepEqual(attributes(text, 'python'), ['8 attribute projects name', '15 attribute varsets projects']);
  });

  it("says nothing of a dictionary's values, or of rows that are no response (Python)", () => {
    const text = [
      'import requests',
      '',
      'def list_projects(org, token):',
      '    url = f"https://app.terraform.io/api/v2/organizations/{org}/projects"',
      '    response = requests.get(url=url, headers=auth(token))',
      '    saved = json.load(open("cache.json"))',
      '    for key, item in saved.items():',
      '        print(key, item["attributes"]["name"])',
      '    for no, row in enumerate(csv.reader(open("rows.csv"))):',
      '        print(no, row["attributes"]["name"])',
      '',
      'def list_varsets(org, token):',
      '    url = f"https://app.terraform.io/api/v2/organizations/{org}/varsets"',
      '    response = requests.get(url=url, headers=auth(token))',
    ].join('\n');
    assert.deepEqual(attributes(text, 'python'), []);
  });

  it("is the response's resource's in JavaScript's `entries()` loop, read by member", () => {
    const text = [
      'async function projectRows(org) {',
      '  const res = await fetch(`https://app.terraform.io/api/v2/organizations/${org}/projects`);',
      '  const body = await res.json();',
      '  const rows = [];',
      '  for (const [i, p] of body.data.entries()) {',
      '    rows.push(`${i + 1} ${p.attributes.name}`);',
      '  }',
      '  return rows;',
      '}',
      'async function fromDisk(org) {',
      '  const res = await fetch(`https://app.terraform.io/api/v2/organizations/${org}/projects`);',
      "  const saved = JSON.parse(await readFile('projects.json', 'utf8'));",
      '  for (const [i, p] of saved.entries()) console.log(i, p.attributes.name);',
      '}',
    ].join('\n');
    assert.deepEqual(attributes(text, 'javascript'), ['6 attribute projects name']);
  });
});

describe("history: a Python script's top level, a scope of its own", () => {
  it('reads its response as a function would, in a file of two resources', () => {
    const text = [
      'import requests',
      '',
      'org = os.environ["TFC_ORG"]',
      'r = requests.get(f"https://app.terraform.io/api/v2/organizations/{org}/projects", headers=HEADERS)',
      'body = r.json()',
      'for no, p in enumerate(body["data"]):',
      '    print(no, p["attributes"]["name"])',
      'w = requests.get(f"https://app.terraform.io/api/v2/organizations/{org}/workspaces", headers=HEADERS)',
    ].join('\n');
    assert.deepEqual(attributes(text, 'python'), ['7 attribute projects name']);
  });

  it('says nothing of what the top level reads from a file', () => {
    const text = [
      'import requests',
      '',
      'r = requests.get(f"https://app.terraform.io/api/v2/organizations/{org}/projects", headers=HEADERS)',
      'with open("cache.json") as f:',
      '    cached = json.load(f)',
      'for p in cached["data"]:',
      '    print(p["attributes"]["name"])',
      'w = requests.get(f"https://app.terraform.io/api/v2/organizations/{org}/workspaces", headers=HEADERS)',
    ].join('\n');
    assert.deepEqual(attributes(text, 'python'), []);
  });
});
