import type { OffsetRange } from '../problem.ts';
import { appendPointer, isRecord } from '../text/index.ts';
import {
  holdsUnknown,
  joinPieces,
  UnknownMember,
  type DataSourceCall,
  type Evaluated,
  type Evaluator,
  type TerraformModule,
  type ValueLocations,
} from './evaluated.ts';
import { vaultPolicyDocument } from './vault-policy-document.ts';
import { policyDocumentData } from './policy-document-data.ts';
import type { TfBlock, TfExpr, TfFile, TfStep } from './terraform-ast.ts';

const MAX_EVALUATION_DEPTH = 32;

/** The data sources keyfob renders: by type, the attribute a reference reads and the renderer. */
const DATA_SOURCES: ReadonlyMap<
  string,
  { readonly attribute: string; readonly render: (call: DataSourceCall) => Evaluated }
> = new Map([
  ['aws_iam_policy_document', { attribute: 'json', render: policyDocumentData }],
  ['vault_policy_document', { attribute: 'hcl', render: vaultPolicyDocument }],
]);

/**
 * Evaluates what is known and nothing else: literals, heredocs, lists and maps of known values,
 * templates of known parts, `jsonencode(...)`, `file(...)` of a file in the module, `local.*`,
 * `var.*` with a literal default that is not empty (`null`, `[]`, `{}`, `""` mark an optional
 * input), `path.module`, `data.aws_iam_policy_document.X.json`, `data.vault_policy_document.X.hcl`,
 * and an argument another resource of the module sets (`vault_policy.ci.name`). A template with
 * unknown parts is unknown but keeps its known text (`partial`). Anything else (what a
 * provider computes, a variable without default, other functions, conditionals, `for`, splats) is
 * unknown, with the reason.
 */
export class TerraformEvaluator implements Evaluator {
  readonly #locals = new Map<string, { expr: TfExpr; file: TfFile }>();
  readonly #variables = new Map<string, TfBlock>();
  /** The module's data sources keyfob renders, by `TYPE.NAME`. */
  readonly #dataSources = new Map<string, { block: TfBlock; file: TfFile }>();
  readonly #resources = new Map<string, { block: TfBlock; file: TfFile }>();
  readonly #active = new Set<string>();

  constructor(
    readonly module: TerraformModule,
    /** The file being linted: places in other files are shown at the reference instead. */
    readonly file: TfFile,
  ) {
    for (const f of module.files)
      for (const block of f.blocks) {
        if (block.type === 'locals')
          for (const [name, a] of block.attributes) this.#locals.set(name, { expr: a.value, file: f });
        if (block.type === 'variable' && block.labels[0]) this.#variables.set(block.labels[0], block);
        if (block.type === 'data' && block.labels[0] && DATA_SOURCES.has(block.labels[0]) && block.labels[1])
          this.#dataSources.set(`${block.labels[0]}.${block.labels[1]}`, { block, file: f });
        if (block.type === 'resource' && block.labels[0] && block.labels[1])
          this.#resources.set(`${block.labels[0]}.${block.labels[1]}`, { block, file: f });
      }
  }

  evaluate(expr: TfExpr, depth = 0, from: TfFile = this.file): Evaluated {
    const here = (range: OffsetRange): OffsetRange => (from === this.file ? range : this.#outside);
    if (depth > MAX_EVALUATION_DEPTH) return unknown('nested too deeply', here(expr.range));
    switch (expr.t) {
      case 'literal':
        return {
          known: true,
          value: expr.value,
          range: here(expr.range),
          ...(expr.text && from === this.file ? { text: expr.text } : {}),
        };
      case 'tuple':
        return this.#tuple(expr, depth, from);
      case 'object':
        return this.#object(expr, depth, from);
      case 'template':
        return this.#template(expr, depth, from);
      case 'ref':
        return this.#reference(expr, depth, from);
      case 'call':
        return this.#call(expr, depth, from);
      case 'other':
        return unknown(`${JSON.stringify(expr.text)} is an expression keyfob does not evaluate`, here(expr.range));
    }
  }

  /** A value from another file of the module is shown where it is referred to: set by the caller. */
  #outside: OffsetRange = { start: 0, end: 0 };

  /** Evaluates an attribute of the linted file (values from elsewhere show at its range). */
  evaluateAttribute(expr: TfExpr): Evaluated {
    this.#outside = expr.range;
    return this.evaluate(expr, 0, this.file);
  }

  /**
   * A template's text when every part is known; else unknown, with the known text around the
   * unknown parts (`partial`) when those are strings or unknown values (not a list, say).
   */
  #template(expr: Extract<TfExpr, { t: 'template' }>, depth: number, from: TfFile): Evaluated {
    const range = this.#at(expr, from);
    const pieces: (string | { unknown: string })[] = [];
    let firstReason: string | undefined;
    for (const part of expr.parts) {
      if (typeof part === 'string') {
        pieces.push(part);
        continue;
      }
      const value = this.evaluate(part, depth + 1, from);
      if (!value.known) {
        firstReason ??= value.reason;
        // An interpolated string known in part keeps its known parts.
        pieces.push(...(value.partial ?? [{ unknown: value.reason }]));
        continue;
      }
      if (typeof value.value !== 'string' && typeof value.value !== 'number' && typeof value.value !== 'boolean')
        return unknown(`interpolates a value that is not a string`, range);
      pieces.push(String(value.value));
    }
    if (firstReason === undefined)
      return { known: true, value: pieces.filter((p) => typeof p === 'string').join(''), range };
    return { known: false, reason: firstReason, range, partial: joinPieces(pieces) };
  }

  /** A list of known items; else unknown, with its known items (`structure`) beside each unknown one. */
  #tuple(expr: Extract<TfExpr, { t: 'tuple' }>, depth: number, from: TfFile): Evaluated {
    const values: unknown[] = [];
    const locations: ValueLocations = new Map();
    let first: (Evaluated & { known: false }) | undefined;
    for (const [i, item] of expr.items.entries()) {
      const value = this.evaluate(item, depth + 1, from);
      if (!value.known) first ??= value;
      values.push(value.known ? (value.structured?.value ?? value.value) : memberOf(value));
      nest(locations, String(i), value);
    }
    if (first) return { ...unknown(first.reason, first.range), structure: { value: values, locations } };
    return { known: true, value: values, range: this.#at(expr, from), structured: { value: values, locations } };
  }

  /** A map of known members; else unknown, with its known members (`structure`) beside each unknown one. */
  #object(expr: Extract<TfExpr, { t: 'object' }>, depth: number, from: TfFile): Evaluated {
    const value: Record<string, unknown> = {};
    const locations: ValueLocations = new Map();
    let first: (Evaluated & { known: false }) | undefined;
    for (const entry of expr.entries) {
      // A key keyfob does not know could be any key (or another member's): nothing of the map is known.
      if (entry.key === undefined) return unknown('an object key that is an expression', this.#at(expr, from));
      const member = this.evaluate(entry.value, depth + 1, from);
      if (!member.known) first ??= member;
      value[entry.key] = member.known ? (member.structured?.value ?? member.value) : memberOf(member);
      nest(locations, entry.key, member, from === this.file ? entry.keyRange : undefined);
    }
    if (first) return { ...unknown(first.reason, first.range), structure: { value, locations } };
    return { known: true, value, range: this.#at(expr, from), structured: { value, locations } };
  }

  #at(expr: TfExpr, from: TfFile): OffsetRange {
    return from === this.file ? expr.range : this.#outside;
  }

  #reference(expr: Extract<TfExpr, { t: 'ref' }>, depth: number, from: TfFile): Evaluated {
    const [root] = expr.path;
    const [first, second, third] = expr.steps;
    const range = this.#at(expr, from);
    const name = typeof first === 'string' ? first : undefined;
    if (root === 'local' && name !== undefined) {
      const local = this.#locals.get(name);
      if (!local) return unknown(`local.${name} is not defined in the module`, range);
      const value = this.#guarded(`local.${name}`, range, () =>
        // A local is the module's, never an instance's: each and count are not in scope there.
        this.#inInstance(undefined, () => this.evaluate(local.expr, depth + 1, local.file)),
      );
      // Shown where it is used (several resources may share one local): the attribute.
      return this.#walk(shownAt(value, range), expr.steps.slice(1), expr.text, depth, from);
    }
    if (root === 'var' && name !== undefined)
      return this.#walk(this.#variable(name, range, depth, from), expr.steps.slice(1), expr.text, depth, from);
    if (root === 'path' && name === 'module' && expr.steps.length === 1) return { known: true, value: '.', range };
    if ((root === 'each' || root === 'count') && name !== undefined) {
      const value = this.#instanceValue(root, name, range);
      return value ? this.#walk(value, expr.steps.slice(1), expr.text, depth, from) : unknownAtRun(expr, range);
    }
    const source = root === 'data' && name !== undefined ? DATA_SOURCES.get(name) : undefined;
    if (source && typeof second === 'string' && third === source.attribute && expr.steps.length === 3) {
      const address = `data.${name}.${second}`;
      const data = this.#dataSources.get(`${name}.${second}`);
      if (!data) return unknown(`${address} is not in the module`, range);
      return this.#guarded(address, range, () =>
        source.render({ block: data.block, evaluator: this, depth: depth + 1, file: data.file, reference: range }),
      );
    }
    if (
      root === 'data' ||
      root === 'module' ||
      root === 'each' ||
      root === 'count' ||
      root === 'self' ||
      root === 'terraform'
    )
      return unknownAtRun(expr, range);
    if (name !== undefined && second !== undefined) {
      const resource = this.#resources.get(`${root}.${name}`);
      if (resource) return this.#resourceReference(resource, expr, range, depth, from);
    }
    return unknown(`${expr.text} refers to another resource`, range);
  }

  /** `var.NAME`: its default when literal and not empty (an empty one marks an optional input). */
  #variable(name: string, range: OffsetRange, depth: number, from: TfFile): Evaluated {
    const variable = this.#variables.get(name);
    const fallback = variable?.attributes.get('default');
    if (!variable) return unknown(`var.${name} is not declared in the module`, range);
    const same = `var.${name}`;
    if (!fallback) return { ...unknown(`var.${name} has no default (its value comes from outside)`, range), same };
    const file = this.module.files.find((f) => f.blocks.includes(variable)) ?? from;
    const value = this.#inInstance(undefined, () => this.evaluate(fallback.value, depth + 1, file));
    if (!value.known) return unknown(`var.${name}'s default is not a literal`, range);
    if (value.value === null)
      return { ...unknown(`var.${name} defaults to null (its value comes from outside)`, range), same };
    // `default = []`, `{}` or `""` is how a module marks an optional input: the caller gives the value.
    const plain = value.structured?.value ?? value.value;
    if (
      plain === '' ||
      (Array.isArray(plain) && plain.length === 0) ||
      (isRecord(plain) && Object.keys(plain).length === 0)
    )
      return {
        ...unknown(
          `var.${name} defaults to ${JSON.stringify(plain)}, an optional input (its value comes from outside)`,
          range,
        ),
        same,
      };
    // A default is shown where it is used: the attribute, not the variable block.
    return { known: true, value: plain, range };
  }

  /**
   * The rest of a reference's steps (`.name`, `[key]`) applied to a value: a member of a known map
   * or object, an item of a known list (or of one known in part, when that member is known).
   */
  #walk(value: Evaluated, steps: readonly TfStep[], text: string, depth: number, from: TfFile): Evaluated {
    // A part of an unknown value (var.x.y) is not the same as the whole.
    if (steps.length > 0 && !value.known && value.same !== undefined) {
      const { same: _same, ...rest } = value;
      value = rest;
    }
    let at = value;
    for (const step of steps) {
      const key =
        typeof step === 'string' ? { known: true as const, value: step } : this.evaluate(step, depth + 1, from);
      if (!key.known) return unknown(`${text}: the key is not known (${key.reason})`, value.range);
      const container = at.known ? (at.structured?.value ?? at.value) : at.structure?.value;
      if (container === undefined) return at;
      const member = memberAt(container, key.value);
      if (member === undefined)
        return unknown(`${text}: ${JSON.stringify(key.value)} is not in the value`, value.range);
      if (member instanceof UnknownMember || holdsUnknown(member)) return unknown(`${text} is not known`, value.range);
      at = { known: true, value: member, range: value.range };
    }
    return at;
  }

  /** `each.key`, `each.value`, `count.index` of the instance being read; undefined outside one. */
  #instanceValue(root: 'each' | 'count', name: string, range: OffsetRange): Evaluated | undefined {
    const instance = this.#instance;
    if (root === 'each' && instance?.each && (name === 'key' || name === 'value'))
      return { known: true, value: instance.each[name], range };
    if (root === 'count' && instance?.count !== undefined && name === 'index')
      return { known: true, value: instance.count, range };
    return undefined;
  }

  /** The instance whose attributes are being read (each.key, count.index); undefined when none or unknown. */
  #instance: Instance | undefined;

  #inInstance<T>(instance: Instance | undefined, read: () => T): T {
    const outer = this.#instance;
    this.#instance = instance;
    try {
      return read();
    } finally {
      this.#instance = outer;
    }
  }

  /** Reads with `each`/`count` of an instance of a resource of the module (for its instances' attributes). */
  inInstance<T>(instance: Instance | undefined, read: () => T): T {
    return this.#inInstance(instance, read);
  }

  /**
   * A resource's instances when Terraform would know them from the module alone: `for_each` over
   * a known map, list or set of strings (each.key, each.value), `count` a known whole number
   * (count.index); at most MAX_INSTANCES. One instance (no each or count) for a resource with
   * neither; undefined when they are not known.
   */
  instancesOf(block: TfBlock, file: TfFile, depth = 0): readonly Instance[] | undefined {
    if (this.#instances.has(block)) return this.#instances.get(block);
    const read = (): readonly Instance[] | undefined => {
      const forEach = block.attributes.get('for_each');
      const count = block.attributes.get('count');
      if (!forEach && !count) return [{}];
      const value = this.#inInstance(undefined, () => this.evaluate((forEach ?? count)!.value, depth + 1, file));
      if (!value.known) return undefined;
      const plain = value.structured?.value ?? value.value;
      if (count) {
        if (typeof plain !== 'number' || !Number.isInteger(plain) || plain < 0 || plain > MAX_INSTANCES)
          return undefined;
        return Array.from({ length: plain }, (_, i) => ({ count: i }));
      }
      if (Array.isArray(plain)) {
        if (!plain.every((k): k is string => typeof k === 'string')) return undefined;
        const keys = [...new Set(plain)];
        return keys.length > MAX_INSTANCES ? undefined : keys.map((k) => ({ each: { key: k, value: k } }));
      }
      if (isRecord(plain)) {
        const entries = Object.entries(plain);
        return entries.length > MAX_INSTANCES ? undefined : entries.map(([k, v]) => ({ each: { key: k, value: v } }));
      }
      return undefined;
    };
    this.#instances.set(block, undefined); // a for_each that refers to itself is not known
    const instances = read();
    this.#instances.set(block, instances);
    return instances;
  }

  readonly #instances = new Map<TfBlock, readonly Instance[] | undefined>();

  /**
   * `TYPE.NAME.ARG` (or `TYPE.NAME[KEY].ARG` of a resource with for_each or count) of a resource of
   * the module that sets ARG: Terraform requires the provider to keep a configured, known argument
   * as written (else "Provider produced inconsistent result"), so it is the configured value, read
   * in the chosen instance (each.key, count.index). When the key is not known, the value is known
   * only if every instance gives the same one (or it does not depend on the instance). An argument
   * the block does not set is computed by the provider: unknown.
   */
  #resourceReference(
    resource: { block: TfBlock; file: TfFile },
    expr: Extract<TfExpr, { t: 'ref' }>,
    range: OffsetRange,
    depth: number,
    from: TfFile,
  ): Evaluated {
    const { block } = resource;
    const many = block.attributes.has('count') || block.attributes.has('for_each');
    const [, index, argumentStep] = many ? expr.steps : [undefined, undefined, expr.steps[1]];
    const argument = typeof argumentStep === 'string' ? argumentStep : undefined;
    if (argument === undefined || (many && (index === undefined || typeof index === 'string')))
      return unknown(
        many ? `${expr.text} is one of several instances (count or for_each)` : `${expr.text} is not read`,
        range,
      );
    const rest = expr.steps.slice(many ? 3 : 2);
    const configured = block.attributes.get(argument);
    if (!configured) return unknown(`${expr.text} is not set in its block (the provider computes it)`, range);
    const address = `${block.labels[0]}.${block.labels[1]}`;
    const read = (instance: Instance | undefined): Evaluated =>
      this.#guarded(`${address}.${argument}`, range, () =>
        this.#inInstance(instance, () => this.evaluate(configured.value, depth + 1, resource.file)),
      );
    let value: Evaluated;
    if (!many) value = read(undefined);
    else {
      const key = this.evaluate(index as TfExpr, depth + 1, from);
      const instances = this.instancesOf(block, resource.file, depth);
      const chosen = key.known && instances ? instances.find((i) => instanceKey(i) === key.value) : undefined;
      if (key.known && instances && !chosen)
        value = unknown(`${expr.text}: ${address} has no instance ${JSON.stringify(key.value)}`, range);
      else if (chosen) value = read(chosen);
      else {
        // The instance is not known: a value that does not depend on it, or that every known instance agrees on.
        const independent = read(undefined);
        if (independent.known || !instances) value = independent;
        else {
          const values = instances.map(read);
          const [one] = values;
          const same = (v: Evaluated) => v.known && one?.known && sameValue(v, one);
          value =
            one && values.every(same)
              ? one
              : unknown(`${expr.text}: the instance is not known and its instances differ`, range);
        }
      }
    }
    // Shown where it is used: the reference, not the other resource's block.
    return this.#walk(shownAt(value, range), rest, expr.text, depth, from);
  }

  #guarded(key: string, range: OffsetRange, evaluate: () => Evaluated): Evaluated {
    if (this.#active.has(key)) return unknown(`${key} refers to itself`, range);
    this.#active.add(key);
    try {
      return evaluate();
    } finally {
      this.#active.delete(key);
    }
  }

  #call(expr: Extract<TfExpr, { t: 'call' }>, depth: number, from: TfFile): Evaluated {
    const range = this.#at(expr, from);
    const [first] = expr.args;
    if (expr.name === 'jsonencode' && expr.args.length === 1 && first) {
      const value = this.evaluate(first, depth + 1, from);
      // An object or list known in part stays so (an IAM policy whose Resource is a variable).
      if (!value.known)
        return value.structure
          ? { ...unknown(value.reason, range), structure: value.structure }
          : unknown(value.reason, value.range);
      const plain = value.structured?.value ?? value.value;
      return {
        known: true,
        value: JSON.stringify(plain),
        range,
        structured: { value: plain, locations: value.structured?.locations ?? (new Map() as ValueLocations) },
      };
    }
    if ((expr.name === 'file' || expr.name === 'templatefile') && first) {
      if (expr.name === 'templatefile')
        return unknown('templatefile() renders a template keyfob does not evaluate', range);
      const path = this.evaluate(first, depth + 1, from);
      if (!path.known || typeof path.value !== 'string') return unknown('file() of a path keyfob does not know', range);
      const candidates = this.#modulePaths(first, path.value);
      if (!candidates) return unknown(`file("${path.value}") is outside the module's repository`, range);
      const texts = [...new Set(candidates.flatMap((c) => this.module.readFile?.(c) ?? []))];
      const [text] = texts;
      if (text === undefined) return unknown(`file("${path.value}") could not be read`, range);
      if (texts.length > 1)
        return unknown(`file("${path.value}") reads another file from each root module that calls this module`, range);
      return { known: true, value: text, range };
    }
    if (expr.name === 'fileset') return this.#fileset(expr, depth, from, range);
    const fn = FUNCTIONS[expr.name];
    if (fn && expr.args.length === fn.arity) {
      const args: unknown[] = [];
      for (const arg of expr.args) {
        const value = this.evaluate(arg, depth + 1, from);
        if (!value.known) return unknown(value.reason, range);
        args.push(value.structured?.value ?? value.value);
      }
      const value = fn.apply(args);
      return value === undefined
        ? unknown(`${expr.name}() of these arguments is not evaluated by keyfob`, range)
        : { known: true, value, range };
    }
    return unknown(`${expr.name}() is a function keyfob does not evaluate`, range);
  }

  /**
   * The module-relative paths a path given to file() or fileset() reads. Terraform reads a relative
   * path from its working directory, the root module's folder, not the module's (so modules write
   * `${path.module}/…`): a path built on path.module (`./…` here, path.module being `.`, and not written
   * so) is the module's; any other relative path is read from each root module that calls this module
   * (TerraformModule.rootFolders; the module's own folder when it is a root or the callers are not
   * known). Undefined for an absolute path.
   */
  #modulePaths(arg: TfExpr, value: string): string[] | undefined {
    const path = value.replace(/\\/g, '/');
    if (/^\/|^[A-Za-z]:/.test(path)) return undefined;
    const written = arg.t === 'literal' || (arg.t === 'template' && typeof arg.parts[0] === 'string');
    const fromModule = (path === '.' || path.startsWith('./')) && !written;
    const roots = fromModule ? undefined : this.module.rootFolders?.();
    const bases = roots && roots.length > 0 ? roots : ['.'];
    return [...new Set(bases.map((base) => normalizeRelative(`${base}/${path}`)))];
  }

  /**
   * `fileset(path, pattern)`: the files below a folder of the module (never outside it) whose path
   * relative to it matches the pattern (`*`, `?`, `**`, `[...]`, `{a,b}`), sorted, as Terraform
   * gives them; at most FILESET_LIMIT files are listed, else unknown.
   */
  #fileset(expr: Extract<TfExpr, { t: 'call' }>, depth: number, from: TfFile, range: OffsetRange): Evaluated {
    const [folderArg, patternArg] = expr.args;
    if (!folderArg || !patternArg || expr.args.length !== 2) return unknown('fileset() takes two arguments', range);
    const folder = this.evaluate(folderArg, depth + 1, from);
    const pattern = this.evaluate(patternArg, depth + 1, from);
    if (!folder.known || typeof folder.value !== 'string')
      return unknown('fileset() of a folder keyfob does not know', range);
    if (!pattern.known || typeof pattern.value !== 'string')
      return unknown('fileset() of a pattern keyfob does not know', range);
    const candidates = this.#modulePaths(folderArg, folder.value);
    if (!candidates || candidates.some((c) => c.split('/').includes('..')))
      return unknown(`fileset("${folder.value}", ...) is outside the module`, range);
    const lists = candidates.map((c) => this.module.listFiles?.(c));
    const [listed] = lists;
    if (!listed || lists.some((l) => !l)) return unknown(`fileset("${folder.value}", ...) could not be listed`, range);
    if (lists.some((l) => l?.join('\n') !== listed.join('\n')))
      return unknown(
        `fileset("${folder.value}", ...) lists other files from each root module that calls this module`,
        range,
      );
    const matcher = globMatcher(pattern.value);
    if (!matcher) return unknown(`fileset(..., "${pattern.value}") is a pattern keyfob does not read`, range);
    return { known: true, value: listed.filter((p) => matcher.test(p)).sort(), range };
  }
}

/** A relative path with `.` and `..` resolved, leading `..` kept (`''` for the folder itself). */
function normalizeRelative(path: string): string {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..' && out.length > 0 && out[out.length - 1] !== '..') out.pop();
    else out.push(part);
  }
  return out.join('/');
}

/** The functions of known arguments keyfob evaluates (Terraform's meaning); undefined: not evaluated. */
const FUNCTIONS: Readonly<Record<string, { arity: number; apply: (args: unknown[]) => unknown }>> = {
  toset: { arity: 1, apply: ([v]) => (Array.isArray(v) ? [...new Set(v.map(setMember))] : undefined) },
  tolist: { arity: 1, apply: ([v]) => (Array.isArray(v) ? v : undefined) },
  tomap: { arity: 1, apply: ([v]) => (isRecord(v) ? v : undefined) },
  trimsuffix: {
    arity: 2,
    apply: strings((s, suffix) => (suffix !== '' && s.endsWith(suffix) ? s.slice(0, -suffix.length) : s)),
  },
  trimprefix: { arity: 2, apply: strings((s, prefix) => (s.startsWith(prefix) ? s.slice(prefix.length) : s)) },
  // Terraform's basename and dirname work on the path's text, as Go's filepath does on Linux.
  basename: {
    arity: 1,
    apply: strings((s) =>
      s.replace(/\/+$/, '') === '' ? (s === '' ? '.' : '/') : s.replace(/\/+$/, '').split('/').pop(),
    ),
  },
  lower: { arity: 1, apply: strings((s) => s.toLowerCase()) },
  upper: { arity: 1, apply: strings((s) => s.toUpperCase()) },
  trimspace: { arity: 1, apply: strings((s) => s.trim()) },
  // A substring in slashes is a regular expression (RE2): not evaluated.
  replace: {
    arity: 3,
    apply: strings((s, find, by) =>
      find.length > 1 && find.startsWith('/') && find.endsWith('/') ? undefined : s.split(find).join(by),
    ),
  },
  join: {
    arity: 2,
    apply: ([sep, list]) =>
      typeof sep === 'string' && Array.isArray(list) && list.every((i) => typeof i === 'string')
        ? list.join(sep)
        : undefined,
  },
  split: { arity: 2, apply: strings((sep, s) => (sep === '' ? undefined : s.split(sep))) },
};

/** A set's member as Terraform converts it (a set of strings: numbers and bools as text). */
function setMember(value: unknown): unknown {
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
}

/** A function of string arguments; undefined when one is not a string. */
function strings(apply: (...args: string[]) => unknown): (args: unknown[]) => unknown {
  return (args) => (args.every((a): a is string => typeof a === 'string') ? apply(...args) : undefined);
}

/** Longest fileset pattern read; a longer one is unknown. */
const GLOB_PATTERN_LIMIT = 1024;

/** A piece of a fileset pattern: one character, a wildcard, a class, or alternatives. */
type GlobPiece =
  | { k: 'char'; c: string }
  | { k: 'one' | 'star' | 'any' | 'segments' }
  | { k: 'class'; re: RegExp }
  | { k: 'alt'; options: GlobPiece[][] };

/**
 * A fileset pattern as a matcher over paths relative to the folder: `*` and `?` within one path
 * segment, `**` across segments, `[...]` a class, `{a,b}` alternatives. Undefined for a pattern it
 * cannot read. Matched by one pass per piece over the path (pieces x path length), never by a
 * backtracking regular expression: a pattern from the file being linted cannot make it slow.
 */
function globMatcher(pattern: string): { test(path: string): boolean } | undefined {
  if (pattern.length > GLOB_PATTERN_LIMIT) return undefined;
  const parsed = parseGlob(pattern, 0, false);
  if (!parsed || parsed.end !== pattern.length) return undefined;
  const pieces = parsed.options[0] as GlobPiece[];
  return {
    test(path) {
      const start = new Uint8Array(path.length + 1);
      start[0] = 1;
      return globRun(pieces, start, path)[path.length] === 1;
    },
  };
}

/** Pieces from `i` up to the pattern's end, or (inside braces) to the closing brace; by commas there. */
function parseGlob(pattern: string, i: number, inBraces: boolean): { options: GlobPiece[][]; end: number } | undefined {
  const options: GlobPiece[][] = [[]];
  let pieces = options[0] as GlobPiece[];
  while (i < pattern.length) {
    const c = pattern[i] as string;
    if (inBraces && c === '}') return { options, end: i + 1 };
    if (inBraces && c === ',') {
      pieces = [];
      options.push(pieces);
      i++;
    } else if (c === '*' && pattern[i + 1] === '*') {
      const slash = pattern[i + 2] === '/';
      pieces.push({ k: slash ? 'segments' : 'any' });
      i += slash ? 3 : 2;
    } else if (c === '*' || c === '?') {
      pieces.push({ k: c === '*' ? 'star' : 'one' });
      i++;
    } else if (c === '[') {
      const close = pattern.indexOf(']', i + 1);
      if (close === -1) return undefined;
      const body = pattern
        .slice(i + 1, close)
        .replace(/^!/, '^')
        .replace(/\\/g, '\\\\');
      let re: RegExp;
      try {
        re = new RegExp(`^[${body}]$`);
      } catch {
        return undefined;
      }
      pieces.push({ k: 'class', re });
      i = close + 1;
    } else if (c === '{') {
      const inner = parseGlob(pattern, i + 1, true);
      if (!inner) return undefined;
      pieces.push({ k: 'alt', options: inner.options });
      i = inner.end;
    } else if (c === '\\') {
      const next = pattern[i + 1];
      if (next === undefined) return undefined;
      pieces.push({ k: 'char', c: next });
      i += 2;
    } else {
      pieces.push({ k: 'char', c });
      i++;
    }
  }
  return inBraces ? undefined : { options, end: i };
}

/** Where `pieces` can end in `path` (1 at index j: the path's first j characters) from the starts given. */
function globRun(pieces: readonly GlobPiece[], from: Uint8Array, path: string): Uint8Array {
  let cur = from;
  for (const piece of pieces) {
    const next = new Uint8Array(path.length + 1);
    if (piece.k === 'alt') {
      for (const option of piece.options) {
        const ends = globRun(option, cur, path);
        for (let j = 0; j <= path.length; j++) next[j] ||= ends[j] as number;
      }
    } else if (piece.k === 'star' || piece.k === 'any') {
      for (let j = 0; j <= path.length; j++)
        next[j] = cur[j] || (j > 0 && next[j - 1] && (piece.k === 'any' || path[j - 1] !== '/')) ? 1 : 0;
    } else if (piece.k === 'segments') {
      // zero or more whole segments, each `[^/]*/`: `run` marks a segment begun and not yet closed
      let run = 0;
      for (let j = 0; j <= path.length; j++) {
        const closes = j > 0 && path[j - 1] === '/' && run === 1;
        next[j] = cur[j] || closes ? 1 : 0;
        run = next[j] || (j > 0 && run && path[j - 1] !== '/') ? 1 : 0;
      }
    } else {
      for (let j = 0; j < path.length; j++) {
        if (!cur[j]) continue;
        const ch = path[j] as string;
        const ok = piece.k === 'char' ? ch === piece.c : piece.k === 'class' ? piece.re.test(ch) : ch !== '/';
        if (ok) next[j + 1] = 1;
      }
    }
    cur = next;
  }
  return cur;
}

/** An instance of a resource with for_each (each.key, each.value) or count (count.index). */
export interface Instance {
  readonly each?: { readonly key: string; readonly value: unknown };
  readonly count?: number;
}

/** Instances read at most per resource: more is left unknown. */
const MAX_INSTANCES = 64;

/** The key an index chooses an instance by. */
function instanceKey(instance: Instance): string | number | undefined {
  return instance.each?.key ?? instance.count;
}

function sameValue(a: Evaluated & { known: true }, b: Evaluated & { known: true }): boolean {
  return JSON.stringify(a.structured?.value ?? a.value) === JSON.stringify(b.structured?.value ?? b.value);
}

/** A member of a map (by name) or list (by whole number); undefined when there is none. */
function memberAt(container: unknown, key: unknown): unknown {
  if (Array.isArray(container)) {
    const i = typeof key === 'number' ? key : typeof key === 'string' && /^\d+$/.test(key) ? Number(key) : NaN;
    return Number.isInteger(i) ? container[i] : undefined;
  }
  if (isRecord(container) && (typeof key === 'string' || typeof key === 'number'))
    return Object.prototype.hasOwnProperty.call(container, String(key)) ? container[String(key)] : undefined;
  return undefined;
}

function unknownAtRun(expr: { text: string }, range: OffsetRange): Evaluated & { known: false } {
  return unknown(`${expr.text} is only known when Terraform runs`, range);
}

function unknown(reason: string, range: OffsetRange): Evaluated & { known: false } {
  return { known: false, reason, range };
}

/**
 * A value read elsewhere (a local, another resource's argument) shown where it is used: at the
 * reference, its parts' places dropped (several resources may share one local).
 */
function shownAt(value: Evaluated, range: OffsetRange): Evaluated {
  if (value.known) return { known: true, value: value.structured?.value ?? value.value, range };
  return value.structure
    ? { ...value, range, structure: { value: value.structure.value, locations: new Map() } }
    : { ...value, range };
}

/** An unknown member of a list or map: a list or map known in part as such, else an UnknownMember. */
function memberOf(value: Evaluated & { known: false }): unknown {
  return value.structure?.value ?? new UnknownMember(value.reason, value.partial, value.same);
}

/** Adds a member's places under `segment` (its own and its parts', known or not). */
function nest(locations: ValueLocations, segment: string, member: Evaluated, key?: OffsetRange): void {
  const pointer = appendPointer('', segment);
  locations.set(pointer, key ? { key, value: member.range } : { value: member.range });
  const inner = member.known ? member.structured?.locations : member.structure?.locations;
  for (const [path, place] of inner ?? []) locations.set(pointer + path, place);
}
