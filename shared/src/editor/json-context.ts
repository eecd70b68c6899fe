import { findNodeAtLocation, getLocation, parseTree } from 'jsonc-parser';
import type { Node } from 'jsonc-parser';
import type { CursorContext } from './cursor-context.ts';

/**
 * What the cursor is on in a JSON/JSONC role file, from jsonc-parser's error-tolerant scanner, so a
 * half-typed member (`"pol`) still gets completions. `undefined` inside comments or outside the root.
 */
export function jsonContextAt(text: string, offset: number): CursorContext | undefined {
  const location = getLocation(text, offset);
  if (location.path.length === 0) return undefined;
  const segments = location.path.map(String);
  const token = tokenAt(text, offset, location.previousNode);
  const tree = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  let part: CursorContext['part'];
  let path: string[];
  let key: string | undefined;
  if (location.isAtPropertyKey) {
    part = 'key';
    path = segments.slice(0, -1);
  } else if (typeof location.path[location.path.length - 1] === 'number') {
    part = 'item';
    key = segments[segments.length - 2];
    path = segments.slice(0, -2);
  } else {
    part = 'value';
    key = segments[segments.length - 1];
    path = segments.slice(0, -1);
  }
  const siblings = membersOf(tree ? findNodeAtLocation(tree, path) : undefined, part === 'key' ? token.start : -1);
  const lineStart = text.lastIndexOf('\n', token.start - 1) + 1;
  const indent = /^[ \t]*/.exec(text.slice(lineStart))?.[0].length ?? 0;
  const next = /^\s*(.)/.exec(text.slice(token.end))?.[1];
  return {
    path,
    part,
    ...(key === undefined ? {} : { key }),
    prefix: token.prefix,
    replace: { start: token.start, end: token.end },
    siblings,
    document: 0,
    indent,
    quoted: token.quoted,
    needsComma: next === '"',
  };
}

interface Token {
  start: number;
  end: number;
  prefix: string;
  quoted: boolean;
}

/** The string (with its quotes) or bare word under the cursor, and the part typed before it. */
function tokenAt(text: string, offset: number, previous: Node | undefined): Token {
  if (
    previous &&
    previous.type === 'string' &&
    previous.offset < offset &&
    offset <= previous.offset + previous.length
  ) {
    const end = previous.offset + previous.length;
    return { start: previous.offset, end, prefix: text.slice(previous.offset + 1, offset), quoted: true };
  }
  let start = offset;
  while (start > 0 && /[\w$.-]/.test(text[start - 1] ?? '')) start--;
  let end = offset;
  while (end < text.length && /[\w$.-]/.test(text[end] ?? '')) end++;
  const quoted = text[start - 1] === '"';
  if (quoted) {
    start--;
    if (text[end] === '"') end++;
  }
  return { start, end, prefix: text.slice(quoted ? start + 1 : start, offset), quoted };
}

/** Keys of an object node with their scalar values as text, skipping the member whose key starts at `skip`. */
function membersOf(node: Node | undefined, skip: number): Map<string, string | undefined> {
  const members = new Map<string, string | undefined>();
  if (node?.type !== 'object') return members;
  for (const property of node.children ?? []) {
    const [keyNode, valueNode] = property.children ?? [];
    if (!keyNode || typeof keyNode.value !== 'string' || keyNode.offset === skip) continue;
    const value: unknown = valueNode?.value;
    members.set(
      keyNode.value,
      typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined,
    );
  }
  return members;
}
