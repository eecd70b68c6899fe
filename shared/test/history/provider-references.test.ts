// The API's Terraform provider in expressions and in Terraform's own tests (`.tftest.hcl`), read with keyfob's HCL
// parser (the test runner preloads it): a reference to a provider resource's attribute reads the API attribute the
// provider maps it to; a comparison with a string reads one of its enumerated values; a test's overrides, and its inputs
// the module under test hands to the provider. Made-up modules and tests.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { handsModuleInputs, projectFacts, scanFile, scanProject, scanText } from '@keyfob/shared/history';
import type { Match } from '@keyfob/shared/history';

const row = (m: Match): string => `${m.line} ${m.subject.id}${m.sdk ? ` (${m.sdk.name})` : ''}`;
/** File `k` of a project scanned as an editor's folder does: alone, with the facts of every file of the project. */
const inFolder = (files: readonly { fileName: string; text: string }[], k: number): Match[] => {
  const project = projectFacts(files.map((f) => scanFile(f.text, { fileName: f.fileName }).facts));
  const file = files[k] ?? { fileName: 'missing.tf', text: '' };
  return scanText(file.text, { fileName: file.fileName, project });
};
/** The provider's names and values among a file's matches (its resource types left out), as rows. */
const sdk = (matches: readonly Match[] | undefined): string[] =>
  (matches ?? []).filter((m) => m.sdk !== undefined && !m.subject.id.startsWith('resource ')).map(row);
const found = (text: string, fileName = 'outputs.tf'): string[] =>
  scanText(text, { fileName })
    .filter((m) => m.sdk !== undefined && !m.subject.id.startsWith('resource '))
    .map(row);

/**
 * A team per level of `local.teams` and each team's grant on a project at its own level (`for_each = tfe_team.team`,
 * `access = each.key`): the locals chain the Terraform tests read in one file and across a module's files.
 */
const TEAM_LEVELS = [
  'resource "tfe_team" "team" {',
  '  for_each     = local.teams',
  '  organization = "o"',
  '  name         = "proj-${each.key}"',
  '}',
  'resource "tfe_team_project_access" "levels" {',
  '  for_each   = tfe_team.team',
  '  access     = each.key',
  '  team_id    = each.value.id',
  '  project_id = "p"',
  '}',
];

describe('history: references to the tfe provider’s attributes', () => {
  it('an output, a local or another block’s argument reading a mapped attribute reads the API attribute', () => {
    const text = [
      'output "team_project" {',
      '  value = tfe_project.platform.name',
      '}',
      'locals {',
      '  count_by_ws = { for k, ws in data.tfe_workspace.apps : k => ws.resource_count }',
      '  first       = data.tfe_workspace.apps["api"].resource_count',
      '  priority    = "${tfe_variable_set.shared.priority}"',
      '}',
      'resource "aws_ssm_parameter" "p" {',
      '  name  = "/tfc/project"',
      '  value = upper(tfe_project.platform.description)',
      '}',
      // An attribute of a nested block: the block's own name maps nothing, its attribute does.
      'output "nested" {',
      '  value = [tfe_team.ops.organization_access[0].manage_run_tasks, data.tfe_workspace.w.vcs_repo[0].branch]',
      '}',
    ].join('\n');
    assert.deepEqual(found(text), [
      '2 attribute projects name (tfe_project.name)',
      '6 attribute workspaces resource-count (tfe_workspace.resource_count)',
      '7 attribute varsets priority (tfe_variable_set.priority)',
      '11 attribute projects description (tfe_project.description)',
      '14 permission teams manage-run-tasks (tfe_team.manage_run_tasks)',
    ]);
  });

  it('an attribute the provider maps to nothing, another type’s same name, another provider and comments say nothing', () => {
    const text = [
      'output "ids" {',
      '  value = [tfe_workspace.app.id, tfe_team.ops.name, tfe_workspace.app.name]',
      '}',
      'output "other" {',
      '  value = scalr_workspace.app.resource_count',
      '}',
      '# value = tfe_project.platform.name',
      'output "text" {',
      '  value = "tfe_project.platform.name"',
      '}',
      'output "module" {',
      '  value = module.tfe_project.name',
      '}',
      // Names that hold `tfe_…` without being the provider's block: a variable, a local, another data source, a loop.
      'variable "tfe_project" {',
      '  type = object({ name = string })',
      '}',
      'locals {',
      '  tfe_workspace = { resource_count = 1 }',
      '  a = var.tfe_project.name',
      '  b = local.tfe_workspace.resource_count',
      '  c = data.terraform_remote_state.tfe_project.outputs.name',
      '  d = aws_workspaces_workspace.tfe_project.name',
      '  e = [for w in var.workspaces : w.tfe_project.name]',
      '  f = <<-EOT',
      '    Project: tfe_project.platform.name',
      '  EOT',
      '}',
      'module "tfe_workspace" {',
      '  source         = "./modules/ws"',
      '  resource_count = 2',
      '}',
    ].join('\n');
    assert.deepEqual(found(text), []);
  });

  it('a reference compared with a string compares one of the attribute’s enumerated values', () => {
    const text = [
      'run "grants" {',
      '  command = plan',
      '  assert {',
      '    condition     = tfe_team_project_access.grants["ops"].access == "maintain"',
      '    error_message = "ops maintain the project"',
      '  }',
      '  assert {',
      '    condition     = "read" != tfe_team_project_access.grants["audit"].access && tfe_project.p.name == "x"',
      '    error_message = "audit reads"',
      '  }',
      '  assert {',
      '    condition     = tfe_team_project_access.grants["ops"].team_id == "read"',
      '    error_message = "not an access level"',
      '  }',
      '}',
    ].join('\n');
    assert.deepEqual(found(text, 'tests/grants.tftest.hcl'), [
      '4 status team-projects maintain (tfe_team_project_access.access)',
      '8 status team-projects read (tfe_team_project_access.access)',
      '8 attribute projects name (tfe_project.name)',
    ]);
  });

  it('an enumerated argument’s value led to literals: locals, a condition, each.key and each.value over a for_each', () => {
    const text = [
      'locals {',
      '  teams  = toset(["admin", "write", "maintain", "read"])',
      '  level  = "custom"',
      '  grants = { ops = { access = "maintain", team = "t-1" }, audit = { access = "read", team = "t-2" } }',
      '  names  = toset(["read", "platform"])',
      '}',
      ...TEAM_LEVELS,
      'resource "tfe_team_project_access" "one" {',
      '  access     = var.admin ? "admin" : local.level',
      '  team_id    = "t"',
      '  project_id = "p"',
      '}',
      'resource "tfe_team_project_access" "grants" {',
      '  for_each   = local.grants',
      '  access     = try(each.value.access, "read")',
      '  team_id    = each.value.team',
      '  project_id = "p"',
      '}',
      'resource "tfe_team" "named" {',
      '  for_each     = local.names',
      '  organization = "o"',
      '  name         = each.key',
      '}',
    ].join('\n');
    assert.deepEqual(found(text, 'main.tf'), [
      '2 status team-projects admin (tfe_team_project_access.access)',
      '2 status team-projects write (tfe_team_project_access.access)',
      '2 status team-projects maintain (tfe_team_project_access.access)',
      '2 status team-projects read (tfe_team_project_access.access)',
      '3 status team-projects custom (tfe_team_project_access.access)',
      '4 status team-projects maintain (tfe_team_project_access.access)',
      '4 status team-projects read (tfe_team_project_access.access)',
      '19 status team-projects admin (tfe_team_project_access.access)',
      '25 status team-projects read (tfe_team_project_access.access)',
    ]);
  });

  it('a condition written over two lines, in a file with no locals and no for_each, gives both its strings', () => {
    const text = [
      'resource "tfe_team_project_access" "a" {',
      '  access = (var.admin ?',
      '    "admin" : "write")',
      '  team_id    = "t"',
      '  project_id = "p"',
      '}',
    ].join('\n');
    assert.deepEqual(found(text, 'main.tf'), [
      '3 status team-projects admin (tfe_team_project_access.access)',
      '3 status team-projects write (tfe_team_project_access.access)',
    ]);
  });

  it('values an enumerated argument does not take, or that the file does not hold, say nothing', () => {
    const text = [
      'locals {',
      '  teams = toset(["admin", "read"])',
      '  other = "write"',
      '}',
      'resource "tfe_team" "team" {',
      '  for_each     = local.teams',
      '  organization = "o"',
      '  name         = each.key',
      '}',
      'resource "tfe_team_project_access" "a" {',
      '  access     = var.access',
      '  team_id    = tfe_team.team["admin"].id',
      '  project_id = "p"',
      '}',
      'resource "tfe_team_project_access" "b" {',
      '  access     = upper(local.other)',
      '  team_id    = "t"',
      '  project_id = "p"',
      '}',
      'resource "tfe_team_project_access" "c" {',
      '  for_each   = local.teams',
      '  access     = "${each.key}-x"',
      '  team_id    = "t"',
      '  project_id = "p"',
      '}',
      'resource "tfe_team_project_access" "d" {',
      '  for_each   = { for t in local.teams : t => t }',
      '  access     = each.key',
      '  team_id    = "t"',
      '  project_id = "p"',
      '}',
    ].join('\n');
    assert.deepEqual(found(text, 'main.tf'), []);
  });

  it('a test’s override values and a mock provider’s defaults are the type’s arguments', () => {
    const text = [
      'mock_provider "tfe" {',
      '  mock_resource "tfe_workspace" {',
      '    defaults = {',
      '      id             = "ws-mock"',
      '      resource_count = 3',
      '    }',
      '  }',
      '}',
      'run "override" {',
      '  override_resource {',
      '    target = tfe_team_project_access.grants["ops"]',
      '    values = {',
      '      access = "write"',
      '    }',
      '  }',
      '}',
    ].join('\n');
    assert.deepEqual(found(text, 'tests/mocked.tftest.hcl'), [
      '5 attribute workspaces resource-count (tfe_workspace.resource_count)',
      '13 status team-projects write (tfe_team_project_access.access)',
    ]);
  });
});

describe('history: a Terraform test’s inputs the module under test hands to the provider', () => {
  const module = [
    'variable "grants" {',
    '  type = map(object({ access = string, project_access = optional(map(string)) }))',
    '}',
    'variable "project_name" {}',
    'variable "workspace_access" {}',
    'resource "tfe_project" "this" {',
    '  name = var.project_name',
    '}',
    'resource "tfe_team_project_access" "this" {',
    '  for_each   = var.grants',
    '  access     = try(each.value.access, "read")',
    '  project_id = tfe_project.this.id',
    '  project_access {',
    '    settings = try(each.value.project_access.settings, "read")',
    '  }',
    '}',
    'module "access" {',
    '  source = "./modules/access"',
    '  teams  = var.workspace_access',
    '}',
  ].join('\n');
  const submodule = [
    'variable "teams" {}',
    'resource "tfe_team_access" "this" {',
    '  for_each = var.teams',
    '  permissions {',
    '    runs      = each.value.runs',
    '    run_tasks = each.value.run_tasks',
    '  }',
    '}',
  ].join('\n');
  const test = [
    'variables {',
    '  project_name = "platform"',
    '  workspace_access = {',
    '    ops = {',
    '      runs      = "apply"',
    '      run_tasks = true',
    '    }',
    '  }',
    '}',
    'run "grants" {',
    '  variables {',
    '    grants = {',
    '      ops = {',
    '        access = "maintain"',
    '        project_access = {',
    '          settings = "read"',
    '        }',
    '      }',
    '    }',
    '  }',
    '}',
  ].join('\n');
  const scan = (testName: string, files: Record<string, string>): string[] => {
    const names = [testName, ...Object.keys(files)];
    const texts = [test, ...Object.values(files)];
    return (scanProject(names.map((fileName, k) => ({ fileName, text: texts[k] ?? '' })))[0] ?? []).map(row);
  };

  it('an input set as a provider argument, in objects a `for_each` reads, through a local module call', () => {
    assert.deepEqual(
      scan('lab/tests/unit.tftest.hcl', { 'lab/main.tf': module, 'lab/modules/access/main.tf': submodule }),
      [
        '2 attribute projects name (tfe_project.name)',
        '6 permission team-workspaces run-tasks (tfe_team_access.run_tasks)',
        '14 status team-projects maintain (tfe_team_project_access.access)',
      ],
    );
  });

  it('the module not at hand, or the test alone, says nothing; a run’s module of another folder is its own', () => {
    assert.deepEqual(scan('lab/tests/unit.tftest.hcl', {}), []);
    assert.deepEqual(scan('lab/tests/unit.tftest.hcl', { 'other/main.tf': module }), []);
    // A run on the example module hands its inputs to that module, not the root's (the file's own inputs stay the
    // module under test's).
    const runOnExample = test.replace(
      'run "grants" {',
      'run "grants" {\n  module {\n    source = "./examples/basic"\n  }',
    );
    const rows = (
      scanProject([
        { fileName: 'lab/tests/unit.tftest.hcl', text: runOnExample },
        { fileName: 'lab/main.tf', text: module },
        {
          fileName: 'lab/examples/basic/main.tf',
          text: 'variable "grants" {}\nmodule "lab" {\n  source = "../../"\n}\n',
        },
      ])[0] ?? []
    ).map(row);
    assert.deepEqual(rows, ['2 attribute projects name (tfe_project.name)']);
  });

  it('absolute file names (as the CLI scans them) resolve the same module calls', () => {
    assert.deepEqual(
      scan('/work/lab/tests/unit.tftest.hcl', {
        '/work/lab/main.tf': module,
        '/work/lab/modules/access/main.tf': submodule,
      }),
      [
        '2 attribute projects name (tfe_project.name)',
        '6 permission team-workspaces run-tasks (tfe_team_access.run_tasks)',
        '14 status team-projects maintain (tfe_team_project_access.access)',
      ],
    );
  });

  // Review v6 item 16: a module graph whose calls meet again (a diamond, a wide graph of shared modules) is walked
  // once per input value: one row, and a graph of fan-out 20 over four levels returns (before: 160,000 rows, a crash).
  const graph = (fanOut: number, levels: number): { fileName: string; text: string }[] => {
    const files: { fileName: string; text: string }[] = [];
    const calls = (level: number): string =>
      Array.from(
        { length: fanOut },
        (_, c) => `module "m${c}" {\n  source = "../../l${level}/m${c}"\n  name   = var.name\n}\n`,
      ).join('');
    for (let l = 0; l < levels; l++)
      for (let k = 0; k < fanOut; k++)
        files.push({
          fileName: `l${l}/m${k}/main.tf`,
          text: `variable "name" {}\n${l + 1 < levels ? calls(l + 1) : 'resource "tfe_project" "p" {\n  name = var.name\n}\n'}`,
        });
    files.push({ fileName: 'main.tf', text: `variable "name" {}\n${calls(0).replaceAll('../../l0/', './l0/')}` });
    files.push({
      fileName: 'tests/a.tftest.hcl',
      text: 'variables {\n  name = "a"\n}\nrun "x" {\n  command = plan\n}\n',
    });
    return files;
  };
  it('a module reached by two calls, or a wide graph of shared modules, gives the input one row', () => {
    for (const [fanOut, levels] of [
      [2, 2],
      [20, 4],
    ] as const) {
      const files = graph(fanOut, levels);
      assert.deepEqual((scanProject(files)[files.length - 1] ?? []).map(row), [
        '2 attribute projects name (tfe_project.name)',
      ]);
    }
  });
});

describe('history: values a `.tfvars` file or a module call writes, where a module hands them to the provider', () => {
  // A project factory: teams per project in a list, flattened in locals and granted by a `for` expression's map.
  const factory = [
    'variable "projects" {',
    '  type = list(object({ name = string, teams = list(any) }))',
    '}',
    'variable "default_tags" {}',
    'locals {',
    '  grants = flatten([',
    '    for project in var.projects : [',
    '      for team in project.teams : {',
    '        key         = "${project.name}-${team.name}"',
    '        team_access = team.access',
    '        label       = team.description',
    '      }',
    '    ]',
    '  ])',
    '}',
    'resource "tfe_project" "this" {',
    '  count = length(var.projects)',
    '  name  = var.projects[count.index].name',
    '}',
    'resource "tfe_team_project_access" "this" {',
    '  for_each   = { for g in local.grants : g.key => g }',
    '  access     = each.value.team_access',
    '  project_id = tfe_project.this[0].id',
    '}',
    'resource "aws_ssm_parameter" "label" {',
    '  for_each = { for g in local.grants : g.key => g }',
    '  name     = each.value.label',
    '  value    = join(",", var.default_tags)',
    '}',
  ].join('\n');
  const values = [
    'projects = [',
    '  {',
    '    name = "payments"',
    '    teams = [',
    '      {',
    '        name        = "ops"',
    '        description = "Operators"',
    '        access      = "maintain"',
    '      },',
    '    ]',
    '  },',
    ']',
    'default_tags = ["team:ops"]',
  ].join('\n');
  const rows = (files: Record<string, string>, of: string): string[] => {
    const names = Object.keys(files);
    const found = scanProject(names.map((fileName) => ({ fileName, text: files[fileName] ?? '' })));
    return (found[names.indexOf(of)] ?? []).filter((m) => m.sdk !== undefined).map(row);
  };

  it('a `.tfvars` value the root module flattens in locals and hands to a provider argument', () => {
    assert.deepEqual(rows({ 'infra/terraform.tfvars': values, 'infra/main.tf': factory }, 'infra/terraform.tfvars'), [
      '3 attribute projects name (tfe_project.name)',
      '8 status team-projects maintain (tfe_team_project_access.access)',
    ]);
    // Values of a folder with no configuration (`envs/prod.tfvars`) are the configuration's above.
    assert.deepEqual(rows({ 'infra/envs/prod.tfvars': values, 'infra/main.tf': factory }, 'infra/envs/prod.tfvars'), [
      '3 attribute projects name (tfe_project.name)',
      '8 status team-projects maintain (tfe_team_project_access.access)',
    ]);
  });

  it('values no provider argument receives, a folder whose configuration hands nothing on, or no module say nothing', () => {
    const other =
      'variable "projects" {}\nmodule "factory" {\n  source   = "acme/factory/tfe"\n  projects = var.projects\n}\n';
    assert.deepEqual(
      rows(
        { 'infra/envs/terraform.tfvars': values, 'infra/envs/main.tf': other, 'infra/main.tf': factory },
        'infra/envs/terraform.tfvars',
      ),
      [],
    );
    assert.deepEqual(
      rows({ 'infra/terraform.tfvars': values, 'other/main.tf': factory }, 'infra/terraform.tfvars'),
      [],
    );
    assert.deepEqual(rows({ 'infra/terraform.tfvars': values }, 'infra/terraform.tfvars'), []);
  });

  // Review v7 item 15: var files of several stacks kept in one folder: a file is a module's only when the module declares
  // every variable it sets (Terraform warns of an undeclared one).
  it('a `.tfvars` file setting a variable the module does not declare is another module’s: silent', () => {
    const root = [
      'variable "name" {}',
      'variable "description" {}',
      'resource "tfe_project" "p" {',
      '  name        = var.name',
      '  description = var.description',
      '}',
    ].join('\n');
    const github =
      'variable "name" {}\nvariable "visibility" {}\nresource "github_repository" "r" {\n  name = var.name\n}\n';
    const config = 'name        = "web"\ndescription = "The public web site"\nvisibility  = "public"\n';
    const files = { 'stack/config/github.tfvars': config, 'stack/main.tf': root, 'stack/github/main.tf': github };
    assert.deepEqual(rows(files, 'stack/config/github.tfvars'), []);
    assert.deepEqual(rows({ ...files, 'stack/github.tfvars': config }, 'stack/github.tfvars'), []);
    // Review v7 item 21: a file Terraform loads by itself beside the module is the module's; a stale value in it (a
    // variable the module no longer declares) is skipped, the declared ones followed.
    const loaded = [
      '1 attribute projects name (tfe_project.name)',
      '2 attribute projects description (tfe_project.description)',
    ];
    assert.deepEqual(rows({ ...files, 'stack/terraform.tfvars': config }, 'stack/terraform.tfvars'), loaded);
    assert.deepEqual(rows({ ...files, 'stack/web.auto.tfvars': config }, 'stack/web.auto.tfvars'), loaded);
    // Given to a module in another folder, it still has to declare every value (the stack's config folder).
    assert.deepEqual(rows({ ...files, 'stack/config/terraform.tfvars': config }, 'stack/config/terraform.tfvars'), []);
    // Its own values, every one declared: the module's.
    const own = 'name        = "web"\ndescription = "The public web site"\n';
    assert.deepEqual(rows({ ...files, 'stack/config/web.tfvars': own }, 'stack/config/web.tfvars'), [
      '1 attribute projects name (tfe_project.name)',
      '2 attribute projects description (tfe_project.description)',
    ]);
  });

  it('a local module call’s written inputs, through the module’s `for_each` and `dynamic` blocks; a registry module’s say nothing', () => {
    const workspaces = [
      'variable "tags" {}',
      'variable "settings" {}',
      'resource "tfe_workspace" "this" {',
      '  for_each  = toset(var.settings.names)',
      '  name      = each.value',
      '  tag_names = var.tags',
      '}',
      'resource "tfe_team_access" "ops" {',
      '  dynamic "permissions" {',
      '    for_each = var.settings.grants',
      '    content {',
      '      runs      = permissions.value.runs',
      '      run_tasks = permissions.value.run_tasks',
      '    }',
      '  }',
      '}',
    ].join('\n');
    const root = [
      'module "apps" {',
      '  source = "./modules/workspaces"',
      '  tags   = ["prod", "team:a"]',
      '  settings = {',
      '    names  = ["api", "web"]',
      '    grants = [{ runs = "apply", run_tasks = true }]',
      '  }',
      '}',
      'module "shared" {',
      '  source = "acme/workspaces/tfe"',
      '  tags   = ["prod"]',
      '}',
      'module "computed" {',
      '  source = "./modules/workspaces"',
      '  tags   = var.tags',
      '}',
    ].join('\n');
    assert.deepEqual(rows({ 'main.tf': root, 'modules/workspaces/main.tf': workspaces }, 'main.tf'), [
      '3 attribute workspaces tag-names (tfe_workspace.tag_names)',
      '6 permission team-workspaces run-tasks (tfe_team_access.run_tasks)',
    ]);
  });

  it('a local module call’s input given an object’s attribute (a data source’s, a resource’s) is the argument it reaches', () => {
    const workspace = [
      'variable "name" {}',
      'variable "project_id" {}',
      'variable "vcs_repo_github_app_installation_id" {}',
      'resource "tfe_workspace" "main" {',
      '  name       = var.name',
      '  project_id = var.project_id',
      '  vcs_repo {',
      '    identifier                 = "acme/app"',
      '    github_app_installation_id = var.vcs_repo_github_app_installation_id',
      '  }',
      '}',
    ].join('\n');
    const root = [
      'data "tfe_project" "main" {',
      '  name = var.project_name',
      '}',
      'module "workspaces" {',
      '  for_each                            = toset(var.workspace_names)',
      '  source                              = "./modules/workspace"',
      '  name                                = each.key',
      '  project_id                          = data.tfe_project.main.id',
      '  vcs_repo_github_app_installation_id = data.tfe_github_app_installation.main.id',
      '}',
      'module "renamed" {',
      '  source     = "./modules/workspace"',
      '  project_id = tfe_project.platform.id',
      '}',
      'module "handed_down" {',
      '  source     = "./modules/workspace"',
      '  project_id = var.project_id',
      '}',
      'module "from_a_module" {',
      '  source     = "./modules/workspace"',
      '  project_id = module.projects.id',
      '}',
    ].join('\n');
    assert.deepEqual(rows({ 'main.tf': root, 'modules/workspace/main.tf': workspace }, 'main.tf'), [
      '1 resource - projects (tfe_project)',
      '2 attribute projects name (tfe_project.name)',
      '8 attribute workspaces project (tfe_workspace.project_id)',
      '9 attribute workspaces vcs-repo.code-host-app-installation-id (tfe_workspace.github_app_installation_id)',
      '13 attribute workspaces project (tfe_workspace.project_id)',
    ]);
    // The reference alone makes the call one the project's modules decide (its lines are read for it).
    assert.equal(
      handsModuleInputs('main.tf', 'module "w" {\n  source = "./w"\n  project_id = data.tfe_project.p.id\n}\n'),
      true,
    );
    assert.equal(
      handsModuleInputs('main.tf', 'module "w" {\n  source = "./w"\n  project_id = tfe_project.p.id\n}\n'),
      true,
    );
    assert.equal(
      handsModuleInputs('main.tf', 'module "w" {\n  source = "./w"\n  project_id = var.project_id\n}\n'),
      false,
    );
  });
});

// Review v7 item 22: the project's second pass read a Terraform test, a `.tfvars` file or a module call whole again; it
// puts the file's first scan together again with the references the project's modules add (`withModules`), and a
// `.tf` file whose local calls write no value (`handOn` reads only written ones) is not read again at all.
describe('history: the project pass over Terraform files the project’s modules decide', () => {
  const module = [
    'variable "name" {}',
    'variable "access" {}',
    'variable "teams" {}',
    'resource "tfe_project" "this" {',
    '  name = var.name',
    '}',
    'resource "tfe_team_project_access" "this" {',
    '  for_each   = var.teams',
    '  access     = var.access',
    '  team_id    = each.value',
    '  project_id = tfe_project.this.id',
    '}',
  ].join('\n');
  const call = (inputs: string): string =>
    `module "grants" {\n  source   = "./modules/grants"\n  for_each = toset(["a", "b"])\n${inputs}}\n`;

  it('a `.tf` file whose local calls write a value is decided by the modules; one handing references alone is not', () => {
    assert.equal(handsModuleInputs('main.tf', call('  access = "read"\n')), true);
    assert.equal(handsModuleInputs('main.tf', call('  name = "x"\n  teams  = []\n')), true);
    assert.equal(handsModuleInputs('main.tf', call('  teams = { ops = 1 }\n')), true);
    // An input object's key named like a meta-argument is the input's.
    assert.equal(handsModuleInputs('main.tf', call('  settings = {\n    version = "1.5.0"\n  }\n')), true);
    // References, and a meta-argument's literals (`for_each`), hand the provider nothing written.
    assert.equal(handsModuleInputs('main.tf', call('  name   = var.name\n  access = each.value\n')), false);
    assert.equal(handsModuleInputs('main.tf', 'module "x" {\n  source = "acme/x/tfe"\n  access = "read"\n}\n'), false);
    // A layout the lines do not show (two blocks on a line, an indented file): read as writing.
    assert.equal(handsModuleInputs('main.tf', '  module "g" {\n    source = "./m"\n    teams = var.t\n  }\n'), true);
    assert.equal(
      handsModuleInputs('main.tf', 'locals { a = 1 } module "g" {\n  source = "./m"\n  access = "read"\n}\n'),
      true,
    );
    assert.equal(handsModuleInputs('values.tfvars', 'name = var.x\n'), true);
  });

  it('each file’s matches are its scan with the project’s facts, whatever the second pass reads again', () => {
    const files = [
      { fileName: 'stack/modules/grants/main.tf', text: module },
      {
        fileName: 'stack/main.tf',
        text: `variable "name" {}\n${call('  name   = var.name\n  access = "maintain"\n')}`,
      },
      { fileName: 'stack/refs.tf', text: call('  name = var.name\n  access = var.access\n') },
      {
        fileName: 'stack/modules/grants/terraform.tfvars',
        text: 'name   = "payments"\naccess = "admin"\nteams  = {}\n',
      },
      {
        fileName: 'stack/modules/grants/tests/a.tftest.hcl',
        text: 'variables {\n  access = "read"\n}\nrun "x" {\n  assert {\n    condition = tfe_project.this.name == "p"\n    error_message = "name"\n  }\n}\n',
      },
    ];
    const project = projectFacts(files.map((f) => scanFile(f.text, { fileName: f.fileName }).facts));
    const all = (matches: readonly Match[]): string[] => matches.map((m) => `${row(m)} ${m.via} ${m.start}-${m.end}`);
    const found = scanProject(files);
    files.forEach((f, k) =>
      assert.deepEqual(all(found[k] ?? []), all(scanText(f.text, { fileName: f.fileName, project })), f.fileName),
    );
    assert.deepEqual((found[1] ?? []).filter((m) => m.sdk !== undefined).map(row), [
      '6 status team-projects maintain (tfe_team_project_access.access)',
    ]);
    assert.deepEqual((found[2] ?? []).filter((m) => m.sdk !== undefined).map(row), []);
    assert.deepEqual((found[3] ?? []).filter((m) => m.sdk !== undefined).map(row), [
      '1 attribute projects name (tfe_project.name)',
      '2 status team-projects admin (tfe_team_project_access.access)',
    ]);
  });
});

describe('history: locals another file of the module sends as an enumerated argument', () => {
  const files = [
    {
      fileName: 'team/locals.tf',
      text: 'locals {\n  teams = toset(["admin", "write"])\n  level = "read"\n  other = "maintain"\n}\n',
    },
    {
      fileName: 'team/main.tf',
      text: [
        ...TEAM_LEVELS,
        'resource "tfe_team_project_access" "one" {',
        '  access     = local.level',
        '  team_id    = "t"',
        '  project_id = "p"',
        '}',
      ].join('\n'),
    },
    // Another module's locals of the same names: no file of its folder sends them.
    { fileName: 'other/locals.tf', text: 'locals {\n  teams = toset(["admin", "write"])\n  level = "read"\n}\n' },
  ];

  it('a project reads them where they are defined: keys through for_each chains, values through a local', () => {
    const found = scanProject(files);
    assert.deepEqual(sdk(found[0]), [
      '2 status team-projects admin (tfe_team_project_access.access)',
      '2 status team-projects write (tfe_team_project_access.access)',
      '3 status team-projects read (tfe_team_project_access.access)',
    ]);
    assert.deepEqual(sdk(found[1]), []);
    assert.deepEqual(sdk(found[2]), []);
    // The second pass reads the locals file again with the project's facts, as an editor's folder does.
    assert.deepEqual(sdk(inFolder(files, 0)), sdk(found[0]));
  });

  it('alone, a locals file says nothing of what another file sends', () => {
    assert.deepEqual(found(files[0]!.text, 'team/locals.tf'), []);
  });
});

describe('history: a variable’s default the module hands to the provider', () => {
  const variables = [
    'variable "level" {',
    '  type    = string',
    '  default = "read"',
    '}',
    'variable "grants" {',
    '  type = map(object({ access = string }))',
    '  default = {',
    '    ops = { access = "admin" }',
    '  }',
    '}',
    'variable "name" {',
    '  default = "maintain"',
    '}',
    'variable "unused" { default = "write" }',
    'variable "other" { default = "custom" }',
  ].join('\n');
  const main = [
    'resource "tfe_team_project_access" "one" {',
    '  access     = var.level',
    '  team_id    = "t"',
    '  project_id = "p"',
    '}',
    'resource "tfe_team_project_access" "many" {',
    '  for_each   = var.grants',
    '  access     = each.value.access',
    '  team_id    = "t"',
    '  project_id = "p"',
    '}',
    'resource "tfe_project" "p" {',
    '  name = var.name',
    '}',
    'resource "tfe_team_project_access" "other" {',
    '  access = var.other',
    '}',
  ].join('\n');
  const files = [
    { fileName: 'team/variables.tf', text: variables },
    { fileName: 'team/main.tf', text: main },
    // Another module's variables of the same names: no file of its folder hands them on.
    { fileName: 'other/variables.tf', text: variables },
  ];

  it('a project reads the defaults where the variables are declared: a string, an object’s value at its path', () => {
    const found = scanProject(files);
    // `name`'s default is a project's name, no enumerated value; `unused` reaches nothing; the `default` key names no
    // argument.
    assert.deepEqual(sdk(found[0]), [
      '3 status team-projects read (tfe_team_project_access.access)',
      '8 status team-projects admin (tfe_team_project_access.access)',
      '15 status team-projects custom (tfe_team_project_access.access)',
    ]);
    assert.deepEqual(sdk(found[2]), []);
    // The editor's folder: the variables file scanned with the project's facts says the same.
    assert.deepEqual(sdk(inFolder(files, 0)), sdk(found[0]));
  });

  it('in the file that reads them too, and beside a value a caller gives', () => {
    const caller = 'module "team" {\n  source = "./team"\n  level  = "write"\n}\n';
    const found = scanProject([
      { fileName: 'team/main.tf', text: `${variables}\n${main}` },
      { fileName: 'main.tf', text: caller },
    ]);
    assert.deepEqual(sdk(found[0]), [
      '3 status team-projects read (tfe_team_project_access.access)',
      '8 status team-projects admin (tfe_team_project_access.access)',
      '15 status team-projects custom (tfe_team_project_access.access)',
      '28 attribute projects name (tfe_project.name)',
    ]);
    assert.deepEqual(sdk(found[1]), ['3 status team-projects write (tfe_team_project_access.access)']);
  });

  it('alone, a variables file says nothing of what the module does with them', () => {
    assert.deepEqual(found(variables, 'team/variables.tf'), []);
  });
});

describe('history: a variable the module hands to an enumerated argument, compared with strings', () => {
  const variables = [
    'variable "access" {',
    '  type = string',
    '  validation {',
    '    condition     = contains(["admin", "maintain", "write", "read", "custom"], var.access)',
    '    error_message = "Valid values are admin, maintain, write, read or custom."',
    '  }',
    '}',
    'variable "grants" {',
    '  validation {',
    '    condition = alltrue([for g in values(var.grants) : contains(["read", "write"], g.access)])',
    '  }',
    '}',
    'variable "name" {',
    '  validation {',
    '    condition = var.name != "custom"',
    '  }',
    '}',
  ].join('\n');
  const main = [
    'resource "tfe_team_project_access" "one" {',
    '  access     = var.access',
    '  team_id    = "t"',
    '  project_id = "p"',
    '}',
    'resource "tfe_project" "p" {',
    '  name = var.name',
    '}',
    'locals {',
    '  custom = var.access == "custom" ? 1 : 0',
    '  plain  = "maintain" != var.access',
    '}',
  ].join('\n');
  const valueRows = (matches: readonly Match[] | undefined): string[] =>
    (matches ?? [])
      .filter((m) => m.sdk !== undefined && m.subject.type === 'status')
      .map((m) => `${row(m)} ${m.start}`);

  it('a validation’s contains([…], var.x) and ==, != in the module’s files give the argument’s values', () => {
    const files = [
      { fileName: 'team/variables.tf', text: variables },
      { fileName: 'team/main.tf', text: main },
      { fileName: 'other/variables.tf', text: variables },
    ];
    const found = scanProject(files).map((matches) => valueRows(matches).map((r) => r.replace(/ \d+$/, '')));
    // `var.grants` is handed to nothing here, `var.name` to no enumerated argument; another folder's module is its own.
    assert.deepEqual(found[0], [
      '4 status team-projects admin (tfe_team_project_access.access)',
      '4 status team-projects maintain (tfe_team_project_access.access)',
      '4 status team-projects write (tfe_team_project_access.access)',
      '4 status team-projects read (tfe_team_project_access.access)',
      '4 status team-projects custom (tfe_team_project_access.access)',
    ]);
    assert.deepEqual(found[1], [
      '10 status team-projects custom (tfe_team_project_access.access)',
      '11 status team-projects maintain (tfe_team_project_access.access)',
    ]);
    assert.deepEqual(found[2], []);
    // Each at its string, inside the quotes.
    const at = valueRows(scanProject(files)[0]).map((r) => Number(/ (\d+)$/.exec(r)?.[1]));
    assert.deepEqual(
      at.map((start) => variables.slice(start, variables.indexOf('"', start))),
      ['admin', 'maintain', 'write', 'read', 'custom'],
    );
    // The editor's folder: the variables file scanned with the project's facts says the same.
    assert.deepEqual(
      valueRows(inFolder(files, 0)).map((r) => r.replace(/ \d+$/, '')),
      found[0],
    );
  });

  it('alone, or with the variable handed to the argument at another path, the strings say nothing', () => {
    assert.deepEqual(found(variables, 'team/variables.tf'), []);
    const nested = main.replace('access     = var.access', 'access     = var.access.level');
    const files = [
      { fileName: 'team/variables.tf', text: variables },
      { fileName: 'team/main.tf', text: nested },
    ];
    assert.deepEqual(valueRows(scanProject(files)[0]), []);
  });
});

describe('history: the parser’s bound', () => {
  it('a Terraform text over 256 KB (generated) is not parsed: its references say nothing', () => {
    const filler = 'locals {\n' + '  x = "' + 'a'.repeat(100) + '"\n'.repeat(1) + '}\n';
    const text = `output "p" {\n  value = tfe_project.platform.name\n}\n${filler.repeat(2700)}`;
    assert.ok(text.length > 256 * 1024);
    assert.deepEqual(found(text), []);
    assert.deepEqual(found(text.slice(0, text.indexOf('}\n') + 2)), ['2 attribute projects name (tfe_project.name)']);
  });
});

describe('history: names a Terraform expression binds are no provider block', () => {
  it('a `dynamic` block’s iterator and a `for` expression’s variables named like a provider type say nothing', () => {
    const text = [
      'resource "github_repository" "r" {',
      '  dynamic "template" {',
      '    for_each = var.projects',
      '    iterator = tfe_project',
      '    content {',
      '      owner = tfe_project.value.name',
      '    }',
      '  }',
      '  dynamic "tfe_variable_set" {',
      '    for_each = var.sets',
      '    content {',
      '      note = tfe_variable_set.value.priority',
      '    }',
      '  }',
      '}',
      'output "names" {',
      '  value = [for k, tfe_project in var.projects : tfe_project.value.name if tfe_project.x.name == "a"]',
      '}',
      'output "kept" {',
      '  value = tfe_project.platform.name',
      '}',
    ].join('\n');
    assert.deepEqual(found(text), ['20 attribute projects name (tfe_project.name)']);
  });
});
