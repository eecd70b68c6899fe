import type { Command, Operand, Pipeline, Template, TemplateField, TemplateNode, TemplateValue } from './ast.ts';
import { findTemplateFunction } from './functions/function-table.ts';
import type { TemplateDeps } from './functions/template-function.ts';
import { isTruthy, printValue } from './go-value.ts';
import { assertValueSize, TemplateRenderError } from './template-render-error.ts';
import { utf8Length } from './utf8.ts';

export type { TemplateDeps } from './functions/template-function.ts';

/** The data a username template reads. */
export type TemplateVars = Readonly<Record<TemplateField, string>>;

interface Scope {
  readonly vars: TemplateVars;
  readonly deps: TemplateDeps;
}

/** `and` / `or` evaluate lazily in Go: they stop at the first argument that decides. */
function callLazy(name: 'and' | 'or', args: readonly (() => TemplateValue)[]): TemplateValue {
  let value: TemplateValue = false;
  for (const arg of args) {
    value = arg();
    if (isTruthy(value) === (name === 'or')) return value;
  }
  return value;
}

function callCommand(cmd: Command, piped: TemplateValue | undefined, scope: Scope): TemplateValue {
  const first = cmd.args[0];
  if (cmd.name === undefined) return (first !== undefined ? evalOperand(first, scope) : piped) ?? '';
  if (cmd.name === 'and' || cmd.name === 'or') {
    const thunks = cmd.args.map((op) => () => evalOperand(op, scope));
    if (piped !== undefined) thunks.push(() => piped);
    return callLazy(cmd.name, thunks);
  }
  const fn = findTemplateFunction(cmd.name);
  if (fn === undefined) throw new TemplateRenderError(`function ${JSON.stringify(cmd.name)} not defined`);
  // Arguments in order, then the piped value (Go passes it last); no closures on this hot path.
  const args = cmd.args.map((op) => evalOperand(op, scope));
  if (piped !== undefined) args.push(piped);
  const value = fn.call(args, scope.deps);
  if (typeof value === 'string') assertValueSize(utf8Length(value), fn.name);
  return value;
}

function evalOperand(op: Operand, scope: Scope): TemplateValue {
  switch (op.kind) {
    case 'literal':
      return op.value;
    case 'field':
      return scope.vars[op.name];
    case 'function':
      return callCommand({ name: op.name, nameSpan: op, args: [], start: op.start, end: op.end }, undefined, scope);
    case 'pipeline':
      return evalPipeline(op.pipeline, scope);
  }
}

function evalPipeline(pipeline: Pipeline, scope: Scope): TemplateValue {
  let value: TemplateValue | undefined;
  for (const cmd of pipeline.commands) value = callCommand(cmd, value, scope);
  if (value === undefined) throw new TemplateRenderError('empty pipeline');
  return value;
}

function renderNodes(nodes: readonly TemplateNode[], scope: Scope): string {
  let out = '';
  for (const node of nodes) {
    if (node.kind === 'text') out += node.text;
    else if (node.kind === 'output') out += printValue(evalPipeline(node.pipeline, scope));
    else {
      const arm = node.branches.find((branch) => isTruthy(evalPipeline(branch.condition, scope)));
      const body = arm ? arm.body : node.elseBody;
      if (body) out += renderNodes(body, scope);
    }
  }
  return out;
}

/**
 * Renders a parsed template with the given data. The clock and randomness come from `deps`, so
 * the same inputs give the same name (tests, hovers).
 *
 * Throws `TemplateRenderError` for Go's run-time failures: a length computed at run time out of
 * range (`truncate (len .DisplayName)` with an empty name), values of different types compared,
 * or a value past `MAX_TEMPLATE_VALUE_BYTES`.
 *
 * @example renderTemplate(parseTemplate('{{ .PolicyName | uppercase }}').template!, vars, deps) // 'DEPLOY'
 */
export function renderTemplate(template: Template, vars: TemplateVars, deps: TemplateDeps): string {
  return renderNodes(template.nodes, { vars, deps });
}
