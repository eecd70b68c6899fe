import { parseTree, type Node as JsonNode, type ParseError, printParseErrorCode } from 'jsonc-parser';
import {
  decodeHclEscapes,
  hclSyntaxError,
  readHclLiteral,
  withHclTree,
  type HclLiteral,
  type HclSyntaxNode,
} from '../hcl/index.ts';
import type { OffsetRange } from '../problem.ts';

/** An expression of a Terraform file, as plain data (the syntax tree is freed after reading). */
export type TfExpr =
  | {
      readonly t: 'literal';
      readonly value: HclLiteral;
      readonly range: OffsetRange;
      /** For a string: the characters its value is read from (a heredoc's body, a quoted string with quotes). */
      readonly text?: OffsetRange;
    }
  | { readonly t: 'template'; readonly parts: readonly (string | TfExpr)[]; readonly range: OffsetRange }
  | { readonly t: 'tuple'; readonly items: readonly TfExpr[]; readonly range: OffsetRange }
  | { readonly t: 'object'; readonly entries: readonly TfObjectEntry[]; readonly range: OffsetRange }
  | {
      readonly t: 'ref';
      /** The attribute names before the first index (`vault_policy.env` of `vault_policy.env[each.key].name`). */
      readonly path: readonly string[];
      /** Every step after the variable: an attribute name, or an index (`[each.key]`, `.0`) as an expression. */
      readonly steps: readonly TfStep[];
      readonly text: string;
      readonly range: OffsetRange;
    }
  | { readonly t: 'call'; readonly name: string; readonly args: readonly TfExpr[]; readonly range: OffsetRange }
  | {
      readonly t: 'other';
      readonly text: string;
      readonly range: OffsetRange;
      /**
       * The expressions inside one keyfob does not evaluate, read so that what they refer to can be found: a binary
       * operation's two sides (`tfe_team_project_access.x.access == "read"`), a condition's three parts, a `for`
       * expression's collection, body and condition, a parenthesized expression.
       */
      readonly operands?: readonly TfExpr[];
      /** A binary operation's operator (`==`, `&&`). */
      readonly op?: string;
    };

/** A step of a reference: `.name` (a string) or `[key]` (the key's expression). */
export type TfStep = string | TfExpr;

/** A member of an object expression; a computed key (`(var.x) = 1`) has no name. */
interface TfObjectEntry {
  readonly key: string | undefined;
  readonly keyRange: OffsetRange;
  readonly value: TfExpr;
}

/** An attribute `name = expression`. */
export interface TfAttribute {
  readonly name: string;
  readonly nameRange: OffsetRange;
  readonly value: TfExpr;
}

/** A block `type "label" ... { ... }`: its attributes (a repeated name keeps its first) and nested blocks. */
export interface TfBlock {
  readonly type: string;
  readonly labels: readonly string[];
  readonly range: OffsetRange;
  /** The block's type and labels, where a problem about the block as a whole is shown. */
  readonly head: OffsetRange;
  readonly attributes: ReadonlyMap<string, TfAttribute>;
  readonly blocks: readonly TfBlock[];
}

/** One Terraform file read: its top-level blocks, or its first syntax error. */
export interface TfFile {
  readonly fileName: string;
  readonly text: string;
  readonly blocks: readonly TfBlock[];
  /** Its top-level attributes (a `.tfvars` file's values), when it has any. */
  readonly attributes?: ReadonlyMap<string, TfAttribute>;
  readonly error?: { readonly message: string; readonly range: OffsetRange };
}

const MAX_DEPTH = 64;
const SHOWN = 60;

/** Reads a `.tf` file (HCL, keyfob's one parser) or a `.tf.json` file into blocks and expressions. */
export function readTerraformFile(fileName: string, text: string): TfFile {
  if (/\.tf\.json$/i.test(fileName)) return readJsonFile(fileName, text);
  return withHclTree(text, (root) => {
    const error = hclSyntaxError(text, root);
    if (error) return { fileName, text, blocks: [], error };
    const body = root.namedChildren.find((n) => n?.type === 'body');
    const read = body ? readBody(body, 0) : undefined;
    return {
      fileName,
      text,
      blocks: read?.blocks ?? [],
      ...(read !== undefined && read.attributes.size > 0 ? { attributes: read.attributes } : {}),
    };
  });
}

function rangeOf(node: HclSyntaxNode): OffsetRange {
  return { start: node.startIndex, end: node.endIndex };
}

function children(node: HclSyntaxNode): HclSyntaxNode[] {
  return node.namedChildren.filter((n): n is HclSyntaxNode => n !== null);
}

function readBody(body: HclSyntaxNode, depth: number): { attributes: Map<string, TfAttribute>; blocks: TfBlock[] } {
  const attributes = new Map<string, TfAttribute>();
  const blocks: TfBlock[] = [];
  if (depth > MAX_DEPTH) return { attributes, blocks };
  for (const child of children(body)) {
    if (child.type === 'attribute') {
      const [name, value] = children(child) as [HclSyntaxNode, HclSyntaxNode];
      if (!attributes.has(name.text))
        attributes.set(name.text, { name: name.text, nameRange: rangeOf(name), value: readExpr(value, depth + 1) });
    } else if (child.type === 'block') {
      blocks.push(readBlock(child, depth + 1));
    }
  }
  return { attributes, blocks };
}

function readBlock(block: HclSyntaxNode, depth: number): TfBlock {
  const parts = children(block);
  const type = parts[0] as HclSyntaxNode;
  const labelNodes = parts.slice(1).filter((n) => n.type === 'string_lit' || n.type === 'identifier');
  const labels = labelNodes.map((l) => (l.type === 'identifier' ? l.text : String(readHclLiteral(l) ?? l.text)));
  const body = parts.find((n) => n.type === 'body');
  const read = body ? readBody(body, depth) : { attributes: new Map<string, TfAttribute>(), blocks: [] };
  const lastHead = labelNodes[labelNodes.length - 1] ?? type;
  return {
    type: type.text,
    labels,
    range: rangeOf(block),
    head: { start: type.startIndex, end: lastHead.endIndex },
    ...read,
  };
}

const WRAPPERS = new Set(['expression', 'literal_value', 'collection_value', 'template_expr']);

function readExpr(node: HclSyntaxNode, depth: number): TfExpr {
  const range = rangeOf(node);
  let inner = node;
  while (WRAPPERS.has(inner.type) && inner.namedChildCount === 1) inner = inner.namedChildren[0] as HclSyntaxNode;
  if (depth > MAX_DEPTH) return other(inner);
  const literal = readHclLiteral(inner);
  if (literal !== undefined) return { t: 'literal', value: literal, range, ...stringText(inner, literal) };
  switch (inner.type) {
    case 'tuple':
      return {
        t: 'tuple',
        items: children(inner)
          .filter((n) => n.type === 'expression')
          .map((n) => readExpr(n, depth + 1)),
        range,
      };
    case 'object':
      return {
        t: 'object',
        entries: children(inner)
          .filter((n) => n.type === 'object_elem')
          .map((e) => readEntry(e, depth)),
        range,
      };
    case 'variable_expr':
      return readReference(node.text, inner.text, [], range);
    case 'function_call': {
      const [name, args] = children(inner) as [HclSyntaxNode, HclSyntaxNode | undefined];
      const list = args ? children(args).filter((n) => n.type === 'expression') : [];
      // `f(list...)` expands its last argument: not evaluated.
      if (args && args.children.some((c) => c?.type === 'ellipsis')) return other(inner);
      return { t: 'call', name: name.text, args: list.map((a) => readExpr(a, depth + 1)), range };
    }
    case 'quoted_template':
    case 'heredoc_template':
      return readTemplate(inner, depth, range);
    default:
      return readChain(inner, range, depth) ?? opaque(inner, depth);
  }
}

/** Nodes that are an expression by themselves, read with `readExpr` where an operand is one of them. */
const VALUES = new Set([...WRAPPERS, 'function_call', 'operation', 'variable_expr']);

/**
 * An expression keyfob does not evaluate, with its operands (`operands`): the grammar writes a binary operation's
 * sides without an `expression` around them (`variable_expr get_attr index get_attr == literal_value`), so the named
 * children between two tokens are one operand, a reference chain when it starts with a variable.
 */
function opaque(node: HclSyntaxNode, depth: number): TfExpr {
  const read = other(node);
  if (depth > MAX_DEPTH) return read;
  const operands: TfExpr[] = [];
  let op: string | undefined;
  let group: HclSyntaxNode[] = [];
  const flush = (): void => {
    const first = group[0];
    if (first?.type === 'variable_expr') {
      const range = { start: first.startIndex, end: (group[group.length - 1] as HclSyntaxNode).endIndex };
      operands.push(chain(group, group.map((n) => n.text).join(''), range, depth) ?? other(first));
    } else
      for (const n of group)
        if (n.type === 'expression' || VALUES.has(n.type)) operands.push(readExpr(n, depth + 1));
        else if (n.namedChildCount > 0) operands.push(opaque(n, depth + 1));
    group = [];
  };
  for (const child of node.children) {
    if (child === null) continue;
    if (child.isNamed) group.push(child);
    else {
      flush();
      if (node.type === 'binary_operation') op = child.text;
    }
  }
  flush();
  if (operands.length === 0) return read;
  return { ...read, operands, ...(op === undefined ? {} : { op }) } as TfExpr;
}

/**
 * `var.x`, `local.a.b`, `data.t.n.json`, `vault_policy.env[each.key].name`: an expression whose
 * children are a variable, attribute steps and index steps (`[key]`, the legacy `.0`); a splat is
 * not read.
 */
function readChain(node: HclSyntaxNode, range: OffsetRange, depth: number): TfExpr | undefined {
  return node.type === 'expression' ? chain(children(node), node.text, range, depth) : undefined;
}

/** A reference from its parts: a variable, then attribute and index steps. */
function chain(parts: readonly HclSyntaxNode[], source: string, range: OffsetRange, depth: number): TfExpr | undefined {
  if (parts[0]?.type !== 'variable_expr') return undefined;
  const steps: TfStep[] = [];
  for (const step of parts.slice(1)) {
    if (step.type === 'get_attr') steps.push(step.text.replace(/^\./, '').trim());
    else if (step.type === 'index') {
      const inner = step.namedChildren[0];
      const key = inner?.type === 'new_index' ? children(inner).find((n) => n.type === 'expression') : undefined;
      if (key) steps.push(readExpr(key, depth + 1));
      else if (inner?.type === 'legacy_index' && /^\.\d+$/.test(inner.text.trim()))
        steps.push({ t: 'literal', value: Number(inner.text.trim().slice(1)), range: rangeOf(inner) });
      else return { t: 'other', text: cut(source), range };
    } else return { t: 'other', text: cut(source), range };
  }
  return readReference(source, parts[0].text, steps, range);
}

function readReference(source: string, root: string, steps: TfStep[], range: OffsetRange): TfExpr {
  const first = steps.findIndex((s) => typeof s !== 'string');
  const names = (first === -1 ? steps : steps.slice(0, first)) as string[];
  return { t: 'ref', path: [root, ...names], steps, text: cut(source), range };
}

function readEntry(elem: HclSyntaxNode, depth: number): TfObjectEntry {
  const key = elem.childForFieldName('key') as HclSyntaxNode;
  const value = elem.childForFieldName('val') as HclSyntaxNode;
  let keyNode = key;
  while (WRAPPERS.has(keyNode.type) && keyNode.namedChildCount === 1)
    keyNode = keyNode.namedChildren[0] as HclSyntaxNode;
  const literal = keyNode.type === 'variable_expr' ? keyNode.text : readHclLiteral(keyNode);
  return {
    key: typeof literal === 'string' ? literal : typeof literal === 'number' ? String(literal) : undefined,
    keyRange: rangeOf(key),
    value: readExpr(value, depth + 1),
  };
}

function readTemplate(node: HclSyntaxNode, depth: number, range: OffsetRange): TfExpr {
  if (node.type === 'heredoc_template') return readHeredocTemplate(node, depth, range);
  const parts: (string | TfExpr)[] = [];
  for (const part of children(node)) {
    if (part.type === 'template_literal') parts.push(decodeHclEscapes(part.text));
    else if (part.type === 'template_interpolation') {
      const inner = children(part).find((n) => n.type === 'expression');
      if (!inner) return other(node);
      parts.push(readExpr(inner, depth + 1));
    } else if (part.type === 'template_directive') return other(node);
  }
  return { t: 'template', parts, range };
}

/** Stands for an interpolation while a heredoc's lines are read (a heredoc holding it is not evaluated). */
const HOLE = '\u0000';

/**
 * A heredoc with interpolations: its literal text read from the source (the tree's literal parts
 * lose line breaks and indentation), `<<-` removing the indentation the lines share (an
 * interpolation counts as text), `$${` and `%%{` read as `${` and `%{`, as Terraform does.
 */
function readHeredocTemplate(node: HclSyntaxNode, depth: number, range: OffsetRange): TfExpr {
  const parts = children(node);
  if (parts.some((p) => p.type === 'template_directive')) return other(node);
  const closing = parts[parts.length - 1];
  const text = node.text;
  const bodyStart = text.indexOf('\n') + 1;
  if (bodyStart === 0 || closing?.type !== 'heredoc_identifier' || text.includes(HOLE)) return other(node);
  const bodyEnd = text.lastIndexOf('\n', closing.startIndex - node.startIndex - 1) + 1;
  const interpolations = parts.filter((p) => p.type === 'template_interpolation');
  const exprs: TfExpr[] = [];
  let raw = '';
  let at = bodyStart;
  for (const part of interpolations) {
    const inner = children(part).find((n) => n.type === 'expression');
    if (!inner) return other(node);
    const start = part.startIndex - node.startIndex;
    raw += text.slice(at, start) + HOLE;
    at = part.endIndex - node.startIndex;
    exprs.push(readExpr(inner, depth + 1));
  }
  raw += text.slice(at, Math.max(at, bodyEnd));
  let lines = raw.split('\n').slice(0, -1);
  if (node.child(0)?.text === '<<-') {
    const indents = lines.filter((l) => l.trim() !== '').map((l) => /^[ \t]*/.exec(l)?.[0].length ?? 0);
    const common = indents.length > 0 ? Math.min(...indents) : 0;
    lines = lines.map((l) => l.slice(common));
  }
  const body = lines.map((l) => l.replace(/\r$/, '')).join('\n') + (lines.length > 0 ? '\n' : '');
  const literals = body.split(HOLE).map((l) => l.replaceAll('$${', '${').replaceAll('%%{', '%{'));
  const out: (string | TfExpr)[] = [];
  literals.forEach((literal, i) => {
    if (literal !== '') out.push(literal);
    const expr = exprs[i];
    if (expr) out.push(expr);
  });
  return { t: 'template', parts: out, range };
}

function stringText(node: HclSyntaxNode, literal: HclLiteral): { text?: OffsetRange } {
  if (typeof literal !== 'string') return {};
  if (node.type === 'heredoc_template') {
    const text = node.text;
    const bodyStart = node.startIndex + text.indexOf('\n') + 1;
    const closing = node.namedChildren[node.namedChildCount - 1];
    const closeLine = closing ? text.lastIndexOf('\n', closing.startIndex - node.startIndex - 1) + 1 : text.length;
    return { text: { start: bodyStart, end: node.startIndex + closeLine } };
  }
  return { text: rangeOf(node) };
}

function other(node: HclSyntaxNode): TfExpr {
  return { t: 'other', text: cut(node.text), range: rangeOf(node) };
}

function cut(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > SHOWN ? `${line.slice(0, SHOWN - 3)}...` : line;
}

// The JSON syntax of Terraform (`.tf.json`): objects are blocks by their place (resource, data,
// locals, variable), strings holding `${` are templates (not evaluated).

function readJsonFile(fileName: string, text: string): TfFile {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
  const first = errors[0];
  if (first || !root) {
    const at = first?.offset ?? 0;
    return {
      fileName,
      text,
      blocks: [],
      error: {
        message: first ? printParseErrorCode(first.error) : 'expected a JSON object',
        range: { start: at, end: at + (first?.length ?? 0) },
      },
    };
  }
  return { fileName, text, blocks: jsonTopBlocks(root) };
}

const LABELS: Readonly<Record<string, number>> = { resource: 2, data: 2, variable: 1, locals: 0, output: 1, module: 1 };

function jsonTopBlocks(root: JsonNode): TfBlock[] {
  const blocks: TfBlock[] = [];
  for (const [type, keyNode, value] of members(root)) {
    const depth = LABELS[type];
    if (depth === undefined) continue;
    blocks.push(...jsonBlocks(type, [], depth, value, keyNode));
  }
  return blocks;
}

function jsonBlocks(type: string, labels: string[], depth: number, node: JsonNode, head: JsonNode): TfBlock[] {
  if (node.type === 'array')
    return (node.children ?? []).flatMap((item) => jsonBlocks(type, labels, depth, item, head));
  if (depth > 0)
    return members(node).flatMap(([label, key, value]) => jsonBlocks(type, [...labels, label], depth - 1, value, key));
  if (node.type !== 'object') return [];
  const attributes = new Map<string, TfAttribute>();
  const blocks: TfBlock[] = [];
  for (const [name, key, value] of members(node)) {
    // Nested blocks of the policy data sources (statement, principals, condition; rule, allowed_parameter) are objects or lists of them.
    if (NESTED_BLOCKS.has(name) && (value.type === 'object' || value.type === 'array'))
      blocks.push(...jsonBlocks(name, [], 0, value, key));
    else attributes.set(name, { name, nameRange: nodeRange(key), value: jsonExpr(value, 0) });
  }
  return [{ type, labels, range: nodeRange(node), head: nodeRange(head), attributes, blocks }];
}

const NESTED_BLOCKS = new Set([
  'statement',
  'principals',
  'not_principals',
  'condition',
  'rule',
  'allowed_parameter',
  'denied_parameter',
]);

function members(node: JsonNode): [string, JsonNode, JsonNode][] {
  if (node.type !== 'object') return [];
  return (node.children ?? []).flatMap((property) => {
    const [key, value] = property.children ?? [];
    return key && value ? [[String(key.value), key, value] as [string, JsonNode, JsonNode]] : [];
  });
}

function nodeRange(node: JsonNode): OffsetRange {
  return { start: node.offset, end: node.offset + node.length };
}

function jsonExpr(node: JsonNode, depth: number): TfExpr {
  const range = nodeRange(node);
  if (depth > MAX_DEPTH) return { t: 'other', text: '(too deep)', range };
  if (node.type === 'array')
    return { t: 'tuple', items: (node.children ?? []).map((c) => jsonExpr(c, depth + 1)), range };
  if (node.type === 'object')
    return {
      t: 'object',
      entries: members(node).map(([key, keyNode, value]) => ({
        key,
        keyRange: nodeRange(keyNode),
        value: jsonExpr(value, depth + 1),
      })),
      range,
    };
  const value = node.value as HclLiteral;
  if (typeof value === 'string' && /(?<!\$)\$\{|(?<!%)%\{/.test(value)) return { t: 'other', text: cut(value), range };
  if (typeof value === 'string')
    return { t: 'literal', value: value.replaceAll('$${', '${').replaceAll('%%{', '%{'), range, text: range };
  return { t: 'literal', value, range };
}
