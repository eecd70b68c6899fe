import { isHclParserLoaded } from '../hcl/index.ts';
import {
  joinPosix,
  localModuleBlocks,
  readTerraformFile,
  type TfAttribute,
  type TfBlock,
  type TfExpr,
  type TfFile,
} from '../terraform/index.ts';
import { providerSdkMatch } from './block-labels.ts';
import { mayBeHclTemplate } from './language-profile.ts';
import type { Lines } from './lines.ts';
import type { Match } from './match-types.ts';
import { history } from './history.ts';
import { providerArgument, providerArgumentNames, providerTypeResource } from './sdk-names.ts';
import type { HistoryIndex, HistorySubject } from './types.ts';

/**
 * The API's provider in Terraform expressions and Terraform's own tests, read with keyfob's HCL parser (`readTerraformFile`;
 * nothing is read until a host has loaded it, `loadHclParser`):
 * - a reference to an attribute of a provider resource or data source (`tfe_project.consumer.name`,
 *   `data.tfe_workspace.w.resource_count`, in outputs, locals, arguments, a test's `assert` conditions) reads the API
 *   attribute the provider maps it to, by the provider's own mapping (`providerArgument`); an attribute the provider
 *   computes with no API counterpart (`.id`), another provider's type and a module's output say nothing;
 * - such a reference compared with a string (`tfe_team_project_access.x.access == "read"`) compares one of the
 *   attribute's enumerated values (`status team-projects read`, the status whose field is the argument);
 * - a test's `override_resource`/`override_data` values and `mock_resource`/`mock_data` defaults on a provider type;
 * - a test's inputs (`variables { … }`, the file's or a `run`'s) that the module under test passes to a provider argument
 *   (`variable "team_project_access"` → `resource "tfe_team_project_access" … { for_each = var.team_project_access,
 *   access = each.value.team.access }`), read from the module's own files in the project (`ModuleInputs`), through its
 *   local module calls; a module not at hand says nothing;
 * - a variable's default (`variable "access" { default = "read" }`) the module passes to a provider argument the same way
 *   (`access = var.access`), read in a project where the variable is declared (`defaultsHere`): what the provider gets
 *   when no caller, `.tfvars` file or test gives a value;
 * - such a variable compared with strings in the module's files (`contains(["read", "write"], var.access)` in its
 *   `validation`, `var.access == "custom"`): where the module hands it (at the path read) to an enumerated argument,
 *   the strings are that argument's values (`References.input`).
 */

/** The API's Terraform provider's types start so. */
const PREFIX = 'tfe_';

/** A block of the provider's types (`resource "tfe_workspace" "w" {`, `data "tfe_project"`): not a word of a description. */
const PROVIDER_BLOCK = /\b(?:resource|data)\s+"?tfe_/;

/** One text's read, kept for the scan's next question about the same text (facts, then matches). */
let last: { readonly text: string; readonly file: TfFile } | undefined;

/**
 * Every text's read while a project is scanned (`readingHclOnce`), by text: its two passes and its modules' walk ask of
 * the same files again (the one-entry `last` misses across them), and each was parsed again (review v7 item 22).
 */
let project: { readonly files: Map<string, TfFile>; chars: number } | undefined;

/**
 * The most text whose reads one project keeps (a read's objects weigh about fourteen bytes a character of its text,
 * measured on 600 Terraform files): past it, a text is read again when asked again, as outside a project.
 */
const KEPT_CHARS = 4 * 1024 * 1024;

/** `run` with each text read with the parser once (`scanProject`); the reads are dropped when it returns. */
export function readingHclOnce<T>(run: () => T): T {
  if (project !== undefined) return run();
  project = { files: new Map(), chars: 0 };
  try {
    return run();
  } finally {
    project = undefined;
  }
}

/**
 * The longest text read with the parser (about 5 ms a KB with web-tree-sitter's node objects): a larger one (generated
 * Terraform) says nothing here, as other readers bound their reads.
 */
export const MAX_PARSED = 256 * 1024;

function readHcl(fileName: string | undefined, text: string): TfFile | undefined {
  if (!isHclParserLoaded() || text.length > MAX_PARSED) return undefined;
  if (last?.text === text) return last.file;
  const file = project?.files.get(text) ?? readTerraformFile(fileName ?? 'main.tf', text);
  if (project !== undefined && !project.files.has(text) && project.chars + text.length <= KEPT_CHARS) {
    project.files.set(text, file);
    project.chars += text.length;
  }
  last = { text, file };
  return file;
}

/** `a/b/tests/x.tftest.hcl` → `a/b/tests` (either separator; `/` after). */
export function dirOf(fileName: string): string {
  const name = fileName.replace(/\\/g, '/');
  const at = name.lastIndexOf('/');
  return at === -1 ? '' : name.slice(0, at);
}

/**
 * True for a file whose provider uses are read with keyfob's HCL parser (a Terraform file, a Terraform test, a Jinja
 * template that may be one: `main.tf.j2`, `team-setup.j2`): a host scanning one awaits `loadHclParser()` first (else
 * those readers say nothing, and the file would be read otherwise than where the parser is loaded).
 */
export function readsHcl(fileName: string): boolean {
  return /\.(?:tf|tfvars|tftest\.hcl)$/i.test(fileName) || mayBeHclTemplate(fileName);
}

/** True for a file of Terraform's test framework. */
function isTerraformTest(fileName: string | undefined): boolean {
  return fileName !== undefined && fileName.endsWith('.tftest.hcl');
}

/** A path into a variable's value: object keys, `*` for any key (a `for_each` element). */
type InputPath = readonly string[];

/** A Terraform file of a project, kept by its facts (`FileFacts.terraform`): read only when a test of the project asks. */
export interface TerraformSource {
  readonly fileName: string;
  readonly text: string;
}

/**
 * The Terraform file a file's facts keep for the project's tests, `.tfvars` files and module calls: one that reads input
 * variables or locals (a module's resources may read its inputs through locals another file defines), or declares
 * variables (a `.tfvars` file is its module's only when the module declares what it sets).
 */
export function terraformSource(text: string, fileName: string | undefined): TerraformSource | undefined {
  return fileName !== undefined && ['var.', 'local.', 'variable'].some((word) => text.includes(word))
    ? { fileName, text }
    : undefined;
}

/** What one module (a directory) does with its input variables. */
interface ModuleInputs {
  /** A variable's value, at a path, set as a provider type's argument. */
  readonly inputs: {
    readonly variable: string;
    readonly path: InputPath;
    readonly type: string;
    readonly argument: string;
  }[];
  /** A variable's value, at a path, handed to a local module's input. */
  readonly calls: {
    readonly variable: string;
    readonly path: InputPath;
    readonly dir: string;
    readonly input: string;
  }[];
}

/** A provider argument an input variable's value reaches, and where in the value (`*`: any key or index). */
interface Reach {
  readonly pattern: InputPath;
  readonly type: string;
  readonly argument: string;
}

/** What a project's modules said for one history index: each directory's module, each variable's reaches. */
interface ModulesRead {
  readonly index: HistoryIndex;
  readonly modules: Map<string, ModuleInputs>;
  readonly reaches: Map<string, readonly Reach[]>;
  /** Each directory's flows to locals another of its files defines (`localFlows`), with the file each is read in. */
  readonly localFlows: Map<string, (LocalFlow & { readonly fileName: string })[]>;
}

/** The provider arguments one variable's value is followed to at most (through a module graph). */
const MAX_REACHES = 256;

/**
 * A project's Terraform modules (`ProjectFacts.modules`), for its tests' inputs: a folder's files are read with the parser
 * when a test first asks for that folder (its module under test, the folders its local calls reach), never otherwise.
 */
export class ProjectModules {
  readonly #files: readonly TerraformSource[];
  #byDir: Map<string, TerraformSource[]> | undefined;
  #read: ModulesRead | undefined;
  readonly #declared = new Map<string, ReadonlySet<string>>();

  constructor(files: readonly TerraformSource[]) {
    this.#files = files;
  }

  /** What tells two projects' modules apart (`project-files.ts`'s facts key): the files' names and lengths. */
  get key(): string {
    return this.#files.map((f) => `${f.fileName} ${f.text.length}`).join('\n');
  }

  /** The project's files by directory. */
  #dirs(): Map<string, TerraformSource[]> {
    if (this.#byDir === undefined) {
      this.#byDir = new Map();
      for (const file of this.#files) {
        const at = dirOf(file.fileName);
        this.#byDir.set(at, [...(this.#byDir.get(at) ?? []), file]);
      }
    }
    return this.#byDir;
  }

  #memo(index: HistoryIndex): ModulesRead {
    if (this.#read?.index !== index)
      this.#read = { index, modules: new Map(), reaches: new Map(), localFlows: new Map() };
    return this.#read;
  }

  #inputs(dir: string, index: HistoryIndex): ModuleInputs {
    const modules = this.#memo(index).modules;
    let module = modules.get(dir);
    if (module === undefined) modules.set(dir, (module = readModule(this.#dirs().get(dir) ?? [], dir, index)));
    return module;
  }

  /** The module of a directory, if the project holds one that hands inputs on. */
  module(dir: string, index: HistoryIndex): ModuleInputs | undefined {
    const module = this.#inputs(dir, index);
    return module.inputs.length + module.calls.length === 0 ? undefined : module;
  }

  /**
   * The input variables a directory's module declares (`variable "x"`): its files that declare some are parsed when a
   * `.tfvars` file asks (`reachingValues`), not for the module's inputs (a module's `variables.tf` is often its largest).
   */
  declared(dir: string): ReadonlySet<string> {
    let declared = this.#declared.get(dir);
    if (declared === undefined) {
      const names = new Set<string>();
      for (const { text, fileName } of this.#dirs().get(dir) ?? []) {
        if (!text.includes('variable')) continue;
        for (const block of readHcl(fileName, text)?.blocks ?? [])
          if (block.type === 'variable' && block.labels[0] !== undefined) names.add(block.labels[0]);
      }
      this.#declared.set(dir, (declared = names));
    }
    return declared;
  }

  /**
   * The provider arguments the value of the input `variable` of the module at `dir` reaches, directly or through its
   * local module calls (MAX_CALLS deep), with the path in the value each is at: one walk of the module graph per
   * directory and variable (memo), whatever number of values a file gives it.
   */
  reaches(dir: string, variable: string, index: HistoryIndex, depth = 0): readonly Reach[] {
    const memo = this.#memo(index).reaches;
    const key = `${dir}\u0000${variable}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    if (depth > MAX_CALLS) return [];
    memo.set(key, []); // a call back into a module on the way reads nothing more
    const module = this.module(dir, index);
    const out = new Map<string, Reach>();
    const add = (reach: Reach): void => {
      if (out.size < MAX_REACHES) out.set(`${reach.pattern.join('\u0000')} ${reach.type} ${reach.argument}`, reach);
    };
    for (const input of module?.inputs ?? [])
      if (input.variable === variable) add({ pattern: input.path, type: input.type, argument: input.argument });
    for (const call of module?.calls ?? [])
      if (call.variable === variable)
        for (const reach of this.reaches(call.dir, call.input, index, depth + 1))
          add({ ...reach, pattern: [...call.path, ...reach.pattern] });
    const list = [...out.values()];
    memo.set(key, list);
    return list;
  }

  /**
   * What the module at `dir`'s files other than `fileName` send as an enumerated argument of locals they do not define
   * (`LocalFlow`): each file that may (`readsLocalsToEnum`) parsed once a project, its flows kept by directory.
   */
  localFlows(dir: string, fileName: string, index: HistoryIndex): readonly LocalFlow[] {
    const memo = this.#memo(index).localFlows;
    let flows = memo.get(dir);
    if (flows === undefined) {
      flows = [];
      for (const source of this.#dirs().get(dir) ?? []) {
        if (!readsLocalsToEnum(source.text, index)) continue;
        const file = readHcl(source.fileName, source.text);
        if (file === undefined) continue;
        for (const flow of enumArgumentValues(new ArgumentValues(source.text, file), file, index, () => undefined))
          flows.push({ ...flow, fileName: source.fileName });
      }
      memo.set(dir, flows);
    }
    return flows.filter((flow) => flow.fileName !== fileName);
  }

  /** Whether the project holds Terraform files (that read input variables) in a directory. */
  holds(dir: string): boolean {
    return this.#dirs().has(dir);
  }
}

/** The project's modules, from its files' facts; undefined when none keeps a Terraform file. */
export function projectModules(list: Iterable<TerraformSource | undefined>): ProjectModules | undefined {
  const files: TerraformSource[] = [];
  for (const file of list) if (file !== undefined) files.push(file);
  return files.length === 0 ? undefined : new ProjectModules(files);
}

/**
 * A folder's Terraform files' inputs handed to the provider or to a local module: each argument of a provider block
 * (nested blocks and `dynamic` blocks' `content` too) and each input of a local module call, read back to the input
 * variable and the path in its value it is (`reach`: through `for_each`, `locals`, `for` expressions, `flatten`).
 */
function readModule(sources: readonly TerraformSource[], dir: string, index: HistoryIndex): ModuleInputs {
  const module: ModuleInputs = { inputs: [], calls: [] };
  // Only the files with a provider block, a local module call or locals they may read are parsed; a folder with neither
  // of the first two hands nothing on (review v7 item 22).
  const handing = sources.map(({ text }) => PROVIDER_BLOCK.test(text) || localSources(text).length > 0);
  if (!handing.includes(true)) return module;
  const files: TfFile[] = [];
  sources.forEach(({ text, fileName }, k) => {
    if (!handing[k] && !text.includes('locals')) return;
    const file = readHcl(fileName, text);
    if (file !== undefined) files.push(file);
  });
  const locals = new Map<string, TfExpr>();
  for (const file of files)
    for (const block of file.blocks) {
      if (block.type !== 'locals') continue;
      for (const [name, attribute] of block.attributes) if (!locals.has(name)) locals.set(name, attribute.value);
    }
  const { inputs, calls } = module;
  for (const file of files) {
    for (const block of file.blocks) {
      const type = block.labels[0] ?? '';
      if ((block.type !== 'resource' && block.type !== 'data') || !type.startsWith(PREFIX)) continue;
      const visit = (b: TfBlock, scope: Scope): void => {
        for (const [name, attribute] of b.attributes) {
          if (!argumentMeans(index, type, name)) continue;
          const from = reach(locals, attribute.value, [], scope, 0);
          if (from) inputs.push({ ...from, type, argument: name });
        }
        for (const nested of b.blocks) {
          if (nested.type !== 'dynamic') visit(nested, scope);
          else
            for (const content of nested.blocks)
              if (content.type === 'content') visit(content, dynamicScope(nested, scope));
        }
      };
      visit(block, iterating(block, NO_SCOPE));
    }
    for (const call of localModuleBlocks(dir, file.blocks)) {
      const scope = iterating(call.block, NO_SCOPE);
      for (const [name, attribute] of call.block.attributes) {
        if (MODULE_META.has(name)) continue;
        const from = reach(locals, attribute.value, [], scope, 0);
        if (from) calls.push({ ...from, dir: call.folder, input: name });
      }
    }
  }
  return module;
}

/** A module block's arguments that are no input of the module. */
const MODULE_META = new Set(['source', 'version', 'count', 'for_each', 'providers', 'depends_on']);

/**
 * Functions whose first argument is the value they give (a default after it: `try(each.value.x, "read")`), or whose
 * elements are its elements (`toset(var.names)`).
 */
const PASS_THROUGH = new Set([
  'try',
  'coalesce',
  'tostring',
  'lower',
  'trimspace',
  'toset',
  'tolist',
  'tomap',
  'values',
  'nonsensitive',
]);

/**
 * A name an expression binds: a `for` expression's element (`element`) or key (`key`), a block's `each` or a `dynamic`
 * block's iterator (`iterator`: its `.value` is an element, its `.key` a key), each over the collection `of`.
 */
interface Bound {
  readonly kind: 'element' | 'key' | 'iterator';
  readonly of: TfExpr;
  readonly scope: Scope;
}
type Scope = ReadonlyMap<string, Bound>;
const NO_SCOPE: Scope = new Map();

/** A block's scope with `each` over its `for_each`, if it has one. */
function iterating(block: TfBlock, scope: Scope): Scope {
  const of = block.attributes.get('for_each')?.value;
  return of === undefined ? scope : new Map([...scope, ['each', { kind: 'iterator', of, scope }]]);
}

/** A `dynamic` block's content's scope: its iterator (`iterator = x`, else the block's label) over its `for_each`. */
function dynamicScope(block: TfBlock, scope: Scope): Scope {
  const of = block.attributes.get('for_each')?.value;
  const iterator = block.attributes.get('iterator')?.value;
  const name = iterator?.t === 'ref' ? iterator.path[0] : block.labels[0];
  return of === undefined || name === undefined ? scope : new Map([...scope, [name, { kind: 'iterator', of, scope }]]);
}

/** How deep `reach` follows locals, bound names and nested expressions. */
const MAX_REACH = 24;

/** An input variable and the path in its value (`*` for any key or index). */
interface Reached {
  readonly variable: string;
  readonly path: InputPath;
}

/**
 * The input variable and the path in its value that an expression's value at `steps` is, when it is that value
 * unchanged: `var.x.a` (`x` at `a`), `each.value.team.access` in a block whose `for_each` is `var.x` (`x` at
 * `* team access`), `local.l[*].team_access` where `l = flatten([for p in var.projects : [for t in p.teams : {
 * team_access = t.access }]])` (`projects` at `* teams * access`), through `try`/`lookup`/`toset` and the like, `join`'s
 * list. Anything computed (a condition, an operation, another function) is no input's value.
 */
function reach(
  locals: ReadonlyMap<string, TfExpr>,
  expr: TfExpr | undefined,
  steps: readonly string[],
  scope: Scope,
  depth: number,
): Reached | undefined {
  if (expr === undefined || depth > MAX_REACH) return undefined;
  const next = (e: TfExpr | undefined, s: readonly string[], sc: Scope): Reached | undefined =>
    reach(locals, e, s, sc, depth + 1);
  switch (expr.t) {
    case 'ref': {
      const rest = [...refNames(expr), ...steps];
      const root = expr.path[0] ?? '';
      const first = rest[0];
      if (root === 'var')
        return first !== undefined && first !== '*' ? { variable: first, path: rest.slice(1) } : undefined;
      if (root === 'local') return first === undefined ? undefined : next(locals.get(first), rest.slice(1), NO_SCOPE);
      const bound = scope.get(root);
      if (bound?.kind === 'element') return next(bound.of, ['*', ...rest], bound.scope);
      if (bound?.kind === 'iterator' && first === 'value') return next(bound.of, ['*', ...rest.slice(1)], bound.scope);
      return undefined;
    }
    case 'object': {
      const key = steps[0];
      const entry = key === undefined || key === '*' ? undefined : expr.entries.find((e) => e.key === key);
      return entry && next(entry.value, steps.slice(1), scope);
    }
    case 'call': {
      const [a, b] = expr.args;
      if (PASS_THROUGH.has(expr.name)) return next(a, steps, scope);
      if (expr.name === 'lookup' && b?.t === 'literal' && typeof b.value === 'string')
        return next(a, [b.value, ...steps], scope);
      if (expr.name === 'flatten' && steps[0] === '*') return flatElement(locals, a, steps.slice(1), scope, depth + 1);
      if (expr.name === 'join' && steps.length === 0) return next(b, ['*'], scope);
      return undefined;
    }
    case 'other': {
      const loop = forParts(expr);
      if (loop !== undefined) return steps[0] === '*' ? next(loop.value, steps.slice(1), loop.scope(scope)) : undefined;
      const only = expr.operands?.length === 1 && expr.op === undefined ? expr.operands[0] : undefined;
      return only !== undefined && expr.text.startsWith('(') ? next(only, steps, scope) : undefined;
    }
    default:
      return undefined;
  }
}

/** An element of `flatten(expr)` at `steps`: a nested list's elements are its elements. */
function flatElement(
  locals: ReadonlyMap<string, TfExpr>,
  expr: TfExpr | undefined,
  steps: readonly string[],
  scope: Scope,
  depth: number,
): Reached | undefined {
  if (expr === undefined || depth > MAX_REACH) return undefined;
  const loop = forParts(expr);
  if (loop?.tuple === true) {
    const inner = loop.scope(scope);
    return isList(loop.value)
      ? flatElement(locals, loop.value, steps, inner, depth + 1)
      : reach(locals, loop.value, steps, inner, depth + 1);
  }
  if (expr.t === 'call' && expr.name === 'flatten') return flatElement(locals, expr.args[0], steps, scope, depth + 1);
  return reach(locals, expr, ['*', ...steps], scope, depth + 1);
}

/** Whether an expression is written as a list (`[for …]`, `[…]`, `flatten(…)`). */
function isList(expr: TfExpr): boolean {
  return forParts(expr)?.tuple === true || expr.t === 'tuple' || (expr.t === 'call' && expr.name === 'flatten');
}

/**
 * A `for` expression's parts (`[for k, v in coll : body if cond]`, `{for k, v in coll : key => value}`): its value per
 * element, whether it is a list, and the scope its body sees (one name: the element; two: the key and the element).
 */
function forParts(
  expr: TfExpr,
): { readonly value: TfExpr; readonly tuple: boolean; scope: (outer: Scope) => Scope } | undefined {
  let e = expr;
  while (e.t === 'other' && e.op === undefined && e.operands?.length === 1 && e.operands[0]?.t === 'other')
    e = e.operands[0];
  if (e.t !== 'other' || e.operands === undefined) return undefined;
  const names = FOR.exec(e.text);
  const [intro, a, b] = e.operands;
  const of = intro?.t === 'other' && intro.text.startsWith('for') ? intro.operands?.[0] : undefined;
  const tuple = e.text.startsWith('[');
  const value = tuple ? a : b;
  if (names === null || of === undefined || value === undefined) return undefined;
  const [, one, two] = names;
  return {
    value,
    tuple,
    scope: (outer) => {
      const scope = new Map(outer);
      if (two === undefined) scope.set(one ?? '', { kind: 'element', of, scope: outer });
      else {
        scope.set(one ?? '', { kind: 'key', of, scope: outer });
        scope.set(two, { kind: 'element', of, scope: outer });
      }
      return scope;
    },
  };
}

/** Whether a provider type's argument stands for something of the API: a mapped attribute, or an enumerated field. */
function argumentMeans(index: HistoryIndex, type: string, argument: string): boolean {
  if (providerArgument(index, type, argument) !== undefined) return true;
  const resource = providerTypeResource(index, type);
  return resource !== undefined && enumFields(index).has(`${resource} ${argument}`);
}

const FIELDS = new WeakMap<HistoryIndex, ReadonlySet<string>>();

/** `resource field` of every enumerated value's field (`team-projects access`). */
function enumFields(index: HistoryIndex): ReadonlySet<string> {
  let fields = FIELDS.get(index);
  if (fields === undefined) {
    const set = new Set<string>();
    for (const s of index.subjects)
      if (s.type === 'status' && s.valueField && s.resource) set.add(`${s.resource} ${s.valueField}`);
    FIELDS.set(index, (fields = set));
  }
  return fields;
}

/** The enumerated value `value` of a provider type's argument (`tfe_team_project_access` `access` `read`), if the history has it. */
function enumValue(index: HistoryIndex, type: string, argument: string, value: string): HistorySubject | undefined {
  const resource = providerTypeResource(index, type);
  const subject = resource === undefined ? undefined : index.byId.get(`status ${resource} ${value}`);
  return subject?.valueField === argument ? subject : undefined;
}

/** A string a value may be (`ArgumentValues`): its value and its characters inside the quotes. */
interface ValueLeaf {
  readonly value: string;
  readonly start: number;
  readonly end: number;
}

/**
 * The strings a provider resource's enumerated argument may be sent as, where the argument's value is no literal but
 * leads to literals within the file: `access = local.level`, `access = var.admin ? "admin" : "read"`, `access =
 * each.key` or `each.value` in a block whose `for_each` is a set or map written in the file (`local.teams =
 * toset(["admin", "write"])`), `each.value.access` of a map of objects, and `for_each = tfe_team.team` whose own
 * `for_each` is such a collection (its instances' keys are that collection's). Computed values (a function that changes
 * its input, an operation, a `for` expression) and what the file does not hold (`var.x`, another file's locals) give none.
 */
class ArgumentValues {
  private readonly locals = new Map<string, TfExpr>();
  private readonly resources = new Map<string, TfBlock>();
  /**
   * The locals the file reads but does not define, as they were asked (their values at a path, or the keys of the
   * collection there): another file of the module may define them (`LocalFlow`).
   */
  readonly elsewhere: { readonly local: string; readonly steps: readonly string[]; readonly keys: boolean }[] = [];

  constructor(
    private readonly text: string,
    file: TfFile,
  ) {
    for (const block of file.blocks) {
      if (block.type === 'locals')
        for (const [name, attribute] of block.attributes)
          if (!this.locals.has(name)) this.locals.set(name, attribute.value);
      const [type, name] = block.labels;
      if (block.type === 'resource' && type !== undefined && name !== undefined)
        this.resources.set(`${type}.${name}`, block);
    }
  }

  /** The strings `expr` may be at `steps` (object keys; `*` any element or value). */
  values(expr: TfExpr | undefined, steps: readonly string[], scope: Scope, depth: number): ValueLeaf[] {
    return this.walk(expr, steps, scope, depth, false);
  }

  /** The keys of the collection `expr` is at `steps`: a set's or list's strings, a map's keys, a resource's instances'. */
  keys(expr: TfExpr | undefined, steps: readonly string[], scope: Scope, depth: number): ValueLeaf[] {
    return this.walk(expr, steps, scope, depth, true);
  }

  /**
   * `expr` followed along `steps` (through locals, bound names, functions that keep a value, a condition's results);
   * where the path ends, its strings (`keys` false) or the keys of the collection there (`keys` true).
   */
  private walk(
    expr: TfExpr | undefined,
    steps: readonly string[],
    scope: Scope,
    depth: number,
    keys: boolean,
  ): ValueLeaf[] {
    if (expr === undefined || depth > MAX_REACH) return [];
    const next = (e: TfExpr | undefined, s: readonly string[], sc: Scope = scope, k = keys): ValueLeaf[] =>
      this.walk(e, s, sc, depth + 1, k);
    const [step] = steps;
    switch (expr.t) {
      case 'literal':
        return !keys && step === undefined && typeof expr.value === 'string' ? [stringLeaf(expr, expr.value)] : [];
      case 'tuple':
        if (step === '*') return expr.items.flatMap((item) => next(item, steps.slice(1)));
        // A set's (or list's) keys are its strings.
        return keys && step === undefined ? expr.items.flatMap((item) => next(item, [], scope, false)) : [];
      case 'object':
        if (step !== undefined)
          return expr.entries
            .filter((e) => step === '*' || e.key === step)
            .flatMap((e) => next(e.value, steps.slice(1)));
        return keys
          ? expr.entries.flatMap((e) => (e.key === undefined ? [] : keyLeaf(this.text, e.key, e.keyRange)))
          : [];
      case 'ref': {
        const rest = [...refNames(expr), ...steps];
        const root = expr.path[0] ?? '';
        if (root === 'local') return this.local(rest, keys, depth);
        // `for_each = tfe_team.team`: the instances of a resource with `for_each` have its collection's keys.
        const resource = keys && rest.length === 1 ? this.resources.get(`${root}.${rest[0]}`) : undefined;
        if (resource !== undefined) return next(resource.attributes.get('for_each')?.value, [], NO_SCOPE);
        const bound = scope.get(root);
        if (bound?.kind === 'element') return next(bound.of, ['*', ...rest], bound.scope);
        if (bound?.kind === 'iterator' && rest[0] === 'value')
          return next(bound.of, ['*', ...rest.slice(1)], bound.scope);
        // A key (`each.key`, a `for` expression's key) is a string: the keys of what it iterates.
        const key =
          bound?.kind === 'key'
            ? rest.length === 0
            : bound?.kind === 'iterator' && rest.length === 1 && rest[0] === 'key';
        return !keys && key ? next(bound!.of, [], bound!.scope, true) : [];
      }
      case 'call': {
        if (expr.name === 'try' || expr.name === 'coalesce') return expr.args.flatMap((arg) => next(arg, steps));
        if (expr.name === 'lookup' && !keys) {
          const [map, key, fallback] = expr.args;
          const named = key?.t === 'literal' && typeof key.value === 'string' ? key.value : '*';
          return [...next(map, [named, ...steps]), ...next(fallback, steps)];
        }
        return (keys ? COLLECTION_KEEPING : PASS_THROUGH).has(expr.name) ? next(expr.args[0], steps) : [];
      }
      case 'other':
        return branches(expr).flatMap((branch) => next(branch, steps));
      default:
        return [];
    }
  }

  /** `local.name…` (`names`: the name, then the path in its value): its strings or keys, or noted as another file's. */
  private local(names: readonly string[], keys: boolean, depth: number): ValueLeaf[] {
    const [name, ...steps] = names;
    if (name === undefined) return [];
    const value = this.locals.get(name);
    if (value === undefined) {
      if (this.elsewhere.length < MAX_REACH) this.elsewhere.push({ local: name, steps, keys });
      return [];
    }
    return keys ? this.keys(value, steps, NO_SCOPE, depth + 1) : this.values(value, steps, NO_SCOPE, depth + 1);
  }

  /** The strings (or keys) of this file's local at a path: another file's `LocalFlow` read where the local is defined. */
  ofLocal(flow: LocalFlow): ValueLeaf[] {
    const value = this.locals.get(flow.local);
    if (value === undefined) return [];
    return flow.keys ? this.keys(value, flow.steps, NO_SCOPE, 0) : this.values(value, flow.steps, NO_SCOPE, 0);
  }
}

/**
 * A local another file of the module defines, whose strings (or keys) a provider resource's enumerated argument is sent
 * as (`access = each.key` over `for_each = local.teams`, `teams` in `locals.tf`): what the file defining it reads.
 */
export interface LocalFlow {
  readonly local: string;
  readonly steps: readonly string[];
  readonly keys: boolean;
  readonly type: string;
  readonly argument: string;
}

/** The functions `ArgumentValues` reads a value through (`enumArgumentLines`). */
const FOLLOWED = new Set(['try', 'coalesce', 'lookup', ...PASS_THROUGH]);
/** Functions whose collection has their first argument's keys (`toset(["a", "b"])`, `tomap({…})`; values: PASS_THROUGH). */
const COLLECTION_KEEPING = new Set(['toset', 'tomap', 'nonsensitive']);

/** The names of a reference after its root (`local.a.b` → `a b`), an index as its literal or `*`. */
function refNames(ref: Extract<TfExpr, { t: 'ref' }>): string[] {
  return ref.steps.map((s) => (typeof s === 'string' ? s : s.t === 'literal' ? String(s.value) : '*'));
}

/**
 * What an opaque expression's value may be: a condition's two results (`c ? a : b`), a parenthesized expression's;
 * nothing of an operation or a `for` expression.
 */
function branches(expr: Extract<TfExpr, { t: 'other' }>): TfExpr[] {
  const operands = expr.operands ?? [];
  if (expr.op !== undefined || FOR.test(expr.text)) return [];
  if (operands.length === 3 && !expr.text.startsWith('(')) return [operands[1]!, operands[2]!];
  return operands.length === 1 && expr.text.startsWith('(') ? [operands[0]!] : [];
}

/** A string literal's leaf (inside its quotes). */
function stringLeaf(literal: Extract<TfExpr, { t: 'literal' }>, value: string): ValueLeaf {
  const span = literal.text ?? literal.range;
  return { value, start: span.start + 1, end: Math.max(span.start + 1, span.end - 1) };
}

/** An object key's leaf: inside its quotes when quoted, else the bare word. */
function keyLeaf(text: string, key: string, range: { readonly start: number; readonly end: number }): ValueLeaf[] {
  const quoted = text.charCodeAt(range.start) === 34;
  return [{ value: key, start: range.start + (quoted ? 1 : 0), end: range.end - (quoted ? 1 : 0) }];
}

const ENUM_FLOWS = new WeakMap<HistoryIndex, RegExp>();

/** A `locals` block's head. */
const LOCALS_BLOCK = /^[ \t]*locals[ \t]*\{/m;
/** A `for_each` over something the file may write: a local, a written set, list or map (no `for`), a resource's instances. */
const WRITTEN_FOR_EACH =
  /\bfor_each[ \t]*=[ \t]*(?:local\.|tfe_|(?:toset|tolist|tomap)\([ \t]*[[{]|[[{](?![ \t]*for\b))/;

/**
 * Whether a text may give an enumerated argument a value that leads to literals it writes (`ArgumentValues`): a
 * provider block, an enumerated argument given a value the walk follows (`access = each.key`, `= local.x`, `= try(…)`,
 * a condition with such a branch; not `join(…)` or `var.x`), and then a string branch on that line, a `locals` block, or
 * a `for_each` over something written. A cheap look before the parser reads the file (about 5 ms a KB):
 * terraform-tfe-teams' `access = join("", each.value.access)` needs none.
 */
function mayFlowToEnum(text: string, index: HistoryIndex): boolean {
  if (!text.includes(PREFIX) || !PROVIDER_BLOCK.test(text)) return false;
  const pattern = enumArgumentLines(index);
  let sources: boolean | undefined;
  pattern.lastIndex = 0;
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
    // A string branch on the line, or a condition going on to the next (`access = (var.admin ?`).
    if (/[?:][ \t]*"|\?[ \t]*$/.test(m[0])) return true;
    if ((sources ??= LOCALS_BLOCK.test(text) || WRITTEN_FOR_EACH.test(text))) return true;
  }
  return false;
}

/**
 * Whether a text may send locals it does not define as an enumerated argument (`ProjectModules.localFlows`): a provider
 * block, a `local.` and an enumerated argument given no literal.
 */
function readsLocalsToEnum(text: string, index: HistoryIndex): boolean {
  if (!text.includes(PREFIX) || !text.includes('local.') || !PROVIDER_BLOCK.test(text)) return false;
  const pattern = enumArgumentLines(index);
  pattern.lastIndex = 0;
  return pattern.test(text);
}

/** An enumerated argument of the index's given no literal, at a line's start, the line matched whole (global). */
function enumArgumentLines(index: HistoryIndex): RegExp {
  let pattern = ENUM_FLOWS.get(index);
  if (pattern === undefined) {
    const names = new Set<string>();
    for (const s of index.subjects)
      if (s.type === 'status' && s.valueField && /^[a-z_]+$/.test(s.valueField)) names.add(s.valueField);
    // What `ArgumentValues` follows: a local, `each`, a parenthesized value, a function it reads through; a condition's
    // branch may be a string too (or stand on the next line: `cond ?` at a line's end).
    const head = String.raw`local\.|each\.|\(|(?:${[...FOLLOWED].join('|')})\(`;
    pattern = new RegExp(
      String.raw`^[ \t]*(?:${[...names].join('|')})[ \t]*=[ \t]*` +
        String.raw`(?:${head}|[^\n]*\?[ \t]*(?:"|${head}|$)|[^\n]*\?[^\n]*:[ \t]*(?:"|${head}))[^\n]*`,
      'gm',
    );
    ENUM_FLOWS.set(index, pattern);
  }
  return pattern;
}

/**
 * Each provider resource's enumerated arguments whose values lead to literals in the file (`ArgumentValues`); what they
 * read of locals the file does not define is returned (another file of the module may: `LocalFlow`).
 */
function enumArgumentValues(values: ArgumentValues, file: TfFile, index: HistoryIndex, push: Push): LocalFlow[] {
  const flows: LocalFlow[] = [];
  for (const block of file.blocks) {
    const type = block.labels[0];
    if (block.type !== 'resource' || type === undefined || !type.startsWith(PREFIX)) continue;
    const resource = providerTypeResource(index, type);
    if (resource === undefined) continue;
    for (const [name, attribute] of block.attributes) {
      if (attribute.value.t === 'literal' || !enumFields(index).has(`${resource} ${name}`)) continue;
      const from = values.elsewhere.length;
      for (const leaf of values.values(attribute.value, [], iterating(block, NO_SCOPE), 0)) {
        const subject = enumValue(index, type, name, leaf.value);
        if (subject) push(leaf.start, leaf.end, subject, `${type}.${name}`);
      }
      for (const flow of values.elsewhere.slice(from)) flows.push({ ...flow, type, argument: name });
    }
  }
  return flows;
}

/** A `.tf` file defining locals: another file of its module may send them as an enumerated argument (`LocalFlow`). */
function definesLocals(fileName: string | undefined, text: string): boolean {
  return fileName !== undefined && /\.tf$/i.test(fileName) && LOCALS_BLOCK.test(text);
}

/** The flows of the module's other files to locals this file defines (`ProjectModules.localFlows`), by what it names. */
function flowsHere(
  text: string,
  fileName: string | undefined,
  modules: ProjectModules | undefined,
  index: HistoryIndex,
): LocalFlow[] {
  if (modules === undefined || fileName === undefined || !definesLocals(fileName, text)) return [];
  return modules.localFlows(dirOf(fileName), fileName, index).filter((flow) => text.includes(flow.local));
}

/** The folder of a `.tf` file whose module the project holds (`defaultsHere`, `comparedHere`), else undefined. */
function moduleFolder(fileName: string | undefined, modules: ProjectModules | undefined): string | undefined {
  if (modules === undefined || fileName === undefined || !/\.tf$/i.test(fileName)) return undefined;
  const dir = dirOf(fileName);
  return modules.holds(dir) ? dir : undefined;
}

/** A `variable "name" {` block's head at a line's start: group 1 the name. */
const VARIABLE_HEAD = /^[ \t]*variable[ \t]+"([A-Za-z_][\w-]*)"[ \t]*\{/gm;
/** A `default =` at a line's start, or after a block's `{` on its head's line (`variable "x" { default = "a" }`). */
const DEFAULT_LINE = /(?:^|\{)[ \t]*default[ \t]*=(?!=)/m;
/** How far after a variable's head its `default` is looked for (a variable's type and validation come first). */
const DEFAULT_SPAN = 4000;

/**
 * The input variables a `.tf` file declares with a default (`variable "access" { default = "read" }`) whose value the
 * module hands to a provider argument (`ProjectModules.reaches`): where no caller, `.tfvars` file or test gives one, the
 * default is what the provider receives. By the variables' heads and the text up to the next block's, then the module.
 */
function defaultsHere(
  text: string,
  fileName: string | undefined,
  modules: ProjectModules | undefined,
  index: HistoryIndex,
): Set<string> {
  const out = new Set<string>();
  const dir = text.includes('default') ? moduleFolder(fileName, modules) : undefined;
  if (dir === undefined || modules === undefined) return out;
  VARIABLE_HEAD.lastIndex = 0;
  for (let m = VARIABLE_HEAD.exec(text); m !== null; m = VARIABLE_HEAD.exec(text)) {
    const from = m.index + m[0].length - 1;
    const next = text.indexOf('\n}', from);
    const body = text.slice(from, Math.min(next === -1 ? text.length : next, from + DEFAULT_SPAN));
    const name = m[1] ?? '';
    const given = DEFAULT_LINE.exec(body);
    if (given === null || !saysSomething(defaultText(body, given.index), index)) continue;
    if (modules.reaches(dir, name, index).length > 0) out.add(name);
  }
  return out;
}

/**
 * A variable's default as written from `at` (its `default =` in `body`, the block's text): to the first line after it
 * that opens a word at its indentation or less (the block's next argument: `description`, `validation {`), or the body's
 * end.
 */
function defaultText(body: string, at: number): string {
  const word = body.indexOf('default', at);
  const lead = body.slice(body.lastIndexOf('\n', word) + 1, word);
  // On the block's head's line (`variable "x" { default = "a" }`): that line, unless it leaves a bracket open.
  if (!/^[ \t]*$/.test(lead)) {
    const end = body.indexOf('\n', at);
    const line = end === -1 ? body.slice(at) : body.slice(at, end);
    return bracketsClose(line) ? line : body.slice(at);
  }
  const indent = lead.length;
  ARGUMENT_LINE.lastIndex = word;
  for (let m = ARGUMENT_LINE.exec(body); m !== null; m = ARGUMENT_LINE.exec(body))
    if ((m[1] ?? '').length <= indent) return body.slice(at, m.index);
  return body.slice(at);
}
/** Whether a line closes every bracket it opens (`{ default = ["a"] }`), strings aside. */
function bracketsClose(line: string): boolean {
  let depth = 0;
  for (const c of line.replace(/"(?:[^"\\]|\\.)*"/g, '""'))
    depth += OPENS.includes(c) ? 1 : CLOSES.includes(c) ? -1 : 0;
  return depth <= 0;
}
/** A line opening a word after its indentation (group 1), an argument's or a block's. */
const ARGUMENT_LINE = /\n([ \t]*)[A-Za-z_]/g;

/** A quoted string (group 1), or a key (group 2: `name =`, `"name" =`, `name:`) at a line's start or after a `{`. */
const DEFAULT_WORD = /"([^"\n]*)"(?![ \t]*[=:])|(?:^|[{,])[ \t]*"?([A-Za-z_][\w-]*)"?[ \t]*[=:](?!=)/gm;

/** The enumerated values of the index's provider arguments (`read`, `remote`), by index (`enumStrings`). */
const ENUM_STRINGS = new WeakMap<HistoryIndex, ReadonlySet<string>>();

/** Every string that is some provider argument's enumerated value in the index (`saysSomething`, `comparedHere`). */
function enumStrings(index: HistoryIndex): ReadonlySet<string> {
  let values = ENUM_STRINGS.get(index);
  if (values === undefined) {
    const set = new Set<string>();
    for (const s of index.subjects) if (s.type === 'status' && s.valueField && s.resource) set.add(s.name);
    ENUM_STRINGS.set(index, (values = set));
  }
  return values;
}

/**
 * Whether a variable's default (its text from `default` on) holds what `handOn` may say: a string that is some provider
 * argument's enumerated value, or a key that is some provider argument's name. The module is read for no other default
 * (`Hashi-RedHat-APJ-Collab`, `[]`, `true`): asking where the variable goes parses the module's files.
 */
function saysSomething(text: string, index: HistoryIndex): boolean {
  const values = enumStrings(index);
  const names = providerArgumentNames(index);
  DEFAULT_WORD.lastIndex = 0;
  for (let m = DEFAULT_WORD.exec(text); m !== null; m = DEFAULT_WORD.exec(text)) {
    if (m[1] !== undefined ? values.has(m[1]) : m[2] !== 'default' && names.has(m[2] ?? '')) return true;
  }
  return false;
}

/**
 * Whether the project's modules decide values this file writes: locals another file of the module sends as an enumerated
 * argument, or a variable's default the module hands to the provider. The project's second pass scans it again
 * (`factsConcern`, which holds no index: a project is scanned with the history's own, the default).
 */
export function takesModuleValues(
  text: string,
  fileName: string | undefined,
  modules: ProjectModules | undefined,
  index: HistoryIndex = history,
): boolean {
  return (
    flowsHere(text, fileName, modules, index).length > 0 ||
    defaultsHere(text, fileName, modules, index).size > 0 ||
    comparedHere(text, fileName, modules, index)
  );
}

/**
 * An input variable compared with a string: `var.x == "a"` (`!=`, a path after the name: `var.x.runs == "plan"`; groups
 * 1 and 2 the name and the string), `"a" == var.x` (3, 4), `contains(["a", "b"], var.x)` (5 the list, 6 the name), as a
 * validation's condition or a module's own condition writes it.
 */
const VAR_COMPARED =
  /\bvar\.([A-Za-z_][\w-]*)(?:\.[A-Za-z_][\w-]*)*[ \t]*[!=]=[ \t]*"([^"\n]*)"|"([^"\n]*)"[ \t]*[!=]=[ \t]*var\.([A-Za-z_][\w-]*)|\bcontains\([ \t]*(\[[^\]\n]*\])[ \t]*,[ \t]*var\.([A-Za-z_][\w-]*)/g;

/**
 * Whether a `.tf` file compares an input variable with a string that is some enumerated value (VAR_COMPARED,
 * `enumStrings`) and that the module at its folder hands to an enumerated argument (`ProjectModules.reaches`): then
 * the strings are that argument's values (`References.input`). A comparison with no such string (`var.env == "prod"`)
 * does not make the project read the module.
 */
function comparedHere(
  text: string,
  fileName: string | undefined,
  modules: ProjectModules | undefined,
  index: HistoryIndex,
): boolean {
  const dir = text.includes('var.') ? moduleFolder(fileName, modules) : undefined;
  if (dir === undefined || modules === undefined) return false;
  const values = enumStrings(index);
  const asked = new Set<string>();
  VAR_COMPARED.lastIndex = 0;
  for (let m = VAR_COMPARED.exec(text); m !== null; m = VAR_COMPARED.exec(text)) {
    const name = m[1] ?? m[4] ?? m[6] ?? '';
    const strings = m[5] !== undefined ? (m[5].match(/(?<=")[^",\n]*(?=")/g) ?? []) : [m[2] ?? m[3] ?? ''];
    if (asked.has(name) || !strings.some((v) => values.has(v))) continue;
    asked.add(name);
    for (const reach of modules.reaches(dir, name, index)) {
      const resource = providerTypeResource(index, reach.type);
      if (resource !== undefined && enumFields(index).has(`${resource} ${reach.argument}`)) return true;
    }
  }
  return false;
}

/**
 * The provider's attributes and values an HCL text reads (see the file's comment), and in a Terraform test the inputs the
 * project's module under test hands to the provider (`modules`).
 */
export function providerReferenceMatches(
  text: string,
  lines: Lines,
  index: HistoryIndex,
  fileName: string | undefined,
  modules: ProjectModules | undefined,
): Match[] {
  const out: Match[] = [];
  const test = isTerraformTest(fileName);
  const vars = isTfvars(fileName);
  const calls =
    !test &&
    !vars &&
    modules !== undefined &&
    fileName !== undefined &&
    writesModuleInputs(text) &&
    callsHandingOn(text, fileName, modules, index);
  const reads = !test && !vars && readsArgument(text, index);
  const flows = !test && !vars && mayFlowToEnum(text, index);
  const sent = !test && !vars ? flowsHere(text, fileName, modules, index) : [];
  const defaults = !test && !vars ? defaultsHere(text, fileName, modules, index) : undefined;
  const compared = !test && !vars && comparedHere(text, fileName, modules, index);
  // Outside a test, only a text that reads one of the mapped arguments of a provider type, gives an enumerated argument
  // a value that leads to literals, or hands values to a local module, is parsed (most do none of it); a `.tfvars` file
  // only when the project has modules.
  if (
    vars
      ? modules === undefined
      : test
        ? !lines.markers.has(PREFIX) && modules === undefined
        : !reads && !calls && !flows && sent.length === 0 && !(defaults !== undefined && defaults.size > 0) && !compared
  )
    return out;
  const said = new Set<string>();
  const push = (start: number, end: number, subject: HistorySubject, name: string): void => {
    const key = `${start} ${end} ${subject.id}`;
    if (said.has(key)) return;
    said.add(key);
    out.push(providerSdkMatch(text, lines, start, end, subject, name));
  };
  if (vars) {
    // Only the values of variables that reach a provider argument are parsed, each alone (most reach none).
    const root = modules !== undefined && fileName !== undefined ? moduleOfVars(fileName, modules) : undefined;
    if (root === undefined || modules === undefined || fileName === undefined) return out;
    for (const part of reachingValues(text, fileName, root, modules, index)) {
      const values = readHcl(fileName, part.text);
      const shifted: Push = (start, end, subject, name) => push(start + part.start, end + part.start, subject, name);
      for (const attribute of values?.attributes?.values() ?? [])
        handOn(attribute, root, true, modules, index, shifted);
    }
    return out;
  }
  const file = readHcl(fileName, text);
  if (file === undefined) return out;
  if (test || reads || compared) {
    const inputs =
      compared && modules !== undefined && fileName !== undefined ? { dir: dirOf(fileName), modules } : undefined;
    const reader = new References(text, index, push, inputs);
    for (const block of file.blocks) {
      reader.block(block);
      if (test) testBlock(block, index, push);
    }
  }
  const values = flows || sent.length > 0 ? new ArgumentValues(text, file) : undefined;
  if (values && flows) enumArgumentValues(values, file, index, push);
  if (values && sent.length > 0) {
    for (const flow of sent)
      for (const leaf of values.ofLocal(flow)) {
        const subject = enumValue(index, flow.type, flow.argument, leaf.value);
        if (subject) push(leaf.start, leaf.end, subject, `${flow.type}.${flow.argument}`);
      }
  }
  if (modules === undefined || fileName === undefined) return out;
  if (defaults !== undefined && defaults.size > 0)
    variableDefaults(file, dirOf(fileName), defaults, modules, index, push);
  if (test) testInputs(file, fileName, modules, index, push);
  else if (calls)
    for (const call of localModuleBlocks(dirOf(fileName), file.blocks))
      for (const [name, attribute] of call.block.attributes)
        if (!MODULE_META.has(name)) handOn(attribute, call.folder, true, modules, index, push);
  return out;
}

/**
 * The defaults of the variables `names` (`defaultsHere`) read as a value given to the module (`handOn`): its strings
 * where the module hands them to an enumerated argument, an object's keys where they are a provider argument's name. The
 * `default` key itself names no argument.
 */
function variableDefaults(
  file: TfFile,
  dir: string,
  names: ReadonlySet<string>,
  modules: ProjectModules,
  index: HistoryIndex,
  push: Push,
): void {
  for (const block of file.blocks) {
    const name = block.labels[0];
    if (block.type !== 'variable' || name === undefined || !names.has(name)) continue;
    const value = block.attributes.get('default');
    if (value === undefined) continue;
    const key = value.nameRange;
    const inside: Push = (start, end, subject, said) => {
      if (start !== key.start || end !== key.end) push(start, end, subject, said);
    };
    handOn({ ...value, name }, dir, true, modules, index, inside);
  }
}

/** A file of input variables' values (`terraform.tfvars`, `*.auto.tfvars`, a `-var-file`). */
function isTfvars(fileName: string | undefined): boolean {
  return fileName !== undefined && /\.tfvars$/i.test(fileName);
}

/** A local module call's source, as written (group 1): `source = "./modules/x"`, `"../.."`. */
const LOCAL_SOURCE = /\bsource\s*=\s*"(\.\.?\/[^"\n]*)"/g;

/** The local module calls' sources a text writes, as written. */
function localSources(text: string): string[] {
  const out: string[] = [];
  LOCAL_SOURCE.lastIndex = 0;
  for (let m = LOCAL_SOURCE.exec(text); m !== null; m = LOCAL_SOURCE.exec(text)) out.push(m[1] ?? '');
  return out;
}

/**
 * Whether a text may call a local module of the project that hands an input on to the provider (`ProjectModules.module`),
 * by the sources it writes: a file whose calls reach none is not parsed for them (review v7 item 22). A source with an
 * escape or an interpolation is left to the parser.
 */
function callsHandingOn(text: string, fileName: string, modules: ProjectModules, index: HistoryIndex): boolean {
  const dir = dirOf(fileName);
  for (const source of localSources(text)) {
    if (/[\\$%]/.test(source)) return true;
    const folder = joinPosix(dir, source);
    if (folder !== undefined && modules.module(folder, index) !== undefined) return true;
  }
  return false;
}

/** A block's head at a line's start (`module "x" {`, `resource "tfe_team" "t" {`): group 1 its type. */
const BLOCK_HEAD = /^([A-Za-z_][\w-]*)(?:[ \t]+(?:"[^"\n]*"|[A-Za-z_][\w-]*))*[ \t]*\{/gm;

/**
 * A line of a module call that may write a value (`isWritten`): a string, a number, `true`, `null`, `[]`, a heredoc, a
 * data source's or resource's attribute (`data.tfe_project.p.id`, `tfe_project.p.id`; not after a `.`: `var.project_id`).
 */
const WRITES =
  /["\d]|<<|\b(?:true|false|null)\b|\[\s*\]|(?<![\w.])(?:data\.)?[a-z][a-z0-9]*_[a-z0-9_]+\.[A-Za-z_][\w-]*\./;

/** Brackets that open and close a level of a value (an object, a list, a call's arguments). */
const OPENS = '{[(';
const CLOSES = '}])';

/** A module call's meta-argument's line (`source = "./x"`, `for_each = …`): not an input. */
const META_LINE = new RegExp(`^\\s*(?:${[...MODULE_META].join('|')})\\s*=`);

/**
 * Whether a text's local module calls may write an input's value (`name = "x"`: `handOn` reads only those), by its lines:
 * each call's from its block's head to the next head at a line's start, its meta-arguments' lines left out (review v7
 * item 22: a `.tf` file whose calls hand only references was parsed and scanned again for none): those at the call's
 * own level (by the brackets before them), not an input object's key of the same name (`settings = { version = "1" }`).
 * A file whose local sources are not all in such a call (another layout) may.
 */
function writesModuleInputs(text: string): boolean {
  const sources = localSources(text).length;
  if (sources === 0) return false;
  const heads: { type: string; at: number; open: number }[] = [];
  BLOCK_HEAD.lastIndex = 0;
  for (let m = BLOCK_HEAD.exec(text); m !== null; m = BLOCK_HEAD.exec(text))
    heads.push({ type: m[1] ?? '', at: m.index, open: m.index + m[0].length });
  let seen = 0;
  for (let k = 0; k < heads.length; k++) {
    const head = heads[k]!;
    if (head.type !== 'module') continue;
    const body = text.slice(head.open, heads[k + 1]?.at ?? text.length);
    const local = localSources(body).length;
    if (local === 0) continue;
    seen += local;
    let depth = 0;
    for (const line of body.split('\n')) {
      if (line.includes('<<') || (!(depth <= 0 && META_LINE.test(line)) && WRITES.test(line))) return true;
      for (const c of line) depth += OPENS.includes(c) ? 1 : CLOSES.includes(c) ? -1 : 0;
    }
  }
  return seen < sources;
}

/**
 * True for a file whose values the project's modules decide (`ProjectFacts.modules`): a Terraform test (its inputs), a
 * `.tfvars` file, a Terraform file whose local module calls write an input's value (`writesModuleInputs`).
 */
export function handsModuleInputs(fileName: string | undefined, text: string): boolean {
  if (isTerraformTest(fileName) || isTfvars(fileName)) return true;
  return fileName !== undefined && /\.tf$/i.test(fileName) && writesModuleInputs(text);
}

/**
 * The folder of the module a `.tfvars` file sets the inputs of: its own, or for a folder without Terraform files of the
 * project (`envs/prod.tfvars`, an example's values) the nearest folder above that has them, as for a test.
 */
function moduleOfVars(fileName: string, modules: ProjectModules): string | undefined {
  let root = dirOf(fileName);
  for (let up = 0; up < 4 && root !== '' && !modules.holds(root); up++) root = dirOf(root);
  return modules.holds(root) ? root : undefined;
}

/**
 * A var file Terraform loads by itself in its folder (`terraform.tfvars`, `*.auto.tfvars`): beside the module's files it
 * is that module's for certain, so a stale value in it (a variable the module no longer declares, which Terraform only
 * warns of) is skipped, not taken for a sign of another module's file (review v7 item 21).
 */
const AUTO_LOADED = /(?:^|\/)(?:terraform|[^/]+\.auto)\.tfvars$/;

/** A `.tfvars` file's top-level `name =` (at a line's start). */
const SETS = /^([A-Za-z_][\w-]*)[ \t]*=(?!=)/gm;

/**
 * The values a `.tfvars` text sets for variables the module at `root` hands to a provider argument, each `name = value`
 * with its offset (parsed alone: a large map no argument receives is never parsed); none when it sets a variable the
 * module does not declare (Terraform warns of it: the file is another module's), or, outside the module's folder,
 * when the module's declarations are not at hand; a file Terraform loads by itself beside the module skips only the
 * undeclared values.
 */
function reachingValues(
  text: string,
  fileName: string,
  root: string,
  modules: ProjectModules,
  index: HistoryIndex,
): { text: string; start: number }[] {
  const sets: { name: string; start: number }[] = [];
  SETS.lastIndex = 0;
  for (let m = SETS.exec(text); m !== null; m = SETS.exec(text)) sets.push({ name: m[1] ?? '', start: m.index });
  // No value reaches the provider: nothing more is read (the module's declarations neither).
  if (!sets.some((set) => modules.reaches(root, set.name, index).length > 0)) return [];
  const declared = modules.declared(root);
  const own = root === dirOf(fileName) && AUTO_LOADED.test(fileName);
  if (!own && (root !== dirOf(fileName) || declared.size > 0) && !sets.every((set) => declared.has(set.name)))
    return [];
  return sets
    .map((set, k) => ({ set, end: sets[k + 1]?.start ?? text.length }))
    .filter(({ set }) => !own || declared.size === 0 || declared.has(set.name))
    .filter(({ set }) => modules.reaches(root, set.name, index).length > 0)
    .map(({ set, end }) => ({ text: text.slice(set.start, end), start: set.start }));
}

type Push = (start: number, end: number, subject: HistorySubject, name: string) => void;

/**
 * A provider type's attribute read (`tfe_team_project_access.x["k"].access`, `tfe_team.t.organization_access[0].x`):
 * group 1 the type, group 2 the attributes (and nested blocks' indexes) after the block's name.
 */
const READ = /\b(tfe_\w+)\.[\w-]+(?:\[[^\]\n]*\]|\.\d+)*((?:\.[A-Za-z_]\w*(?:\[[^\]\n]*\]|\.\d+)*){1,4})/g;

/**
 * Whether a text may read a mapped argument or an enumerated field of a provider type (`tfe_project.x.name`, not
 * `tfe_team.x.name`): a cheap look before the parser reads the file; the parser decides.
 */
function readsArgument(text: string, index: HistoryIndex): boolean {
  if (!text.includes(PREFIX)) return false;
  READ.lastIndex = 0;
  for (let m = READ.exec(text); m !== null; m = READ.exec(text))
    for (const name of (m[2] ?? '').match(/(?<=\.)[A-Za-z_]\w*/g) ?? [])
      if (argumentMeans(index, m[1] ?? '', name)) return true;
  return false;
}

const NONE: ReadonlySet<string> = new Set();

/** A `for` expression's head: the names it binds (groups 1 and 2). */
const FOR = /^[[{]\s*for\s+([A-Za-z_][\w-]*)(?:\s*,\s*([A-Za-z_][\w-]*))?\s+in\b/;

/**
 * Every reference of a block's expressions (nested blocks too), with the comparisons they are in. With `inputs` (the
 * module at the file's folder, `comparedHere`), its input variables compared with strings too (`==`, `!=`,
 * `contains([…], var.x)`): where the module hands the variable, at the path read, to an enumerated argument, each string
 * that is one of the argument's values (`contains(["remote", "local", "agent"], var.execution_mode)` lists
 * `tfe_workspace`'s `execution_mode` values).
 */
class References {
  constructor(
    readonly text: string,
    readonly index: HistoryIndex,
    readonly push: Push,
    readonly inputs?: { readonly dir: string; readonly modules: ProjectModules },
  ) {}

  /**
   * A block's expressions, nested blocks too. `bound`: names a `dynamic` block's iterator or a `for` expression binds
   * there (`iterator = tfe_project` makes `tfe_project.value.name` the iterator's, no provider block's).
   */
  block(block: TfBlock, bound: ReadonlySet<string> = NONE): void {
    let names = bound;
    if (block.type === 'dynamic') {
      const iterator = block.attributes.get('iterator')?.value;
      const name = iterator?.t === 'ref' ? iterator.path[0] : block.labels[0];
      if (name !== undefined) names = new Set([...bound, name]);
    }
    for (const attribute of block.attributes.values()) this.expr(attribute.value, 0, names);
    for (const nested of block.blocks) this.block(nested, names);
  }

  expr(expr: TfExpr, depth: number, bound: ReadonlySet<string>): void {
    if (depth > 64) return;
    switch (expr.t) {
      case 'ref': {
        const read = bound.has(expr.path[0] ?? '') ? undefined : this.attribute(expr);
        if (read?.name) this.push(read.start, read.start + read.attribute.length, read.name.subject, read.name.name);
        for (const step of expr.steps) if (typeof step !== 'string') this.expr(step, depth + 1, bound);
        return;
      }
      case 'tuple':
        for (const item of expr.items) this.expr(item, depth + 1, bound);
        return;
      case 'object':
        for (const entry of expr.entries) this.expr(entry.value, depth + 1, bound);
        return;
      case 'template':
        for (const part of expr.parts) if (typeof part !== 'string') this.expr(part, depth + 1, bound);
        return;
      case 'call': {
        const [list, value] = expr.args;
        if (expr.name === 'contains' && list?.t === 'tuple') this.input(value, list.items);
        for (const arg of expr.args) this.expr(arg, depth + 1, bound);
        return;
      }
      case 'other': {
        const loop = FOR.exec(expr.text);
        const names = loop === null ? bound : new Set([...bound, ...loop.slice(1).filter((n) => n !== undefined)]);
        for (const operand of expr.operands ?? []) this.expr(operand, depth + 1, names);
        if (expr.op === '==' || expr.op === '!=') this.comparison(expr.operands ?? [], names);
        return;
      }
      case 'literal':
        return;
    }
  }

  /** `ref == "value"` (either way round): the value of the referenced argument's enumerated field. */
  comparison(operands: readonly TfExpr[], bound: ReadonlySet<string>): void {
    const [a, b] = operands;
    if (operands.length !== 2 || a === undefined || b === undefined) return;
    const [ref, literal] = a.t === 'ref' ? [a, b] : [b, a];
    if (ref.t !== 'ref' || literal.t !== 'literal' || typeof literal.value !== 'string') return;
    if (ref.path[0] === 'var') return this.input(ref, [literal]);
    if (bound.has(ref.path[0] ?? '')) return;
    const read = this.attribute(ref);
    const subject = read && enumValue(this.index, read.type, read.attribute, literal.value);
    if (read && subject) pushString(literal, subject, `${read.type}.${read.attribute}`, this.push);
  }

  /** An input variable (`var.x`, `var.x.runs`) compared with `literals`: the strings that are its argument's values. */
  input(ref: TfExpr | undefined, literals: readonly TfExpr[]): void {
    if (this.inputs === undefined || ref?.t !== 'ref' || ref.path[0] !== 'var') return;
    const { dir, modules } = this.inputs;
    const [variable, ...path] = refNames(ref);
    if (variable === undefined || path.includes('*')) return;
    for (const reach of modules.reaches(dir, variable, this.index)) {
      if (!pathMatches(reach.pattern, path)) continue;
      for (const literal of literals) {
        if (literal.t !== 'literal' || typeof literal.value !== 'string') continue;
        const subject = enumValue(this.index, reach.type, reach.argument, literal.value);
        if (subject) pushString(literal, subject, `${reach.type}.${reach.argument}`, this.push);
      }
    }
  }

  /**
   * The provider type and attribute a reference reads (`tfe_project.consumer.name`, `data.tfe_workspace.w[0].x`), the
   * attribute's offset, and the provider's schema name for it where it maps one. An attribute of a nested block
   * (`tfe_team.t.organization_access[0].manage_run_tasks`, `data.tfe_workspace.w.vcs_repo[0].github_app_installation_id`)
   * is read where the block's own name stands for nothing of the API.
   */
  attribute(
    ref: Extract<TfExpr, { t: 'ref' }>,
  ): { type: string; attribute: string; start: number; name: ReturnType<typeof providerArgument> } | undefined {
    const data = ref.path[0] === 'data';
    const type = data ? ref.path[1] : ref.path[0];
    if (type === undefined || !type.startsWith(PREFIX)) return undefined;
    // After the block's name (and the data source's type), its indexes; then the attribute, and so on into nested blocks.
    let k = data ? 2 : 1;
    if (typeof ref.steps[k - 1] !== 'string') return undefined;
    let from = ref.range.start + type.length;
    let first: { type: string; attribute: string; start: number; name: undefined } | undefined;
    for (let depth = 0; depth < 4; depth++, k++) {
      while (k < ref.steps.length && typeof ref.steps[k] !== 'string') from = (ref.steps[k++] as TfExpr).range.end;
      const attribute = ref.steps[k];
      if (typeof attribute !== 'string') return first;
      const at = this.text.indexOf(`.${attribute}`, from);
      if (at === -1 || at >= ref.range.end) return first;
      const name = providerArgument(this.index, type, attribute);
      if (name !== undefined || argumentMeans(this.index, type, attribute))
        return { type, attribute, start: at + 1, name };
      first ??= { type, attribute, start: at + 1, name };
      from = at + 1 + attribute.length;
    }
    return first;
  }
}

/** A string literal's value as `subject` (inside its quotes). */
function pushString(literal: TfExpr, subject: HistorySubject, name: string, push: Push): void {
  const span = literal.t === 'literal' ? (literal.text ?? literal.range) : literal.range;
  push(span.start + 1, Math.max(span.start + 1, span.end - 1), subject, name);
}

/**
 * A test's `override_resource`/`override_data` (`target = tfe_workspace.x`, `values = { … }`) and a mock provider's
 * `mock_resource "tfe_workspace"`/`mock_data` (`defaults = { … }`): the values' keys are the type's arguments.
 */
function testBlock(block: TfBlock, index: HistoryIndex, push: Push): void {
  for (const nested of block.blocks) testBlock(nested, index, push);
  let type: string | undefined;
  let values: TfExpr | undefined;
  if (block.type === 'override_resource' || block.type === 'override_data') {
    const target = block.attributes.get('target')?.value;
    if (target?.t === 'ref') type = block.type === 'override_data' ? target.path[1] : target.path[0];
    values = block.attributes.get('values')?.value;
  } else if (block.type === 'mock_resource' || block.type === 'mock_data') {
    type = block.labels[0];
    values = block.attributes.get('defaults')?.value;
  }
  if (type === undefined || !type.startsWith(PREFIX) || values?.t !== 'object') return;
  for (const entry of values.entries)
    if (entry.key !== undefined) argumentValue(index, type, entry.key, entry.keyRange, entry.value, push);
}

/** An argument's key and value set in a test (an override, an input the module passes on). */
function argumentValue(
  index: HistoryIndex,
  type: string,
  argument: string,
  keyRange: { readonly start: number; readonly end: number },
  value: TfExpr,
  push: Push,
): void {
  const name = providerArgument(index, type, argument);
  if (name) push(keyRange.start, keyRange.end, name.subject, name.name);
  if (value.t === 'literal' && typeof value.value === 'string') {
    const subject = enumValue(index, type, argument, value.value);
    if (subject) pushString(value, subject, `${type}.${argument}`, push);
  }
}

/** How many local module calls a test's input is followed through. */
const MAX_CALLS = 4;

/**
 * A test's inputs (the file's `variables` block and each `run`'s) that the module under test hands to the provider: the
 * module is the nearest directory above the test file (its own included) whose files the project holds, or a run's
 * local `module { source = … }` from there.
 */
function testInputs(file: TfFile, fileName: string, modules: ProjectModules, index: HistoryIndex, push: Push): void {
  let root: string | undefined;
  for (let dir = dirOf(fileName), up = 0; up < 4; up++) {
    if (modules.module(dir, index) !== undefined) {
      root = dir;
      break;
    }
    if (dir === '') break;
    dir = dirOf(dir);
  }
  if (root === undefined) return;
  for (const block of file.blocks) {
    if (block.type === 'variables') inputsOf(block, root, modules, index, push);
    if (block.type !== 'run') continue;
    // A run's `module { source = "./…" }` is read from the module under test's folder; a registry module is not at hand.
    const called = block.blocks.find((b) => b.type === 'module');
    const dir = called === undefined ? root : localModuleBlocks(root, [called])[0]?.folder;
    if (dir === undefined || modules.module(dir, index) === undefined) continue;
    for (const variables of block.blocks)
      if (variables.type === 'variables') inputsOf(variables, dir, modules, index, push);
  }
}

function inputsOf(block: TfBlock, dir: string, modules: ProjectModules, index: HistoryIndex, push: Push): void {
  for (const attribute of block.attributes.values()) handOn(attribute, dir, false, modules, index, push);
}

/**
 * An input's values (each inside its objects and lists) where the module at `dir` hands them to the provider
 * (`ProjectModules.reaches`); `written`: only values given there (`isWritten`: literals, lists of them, an object's
 * attribute), not ones an input, a local or `each` hands down.
 * Only the parts of the value some reached path goes into are walked.
 */
function handOn(
  attribute: TfAttribute,
  dir: string,
  written: boolean,
  modules: ProjectModules,
  index: HistoryIndex,
  push: Push,
): void {
  const reaches = modules.reaches(dir, attribute.name, index);
  if (reaches.length === 0) return;
  const into = (path: readonly string[]): boolean =>
    reaches.some(
      (r) => r.pattern.length >= path.length && path.every((p, i) => r.pattern[i] === '*' || r.pattern[i] === p),
    );
  leaves(attribute.value, [], attribute.nameRange, into, (path, keyRange, value) => {
    if (written && !isWritten(value)) return;
    for (const reach of reaches)
      if (pathMatches(reach.pattern, path)) argumentValue(index, reach.type, reach.argument, keyRange, value, push);
  });
}

/**
 * A value given here, not handed down from above: one written as it is (a literal, a string without interpolations, a
 * list of such), or an attribute of an object the configuration reads itself (`data.tfe_project.main.id`,
 * `tfe_workspace.app.id`: `readsObject`). An input (`var.x`), a local, `each` or a module's output says nothing: where
 * its value is written (a `.tfvars` file, the call above, a test) it is read.
 */
function isWritten(expr: TfExpr): boolean {
  if (expr.t === 'literal') return true;
  if (expr.t === 'template') return expr.parts.every((p) => typeof p === 'string');
  if (expr.t === 'ref') return readsObject(expr);
  return expr.t === 'tuple' && expr.items.every(isWritten);
}

/**
 * A reference to an attribute of a data source (`data.tfe_project.main.id`) or of a resource (`tfe_project.main.id`,
 * its type `provider_type`), by its root and the names after it.
 */
function readsObject(ref: Extract<TfExpr, { t: 'ref' }>): boolean {
  const [root = '', type = ''] = ref.path;
  const names = 1 + ref.steps.filter((s) => typeof s === 'string').length;
  return root === 'data' ? OBJECT_TYPE.test(type) && names >= 4 : OBJECT_TYPE.test(root) && names >= 3;
}

/** A resource or data source type: `tfe_project`, `github_repository` (its provider's name, `_`, its own). */
const OBJECT_TYPE = /^[a-z][a-z0-9]*_[a-z0-9_]+$/;

/** Each value inside an input's objects and lists (those `into` says a path goes into), with its path and its key's range. */
function leaves(
  expr: TfExpr,
  path: readonly string[],
  keyRange: { readonly start: number; readonly end: number },
  into: (path: readonly string[]) => boolean,
  visit: (path: readonly string[], keyRange: { readonly start: number; readonly end: number }, value: TfExpr) => void,
): void {
  if (path.length > 16) return;
  if (expr.t === 'object') {
    for (const entry of expr.entries) {
      if (entry.key === undefined) continue;
      const at = [...path, entry.key];
      if (into(at)) leaves(entry.value, at, entry.keyRange, into, visit);
    }
    return;
  }
  visit(path, keyRange, expr);
  // A list's items too, by their index (`projects[0].teams[1].access`, `join("", ["admin"])`'s element).
  if (expr.t === 'tuple')
    expr.items.forEach((item, i) => {
      const at = [...path, String(i)];
      if (into(at)) leaves(item, at, keyRange, into, visit);
    });
}

/** Whether a reached path (`*` for any key) is `path`. */
function pathMatches(pattern: InputPath, path: readonly string[]): boolean {
  if (pattern.length !== path.length) return false;
  return pattern.every((p, i) => p === '*' || p === path[i]);
}
