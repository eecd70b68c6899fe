import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { runMain } from './capture-io.ts';
import { scratchProjects } from './scratch-project.ts';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const project = scratchProjects('keyfob-history-');
/** A working folder for commands whose folder does not matter. */
const scratch = project('cwd', { '.keep': '' });

const run = (cwd: string, ...argv: string[]) => runMain(['history', ...argv], cwd);

interface JsonAnnotation {
  file: string;
  line: number;
  column: number;
  endColumn: number;
  text: string;
  subject: { type: string; name: string; resource: string | null };
  kind: string;
  date: string;
  replacedBy: string | null;
}

describe('keyfob history scan --format json', () => {
  it('prints the annotations of ARCHITECTURE.md, one per occurrence, and exits 1 on deprecated use', async () => {
    const { code, out } = await run(repo, 'scan', 'test/fixtures/history/matcher', '--format', 'json');
    assert.equal(code, 1);
    const { annotations } = JSON.parse(out) as { annotations: JsonAnnotation[] };
    for (const a of annotations) {
      assert.deepEqual(Object.keys(a), [
        'file',
        'line',
        'column',
        'endColumn',
        'text',
        'subject',
        'kind',
        'date',
        'replacedBy',
      ]);
      assert.deepEqual(Object.keys(a.subject), ['type', 'name', 'resource']);
    }
    assert.deepEqual(
      annotations.find((a) => a.file === 'test/fixtures/history/matcher/client.ts' && a.line === 7),
      {
        file: 'test/fixtures/history/matcher/client.ts',
        line: 7,
        column: 16,
        endColumn: 70,
        text: 'deprecated 2021-06-08 → use DELETE /organizations/:organization_name/registry-modules/:registry_name/:namespace/:name',
        subject: {
          type: 'endpoint',
          name: 'POST /registry-modules/actions/delete/:organization_name/:name',
          resource: null,
        },
        kind: 'deprecated',
        date: '2021-06-08',
        replacedBy: 'DELETE /organizations/:organization_name/registry-modules/:registry_name/:namespace/:name',
      },
    );
    assert.equal(annotations.filter((a) => a.file.endsWith('tasks.yaml')).length, 4);
  });

  it('gives kind and date of the newest change, and the target in the text', async () => {
    const root = project('target', { 'a.json': '{ "auto-apply-run-trigger": true }\n' });
    const { code, out } = await run(root, 'scan', 'a.json', '--format', 'json', '--target', 'self-hosted@v202307-1');
    assert.equal(code, 1, 'newer than the target');
    const [annotation] = (JSON.parse(out) as { annotations: JsonAnnotation[] }).annotations;
    assert.deepEqual(annotation, {
      file: 'a.json',
      line: 1,
      column: 4,
      endColumn: 26,
      text: 'added 2023-10-31 — newer than self-hosted v202307-1 (by date; no release stated)',
      subject: { type: 'attribute', name: 'auto-apply-run-trigger', resource: 'workspaces' },
      kind: 'added',
      date: '2023-10-31',
      replacedBy: null,
    });
  });

  it('exits 0 when nothing needs action', async () => {
    const root = project('quiet', { 'a.json': '{ "auto-apply-run-trigger": true }\n' });
    assert.equal((await run(root, 'scan', '.', '--format', 'json')).code, 0);
    assert.equal((await run(root, 'scan', '.', '--target', '2024-01-01')).code, 0);
    assert.deepEqual(
      JSON.parse((await run(project('empty', { 'b.txt': 'nothing here\n' }), 'scan', '.', '--format', 'json')).out),
      { annotations: [] },
    );
  });
});

describe('keyfob history scan (text)', () => {
  it('prints file:line:column, the annotation and the subject, then a count', async () => {
    const root = project('text', { 'src/a.ts': 'const s = { "terraform-build-worker-plan-timeout": "2h" };\n' });
    const { code, out } = await run(root, 'scan', 'src');
    assert.equal(code, 1);
    assert.equal(
      out,
      'src/a.ts:1:14: deprecated 2024-08-01 → use plan-timeout [attribute platform-build-worker-plan-timeout of general-settings]\n1 API subject use found, 1 to act on\n',
    );
  });

  it('walks folders but skips node_modules, .git, dist and binary files', async () => {
    const deprecated = 'fetch("/registry-modules", { method: "POST" });\n';
    const root = project('walk', {
      'src/app.js': deprecated,
      'node_modules/lib/index.js': deprecated,
      '.git/hooks/x.js': deprecated,
      'dist/app.js': deprecated,
      'assets/logo.png': Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00]), Buffer.from(deprecated)]),
    });
    const { annotations } = JSON.parse((await run(root, 'scan', '.', '--format', 'json')).out) as {
      annotations: JsonAnnotation[];
    };
    assert.deepEqual(
      annotations.map((a) => a.file),
      ['src/app.js'],
    );
  });
});

describe('keyfob history scan of a Terraform test or values file alone', () => {
  const module = [
    'variable "grants" {}',
    'variable "tags" {}',
    'resource "tfe_team_project_access" "this" {',
    '  for_each = var.grants',
    '  access   = each.value.access',
    '}',
    'module "tags" {',
    '  source = "./modules/tags"',
    '  tags   = var.tags',
    '}',
  ].join('\n');
  const tags = 'variable "tags" {}\nresource "tfe_workspace" "w" {\n  tag_names = var.tags\n}\n';
  const test =
    'variables {\n  grants = {\n    ops = { access = "maintain" }\n  }\n}\nrun "plan" {\n  command = plan\n}\n';
  const values = 'tags = ["prod"]\ngrants = {\n  ops = { access = "read" }\n}\n';

  it('reads the module the file sets the inputs of (and the modules it calls), and reports the file’s rows only', async () => {
    const root = project('tftest', {
      'mod/main.tf': module,
      'mod/modules/tags/main.tf': tags,
      'mod/tests/basic.tftest.hcl': test,
      'mod/envs/prod.tfvars': values,
    });
    for (const [file, rows] of [
      ['mod/tests/basic.tftest.hcl', ['mod/tests/basic.tftest.hcl:3 status team-projects maintain']],
      [
        'mod/envs/prod.tfvars',
        ['mod/envs/prod.tfvars:1 attribute workspaces tag-names', 'mod/envs/prod.tfvars:3 status team-projects read'],
      ],
    ] as const) {
      const { annotations } = JSON.parse((await run(root, 'scan', file, '--format', 'json')).out) as {
        annotations: JsonAnnotation[];
      };
      assert.deepEqual(
        annotations.map((a) => `${a.file}:${a.line} ${a.subject.type} ${a.subject.resource} ${a.subject.name}`),
        rows,
      );
    }
  });
});

describe('keyfob history usage', () => {
  const bad: [string, string[], RegExp][] = [
    ['no subcommand', [], /scan, show or changes/],
    ['unknown subcommand', ['list'], /unknown subcommand "list"/],
    ['scan without paths', ['scan'], /at least one file or folder/],
    ['bad format', ['scan', '.', '--format', 'xml'], /--format must be text, json or sarif/],
    ['bad target', ['scan', '.', '--target', 'v2022'], /--target: .*self-hosted@v/],
    ['unknown flag', ['scan', '.', '--colour'], /colour/],
    ['show without a subject', ['show'], /give a subject/],
  ];
  for (const [name, argv, message] of bad) {
    it(`exits 2 on ${name}`, async () => {
      const { code, err } = await run(scratch, ...argv);
      assert.equal(code, 2);
      assert.match(err, message);
    });
  }

  it('exits 2 on a path that does not exist', async () => {
    const { code, err } = await run(scratch, 'scan', 'no/such/folder');
    assert.equal(code, 2);
    assert.match(err, /no\/such\/folder: no such file or folder/);
  });

  it('prints its usage with --help', async () => {
    const { code, out } = await run(scratch, '--help');
    assert.equal(code, 0);
    assert.match(out, /^usage: keyfob history scan PATH\.\.\. \[--format text\|json\|sarif\] \[--target TARGET\]/);
  });
});

describe('keyfob history show', () => {
  it('prints the timeline of a subject found by alias', async () => {
    const { code, out } = await run(scratch, 'show', 'terraform-build-worker-plan-timeout');
    assert.equal(code, 0);
    assert.match(
      out,
      /^platform-build-worker-plan-timeout — attribute of general-settings\n {2}deprecated 2024-08-01 → use plan-timeout\n/,
    );
    assert.match(out, /\n\nplatform-build-worker-plan-timeout — attribute of admin\/organizations\n/);
    assert.match(out, /2024-08-01 {2}deprecated {2}deprecation {2}self-hosted only · ph-2024-08-01/);
  });

  it('finds an endpoint by a concrete path and marks changes newer than the target', async () => {
    const { code, out } = await run(
      scratch,
      'show',
      'DELETE',
      '/workspaces/ws-1/relationships/tags',
      '--target',
      '2021-01-01',
    );
    assert.equal(code, 0);
    assert.match(
      out,
      /^DELETE \/workspaces\/:workspace_id\/relationships\/tags — endpoint \(remove tags from a workspace\)\n/,
    );
    assert.match(out, /2021-07-30 {2}added .*newer than 2021-01-01/);
  });

  it('exits 1 with suggestions when nothing matches', async () => {
    const { code, err } = await run(scratch, 'show', 'build', 'timeout');
    assert.equal(code, 1);
    assert.match(
      err,
      /no subject named "build timeout"; did you mean:\n {2}platform-build-worker-plan-timeout \(general-settings\)/,
    );
  });
});
