import { addLengths, constant, printedLength, staticTruth, stringOf, unionLengths, UNKNOWN } from './abstract-value.ts';
import type { AbstractValue, LengthRange } from './abstract-value.ts';
import type { Command, IfNode, Operand, Pipeline, Template, TemplateField, TemplateNode } from './ast.ts';
import type { UsernameType } from './default-username-template.ts';
import { foldCall } from './functions/fold-call.ts';
import { findTemplateFunction } from './functions/function-table.ts';

/** Shortest and longest output in bytes; `max` undefined means no upper bound. */
export interface LengthBound {
  readonly min: number;
  readonly max: number | undefined;
}

/** Length bounds of the names a template makes for each `.Type`, and whether it branches on `.Type`. */
export interface TemplateAnalysis {
  readonly IAM: LengthBound;
  readonly STS: LengthBound;
  /** True when some `if` / `else if` condition reads `.Type` (seed 1 wants one). */
  readonly branchesOnType: boolean;
}

/** Assumed longest values of the fields, in bytes. */
export interface AnalyzeOptions {
  /** Longest caller display name; default `DEFAULT_DISPLAY_NAME_MAX`. */
  readonly displayNameMax?: number;
  /** Longest role name (`.PolicyName`); default `DEFAULT_POLICY_NAME_MAX`. */
  readonly policyNameMax?: number;
}

/**
 * Default longest display name: the engine sets no limit, and token display names are built
 * from an auth method and a user or role name; 256 covers realistic ones without calling every
 * template unbounded.
 */
const DEFAULT_DISPLAY_NAME_MAX = 256;
/** Default longest role name: roles are named by people in files; 128 is generous. */
const DEFAULT_POLICY_NAME_MAX = 128;

type Fields = Readonly<Record<TemplateField, AbstractValue>>;

function evalCommand(cmd: Command, piped: AbstractValue | undefined, fields: Fields): AbstractValue {
  const args = cmd.args.map((op) => evalOperand(op, fields));
  if (piped) args.push(piped);
  if (cmd.name === undefined) return args[0] ?? UNKNOWN;
  const fn = findTemplateFunction(cmd.name);
  if (fn === undefined) return UNKNOWN;
  const values = args.flatMap((a) => (a.kind === 'const' ? [a.value] : []));
  // Constant arguments: evaluate exactly; a run-time failure falls back to the function's bound.
  const folded = values.length === args.length ? foldCall(fn, values) : undefined;
  return folded === undefined ? fn.bound(args) : constant(folded);
}

function evalOperand(op: Operand, fields: Fields): AbstractValue {
  switch (op.kind) {
    case 'literal':
      return constant(op.value);
    case 'field':
      return fields[op.name];
    case 'function':
      return evalCommand({ name: op.name, nameSpan: op, args: [], start: op.start, end: op.end }, undefined, fields);
    case 'pipeline':
      return evalPipeline(op.pipeline, fields);
  }
}

function evalPipeline(pipeline: Pipeline, fields: Fields): AbstractValue {
  let value: AbstractValue | undefined;
  for (const cmd of pipeline.commands) value = evalCommand(cmd, value, fields);
  return value ?? UNKNOWN;
}

const EMPTY: LengthRange = { min: 0, max: 0, ascii: true };

/** Length of an if: the arms that may run, stopping at the first that surely runs. */
function ifLength(node: IfNode, fields: Fields): LengthRange {
  let possible: LengthRange | undefined;
  const add = (r: LengthRange): void => {
    possible = possible === undefined ? r : unionLengths(possible, r);
  };
  for (const branch of node.branches) {
    const truth = staticTruth(evalPipeline(branch.condition, fields));
    if (truth === false) continue;
    add(nodesLength(branch.body, fields));
    if (truth === true) return possible ?? EMPTY;
  }
  add(node.elseBody ? nodesLength(node.elseBody, fields) : EMPTY);
  return possible ?? EMPTY;
}

function nodesLength(nodes: readonly TemplateNode[], fields: Fields): LengthRange {
  let total = EMPTY;
  for (const node of nodes) {
    const part =
      node.kind === 'text'
        ? printedLength(constant(node.text))
        : node.kind === 'output'
          ? printedLength(evalPipeline(node.pipeline, fields))
          : ifLength(node, fields);
    total = addLengths(total, part);
  }
  return total;
}

function mentionsType(pipeline: Pipeline): boolean {
  return pipeline.commands.some((cmd) =>
    cmd.args.some(
      (op) => (op.kind === 'field' && op.name === 'Type') || (op.kind === 'pipeline' && mentionsType(op.pipeline)),
    ),
  );
}

function branchesOnType(nodes: readonly TemplateNode[]): boolean {
  return nodes.some(
    (node) =>
      node.kind === 'if' &&
      (node.branches.some((b) => mentionsType(b.condition) || branchesOnType(b.body)) ||
        branchesOnType(node.elseBody ?? [])),
  );
}

/** The field values the engine passes for a type: STS gets only `.Type` (empty names). */
function fieldsFor(type: UsernameType, options: AnalyzeOptions): Fields {
  if (type === 'STS') return { Type: constant('STS'), DisplayName: constant(''), PolicyName: constant('') };
  // IAM names are normalised to [a-zA-Z0-9+=,.@_-] (ASCII); a role name has at least one character.
  const displayMax = options.displayNameMax ?? DEFAULT_DISPLAY_NAME_MAX;
  const policyMax = options.policyNameMax ?? DEFAULT_POLICY_NAME_MAX;
  return {
    Type: constant('IAM'),
    DisplayName: stringOf(0, displayMax, true),
    PolicyName: stringOf(Math.min(1, policyMax), policyMax, true),
  };
}

function bound(template: Template, type: UsernameType, options: AnalyzeOptions): LengthBound {
  const { min, max } = nodesLength(template.nodes, fieldsFor(type, options));
  return { min, max };
}

/**
 * Worst-case analysis of a parsed template: for each `.Type` the shortest and longest name it
 * can make (UTF-8 bytes, as the engine measures), evaluating `if` statically where the
 * condition is known for that type and taking both arms otherwise. Lengths: `random N` N,
 * `unix_time` 10, `unix_time_millis` 13, `uuid` 36, `sha256` 64, `base64` 4*ceil(n/3),
 * `truncate N` at most N, `printf` its literal text plus each argument, fields 0..the option
 * maxima for IAM and empty for STS; constant sub-expressions are evaluated exactly.
 */
export function analyzeTemplate(template: Template, options: AnalyzeOptions = {}): TemplateAnalysis {
  return {
    IAM: bound(template, 'IAM', options),
    STS: bound(template, 'STS', options),
    branchesOnType: branchesOnType(template.nodes),
  };
}
