import type { Command, Operand, Pipeline, Span, TemplateField } from './ast.ts';
import { closestName } from './closest-name.ts';
import type { Token } from './lex-action.ts';
import { ActionError } from './template-issue.ts';
import type { TemplateIssue } from './template-issue.ts';

/** The fields of the engine's username data. */
const TEMPLATE_FIELDS: readonly TemplateField[] = ['Type', 'DisplayName', 'PolicyName'];

/** Field names from other engines and guesses, mapped to the one meant. */
const FIELD_ALIASES: Readonly<Record<string, string>> = {
  rolename: 'PolicyName',
  role: 'PolicyName',
  policy: 'PolicyName',
  name: 'DisplayName',
  user: 'DisplayName',
  username: 'DisplayName',
  credentialtype: 'Type',
  credential_type: 'Type',
};

/** Deepest nesting of parentheses (and, in parse-template, of ifs) a template may use. */
export const MAX_NESTING = 100;

/** Go template keywords the engine's templates may not use (only `if`, `else` and `end` are supported). */
export const UNSUPPORTED_KEYWORDS: ReadonlySet<string> = new Set([
  'range',
  'with',
  'define',
  'template',
  'block',
  'break',
  'continue',
]);

/** Go keywords that cannot appear inside an expression. */
const KEYWORDS: ReadonlySet<string> = new Set(['if', 'else', 'end', ...UNSUPPORTED_KEYWORDS, 'nil']);

const fail = (message: string, start: number, end: number): never => {
  throw new ActionError({ code: 'TEMPLATE_SYNTAX', message, start, end });
};

function describe(token: Token): string {
  return token.kind === 'string'
    ? 'a string'
    : token.kind === 'number'
      ? `the number ${token.value}`
      : `"${token.value}"`;
}

/** A cursor over one action's tokens; collects non-fatal issues (unknown fields). */
class Cursor {
  private index = 0;
  /** Open parentheses around the current position. */
  depth = 0;
  constructor(
    private readonly tokens: readonly Token[],
    readonly issues: TemplateIssue[],
    /** The action's closing delimiter, blamed when something is missing at the end. */
    readonly close: Span,
  ) {}
  peek(): Token | undefined {
    return this.tokens[this.index];
  }
  next(): Token | undefined {
    return this.tokens[this.index++];
  }
  /** The span to blame for something missing here: the last `|` or `(`, else the next token or `}}`. */
  missing(): Span {
    const previous = this.tokens[this.index - 1];
    if (previous?.kind === 'pipe' || previous?.kind === 'lparen') return previous;
    return this.peek() ?? this.close;
  }
}

function unknownField(token: Token, cursor: Cursor, chained: boolean): Operand {
  const name = String(token.value);
  const suggestion = chained ? undefined : closestName(name, TEMPLATE_FIELDS, FIELD_ALIASES);
  const hint = suggestion === undefined ? 'use .Type, .DisplayName or .PolicyName' : `did you mean .${suggestion}?`;
  const message = chained
    ? `.${name} cannot be read from a string; template fields have no fields of their own.`
    : `.${name} is not a template field; ${hint}`;
  cursor.issues.push({
    code: 'TEMPLATE_UNKNOWN_FIELD',
    message,
    start: token.start,
    end: token.end,
    ...(suggestion ? { data: { suggestion: `.${suggestion}` } } : {}),
  });
  return { kind: 'literal', value: '', start: token.start, end: token.end };
}

function parseIdentifier(token: Token): Operand {
  const name = String(token.value);
  if (name === 'true' || name === 'false')
    return { kind: 'literal', value: name === 'true', start: token.start, end: token.end };
  if (KEYWORDS.has(name)) {
    fail(
      name === 'nil'
        ? 'nil is not a value a username template can use.'
        : `"${name}" can only start an action, as in {{ ${name} ... }}.`,
      token.start,
      token.end,
    );
  }
  return { kind: 'function', name, start: token.start, end: token.end };
}

function parseOperand(cursor: Cursor): Operand {
  const token = cursor.next();
  if (token === undefined) return fail('An operand is missing here.', cursor.close.start, cursor.close.end);
  switch (token.kind) {
    case 'string':
    case 'number':
      return { kind: 'literal', value: token.value, start: token.start, end: token.end };
    case 'field':
      return (TEMPLATE_FIELDS as readonly string[]).includes(String(token.value))
        ? { kind: 'field', name: token.value as TemplateField, start: token.start, end: token.end }
        : unknownField(token, cursor, false);
    case 'identifier':
      return parseIdentifier(token);
    case 'lparen': {
      // Bounded so a hostile template cannot exhaust the stack of the engine or the editor.
      if (cursor.depth >= MAX_NESTING)
        fail(`Parentheses nest deeper than ${MAX_NESTING} levels.`, token.start, token.end);
      cursor.depth++;
      const [pipeline, close] = parsePipeline(cursor, token);
      cursor.depth--;
      return { kind: 'pipeline', pipeline, start: token.start, end: close };
    }
    case 'dot':
      return fail(
        '"." (the whole data) cannot be used; use .Type, .DisplayName or .PolicyName.',
        token.start,
        token.end,
      );
    default:
      return fail(
        token.kind === 'bad' ? `Invalid action: ${token.value}.` : `Unexpected ${describe(token)}.`,
        token.start,
        token.end,
      );
  }
}

function parseCommand(cursor: Cursor): Command {
  const args: Operand[] = [];
  for (let token = cursor.peek(); token && token.kind !== 'pipe' && token.kind !== 'rparen'; token = cursor.peek()) {
    if (args.length > 0 && !token.spaceBefore) {
      if (token.kind !== 'field')
        fail(`Unexpected ${describe(token)}: separate arguments with a space.`, token.start, token.end);
      cursor.next();
      unknownField(token, cursor, true);
      continue;
    }
    args.push(parseOperand(cursor));
  }
  const [head, ...rest] = args;
  if (head === undefined) {
    const span = cursor.missing();
    return fail('A value or function is missing here.', span.start, span.end);
  }
  const end = (rest[rest.length - 1] ?? head).end;
  if (head.kind === 'function') {
    return { name: head.name, nameSpan: { start: head.start, end: head.end }, args: rest, start: head.start, end };
  }
  return { name: undefined, nameSpan: undefined, args, start: head.start, end };
}

/**
 * Parses `command | command ...`, up to the end of the action or (nested) the closing `)`.
 * Returns the pipeline and the offset just past its closing `)` (or its own end).
 */
function parsePipeline(cursor: Cursor, open: Token | undefined): [Pipeline, number] {
  const nested = open !== undefined;
  const commands: Command[] = [parseCommand(cursor)];
  while (cursor.peek()?.kind === 'pipe') {
    cursor.next();
    commands.push(parseCommand(cursor));
  }
  const after = cursor.next();
  if (nested && after?.kind !== 'rparen')
    fail('A "(" is never closed; add ")".', open?.start ?? cursor.close.start, open?.end ?? cursor.close.end);
  if (!nested && after !== undefined) fail(`Unexpected ${describe(after)}.`, after.start, after.end);
  const first = commands[0];
  const last = commands[commands.length - 1];
  const pipeline: Pipeline = { kind: 'pipeline', commands, start: first?.start ?? 0, end: last?.end ?? 0 };
  return [pipeline, after?.end ?? pipeline.end];
}

/**
 * Parses the tokens of one action (after any keyword) as a pipeline. Throws `ActionError` for
 * syntax errors; pushes unknown-field issues to `issues` and goes on.
 */
export function parseActionPipeline(tokens: readonly Token[], close: Span, issues: TemplateIssue[]): Pipeline {
  return parsePipeline(new Cursor(tokens, issues, close), undefined)[0];
}
