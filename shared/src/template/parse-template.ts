import type { IfBranch, Pipeline, Template, TemplateNode } from './ast.ts';
import { checkPipeline } from './check-pipeline.ts';
import type { Token } from './lex-action.ts';
import { isSpace } from './lex-action.ts';
import { MAX_NESTING, parseActionPipeline, UNSUPPORTED_KEYWORDS } from './parse-pipeline.ts';
import type { Problem } from '../problem.ts';
import { scanTemplate } from './scan-template.ts';
import type { ScanItem } from './scan-template.ts';
import { ActionError, toProblem } from './template-issue.ts';
import type { TemplateIssue } from './template-issue.ts';

type ActionItem = Extract<ScanItem, { kind: 'action' }>;

/** An `if` being built: its arms so far and the body that actions currently append to. */
interface IfFrame {
  readonly open: ActionItem;
  readonly branches: IfBranch[];
  elseBody: TemplateNode[] | undefined;
  current: TemplateNode[];
  /** Where the current arm started, for its span. */
  armStart: number;
  pendingCondition: Pipeline;
}

/** Options for `parseTemplate`. */
export interface ParseTemplateOptions {
  /** JSON Pointer put on every problem; default `/username_template`. */
  readonly path?: string;
}

/** The parsed template (undefined when any error was found) and every problem. */
export interface ParsedTemplate {
  readonly template: Template | undefined;
  readonly problems: Problem[];
}

class TreeBuilder {
  readonly root: TemplateNode[] = [];
  readonly stack: IfFrame[] = [];
  constructor(readonly issues: TemplateIssue[]) {}

  get body(): TemplateNode[] {
    return this.stack[this.stack.length - 1]?.current ?? this.root;
  }

  closeArm(frame: IfFrame, end: number): void {
    if (frame.elseBody === undefined)
      frame.branches.push({ condition: frame.pendingCondition, body: frame.current, start: frame.armStart, end });
  }

  openIf(item: ActionItem, condition: Pipeline): void {
    this.stack.push({
      open: item,
      branches: [],
      elseBody: undefined,
      current: [],
      armStart: item.start,
      pendingCondition: condition,
    });
  }

  /** `{{ else }}` or `{{ else if c }}`; false when there is no open `if` to attach it to. */
  addElse(item: ActionItem, condition: Pipeline | undefined): boolean {
    const frame = this.stack[this.stack.length - 1];
    if (frame === undefined) return false;
    if (frame.elseBody !== undefined) {
      this.issues.push({
        code: 'TEMPLATE_SYNTAX',
        message: 'An if already has its plain else; use {{ else if ... }} before it or close it with {{ end }}.',
        start: item.start,
        end: item.end,
      });
      return true;
    }
    this.closeArm(frame, item.start);
    frame.current = [];
    frame.armStart = item.start;
    if (condition) frame.pendingCondition = condition;
    else frame.elseBody = frame.current;
    return true;
  }

  /** `{{ end }}`; false when there is no open `if`. */
  end(item: ActionItem): boolean {
    const frame = this.stack.pop();
    if (frame === undefined) return false;
    this.closeArm(frame, item.start);
    this.body.push({
      kind: 'if',
      branches: frame.branches,
      elseBody: frame.elseBody,
      start: frame.open.start,
      end: item.end,
    });
    return true;
  }
}

/** The closing `}}` (or ` -}}`) of an action. */
function closeOf(item: ActionItem): { start: number; end: number } {
  return { start: item.end - (item.trimRight ? 4 : 2), end: item.end };
}

function keywordOf(tokens: readonly Token[]): string | undefined {
  const first = tokens[0];
  return first?.kind === 'identifier' ? String(first.value) : undefined;
}

/**
 * Parses and checks an if/else-if condition. A broken condition is reported and replaced by an
 * empty pipeline, so the if still opens and its else/end still match.
 */
function condition(item: ActionItem, tokens: readonly Token[], issues: TemplateIssue[], keyword: string): Pipeline {
  try {
    if (tokens.length === 0) {
      throw new ActionError({
        code: 'TEMPLATE_SYNTAX',
        message: `${keyword} needs a condition, as in {{ ${keyword} eq .Type "STS" }}.`,
        start: item.start,
        end: item.end,
      });
    }
    const pipeline = parseActionPipeline(tokens, closeOf(item), issues);
    checkPipeline(pipeline, issues);
    return pipeline;
  } catch (error) {
    if (!(error instanceof ActionError)) throw error;
    issues.push(error.issue);
    return { kind: 'pipeline', commands: [], start: item.start, end: item.end };
  }
}

function handleAction(item: ActionItem, tree: TreeBuilder): void {
  const { tokens } = item;
  const keyword = keywordOf(tokens);
  const unmatched = (word: string): TemplateIssue => ({
    code: 'TEMPLATE_UNMATCHED_END',
    message: `This {{ ${word} }} has no open {{ if }}; remove it or add the if.`,
    start: item.start,
    end: item.end,
  });
  if (keyword === 'if') {
    if (tree.stack.length >= MAX_NESTING)
      throw new ActionError({
        code: 'TEMPLATE_SYNTAX',
        message: `ifs nest deeper than ${MAX_NESTING} levels.`,
        start: item.start,
        end: item.end,
      });
    return tree.openIf(item, condition(item, tokens.slice(1), tree.issues, 'if'));
  }
  if (keyword === 'else') {
    const elseIf = keywordOf(tokens.slice(1)) === 'if';
    if (!elseIf && tokens.length > 1)
      throw new ActionError({
        code: 'TEMPLATE_SYNTAX',
        message: 'else takes nothing after it except "if ...".',
        start: item.start,
        end: item.end,
      });
    const cond = elseIf ? condition(item, tokens.slice(2), tree.issues, 'else if') : undefined;
    if (!tree.addElse(item, cond)) tree.issues.push(unmatched('else'));
    return;
  }
  if (keyword === 'end') {
    if (tokens.length > 1)
      throw new ActionError({
        code: 'TEMPLATE_SYNTAX',
        message: 'end takes nothing after it.',
        start: item.start,
        end: item.end,
      });
    if (!tree.end(item)) tree.issues.push(unmatched('end'));
    return;
  }
  if (keyword !== undefined && UNSUPPORTED_KEYWORDS.has(keyword)) {
    throw new ActionError({
      code: 'TEMPLATE_SYNTAX',
      message: `{{ ${keyword} }} is not supported in username templates; use if/else.`,
      start: item.start,
      end: item.end,
    });
  }
  const pipeline = parseActionPipeline(tokens, closeOf(item), tree.issues);
  checkPipeline(pipeline, tree.issues);
  tree.body.push({ kind: 'output', pipeline, start: item.start, end: item.end });
}

/** Text between actions, after the neighbours' trim markers took their whitespace. */
function textNode(source: string, items: readonly ScanItem[], i: number): TemplateNode | undefined {
  const item = items[i];
  if (item === undefined) return undefined;
  const before = items[i - 1];
  const after = items[i + 1];
  let { start, end } = item;
  if (before !== undefined && before.kind !== 'text' && before.trimRight)
    while (start < end && isSpace(source[start])) start++;
  if (after !== undefined && after.kind !== 'text' && after.trimLeft)
    while (end > start && isSpace(source[end - 1])) end--;
  return end > start ? { kind: 'text', text: source.slice(start, end), start, end } : undefined;
}

function buildTree(source: string, items: readonly ScanItem[], tree: TreeBuilder): void {
  items.forEach((item, i) => {
    if (item.kind === 'comment') return;
    if (item.kind === 'text') {
      const node = textNode(source, items, i);
      if (node) tree.body.push(node);
      return;
    }
    try {
      handleAction(item, tree);
    } catch (error) {
      if (!(error instanceof ActionError)) throw error;
      tree.issues.push(error.issue);
    }
  });
}

/**
 * Parses a username template: Go text/template syntax with the engine's functions and fields.
 *
 * Every problem has `path` (option, default `/username_template`), `target: 'value'` and
 * `data.valueOffset` / `data.valueLength` (the span in `text`). Codes: `TEMPLATE_SYNTAX`,
 * `TEMPLATE_UNCLOSED_ACTION`, `TEMPLATE_UNMATCHED_END`, `TEMPLATE_MISSING_END`,
 * `TEMPLATE_UNKNOWN_FUNC` (`data.suggestion`), `TEMPLATE_UNKNOWN_FIELD` (`data.suggestion`),
 * `TEMPLATE_ARITY`, `TEMPLATE_ARG_TYPE`, `TEMPLATE_ARG_VALUE`. `template` is undefined when any
 * problem is an error. One linear scan; no backtracking.
 *
 * @example parseTemplate('{{ .DisplayName | truncate 10 }}').template?.nodes.length // 1
 */
export function parseTemplate(text: string, options: ParseTemplateOptions = {}): ParsedTemplate {
  const path = options.path ?? '/username_template';
  const issues: TemplateIssue[] = [];
  const scanned = scanTemplate(text);
  const tree = new TreeBuilder(issues);
  buildTree(text, scanned.items, tree);
  if (scanned.fatal) issues.push(scanned.fatal);
  else {
    for (const frame of tree.stack) {
      issues.push({
        code: 'TEMPLATE_MISSING_END',
        message: 'This {{ if }} is never closed; add {{ end }}.',
        start: frame.open.start,
        end: frame.open.end,
      });
    }
  }
  issues.sort((a, b) => a.start - b.start);
  const problems = issues.map((issue) => toProblem(issue, path));
  const failed = problems.some((p) => p.severity === 'error');
  return { template: failed ? undefined : { source: text, nodes: tree.root }, problems };
}
