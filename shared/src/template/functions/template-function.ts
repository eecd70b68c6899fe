import type { AbstractValue } from '../abstract-value.ts';
import type { Span, StaticType, TemplateValue } from '../ast.ts';

/** What a template needs from outside: the clock and a source of random integers. */
export interface TemplateDeps {
  /** The current time (`unix_time`, `unix_time_millis`, `timestamp`). */
  readonly now: () => Date;
  /** A uniformly random integer in `[0, maxExclusive)` (`random`, `uuid`). */
  readonly randomInt: (maxExclusive: number) => number;
}

/** What the parser knows about one argument: its static type, its value when constant, its span. */
export interface ArgInfo {
  readonly type: StaticType;
  readonly value: TemplateValue | undefined;
  readonly span: Span;
}

/** A problem an argument check found (the parser turns it into a Problem). */
export interface ArgIssue {
  readonly code: 'TEMPLATE_ARG_TYPE' | 'TEMPLATE_ARG_VALUE';
  readonly index: number;
  readonly message: string;
}

/** One function a username template can call. */
export interface TemplateFunction {
  readonly name: string;
  /** How it is written, for hovers and messages: `truncate N STRING`. */
  readonly usage: string;
  /** One line for hovers and completion. */
  readonly summary: string;
  /** Types of the fixed parameters (a piped value fills the last one). */
  readonly params: readonly StaticType[];
  /** Type of further arguments, when the function is variadic. */
  readonly rest?: StaticType;
  /** Fewest arguments; defaults to `params.length`. */
  readonly minArgs?: number;
  readonly returns: StaticType;
  /** Same arguments give the same result (no clock, no randomness), so analysis may fold it. */
  readonly pure: boolean;
  /** Runs the function; throws `TemplateRenderError` for Go's run-time errors. */
  readonly call: (args: readonly TemplateValue[], deps: TemplateDeps) => TemplateValue;
  /** What the result can be, given what the arguments can be. */
  readonly bound: (args: readonly AbstractValue[]) => AbstractValue;
  /** Extra parse-time checks beyond the parameter types (comparability, constant ranges). */
  readonly checkArgs?: (args: readonly ArgInfo[]) => ArgIssue[];
}
