// The API history's project facts on the wire between the VS Code extension's host and its language
// server (shared/src/lsp/project-request.ts): what the host sends (projectFactsToWire) comes back the
// same; what the server reads is bounded by the editors' and the project facts' limits, and each
// problem names the field, its value when it is short, and the fix.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { HTTP_METHODS } from '../../src/history/data-types.ts';
import { EDITOR_PROJECT_LIMITS, PROJECT_FILE_RULES, PROJECT_LIMITS } from '../../src/history/index.ts';
import type { FileFacts } from '../../src/history/index.ts';
import { projectFactsFromWire, projectFactsToWire } from '../../src/lsp/project-request.ts';

const FIX = /; send each saved file as \[path, .*\(projectFactsToWire\)$/;

const jobs: FileFacts = {
  modelPaths: new Map([['JobListOptions', ['/workspaces/:workspace_id/runs']]]),
  helpers: new Map([['_patch', 'PATCH']]),
};

describe('projectFactsToWire and projectFactsFromWire', () => {
  it('what the host sends is what the server reads', () => {
    const files = new Map<string, FileFacts>([
      ['pkg/resources/jobs.py', jobs],
      ['pkg/models/jobs.py', { modelPaths: new Map() }],
      ['pkg/registry.py', { modelPaths: new Map(), bases: new Map([['{cfg.API}', 'organizations/*']]) }],
      // A Terraform file's text (review v6 item 18: the server's modules for the project's tests and `.tfvars` files).
      [
        'infra/main.tf',
        { modelPaths: new Map(), terraform: { fileName: 'infra/main.tf', text: 'variable "tags" {}\n' } },
      ],
    ]);
    const wire = projectFactsToWire(files);
    // The request is JSON: the answer crosses it.
    const { files: read, problems } = projectFactsFromWire(JSON.parse(JSON.stringify(wire)));
    assert.deepEqual(read, files);
    assert.deepEqual(problems, []);
  });

  it('a Terraform text past the parser’s bound is left out and named, the file kept', () => {
    const { files, problems } = projectFactsFromWire([['main.tf', [], [], [], 'x'.repeat(256 * 1024 + 1)]]);
    assert.deepEqual(files, new Map([['main.tf', { modelPaths: new Map() }]]));
    assert.equal(problems.length, 1);
    assert.match(
      problems[0] ?? '',
      /^keyfob\/projectFacts answer: \[0\] \("main\.tf"\)\[4\] \(terraform\) is not a text/,
    );
  });

  it('null (the host has none) is no facts and no problem; another value that is no list is named', () => {
    assert.deepEqual(projectFactsFromWire(null), { files: undefined, problems: [] });
    const { files, problems } = projectFactsFromWire({ files: [] });
    assert.equal(files, undefined);
    assert.equal(problems.length, 1);
    assert.match(
      problems[0] ?? '',
      /^keyfob\/projectFacts answer: \(the whole answer\) is an object, not a list or null/,
    );
    assert.match(problems[0] ?? '', FIX);
  });

  it('files past the editors’ bound are left out and the count said', () => {
    const wire = Array.from({ length: EDITOR_PROJECT_LIMITS.files + 3 }, (_, i) => [`f${i}.py`, [], []]);
    const { files, problems } = projectFactsFromWire(wire);
    assert.equal(files?.size, EDITOR_PROJECT_LIMITS.files);
    assert.equal(files?.has(`f${EDITOR_PROJECT_LIMITS.files - 1}.py`), true);
    assert.equal(files?.has(`f${EDITOR_PROJECT_LIMITS.files}.py`), false);
    assert.deepEqual(
      problems.map((p) => p.replace(FIX, '')),
      [
        `keyfob/projectFacts answer: (the whole answer) holds ${EDITOR_PROJECT_LIMITS.files + 3} files, over the bound of ${EDITOR_PROJECT_LIMITS.files}: the first ${EDITOR_PROJECT_LIMITS.files} are kept`,
      ],
    );
  });

  it('a path that is empty, too long or no string leaves its file out, named by its place', () => {
    const long = 'a'.repeat(PROJECT_FILE_RULES.maxPathLength + 1);
    const { files, problems } = projectFactsFromWire([
      ['', [], []],
      [long, [], []],
      [42, [], []],
      'pkg/x.py',
      ['ok.py', [], []],
    ]);
    assert.deepEqual([...(files?.keys() ?? [])], ['ok.py']);
    assert.deepEqual(
      problems.map((p) => p.replace(FIX, '')),
      [
        `keyfob/projectFacts answer: [0][0] (path) is "", not a path of 1 to 1024 characters: the file is left out`,
        `keyfob/projectFacts answer: [1][0] (path) is a string of 1025 characters, not a path of 1 to 1024 characters: the file is left out`,
        `keyfob/projectFacts answer: [2][0] (path) is a number, not a path of 1 to 1024 characters: the file is left out`,
        `keyfob/projectFacts answer: [3][0] (path) is missing, not a path of 1 to 1024 characters: the file is left out`,
      ],
    );
  });

  it('models and helpers out of shape are left out, the rest of the file kept', () => {
    const { files, problems } = projectFactsFromWire([
      [
        'a.py',
        [
          ['Good', ['/runs', 7, '']],
          ['', ['/x']],
          ['NoTemplates', 'x'],
        ],
        [
          ['_get', 'GET'],
          ['_fetch', 'FETCH'],
          ['_nl', 'PO\nST'],
        ],
      ],
      ['b.py', 'models', []],
    ]);
    assert.deepEqual(
      files,
      new Map([['a.py', { modelPaths: new Map([['Good', ['/runs']]]), helpers: new Map([['_get', 'GET']]) }]]),
    );
    assert.deepEqual(
      problems.map((p) => p.replace(FIX, '')),
      [
        `keyfob/projectFacts answer: [0] ("a.py")[1][0][1] (Good's templates) holds a value that is no template: it is left out`,
        `keyfob/projectFacts answer: [0] ("a.py")[1][1] (a model) is not [name, templates] with a name of 1 to ${PROJECT_LIMITS.signature} characters: it is left out`,
        `keyfob/projectFacts answer: [0] ("a.py")[1][2] (a model) is not [name, templates] with a name of 1 to ${PROJECT_LIMITS.signature} characters: it is left out`,
        `keyfob/projectFacts answer: [0] ("a.py")[2][1] (a helper) is not [name, method] with a method of GET, POST, PUT, PATCH, DELETE (got "FETCH"): it is left out`,
        // A newline in a value is escaped: the server's log line stays one line.
        `keyfob/projectFacts answer: [0] ("a.py")[2][2] (a helper) is not [name, method] with a method of GET, POST, PUT, PATCH, DELETE (got "PO\\nST"): it is left out`,
      ],
    );
    // At most five problems are said (b.py's is the sixth).
    assert.equal(problems.length, 5);
  });

  it('models, templates and helpers past the project facts’ bounds: the first kept, the count said', () => {
    const many = <T>(n: number, f: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => f(i));
    const templates = many(PROJECT_LIMITS.pathsPerModel + 1, (i) => `/t${i}`);
    const { files, problems } = projectFactsFromWire([
      [
        'a.py',
        many(PROJECT_LIMITS.perFile + 1, (i) => [`M${i}`, i === 0 ? templates : []]),
        many(PROJECT_LIMITS.perFile + 2, (i) => [`h${i}`, 'GET']),
      ],
    ]);
    const a = files?.get('a.py');
    assert.equal(a?.modelPaths.size, PROJECT_LIMITS.perFile);
    assert.deepEqual(a?.modelPaths.get('M0'), templates.slice(0, PROJECT_LIMITS.pathsPerModel));
    assert.equal(a?.helpers?.size, PROJECT_LIMITS.perFile);
    assert.deepEqual(
      problems.map((p) => p.replace(FIX, '')),
      [
        `keyfob/projectFacts answer: [0] ("a.py")[1] (models) holds ${PROJECT_LIMITS.perFile + 1} models, over the bound of ${PROJECT_LIMITS.perFile}: the first ${PROJECT_LIMITS.perFile} are kept`,
        `keyfob/projectFacts answer: [0] ("a.py")[1][0][1] (M0's templates) holds ${PROJECT_LIMITS.pathsPerModel + 1} templates, over the bound of ${PROJECT_LIMITS.pathsPerModel}: the first ${PROJECT_LIMITS.pathsPerModel} are kept`,
        `keyfob/projectFacts answer: [0] ("a.py")[2] (helpers) holds ${PROJECT_LIMITS.perFile + 2} helpers, over the bound of ${PROJECT_LIMITS.perFile}: the first ${PROJECT_LIMITS.perFile} are kept`,
      ],
    );
  });

  it('the HTTP methods a helper may have are the history schema’s', () => {
    const schema = JSON.parse(
      readFileSync(new URL('../../../schemas/platform-history.schema.json', import.meta.url), 'utf8'),
    ) as unknown;
    const enums: unknown[] = [];
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value !== null && typeof value === 'object')
        for (const [key, inner] of Object.entries(value)) {
          if (key === 'method' && inner !== null && typeof inner === 'object' && 'enum' in inner)
            enums.push((inner as { enum: unknown }).enum);
          walk(inner);
        }
    };
    walk(schema);
    assert.deepEqual(enums, [[...HTTP_METHODS]]);
  });
});
