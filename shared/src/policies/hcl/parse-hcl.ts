import { parseTree, printParseErrorCode, type Node as JsonNode, type ParseError } from 'jsonc-parser';
import type { Node } from 'web-tree-sitter';
import { hclSyntaxError, readHclLiteral, withHclTree } from '../../hcl/index.ts';
import type { OffsetRange } from '../../problem.ts';
import type { HclEntry, HclNode, HclObject } from './hcl-node.ts';

/** Deepest nesting accepted; deeper input is refused rather than recursed into. */
const MAX_DEPTH = 64;

/** The outcome of parsing: the root object, or the first syntax error with its range. */
export type HclParse =
  | { readonly root: HclObject; readonly error?: undefined }
  | { readonly root?: undefined; readonly error: { readonly message: string; readonly range: OffsetRange } };

class PolicySyntaxError extends Error {
  constructor(
    message: string,
    readonly range: OffsetRange,
  ) {
    super(message);
  }
}

/**
 * Reads an ACL policy's HCL with keyfob's one HCL parser (tree-sitter's grammar, see
 * `loadHclParser`), or its JSON form (a text starting with `{`) with the JSON reader. Blocks with
 * labels (`path "a" { ... }`) become nested entries; repeated keys stay separate. A policy holds
 * literals only: an expression (a reference, a function call, an interpolation) is a syntax error,
 * as it is for the real engine's HCL v1 reader.
 *
 * @example parseHcl('path "cloud/creds/deploy" { capabilities = ["read"] }').root?.entries[0]?.key // "path"
 */
export function parseHcl(text: string): HclParse {
  const known = parsedTexts.get(text);
  if (known) return known;
  const parsed = parseText(text);
  if (text.length <= MAX_CACHED_CHARS) {
    if (parsedTexts.size >= MAX_CACHED_TEXTS) parsedTexts.clear();
    parsedTexts.set(text, parsed);
  }
  return parsed;
}

/**
 * The last policy texts read and what they read to (never changed after: every type is readonly).
 * One file is read several times in a lint (the trust context's policies, the file's lint, its
 * engine-side read), and each read of HCL is a WebAssembly parse and a walk of its tree.
 */
const parsedTexts = new Map<string, HclParse>();
const MAX_CACHED_TEXTS = 64;
const MAX_CACHED_CHARS = 256 * 1024;

function parseText(text: string): HclParse {
  try {
    return { root: isJsonPolicy(text) ? readJson(text) : withHclTree(text, (root) => readConfig(text, root)) };
  } catch (error) {
    if (error instanceof PolicySyntaxError) return { error: { message: error.message, range: error.range } };
    throw error;
  }
}

/** True when a policy's text is its JSON form (it starts with `{`): read without the HCL parser. */
export function isJsonPolicy(text: string): boolean {
  return /^\s*\{/.test(text);
}

function readConfig(text: string, root: Node): HclObject {
  const problem = hclSyntaxError(text, root);
  if (problem) throw new PolicySyntaxError(problem.message, problem.range);
  const body = root.namedChildren.find((n) => n?.type === 'body');
  return { kind: 'object', entries: body ? readBody(body, 0) : [], range: { start: 0, end: text.length } };
}

function readBody(body: Node, depth: number): HclEntry[] {
  if (depth > MAX_DEPTH) throw new PolicySyntaxError(`nesting deeper than ${MAX_DEPTH} levels`, rangeOf(body));
  const entries: HclEntry[] = [];
  for (const child of body.namedChildren) {
    if (child?.type === 'attribute') {
      const name = child.namedChildren[0] as Node;
      const value = child.namedChildren[1] as Node;
      entries.push({ key: name.text, keyRange: rangeOf(name), value: readValue(value, depth + 1) });
    } else if (child?.type === 'block') {
      entries.push(readBlock(child, depth + 1));
    }
  }
  return entries;
}

function readBlock(block: Node, depth: number): HclEntry {
  const parts = block.namedChildren.filter((n): n is Node => n !== null);
  const name = parts[0] as Node;
  const labels = parts.slice(1).filter((n) => n.type === 'string_lit' || n.type === 'identifier');
  const body = parts.find((n) => n.type === 'body');
  const open = parts.find((n) => n.type === 'block_start') as Node;
  const close = parts.find((n) => n.type === 'block_end') as Node;
  let value: HclNode = {
    kind: 'object',
    entries: body ? readBody(body, depth) : [],
    range: { start: open.startIndex, end: close.endIndex },
  };
  for (let i = labels.length - 1; i >= 0; i--) {
    const label = labels[i] as Node;
    value = {
      kind: 'object',
      entries: [{ key: labelText(label), keyRange: rangeOf(label), value }],
      range: { start: label.startIndex, end: value.range.end },
    };
  }
  return { key: name.text, keyRange: rangeOf(name), value };
}

function labelText(label: Node): string {
  const literal = label.type === 'identifier' ? label.text : readHclLiteral(label);
  if (typeof literal !== 'string')
    throw new PolicySyntaxError('a block label must be a literal string', rangeOf(label));
  return literal;
}

function readValue(expression: Node, depth: number): HclNode {
  if (depth > MAX_DEPTH) throw new PolicySyntaxError(`nesting deeper than ${MAX_DEPTH} levels`, rangeOf(expression));
  const node = unwrap(expression);
  const range = rangeOf(expression);
  if (node.type === 'tuple') {
    const items = node.namedChildren.filter((n): n is Node => n?.type === 'expression');
    return { kind: 'list', items: items.map((item) => readValue(item, depth + 1)), range };
  }
  if (node.type === 'object') {
    const entries = node.namedChildren
      .filter((n): n is Node => n?.type === 'object_elem')
      .map((elem): HclEntry => {
        const key = elem.childForFieldName('key') as Node;
        const keyNode = unwrap(key);
        const keyText = keyNode.type === 'variable_expr' ? keyNode.text : readHclLiteral(keyNode);
        if (typeof keyText !== 'string')
          throw new PolicySyntaxError('an object key must be a name or a string', rangeOf(key));
        return {
          key: keyText,
          keyRange: rangeOf(key),
          value: readValue(elem.childForFieldName('val') as Node, depth + 1),
        };
      });
    return { kind: 'object', entries, range };
  }
  const literal = readHclLiteral(node);
  if (literal === undefined)
    throw new PolicySyntaxError(`expected a literal value, found ${JSON.stringify(node.text.slice(0, 40))}`, range);
  if (literal === null) return { kind: 'null', value: null, range };
  if (typeof literal === 'string') return { kind: 'string', value: literal, range };
  if (typeof literal === 'number') return { kind: 'number', value: literal, range };
  return { kind: 'bool', value: literal, range };
}

/** The node an `expression` wraps (`collection_value`, `literal_value` and `template_expr` unwrapped too). */
function unwrap(node: Node): Node {
  let current = node;
  while (
    ['expression', 'collection_value', 'literal_value', 'template_expr'].includes(current.type) &&
    current.namedChildCount === 1
  )
    current = current.namedChildren[0] as Node;
  return current;
}

function rangeOf(node: Node): OffsetRange {
  return { start: node.startIndex, end: node.endIndex };
}

/** The JSON form: objects, lists and scalars with their ranges, repeated keys kept apart. */
function readJson(text: string): HclObject {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { allowTrailingComma: false, disallowComments: false });
  const first = errors[0];
  if (first || !tree) {
    const at = first?.offset ?? 0;
    throw new PolicySyntaxError(first ? printParseErrorCode(first.error) : 'expected a JSON object', {
      start: at,
      end: at + (first?.length ?? 0),
    });
  }
  const root = jsonValue(tree, 0);
  if (root.kind !== 'object') throw new PolicySyntaxError('expected a JSON object', root.range);
  return root;
}

function jsonValue(node: JsonNode, depth: number): HclNode {
  const range = { start: node.offset, end: node.offset + node.length };
  if (depth > MAX_DEPTH) throw new PolicySyntaxError(`nesting deeper than ${MAX_DEPTH} levels`, range);
  const children = node.children ?? [];
  if (node.type === 'object') {
    const entries = children.map((property): HclEntry => {
      const [key, value] = property.children as [JsonNode, JsonNode];
      return {
        key: String(key.value),
        keyRange: { start: key.offset, end: key.offset + key.length },
        value: jsonValue(value, depth + 1),
      };
    });
    return { kind: 'object', entries, range };
  }
  if (node.type === 'array') return { kind: 'list', items: children.map((c) => jsonValue(c, depth + 1)), range };
  if (node.type === 'string') return { kind: 'string', value: node.value as string, range };
  if (node.type === 'number') return { kind: 'number', value: node.value as number, range };
  if (node.type === 'boolean') return { kind: 'bool', value: node.value as boolean, range };
  return { kind: 'null', value: null, range };
}
