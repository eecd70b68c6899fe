import { isHclParserLoaded } from '../hcl/index.ts';
import { localModuleBlocks, readTerraformFile, type TfBlock, type TfExpr, type TfFile } from '../terraform/index.ts';
import { providerSdkMatch } from './block-labels.ts';
import type { Lines } from './lines.ts';
import type { Match } from './match-types.ts';
import { providerArgument, providerTypeResource } from './sdk-names.ts';
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
 *   local module calls; a module not at hand says nothing.
 */

/** The API's Terraform provider's types start so. */
const PREFIX = 'tfe_';

/** One text's read, kept for the scan's next question about the same text (facts, then matches). */
let last: { readonly text: string; readonly file: TfFile } | undefined;

/**
 * The longest text read with the parser (about 5 ms a KB with web-tree-sitter's node objects): a larger one (generated
 * Terraform) says nothing here, as other readers bound their reads.
 */
const MAX_PARSED = 256 * 1024;

function readHcl(fileName: string | undefined, text: string): TfFile | undefined {
  if (!isHclParserLoaded() || text.length > MAX_PARSED) return undefined;
  if (last?.text === text) return last.file;
  const file = readTerraformFile(fileName ?? 'main.tf', text);
  last = { text, file };
  return file;
}

/** `a/b/tests/x.tftest.hcl` → `a/b/tests` (either separator; `/` after). */
function dirOf(fileName: string): string {
  const name = fileName.replace(/\\/g, '/');
  const at = name.lastIndexOf('/');
  return at === -1 ? '' : name.slice(0, at);
}

/**
 * True for a file whose provider uses are read with keyfob's HCL parser (a Terraform file, a Terraform test): a host
 * scanning one awaits `loadHclParser()` first (else those readers say nothing).
 */
export function readsHcl(fileName: string): boolean {
  return /\.(?:tf|tftest\.hcl)$/i.test(fileName);
}

/** True for a file of Terraform's test framework. */
export function isTerraformTest(fileName: string | undefined): boolean {
  return fileName !== undefined && fileName.endsWith('.tftest.hcl');
}

/** A path into a variable's value: object keys, `*` for any key (a `for_each` element). */
type InputPath = readonly string[];

/** A Terraform file of a project, kept by its facts (`FileFacts.terraform`): read only when a test of the project asks. */
export interface TerraformSource {
  readonly fileName: string;
  readonly text: string;
}

/** The Terraform file a file's facts keep for the project's tests: one that reads input variables. */
export function terraformSource(text: string, fileName: string | undefined): TerraformSource | undefined {
  return fileName !== undefined && text.includes('var.') ? { fileName, text } : undefined;
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

/**
 * A project's Terraform modules (`ProjectFacts.modules`), for its tests' inputs: a folder's files are read with the parser
 * when a test first asks for that folder (its module under test, the folders its local calls reach), never otherwise.
 */
export class ProjectModules {
  readonly #files: readonly TerraformSource[];
  #byDir: Map<string, TerraformSource[]> | undefined;
  #read: { readonly index: HistoryIndex; readonly modules: Map<string, ModuleInputs | undefined> } | undefined;

  constructor(files: readonly TerraformSource[]) {
    this.#files = files;
  }

  /** What tells two projects' modules apart (`project-files.ts`'s facts key): the files' names and lengths. */
  get key(): string {
    return this.#files.map((f) => `${f.fileName} ${f.text.length}`).join('\n');
  }

  /** The module of a directory, if the project holds one that hands inputs on. */
  module(dir: string, index: HistoryIndex): ModuleInputs | undefined {
    if (this.#byDir === undefined) {
      this.#byDir = new Map();
      for (const file of this.#files) {
        const at = dirOf(file.fileName);
        this.#byDir.set(at, [...(this.#byDir.get(at) ?? []), file]);
      }
    }
    if (this.#read?.index !== index) this.#read = { index, modules: new Map() };
    const modules = this.#read.modules;
    if (!modules.has(dir)) {
      const module: ModuleInputs = { inputs: [], calls: [] };
      for (const file of this.#byDir.get(dir) ?? []) readModule(file, dir, index, module);
      modules.set(dir, module.inputs.length + module.calls.length === 0 ? undefined : module);
    }
    return modules.get(dir);
  }
}

/** The project's modules, from its files' facts; undefined when none keeps a Terraform file. */
export function projectModules(list: Iterable<TerraformSource | undefined>): ProjectModules | undefined {
  const files: TerraformSource[] = [];
  for (const file of list) if (file !== undefined) files.push(file);
  return files.length === 0 ? undefined : new ProjectModules(files);
}

/** A Terraform file's inputs handed to the provider or to a local module, added to its folder's module. */
function readModule(source: TerraformSource, dir: string, index: HistoryIndex, module: ModuleInputs): void {
  const { text, fileName } = source;
  if (!(text.includes(PREFIX) || text.includes('module'))) return;
  const file = readHcl(fileName, text);
  if (file === undefined) return;
  const { inputs, calls } = module;
  for (const block of file.blocks) {
    const type = block.labels[0] ?? '';
    if ((block.type !== 'resource' && block.type !== 'data') || !type.startsWith(PREFIX)) continue;
    const each = variableAt(block.attributes.get('for_each')?.value, undefined);
    const visit = (b: TfBlock): void => {
      for (const [name, attribute] of b.attributes) {
        if (!argumentMeans(index, type, name)) continue;
        const from = variableAt(attribute.value, each);
        if (from) inputs.push({ ...from, type, argument: name });
      }
      for (const nested of b.blocks) visit(nested);
    };
    visit(block);
  }
  for (const call of localModuleBlocks(dir, file.blocks))
    for (const [name, attribute] of call.block.attributes) {
      if (MODULE_META.has(name)) continue;
      const from = variableAt(attribute.value, undefined);
      if (from) calls.push({ ...from, dir: call.folder, input: name });
    }
}

/** A module block's arguments that are no input of the module. */
const MODULE_META = new Set(['source', 'version', 'count', 'for_each', 'providers', 'depends_on']);

/** Functions whose first argument is the value they give (a default after it): `try(each.value.x, "read")`. */
const PASS_THROUGH = new Set(['try', 'coalesce', 'tostring', 'lower', 'trimspace']);

/**
 * The variable and the path in its value an expression reads (`var.teams`, `var.x.team.access`,
 * `each.value.team.access` in a block whose `for_each` is `var.x`: `x` at `* team access`), if it reads one.
 */
function variableAt(
  expr: TfExpr | undefined,
  each: { readonly variable: string; readonly path: InputPath } | undefined,
): { variable: string; path: InputPath } | undefined {
  if (expr === undefined) return undefined;
  if (expr.t === 'call' && PASS_THROUGH.has(expr.name)) return variableAt(expr.args[0], each);
  if (expr.t === 'call' && expr.name === 'lookup' && expr.args.length >= 2) {
    const key = expr.args[1];
    const base = variableAt(expr.args[0], each);
    return base && key?.t === 'literal' && typeof key.value === 'string'
      ? { variable: base.variable, path: [...base.path, key.value] }
      : undefined;
  }
  if (expr.t !== 'ref') return undefined;
  const steps = expr.steps.map((s) => (typeof s === 'string' ? s : s.t === 'literal' ? String(s.value) : '*'));
  const root = expr.path[0];
  if (root === 'var' && typeof steps[0] === 'string') return { variable: steps[0], path: steps.slice(1) };
  if (root === 'each' && steps[0] === 'value' && each)
    return { variable: each.variable, path: [...each.path, '*', ...steps.slice(1)] };
  return undefined;
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
  // Outside a test, only a text that reads one of the mapped arguments of a provider type is parsed (most do not).
  if (test ? !lines.markers.has(PREFIX) && modules === undefined : !readsArgument(text, index)) return out;
  const file = readHcl(fileName, text);
  if (file === undefined) return out;
  const push = (start: number, end: number, subject: HistorySubject, name: string): void => {
    out.push(providerSdkMatch(text, lines, start, end, subject, name));
  };
  const reader = new References(text, index, push);
  for (const block of file.blocks) {
    reader.block(block);
    if (test) testBlock(block, index, push);
  }
  if (test && modules !== undefined && fileName !== undefined) testInputs(file, fileName, modules, index, push);
  return out;
}

type Push = (start: number, end: number, subject: HistorySubject, name: string) => void;

/** A provider type's attribute read (`tfe_team_project_access.x["k"].access`): group 1 the type, group 2 the attribute. */
const READ = /\b(tfe_\w+)\.[\w-]+(?:\[[^\]\n]*\]|\.\d+)*\.(\w+)/g;

/**
 * Whether a text may read a mapped argument or an enumerated field of a provider type (`tfe_project.x.name`, not
 * `tfe_team.x.name`): a cheap look before the parser reads the file; the parser decides.
 */
function readsArgument(text: string, index: HistoryIndex): boolean {
  if (!text.includes(PREFIX)) return false;
  READ.lastIndex = 0;
  for (let m = READ.exec(text); m !== null; m = READ.exec(text))
    if (argumentMeans(index, m[1] ?? '', m[2] ?? '')) return true;
  return false;
}

const NONE: ReadonlySet<string> = new Set();

/** A `for` expression's head: the names it binds (groups 1 and 2). */
const FOR = /^[[{]\s*for\s+([A-Za-z_][\w-]*)(?:\s*,\s*([A-Za-z_][\w-]*))?\s+in\b/;

/** Every reference of a block's expressions (nested blocks too), with the comparisons they are in. */
class References {
  constructor(
    readonly text: string,
    readonly index: HistoryIndex,
    readonly push: Push,
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
      case 'call':
        for (const arg of expr.args) this.expr(arg, depth + 1, bound);
        return;
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
    if (bound.has(ref.path[0] ?? '')) return;
    const read = this.attribute(ref);
    const subject = read && enumValue(this.index, read.type, read.attribute, literal.value);
    if (read && subject) pushString(literal, subject, `${read.type}.${read.attribute}`, this.push);
  }

  /**
   * The provider type and attribute a reference reads (`tfe_project.consumer.name`, `data.tfe_workspace.w[0].x`), the
   * attribute's offset, and the provider's schema name for it where it maps one.
   */
  attribute(
    ref: Extract<TfExpr, { t: 'ref' }>,
  ): { type: string; attribute: string; start: number; name: ReturnType<typeof providerArgument> } | undefined {
    const data = ref.path[0] === 'data';
    const type = data ? ref.path[1] : ref.path[0];
    if (type === undefined || !type.startsWith(PREFIX)) return undefined;
    // After the block's name (and the data source's type), its indexes; then the attribute.
    let k = data ? 2 : 1;
    if (typeof ref.steps[k - 1] !== 'string') return undefined;
    let from = ref.range.start + type.length;
    while (k < ref.steps.length && typeof ref.steps[k] !== 'string') from = (ref.steps[k++] as TfExpr).range.end;
    const attribute = ref.steps[k];
    if (typeof attribute !== 'string') return undefined;
    const at = this.text.indexOf(`.${attribute}`, from);
    if (at === -1 || at >= ref.range.end) return undefined;
    return { type, attribute, start: at + 1, name: providerArgument(this.index, type, attribute) };
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
  for (const attribute of block.attributes.values())
    leaves(attribute.value, [], attribute.nameRange, (path, keyRange, value) => {
      // One walk of the module graph per input value: a folder reached again by another call adds nothing.
      const walk: Walk = { seen: new Set(), said: new Set(), modules, index, keyRange, value, push };
      handed(walk, dir, attribute.name, path, 0);
    });
}

/** One input value's walk through the modules (`handed`): the states reached, the rows said. */
interface Walk {
  /** `dir variable path` reached. */
  readonly seen: Set<string>;
  /** `type argument` said. */
  readonly said: Set<string>;
  readonly modules: ProjectModules;
  readonly index: HistoryIndex;
  readonly keyRange: { readonly start: number; readonly end: number };
  readonly value: TfExpr;
  readonly push: Push;
}

/** Each value inside an input's objects, with its path of keys and its key's range. */
function leaves(
  expr: TfExpr,
  path: readonly string[],
  keyRange: { readonly start: number; readonly end: number },
  visit: (path: readonly string[], keyRange: { readonly start: number; readonly end: number }, value: TfExpr) => void,
): void {
  if (path.length > 16) return;
  if (expr.t === 'object') {
    for (const entry of expr.entries)
      if (entry.key !== undefined) leaves(entry.value, [...path, entry.key], entry.keyRange, visit);
  } else visit(path, keyRange, expr);
}

/** Whether a module's path (`*` for any key) is `path`'s beginning (`whole`: all of it). */
function pathMatches(pattern: InputPath, path: readonly string[], whole: boolean): boolean {
  if (whole ? pattern.length !== path.length : pattern.length > path.length) return false;
  return pattern.every((p, i) => p === '*' || p === path[i]);
}

/** An input's value at `path` where the module at `dir` hands it to the provider, or on to a local module. */
function handed(walk: Walk, dir: string, variable: string, path: readonly string[], depth: number): void {
  const state = `${dir}\u0000${variable}\u0000${path.join('\u0000')}`;
  if (depth > MAX_CALLS || walk.seen.has(state)) return;
  walk.seen.add(state);
  const module = walk.modules.module(dir, walk.index);
  if (module === undefined) return;
  for (const input of module.inputs) {
    const said = `${input.type} ${input.argument}`;
    if (input.variable !== variable || !pathMatches(input.path, path, true) || walk.said.has(said)) continue;
    walk.said.add(said);
    argumentValue(walk.index, input.type, input.argument, walk.keyRange, walk.value, walk.push);
  }
  for (const call of module.calls)
    if (call.variable === variable && pathMatches(call.path, path, false))
      handed(walk, call.dir, call.input, path.slice(call.path.length), depth + 1);
}
