import type { HttpMethod } from './data-types.ts';
import type { MethodToken } from './match-types.ts';

/**
 * The answer shape of the value-flow layers (`value-flow.ts` for the assignment languages, the shell family's own):
 * what URL template and what method an expression, a name or a word holds at a place of a text. One shape for every
 * reader, so a reader asks "what does this hold here" without knowing which language or which layer answers.
 */

/** A literal piece of a template, with where it was written in the text (`start` of its first character), if here. */
interface FlowLiteral {
  readonly literal: string;
  /** Source offset of the literal's first character; absent when it came from another file (project facts). */
  readonly start?: number;
}

/** A placeholder: an expression whose value is not known here (`{org}`, `${id}`, `%s`, a parameter). */
interface FlowHole {
  /** The expression's text as written (`org`, `this.id`, `$ORG`), or `''` where none was written (`%s`). */
  readonly hole: string;
  readonly start?: number;
}

/** One piece of a URL template. */
export type FlowPiece = FlowLiteral | FlowHole;

/** Why a value is not known: several values that disagree, a cycle, the bounds of the search, or nothing found. */
type FlowUnknownReason = 'conflict' | 'cycle' | 'depth' | 'unbound' | 'opaque';

/** What an expression holds: literal pieces and placeholders in order (never empty). */
export interface FlowTemplate {
  readonly kind: 'template';
  readonly pieces: readonly FlowPiece[];
}

/** Nothing is said: a reader given this claims nothing (never a guess, never GET by default). */
export interface FlowUnknown {
  readonly kind: 'unknown';
  readonly reason: FlowUnknownReason;
}

/** The answer about a value. */
export type FlowValue = FlowTemplate | FlowUnknown;

/**
 * The method a value is sent with: a token written in the text (`requests.post(`, `method: 'POST'`, `-X PATCH`), or
 * implied (`text: ''`, at the place that decided: a helper's call site, a function whose callers agree).
 */
export interface FlowMethod {
  readonly kind: 'method';
  readonly method: HttpMethod;
  readonly token: MethodToken;
}

/** The answer about a method: known, or unknown (`conflict`: two sends disagree; `unbound`: no send found). */
export type FlowMethodAnswer = FlowMethod | FlowUnknown;

/** A URL template and the method it is sent with, each answered on its own. */
export interface FlowSend {
  readonly value: FlowValue;
  readonly method: FlowMethodAnswer;
}

/** The unknown answers, one object each (compare by `reason`). */
export const UNKNOWN: Readonly<Record<FlowUnknownReason, FlowUnknown>> = {
  conflict: { kind: 'unknown', reason: 'conflict' },
  cycle: { kind: 'unknown', reason: 'cycle' },
  depth: { kind: 'unknown', reason: 'depth' },
  unbound: { kind: 'unknown', reason: 'unbound' },
  opaque: { kind: 'unknown', reason: 'opaque' },
};

/** The template's text with each placeholder written `{}` (`/organizations/{}/registry-modules`): for comparing values. */
export function flowTemplateText(value: FlowTemplate): string {
  let out = '';
  for (const piece of value.pieces) out += 'literal' in piece ? piece.literal : '{}';
  return out;
}

/**
 * One answer for several values that should be one (the assignments of a name, the returns of a function, the sends
 * of a variable): the value when they all have the same template text (the first's pieces), else `conflict`; an
 * unknown among them makes the whole unknown.
 */
export function agreeValues(values: readonly FlowValue[]): FlowValue {
  if (values.length === 0) return UNKNOWN.unbound;
  const first = values[0]!;
  if (first.kind === 'unknown') return first;
  const text = flowTemplateText(first);
  for (const other of values) {
    if (other.kind === 'unknown') return other;
    if (flowTemplateText(other) !== text) return UNKNOWN.conflict;
  }
  return first;
}

/** One method for several sends: the method when they all say the same one (the first's token), else `conflict`. */
export function agreeMethods(methods: readonly FlowMethodAnswer[]): FlowMethodAnswer {
  if (methods.length === 0) return UNKNOWN.unbound;
  const first = methods[0]!;
  if (first.kind === 'unknown') return first;
  for (const other of methods) {
    if (other.kind === 'unknown') return other;
    if (other.method !== first.method) return UNKNOWN.conflict;
  }
  return first;
}
