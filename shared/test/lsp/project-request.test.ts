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
import { factsConcern, projectFacts, scanFile, scanProject } from '../../src/history/index.ts';
import { projectFactsFromWire, projectFactsToWire } from '../../src/lsp/project-request.ts';
import { OTHER_FIELDS, type OtherField } from '../../src/lsp/project-wire.ts';
import { FACT_BOUNDS } from '../../src/history/project-facts.ts';

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

  it('every field of a file’s facts crosses (an object after the Terraform text) and comes back equal', () => {
    // Required: a field added to FileFacts and not set here fails to compile, as one without a wire reader does.
    const every: Required<FileFacts> = {
      modelPaths: new Map([['RunListOptions', ['/workspaces/:workspace_id/runs']]]),
      helpers: new Map([['_get', 'GET']]),
      bases: new Map([['{cfg.API}', 'organizations/*']]),
      goClients: ['Meta.Client()'],
      goReturns: new Map([['getWorkspace', 'Workspace']]),
      operations: new Map([
        ['queue_run', 'endpoint POST /runs'],
        ['_private', ''],
      ]),
      operationClasses: new Map([['queue_run', 'PlatformClient']]),
      queryConsts: new Map([['paramPageSize', 'page[size]']]),
      releases: new Map([['terrasnek', '0.0.10']]),
      laterReleases: new Map([['terrasnek', '0.1.4']]),
      httpSources: new Map([['ws', 'workspaces']]),
      taskStatus: { names: ['status'], handovers: [['task_status', 'run_task_status']] },
      pathHelpers: new Map([
        ['ws_path', { pieces: ['/api/v2/workspaces/', 0], returns: true }],
        ['send_all', { pieces: ['/api/v2/', 0], rest: 1, method: 'POST', returns: false }],
      ]),
      routers: {
        handed: new Map([['register#0', '/api/v2']]),
        consts: new Map([['API_ROOT', '/api/v2']]),
        mounts: new Map([['routes/runs#default', '+/api/v2']]),
      },
      configBases: new Map([
        ['ASANA_API_BASE_URL', 'other'],
        ['TFE_URL', 'own'],
      ]),
      terraform: { fileName: 'pkg/all.py', text: 'variable "x" {}\n' },
      namesApi: 'pkg',
      unproven: true,
    };
    const files = new Map<string, FileFacts>([
      ['pkg/all.py', every],
      // Other fields without a Terraform text: null in its place.
      ['root.py', { modelPaths: new Map(), namesApi: '', operations: new Map([['list_runs', 'endpoint GET /runs']]) }],
      // No other field: the tuple an older server reads too.
      ['plain.py', jobs],
    ]);
    const wire = JSON.parse(JSON.stringify(projectFactsToWire(files))) as unknown[][];
    assert.equal(wire[1]?.[4], null);
    assert.equal(wire[2]?.length, 3);
    const { files: read, problems } = projectFactsFromWire(wire);
    assert.deepEqual(problems, []);
    assert.deepEqual(read, files);
  });

  it('an older host’s tuples of 3 to 5 elements still read', () => {
    const { files, problems } = projectFactsFromWire([
      ['a.py', [['M', ['/runs']]], [['_get', 'GET']]],
      ['b.py', [], [], [['{cfg.API}', 'organizations/*']]],
      ['main.tf', [], [], [], 'variable "x" {}\n'],
    ]);
    assert.deepEqual(problems, []);
    assert.deepEqual(
      files,
      new Map<string, FileFacts>([
        ['a.py', { modelPaths: new Map([['M', ['/runs']]]), helpers: new Map([['_get', 'GET']]) }],
        ['b.py', { modelPaths: new Map(), bases: new Map([['{cfg.API}', 'organizations/*']]) }],
        ['main.tf', { modelPaths: new Map(), terraform: { fileName: 'main.tf', text: 'variable "x" {}\n' } }],
      ]),
    );
  });

  /** One file's answer with the other facts `others`: what is read of them, and the problems without the fix. */
  const readOthers = (others: unknown): { facts: FileFacts | undefined; problems: string[] } => {
    const { files, problems } = projectFactsFromWire([['a.py', [], [], [], null, others]]);
    return { facts: files?.get('a.py'), problems: problems.map((p) => p.replace(FIX, '')) };
  };
  const at = 'keyfob/projectFacts answer: [0] ("a.py")[5]';

  it('each other field out of shape is left out, named by its place, the file kept', () => {
    for (const field of Object.keys(OTHER_FIELDS) as OtherField[]) {
      const { facts, problems } = readOthers({ [field]: 42 });
      assert.deepEqual(facts, { modelPaths: new Map() }, field);
      assert.equal(problems.length, 1, field);
      assert.match(problems[0] ?? '', new RegExp(`^${escape(at)}\\.${field} is a number, not .*: it is left out$`));
    }
    // An entry out of shape: left out and named, the others kept.
    const { facts, problems } = readOthers({
      operations: [
        ['queue_run', 'endpoint POST /runs'],
        ['', 'x'],
        ['sweep', 7],
      ],
      configBases: [['A_URL', 'maybe']],
      pathHelpers: [
        ['ok', { pieces: ['/api/v2/runs/', 0], returns: true }],
        ['bad', { pieces: ['/api/v2/'], method: 'FETCH', returns: false }],
      ],
      routers: { handed: [['register#0', 5]], mounts: [['m#default', '+/api/v2']], extra: [] },
      unproven: false,
    });
    assert.deepEqual(facts, {
      modelPaths: new Map(),
      operations: new Map([['queue_run', 'endpoint POST /runs']]),
      pathHelpers: new Map([['ok', { pieces: ['/api/v2/runs/', 0], returns: true }]]),
      routers: { mounts: new Map([['m#default', '+/api/v2']]) },
    });
    assert.deepEqual(problems, [
      `${at}.operations[1] (operation) is not [name, endpoint id] with a name of 1 to ${PROJECT_LIMITS.signature} characters, its endpoint id of at most ${PROJECT_LIMITS.signature} (got "x"): it is left out`,
      `${at}.operations[2] (operation) is not [name, endpoint id] with a name of 1 to ${PROJECT_LIMITS.signature} characters, its endpoint id of at most ${PROJECT_LIMITS.signature}: it is left out`,
      `${at}.configBases[0] (config base) is not [name, "own" or "other"] with a name of 1 to ${PROJECT_LIMITS.signature} characters (got "maybe"): it is left out`,
      `${at}.pathHelpers[1] (path helper) is not [name, {pieces, rest, method, returns}] with a name of 1 to ${PROJECT_LIMITS.signature} characters: it is left out`,
      `${at}.routers.handed[0] (handed router) is not [name, prefix] with a name of 1 to ${FACT_BOUNDS.routers.name} characters, its prefix of at most ${FACT_BOUNDS.routers.value}: it is left out`,
    ]);
    // A field this server does not know, and a tuple's object that is none.
    assert.deepEqual(readOthers({ later: [] }).problems, [`${at}.later is no field of a file's facts: it is left out`]);
    assert.deepEqual(readOthers([]).problems, [
      `${at} is a list, not an object of facts: the file's other facts are left out`,
    ]);
    assert.deepEqual(readOthers({ taskStatus: { names: ['status', ''] } }), {
      facts: { modelPaths: new Map(), taskStatus: { names: ['status'], handovers: [] } },
      problems: [
        `${at}.taskStatus.names[1] (status name) is "", not a name of 1 to ${FACT_BOUNDS.taskStatus.name} characters: it is left out`,
      ],
    });
  });

  it('each other field past its bound keeps the first and says the count', () => {
    // Each field's bound is its producer's (FACT_BOUNDS): one entry more is cut to it and said.
    const many = <T>(max: number, f: (i: number) => T): T[] => Array.from({ length: max + 1 }, (_, i) => f(i));
    const values: {
      [K in keyof typeof FACT_BOUNDS]?: [(i: number) => unknown, (facts: FileFacts) => number | undefined];
    } = {
      goClients: [(i) => `c${i}.Client()`, (f) => f.goClients?.length],
      goReturns: [(i) => [`f${i}`, 'Run'], (f) => f.goReturns?.size],
      operations: [(i) => [`op${i}`, 'endpoint POST /runs'], (f) => f.operations?.size],
      operationClasses: [(i) => [`op${i}`, 'C'], (f) => f.operationClasses?.size],
      queryConsts: [(i) => [`k${i}`, 'page[size]'], (f) => f.queryConsts?.size],
      releases: [(i) => [`c${i}`, '1.0'], (f) => f.releases?.size],
      laterReleases: [(i) => [`c${i}`, '1.0'], (f) => f.laterReleases?.size],
      httpSources: [(i) => [`d${i}`, 'workspaces'], (f) => f.httpSources?.size],
      pathHelpers: [(i) => [`h${i}`, { pieces: ['/x'], returns: true }], (f) => f.pathHelpers?.size],
      configBases: [(i) => [`B${i}_URL`, 'other'], (f) => f.configBases?.size],
    };
    for (const [field, [entry, size]] of Object.entries(values)) {
      const max = FACT_BOUNDS[field as keyof typeof FACT_BOUNDS].entries;
      const { facts, problems } = readOthers({ [field]: many(max, entry) });
      assert.equal(size(facts!), max, field);
      assert.equal(problems.length, 1, field);
      assert.match(
        problems[0] ?? '',
        new RegExp(
          `^${escape(at)}\\.${field} holds ${max + 1} .*, over the bound of ${max}: the first ${max} are kept$`,
        ),
      );
    }
    const statusMax = FACT_BOUNDS.taskStatus.entries;
    const status = readOthers({ taskStatus: { names: many(statusMax, (i) => `s${i}`), handovers: [] } });
    assert.equal(status.facts?.taskStatus?.names.length, statusMax);
    assert.match(status.problems[0] ?? '', /\[5\]\.taskStatus\.names holds 51 status names, over the bound of 50/);
    const routersMax = FACT_BOUNDS.routers.entries;
    const routers = readOthers({ routers: { consts: many(routersMax, (i) => [`C${i}`, '/api/v2']) } });
    assert.equal(routers.facts?.routers?.consts?.size, routersMax);
    assert.match(routers.problems[0] ?? '', /\[5\]\.routers\.consts holds 201 constants, over the bound of 200/);
    const folder = readOthers({ namesApi: 'a'.repeat(PROJECT_FILE_RULES.maxPathLength + 1) });
    assert.deepEqual(folder.facts, { modelPaths: new Map() });
    assert.match(folder.problems[0] ?? '', /\.namesApi is a string of 1025 characters, not a folder of at most 1024/);
    const pieces = readOthers({
      pathHelpers: [['h', { pieces: Array.from({ length: PROJECT_LIMITS.signature + 1 }, () => 'a'), returns: true }]],
    });
    assert.deepEqual(pieces.facts, { modelPaths: new Map() });
    assert.match(pieces.problems[0] ?? '', /\.pathHelpers\[0\] \(path helper\) is not/);
  });

  it('a name or a value past its field’s lengths is left out, named by its place; one at them is kept', () => {
    const { goReturns, releases, queryConsts, routers, taskStatus } = FACT_BOUNDS;
    const cases: [string, unknown, RegExp][] = [
      [
        'goReturns',
        [['f'.repeat(goReturns.name + 1), 'Run']],
        new RegExp(
          `\\.goReturns\\[0\\] \\(Go return\\) is not \\[name, struct\\] with a name of 1 to ${goReturns.name} `,
        ),
      ],
      [
        'releases',
        [['terrasnek', '1'.repeat(releases.value + 1)]],
        new RegExp(`\\.releases\\[0\\] \\(release\\) .*, its release of at most ${releases.value} \\(got a string of`),
      ],
      [
        'queryConsts',
        [['paramX', 'k'.repeat(queryConsts.value + 1)]],
        new RegExp(`\\.queryConsts\\[0\\] \\(query constant\\) .*, its key of at most ${queryConsts.value} `),
      ],
      [
        'routers',
        { mounts: [[`${'m'.repeat(routers.name)}#default`, '+/api/v2']] },
        new RegExp(
          `\\.routers\\.mounts\\[0\\] \\(mount\\) is not \\[name, prefix\\] with a name of 1 to ${routers.name} `,
        ),
      ],
      [
        'taskStatus',
        { handovers: [[`status_${'k'.repeat(taskStatus.name)}`, 'run_task_status']] },
        new RegExp(
          `\\.taskStatus\\.handovers\\[0\\] \\(hand-over\\) is a list, not \\[key, name\\] of 1 to ${taskStatus.name} `,
        ),
      ],
    ];
    for (const [field, value, said] of cases) {
      const { facts, problems } = readOthers({ [field]: value });
      assert.deepEqual(facts, { modelPaths: new Map() }, field);
      assert.equal(problems.length, 1, field);
      assert.match(problems[0] ?? '', said, field);
    }
    // At the lengths: kept, nothing said.
    const at = readOthers({
      goReturns: [['f'.repeat(goReturns.name), 'R'.repeat(goReturns.value)]],
      releases: [['terrasnek', '1'.repeat(releases.value)]],
      queryConsts: [['p'.repeat(queryConsts.name), 'k'.repeat(queryConsts.value)]],
    });
    assert.deepEqual(at.problems, []);
    assert.equal(at.facts?.goReturns?.size, 1);
    assert.equal(at.facts?.releases?.size, 1);
    assert.equal(at.facts?.queryConsts?.size, 1);
  });

  it('what the producers make at their bounds crosses the wire whole, nothing said (FACT_BOUNDS is both’s)', () => {
    const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);
    const past = (bound: { entries: number }): number[] => range(bound.entries + 5);
    const go = ['package wrap', '', 'import (', '\t"context"', '', '\ttfe "github.com/hashicorp/go-tfe"', ')', ''];
    for (const i of past(FACT_BOUNDS.goReturns))
      go.push(
        `func GetW${i}(c *tfe.Client) (*tfe.Workspace, error) {`,
        '\treturn c.Workspaces.Read(context.Background(), "o", "w")',
        '}',
      );
    const consts = ['package tfc', 'const ('];
    for (const i of past(FACT_BOUNDS.queryConsts)) consts.push(`\tparamKey${i} = "page[size]"`);
    consts.push(')');
    const play = ['- hosts: all', '  vars:'];
    for (const i of past(FACT_BOUNDS.taskStatus)) play.push(`    task_status${i}: "{{ run_task_status${i} }}"`);
    const app = ["const express = require('express');", 'const app = express();'];
    for (const i of past(FACT_BOUNDS.routers))
      app.push(`app.use('/api/v2', require('./routes/r${i}'));`, `const API_${i} = '/api/v2/x${i}';`);
    const texts: [string, string[]][] = [
      ['wrap/w.go', go],
      ['tfc/url.go', consts],
      ['play.yml', play],
      ['src/app.js', app],
      ['requirements.txt', [`terrasnek==1${'.0'.repeat(FACT_BOUNDS.releases.value / 2 - 1)}`]],
    ];
    const files = new Map(texts.map(([name, lines]) => [name, scanFile(lines.join('\n'), { fileName: name }).facts]));
    assert.equal(files.get('wrap/w.go')?.goReturns?.size, FACT_BOUNDS.goReturns.entries);
    assert.equal(files.get('tfc/url.go')?.queryConsts?.size, FACT_BOUNDS.queryConsts.entries);
    assert.equal(files.get('play.yml')?.taskStatus?.handovers.length, FACT_BOUNDS.taskStatus.entries);
    assert.equal(files.get('src/app.js')?.routers?.mounts?.size, FACT_BOUNDS.routers.entries);
    assert.equal(files.get('src/app.js')?.routers?.consts?.size, FACT_BOUNDS.routers.entries);
    assert.equal(files.get('requirements.txt')?.releases?.get('terrasnek')?.length, FACT_BOUNDS.releases.value - 1);
    const { files: read, problems } = projectFactsFromWire(JSON.parse(JSON.stringify(projectFactsToWire(files))));
    assert.deepEqual(problems, []);
    assert.deepEqual(read, files);
  });

  it('the editor’s scan of a file, the others’ facts read from the wire, is the CLI’s (a Python client’s operations)', () => {
    // Session 32's wire gap: operations and their classes were lost, so a call of the project's own client
    // (`api.queue_run(…)` in another file) got no note in VS Code while `keyfob history scan` gave it.
    const client = [
      'import requests',
      '',
      'class PlatformClient:',
      '    def __init__(self, host, token, org):',
      '        self.base = f"https://{host}/api/v2"',
      '        self.org = org',
      '',
      '    def _send(self, verb, path, body=None):',
      '        return requests.request(verb, f"{self.base}{path}", json=body).json()',
      '',
      '    def find_workspace(self, name):',
      '        return self._send("GET", f"/organizations/{self.org}/workspaces/{name}")["data"]',
      '',
      '    def queue_run(self, ws_id, note):',
      '        body = {"data": {"type": "runs", "attributes": {"message": note}}}',
      '        return self._send("POST", "/runs", body)',
    ].join('\n');
    const deploy = [
      'from platform.client import PlatformClient',
      '',
      'def deploy(api: PlatformClient, name):',
      '    ws = api.find_workspace(name)',
      '    return api.queue_run(ws["id"], "deploy")',
    ].join('\n');
    const sources = [
      { text: client, fileName: 'platform/client.py' },
      { text: deploy, fileName: 'app/deploy.py' },
    ];
    const cli = scanProject(sources);
    const alone = sources.map((f) => scanFile(f.text, { fileName: f.fileName }));
    const wired = projectFactsFromWire(
      JSON.parse(JSON.stringify(projectFactsToWire(new Map(sources.map((f, k) => [f.fileName, alone[k]!.facts]))))),
    );
    assert.deepEqual(wired.problems, []);
    const where = (m: { line: number; column: number; subject: { id: string } }): string =>
      `${m.line}:${m.column} ${m.subject.id}`;
    sources.forEach((f, k) => {
      // As the language server does (open-document.ts): the file's own facts, the others' from the host.
      const project = projectFacts(sources.map((g, j) => (j === k ? alone[j]!.facts : wired.files!.get(g.fileName)!)));
      const editor = factsConcern(project, f.text, undefined, f.fileName, alone[k]!.facts)
        ? scanFile(f.text, { fileName: f.fileName, project }).matches
        : alone[k]!.matches;
      assert.deepEqual(editor.map(where), cli[k]!.map(where), f.fileName);
    });
    assert.deepEqual(cli[1]!.map(where), [
      '4:14 endpoint GET /organizations/:organization_name/workspaces/:name',
      '5:16 endpoint POST /runs',
    ]);
  });
});

/** A text matched literally in a pattern. */
function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
