import type { Node } from 'web-tree-sitter';

/** A literal HCL value: what a literal string, number, bool or null evaluates to. */
export type HclLiteral = string | number | boolean | null;

const ESCAPES: Readonly<Record<string, string>> = { n: '\n', r: '\r', t: '\t', '"': '"', '\\': '\\' };

/**
 * The value of a literal node (a string without interpolation, a heredoc without interpolation, a
 * number, `-` a number, a bool, null), else undefined: anything else depends on evaluation.
 * `expression`, `literal_value` and `template_expr` wrappers are looked through.
 */
export function readHclLiteral(node: Node): HclLiteral | undefined {
  const inner = unwrapLiteral(node);
  switch (inner.type) {
    case 'numeric_lit':
      return Number(inner.text);
    case 'bool_lit':
      return inner.text === 'true';
    case 'null_lit':
      return null;
    case 'string_lit':
    case 'quoted_template':
      return readQuoted(inner);
    case 'heredoc_template':
      return readHeredoc(inner);
    case 'operation':
    case 'unary_operation':
      return readNegative(inner);
    default:
      return undefined;
  }
}

function unwrapLiteral(node: Node): Node {
  let current = node;
  while (['expression', 'literal_value', 'template_expr'].includes(current.type) && current.namedChildCount === 1)
    current = current.namedChildren[0] as Node;
  return current;
}

function readNegative(node: Node): number | undefined {
  const unary = node.type === 'operation' ? node.namedChildren[0] : node;
  if (unary?.type !== 'unary_operation' || unary.child(0)?.type !== '-') return undefined;
  const operand = unary.namedChildren[unary.namedChildCount - 1];
  const value = operand ? readHclLiteral(operand) : undefined;
  return typeof value === 'number' ? -value : undefined;
}

/** A quoted string whose parts are all literal text, escapes decoded. */
function readQuoted(node: Node): string | undefined {
  let value = '';
  for (const part of node.namedChildren) {
    if (!part || part.type === 'quoted_template_start' || part.type === 'quoted_template_end') continue;
    if (part.type !== 'template_literal') return undefined;
    value += decodeEscapes(part.text);
  }
  return value;
}

/** A quoted string's literal text with its escapes (`\\n`, `\\u0024`, `$${`, `%%{`) decoded. */
export function decodeEscapes(raw: string): string {
  return raw.replace(/\\(u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|.)|\$\$\{|%%\{/g, (all, escape: string | undefined) => {
    if (all === '$${') return '${';
    if (all === '%%{') return '%{';
    const code = escape ?? '';
    if (code.length > 1) return String.fromCodePoint(parseInt(code.slice(1), 16));
    return ESCAPES[code] ?? all;
  });
}

/**
 * A heredoc's text, from the line after its opening marker to the line before its closing one
 * (`<<-` removes the indentation the lines share, as Terraform does); undefined with `${` or `%{`.
 */
function readHeredoc(node: Node): string | undefined {
  if (node.namedChildren.some((n) => n?.type === 'template_interpolation' || n?.type === 'template_directive'))
    return undefined;
  const text = node.text;
  const bodyStart = text.indexOf('\n') + 1;
  const closing = node.namedChildren[node.namedChildCount - 1];
  if (bodyStart === 0 || closing?.type !== 'heredoc_identifier') return undefined;
  const closeAt = closing.startIndex - node.startIndex;
  const bodyEnd = text.lastIndexOf('\n', closeAt - 1) + 1;
  let lines = text.slice(bodyStart, Math.max(bodyStart, bodyEnd)).split('\n').slice(0, -1);
  if (node.child(0)?.text === '<<-') {
    const indents = lines.filter((l) => l.trim() !== '').map((l) => /^[ \t]*/.exec(l)?.[0].length ?? 0);
    const common = indents.length > 0 ? Math.min(...indents) : 0;
    lines = lines.map((l) => l.slice(common));
  }
  const value = lines.map((l) => l.replace(/\r$/, '')).join('\n') + (lines.length > 0 ? '\n' : '');
  return value.replaceAll('$${', '${').replaceAll('%%{', '%{');
}
