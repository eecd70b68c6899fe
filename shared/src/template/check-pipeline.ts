import type { Command, Operand, Pipeline, Span, TemplateValue } from './ast.ts';
import { foldCall } from './functions/fold-call.ts';
import { findTemplateFunction, isUnsupportedGoBuiltin, suggestFunction } from './functions/function-table.ts';
import type { ArgInfo, TemplateFunction } from './functions/template-function.ts';
import { describeType, staticTypeOf } from './go-value.ts';
import type { TemplateIssue } from './template-issue.ts';

/** Arity range of a function: [fewest, most] arguments. */
function arity(fn: TemplateFunction): [number, number] {
  return [fn.minArgs ?? fn.params.length, fn.rest === undefined ? fn.params.length : Infinity];
}

function countWord(n: number): string {
  return n === 1 ? '1 argument' : `${n} arguments`;
}

function unknownFunction(name: string, span: Span, issues: TemplateIssue[]): void {
  const suggestion = suggestFunction(name);
  const why = isUnsupportedGoBuiltin(name)
    ? `${name} is a Go template builtin that username templates do not support`
    : `${name} is not a template function`;
  const hint = suggestion === undefined ? '' : `; did you mean ${suggestion}?`;
  issues.push({
    code: 'TEMPLATE_UNKNOWN_FUNC',
    message: `${why}${hint}`,
    ...span,
    ...(suggestion ? { data: { suggestion } } : {}),
  });
}

/** Checks arity, argument types and constant values; returns the issues found. */
function checkCall(fn: TemplateFunction, cmd: Command, args: readonly ArgInfo[], piped: boolean): TemplateIssue[] {
  const [min, max] = arity(fn);
  if (args.length < min || args.length > max) {
    const wanted =
      min === max ? countWord(min) : max === Infinity ? `at least ${countWord(min)}` : `${min} to ${max} arguments`;
    const pipedNote = piped ? ' (the piped value counts as the last one)' : '';
    const message = `${fn.name} takes ${wanted} (${fn.usage}) but gets ${args.length}${pipedNote}.`;
    return [{ code: 'TEMPLATE_ARITY', message, start: cmd.start, end: cmd.end, data: { expected: fn.usage } }];
  }
  const issues: TemplateIssue[] = [];
  args.forEach((arg, i) => {
    const expected = fn.params[i] ?? fn.rest ?? 'any';
    if (expected === 'any' || arg.type === 'any' || arg.type === expected) return;
    const which = piped && i === args.length - 1 ? 'the piped value' : `argument ${i + 1}`;
    const message = `${which} of ${fn.name} must be ${describeType(expected)} (${fn.usage}), not ${describeType(arg.type)}.`;
    issues.push({ code: 'TEMPLATE_ARG_TYPE', message, ...arg.span, data: { expected } });
  });
  if (issues.length > 0 || !fn.checkArgs) return issues;
  return fn.checkArgs(args).map((issue) => {
    const span = args[issue.index]?.span ?? cmd;
    return { code: issue.code, message: issue.message, start: span.start, end: span.end };
  });
}

/** Folds a pure call on constants, as the analysis will; undefined when it cannot. */
function fold(fn: TemplateFunction, args: readonly ArgInfo[]): TemplateValue | undefined {
  const values = args.flatMap((a) => (a.value === undefined ? [] : [a.value]));
  return values.length === args.length ? foldCall(fn, values) : undefined;
}

function checkCommand(cmd: Command, piped: ArgInfo | undefined, issues: TemplateIssue[]): ArgInfo {
  const span = { start: cmd.start, end: cmd.end };
  const args = cmd.args.map((op) => checkOperand(op, issues));
  if (cmd.name === undefined) {
    const [value] = args;
    if (args.length > 1 || piped) {
      const message = piped
        ? 'Only a function can take a piped value; this stage is a plain value.'
        : 'Only a function can take arguments; the first word here is a plain value.';
      issues.push({ code: 'TEMPLATE_SYNTAX', message, ...span });
    }
    return value ?? { type: 'any', value: undefined, span };
  }
  const fn = findTemplateFunction(cmd.name);
  if (fn === undefined) {
    unknownFunction(cmd.name, cmd.nameSpan ?? span, issues);
    return { type: 'any', value: undefined, span };
  }
  const all = piped ? [...args, piped] : args;
  const found = checkCall(fn, cmd, all, piped !== undefined);
  issues.push(...found);
  const value = found.length === 0 ? fold(fn, all) : undefined;
  return { type: value === undefined ? fn.returns : staticTypeOf(value), value, span };
}

function checkOperand(op: Operand, issues: TemplateIssue[]): ArgInfo {
  const span = { start: op.start, end: op.end };
  switch (op.kind) {
    case 'literal':
      return { type: staticTypeOf(op.value), value: op.value, span };
    case 'field':
      return { type: 'string', value: undefined, span };
    case 'function':
      return { ...checkCommand({ name: op.name, nameSpan: span, args: [], ...span }, undefined, issues), span };
    case 'pipeline':
      return { ...checkPipeline(op.pipeline, issues), span };
  }
}

/**
 * Type-checks a pipeline the way Go would fail at run time, but before it runs: unknown
 * functions, argument counts (a piped value is the last argument), argument types and constant
 * values out of range. Returns what is known about the result.
 */
export function checkPipeline(pipeline: Pipeline, issues: TemplateIssue[]): ArgInfo {
  let piped: ArgInfo | undefined;
  for (const cmd of pipeline.commands) piped = checkCommand(cmd, piped, issues);
  return piped ?? { type: 'any', value: undefined, span: pipeline };
}
