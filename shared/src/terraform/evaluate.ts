import type { OffsetRange } from '../problem.ts';
import { appendPointer, isRecord } from '../text/index.ts';
import {
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
import type { TfBlock, TfExpr, TfFile } from './terraform-ast.ts';

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
    const [root, first, second, third] = expr.path;
    const range = this.#at(expr, from);
    if (root === 'local' && first !== undefined && expr.path.length === 2) {
      const local = this.#locals.get(first);
      if (!local) return unknown(`local.${first} is not defined in the module`, range);
      const value = this.#guarded(`local.${first}`, range, () => this.evaluate(local.expr, depth + 1, local.file));
      // Shown where it is used (several resources may share one local): the attribute.
      return shownAt(value, range);
    }
    if (root === 'var' && first !== undefined && expr.path.length === 2) {
      const variable = this.#variables.get(first);
      const fallback = variable?.attributes.get('default');
      if (!variable) return unknown(`var.${first} is not declared in the module`, range);
      if (!fallback) return unknown(`var.${first} has no default (its value comes from outside)`, range);
      const file = this.module.files.find((f) => f.blocks.includes(variable)) ?? from;
      const value = this.evaluate(fallback.value, depth + 1, file);
      if (!value.known) return unknown(`var.${first}'s default is not a literal`, range);
      if (value.value === null) return unknown(`var.${first} defaults to null (its value comes from outside)`, range);
      // `default = []`, `{}` or `""` is how a module marks an optional input: the caller gives the value.
      const plain = value.structured?.value ?? value.value;
      if (
        plain === '' ||
        (Array.isArray(plain) && plain.length === 0) ||
        (isRecord(plain) && Object.keys(plain).length === 0)
      )
        return unknown(
          `var.${first} defaults to ${JSON.stringify(plain)}, an optional input (its value comes from outside)`,
          range,
        );
      // A default is shown where it is used: the attribute, not the variable block.
      return { known: true, value: value.structured?.value ?? value.value, range };
    }
    if (root === 'path' && first === 'module' && expr.path.length === 2) return { known: true, value: '.', range };
    const source = root === 'data' && first !== undefined ? DATA_SOURCES.get(first) : undefined;
    if (source && second !== undefined && third === source.attribute && expr.path.length === 4) {
      const address = `data.${first}.${second}`;
      const data = this.#dataSources.get(`${first}.${second}`);
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
      return unknown(`${expr.text} is only known when Terraform runs`, range);
    if (first !== undefined && second !== undefined && expr.path.length === 3) {
      const resource = this.#resources.get(`${root}.${first}`);
      if (resource) return this.#resourceArgument(resource, second, expr.text, range, depth);
    }
    return unknown(`${expr.text} refers to another resource`, range);
  }

  /**
   * `TYPE.NAME.ARG` of a resource of the module that sets ARG: Terraform requires the provider to
   * keep a configured, known argument as written (else "Provider produced inconsistent result"), so
   * it is the configured value. An argument the block does not set is computed by the provider, and
   * a resource with count or for_each is many instances: both unknown.
   */
  #resourceArgument(
    resource: { block: TfBlock; file: TfFile },
    argument: string,
    text: string,
    range: OffsetRange,
    depth: number,
  ): Evaluated {
    if (resource.block.attributes.has('count') || resource.block.attributes.has('for_each'))
      return unknown(`${text} is one of several instances (count or for_each)`, range);
    const configured = resource.block.attributes.get(argument);
    if (!configured) return unknown(`${text} is not set in its block (the provider computes it)`, range);
    const value = this.#guarded(text, range, () => this.evaluate(configured.value, depth + 1, resource.file));
    // Shown where it is used: the reference, not the other resource's block.
    return shownAt(value, range);
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
      if (!value.known) return unknown(value.reason, value.range);
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
      const relative = path.value.replace(/^\.\//, '');
      if (relative.startsWith('/') || relative.split('/').includes('..'))
        return unknown(`file("${path.value}") is outside the module`, range);
      const text = this.module.readFile?.(relative);
      if (text === undefined) return unknown(`file("${path.value}") could not be read`, range);
      return { known: true, value: text, range };
    }
    return unknown(`${expr.name}() is a function keyfob does not evaluate`, range);
  }
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
  return value.structure?.value ?? new UnknownMember(value.reason, value.partial);
}

/** Adds a member's places under `segment` (its own and its parts', known or not). */
function nest(locations: ValueLocations, segment: string, member: Evaluated, key?: OffsetRange): void {
  const pointer = appendPointer('', segment);
  locations.set(pointer, key ? { key, value: member.range } : { value: member.range });
  const inner = member.known ? member.structured?.locations : member.structure?.locations;
  for (const [path, place] of inner ?? []) locations.set(pointer + path, place);
}
