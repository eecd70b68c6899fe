// Readers of a response's keys and of joined bases on long lines (shared/src/history/response-flow.ts, key-paths.ts,
// base-urls.ts): each find on a line is read near where it is, not with the whole line again, so a long line of
// them takes time in proportion to its length. These check what is read, not the time: the shapes at a moderate size
// give the matches a short line gives, and a chain further back than response-flow's bound is not read.
// Snippets written for these tests.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

/** How many times each `line subject` occurs in a source's matches. */
function counts(source: string, options: Parameters<typeof scanText>[1]): Map<string, number> {
  const found = new Map<string, number>();
  for (const m of scanText(source, options)) {
    const k = `${m.line} ${m.subject.id}`;
    found.set(k, (found.get(k) ?? 0) + 1);
  }
  return found;
}

/** Lines that keep a read further than the matcher's 12 lines of context from any URL. */
const FAR = Array.from({ length: 14 }, (_, k) => `    step_${k} = k + ${k}`);

// (Each line under MAX_LINE_LENGTH, 10,000 characters: a longer one is not read at all, long-lines.test.)
describe("a response's keys read on a long line (Python)", () => {
  it('every chain of 80 on one line is read as alone; an unknown variable’s stays silent', () => {
    const unit =
      'project["attributes"]["name"], other["attributes"]["name"], project.get("attributes", {}).get("description"), ';
    const source = ['def format_output(project):', ...FAR, `    shown = [${unit.repeat(80)}]`].join('\n');
    assert.deepEqual(
      counts(source, { languageId: 'python', fileName: 'client.py' }),
      new Map([
        ['16 attribute projects name', 80],
        ['16 attribute projects description', 80],
      ]),
    );
  });

  it('200 membership tests on one line are each read', () => {
    const source = [
      'def format_output(project):',
      ...FAR,
      `    ${'shown = "name" in project["attributes"]; '.repeat(200)}`,
    ].join('\n');
    assert.deepEqual(
      counts(source, { languageId: 'python', fileName: 'client.py' }),
      new Map([['16 attribute projects name', 200]]),
    );
  });

  it('a chain is looked for in the 400 characters before its key: one reaching further back is not read', () => {
    const read = (blanks: number): Map<string, number> =>
      counts(
        ['def format_output(project):', ...FAR, `    shown = project["attributes"]${' '.repeat(blanks)}["name"]`].join(
          '\n',
        ),
        { languageId: 'python', fileName: 'client.py' },
      );
    assert.deepEqual(read(300), new Map([['16 attribute projects name', 1]]));
    assert.deepEqual(read(450), new Map());
  });
});

describe('joined bases after a long line of joins (Python)', () => {
  it('a name assigned a concatenation below a line of 2,000 joins is still a base', () => {
    const text = [
      'def fetch_one(ws_root, name, headers):',
      "    return requests.get(ws_root + '/' + name, headers=headers).json()",
      '',
      'def main(server, org, headers):',
      `    parts = [${"path + '/x' + org, ".repeat(2000)}]`,
      "    ws_root = server + '/api/v2/organizations/' + org + '/workspaces'",
      "    return fetch_one(ws_root, 'prod', headers)",
    ].join('\n');
    const endpoints = [...counts(text, { fileName: 'client.py', apiElsewhere: true }).keys()].filter((k) =>
      k.includes('endpoint'),
    );
    assert.deepEqual(endpoints, ['2 endpoint GET /organizations/:organization_name/workspaces/:name']);
  });
});

describe('a key list on a long line (Go)', () => {
  it("a `Columns:` list's first key is its block's type's, the list short or of 1,500 items", () => {
    const block = (items: string): Map<string, number> =>
      counts(
        [
          'var registry = []Spec{',
          '\t{',
          '\t\tType:    "varsets",',
          '\t\tPathGet: "/varsets/{id}",',
          `\t\tColumns: []string{"priority",${items}},`,
          '\t},',
          '}',
        ].join('\n'),
        { languageId: 'go', fileName: 'registry.go' },
      );
    const expected = new Map([
      ['3 resource - varsets', 1],
      ['4 endpoint GET /varsets/:varset_id', 1],
      ['5 attribute varsets priority', 1],
    ]);
    assert.deepEqual(block(' "global"'), expected);
    assert.deepEqual(block(' "f",'.repeat(1500)), expected);
  });
});

describe('a jq filter written over lines, its keys on a long line (shell)', () => {
  it("each of 400 keys on a line inside the filter is the response's; the same line fed to no jq says nothing", () => {
    const script = (program: string): Map<string, number> =>
      counts(
        [
          'resp=$(curl -sf "https://app.terraform.io/api/v2/projects/$ID")',
          `echo "$resp" | ${program} '`,
          `  [${'.data.attributes.name, '.repeat(400)}.id] | @tsv`,
          "'",
        ].join('\n'),
        { fileName: 'scripts/projects.sh' },
      );
    assert.deepEqual(
      script('jq -r'),
      new Map([
        ['1 endpoint GET /projects/:project_id', 1],
        ['3 attribute projects name', 400],
      ]),
    );
    assert.deepEqual(script('cat'), new Map([['1 endpoint GET /projects/:project_id', 1]]));
  });
});

describe("a typed document's members on a long line (Go)", () => {
  const source = (line: string): string =>
    [
      'package x',
      'type Doc struct { Data struct { Attributes map[string]any `json:"attributes"` } `json:"data"` }',
      'func getProject(id string) {',
      '\tresp, _ := http.Get("https://app.terraform.io/api/v2/projects/" + id)',
      '\tfor _, item := range resp.Data {',
      line,
      '\t}',
      '}',
    ].join('\n');
  const read = (line: string): Map<string, number> => counts(source(line), { fileName: 'projects.go' });
  const url = ['4 endpoint GET /projects/:project_id', 1] as const;

  it('each of 100 members on one line is read; those after a `//` on it are not', () => {
    assert.deepEqual(
      read(`\t\tx := []string{${'item.Attributes.Name, '.repeat(100)}}`),
      new Map([url, ['6 attribute projects name', 100]]),
    );
    assert.deepEqual(
      read(`\t\tx := item.Attributes.Name // ${'item.Attributes.Name, '.repeat(100)}`),
      new Map([url, ['6 attribute projects name', 1]]),
    );
  });

  it('a line opening with `*` or `#` (after blanks) is a comment: nothing on it is read', () => {
    assert.deepEqual(read('\t\t* item.Attributes.Name'), new Map([url]));
    assert.deepEqual(read('\t\t# item.Attributes.Name'), new Map([url]));
  });
});
