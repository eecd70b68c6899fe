/**
 * The syntax tree of a parsed username template. Every node keeps its span (`start`, `end`:
 * UTF-16 offsets into the template text, end exclusive) so editors can point at it.
 */

/** A value a template expression produces at run time (Go's string, int and bool). */
export type TemplateValue = string | number | boolean;

/** What the parser knows about a value's Go type; `any` when it depends on run-time data. */
export type StaticType = 'string' | 'int' | 'bool' | 'any';

/** The data fields a username template can read. */
export type TemplateField = 'Type' | 'DisplayName' | 'PolicyName';

/** A half-open span of the template text. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/** A string, integer or boolean literal. */
interface LiteralOperand extends Span {
  readonly kind: 'literal';
  readonly value: TemplateValue;
}

/** `.Type`, `.DisplayName` or `.PolicyName`. */
interface FieldOperand extends Span {
  readonly kind: 'field';
  readonly name: TemplateField;
}

/** A function name used as an argument: Go calls it with no arguments (`printf "%s" unix_time`). */
interface FunctionOperand extends Span {
  readonly kind: 'function';
  readonly name: string;
}

/** A parenthesised pipeline used as an argument. */
interface PipelineOperand extends Span {
  readonly kind: 'pipeline';
  readonly pipeline: Pipeline;
}

/** One argument of a command. */
export type Operand = LiteralOperand | FieldOperand | FunctionOperand | PipelineOperand;

/** A function call (`name` set, `args` after it) or a single value (`name` unset, one arg). */
export interface Command extends Span {
  /** The function called; undefined when the command is a plain value such as `.DisplayName`. */
  readonly name: string | undefined;
  /** Span of the function name (for problems about the name itself). */
  readonly nameSpan: Span | undefined;
  readonly args: readonly Operand[];
}

/** Commands joined by `|`: each result becomes the last argument of the next command (Go semantics). */
export interface Pipeline extends Span {
  readonly kind: 'pipeline';
  readonly commands: readonly Command[];
}

/** Literal text copied to the output (after trim markers took their whitespace). */
export interface TextNode extends Span {
  readonly kind: 'text';
  readonly text: string;
}

/** An action whose value is printed: `{{ printf "%s" .DisplayName }}`. */
interface OutputNode extends Span {
  readonly kind: 'output';
  readonly pipeline: Pipeline;
}

/** One `if` or `else if` arm. */
export interface IfBranch extends Span {
  readonly condition: Pipeline;
  readonly body: readonly TemplateNode[];
}

/** `{{ if }} … {{ else if }} … {{ else }} … {{ end }}`; span covers the whole construct. */
export interface IfNode extends Span {
  readonly kind: 'if';
  readonly branches: readonly IfBranch[];
  /** The `else` body; undefined when there is no plain `else`. */
  readonly elseBody: readonly TemplateNode[] | undefined;
}

/** A node of the template body. */
export type TemplateNode = TextNode | OutputNode | IfNode;

/** A parsed template, ready for `renderTemplate` and `analyzeTemplate`. */
export interface Template {
  /** The text it was parsed from. */
  readonly source: string;
  readonly nodes: readonly TemplateNode[];
}
