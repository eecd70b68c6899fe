import { problemCodes, type ProblemCode } from '../codes/index.ts';
import { formatDuration } from '../duration/index.ts';
import type { Problem, Severity } from '../problem.ts';
import { appendPointer } from '../text/json-pointer.ts';
import { itemSpanData, type ParsedFields } from './parse-fields.ts';
import type { ResourceKind } from './types.ts';

/** What a rule reports; the code and default severity come from the rule. */
interface RuleFinding {
  readonly path: string;
  readonly target?: 'key' | 'value';
  readonly message: string;
  readonly data?: Readonly<Record<string, unknown>>;
  readonly tags?: readonly ('deprecated' | 'unnecessary')[];
  /** Overrides the code's severity for this finding (a narrow role's escalation warnings are errors). */
  readonly severity?: Severity;
}

/** Collects a rule's findings. */
export type Report = (finding: RuleFinding) => void;

/** What every rule sees: the raw object, its parsed fields and where it sits in the document. */
export interface RuleContext {
  readonly input: Readonly<Record<string, unknown>>;
  readonly fields: ParsedFields;
  /** JSON Pointer of the object itself (`""`, or `/roles/deploy` inside a manifest). */
  readonly basePath: string;
  /** `request`: an engine request body (no file-only linting around it); `file` when absent. */
  readonly source?: 'file' | 'request';
}

/** Kinds a rule can apply to. */
export type RuleKind = ResourceKind | 'manifest';

/**
 * One line of the rule table: a stable code, its seed rule and the check. Severity and summary
 * come from the code catalogue, so the table, the docs and the problems always agree.
 */
export interface Rule<C extends RuleContext = RuleContext> {
  readonly code: ProblemCode;
  readonly kind: RuleKind;
  readonly severity: Severity;
  readonly summary: string;
  /** Where seed 1 (or the engine's behaviour) states the rule, e.g. "seed 1, Role rule 2". */
  readonly seedRule: string;
  /** Method syntax on purpose: a table of rules for different contexts is one array. */
  check(context: C, report: Report): void;
}

/** Declares a rule; severity and summary are read from the catalogue entry of `code`. */
export function defineRule<C extends RuleContext>(
  kind: RuleKind,
  code: ProblemCode,
  seedRule: string,
  check: (context: C, report: Report) => void,
): Rule<C> {
  const info = problemCodes[code];
  return { code, kind, severity: info.severity, summary: info.summary, seedRule, check };
}

/**
 * Runs rules in order and appends their findings to `problems`. Rules report while they run (never
 * later), so one report function serves them all, reading the rule running now: a closure per
 * rule and resource was a tenth of a lint's allocations.
 */
export function runRules<C extends RuleContext>(rules: readonly Rule<C>[], context: C, problems: Problem[]): void {
  let running: Rule<C> | undefined;
  const report: Report = (finding) => {
    if (!running) throw new Error('a rule reported after its check returned');
    problems.push({ code: running.code, severity: running.severity, ...finding });
  };
  for (const rule of rules) {
    running = rule;
    rule.check(context, report);
  }
  running = undefined;
}

/** The pointer of a field of the object under check. */
export function fieldPath(context: RuleContext, field: string): string {
  return appendPointer(context.basePath, field);
}

/**
 * Reports each item of list `field` that `fault` finds fault with, at the item: its pointer (the
 * field's, for a comma string), and `data` holding its index, its place inside a comma string and
 * then the fault's own data.
 */
export function reportListItems(
  context: RuleContext,
  report: Report,
  field: string,
  fault: (item: string, index: number) => Omit<RuleFinding, 'path' | 'target'> | undefined,
): void {
  const list = context.fields.lists.get(field);
  list?.items.forEach((item, index) => {
    const found = fault(item, index);
    if (found === undefined) return;
    const data = { index, ...itemSpanData(list, index), ...found.data };
    report({ path: list.paths[index] ?? fieldPath(context, field), target: 'value', ...found, data });
  });
}

/**
 * Reports the duration `field` (`seconds`) when it is longer than its cap (`max` seconds; undefined:
 * no cap): at the field's value, with the cap as the replacement. `message` words the finding from
 * the two durations.
 */
export function reportAboveCap(
  context: RuleContext,
  report: Report,
  field: string,
  seconds: number | undefined,
  max: number | undefined,
  message: (seconds: number, max: number) => string,
): void {
  if (seconds === undefined || max === undefined || seconds <= max) return;
  report({
    path: fieldPath(context, field),
    target: 'value',
    message: message(seconds, max),
    data: { replacement: formatDuration(max, { compact: true }) },
  });
}

/**
 * True when a field carries a value that matters: a non-empty string, list or map, a non-zero
 * duration, a non-empty policy. The engine treats empty values as unset (Vault checks lengths).
 */
export function isSupplied(fields: ParsedFields, field: string): boolean {
  const list = fields.lists.get(field);
  if (list) return list.items.length > 0;
  const tags = fields.tags.get(field);
  if (tags) return Object.keys(tags).length > 0;
  const seconds = fields.seconds.get(field);
  if (seconds !== undefined) return seconds > 0;
  const policy = fields.policies.get(field);
  if (policy) return policy.text !== '' || policy.error !== undefined;
  const text = fields.strings.get(field);
  if (text !== undefined) return text !== '';
  return fields.integers.has(field) || fields.objects.has(field);
}

/**
 * Quotes a user value for a message, cut to 80 characters; control characters JSON leaves raw (DEL and
 * U+0080..U+009F) are escaped too. Never call it on a secret.
 */
export function quote(value: string): string {
  const cut = value.length > 80 ? `${value.slice(0, 77)}...` : value;
  return JSON.stringify(cut).replace(/[\x7f-\x9f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
