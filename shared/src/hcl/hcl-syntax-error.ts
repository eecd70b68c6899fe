import type { Node } from 'web-tree-sitter';
import type { OffsetRange } from '../problem.ts';

/**
 * The first syntax error of a parsed text, with a message and the range to show it at, or
 * undefined when the tree has none: a token tree-sitter had to invent (`expected ']'`, shown at the
 * text that follows), a string left open (`literal not terminated`), or text it could not place.
 */
export function hclSyntaxError(text: string, root: Node): { message: string; range: OffsetRange } | undefined {
  if (!root.hasError) return undefined;
  const bad = firstBad(root);
  if (!bad) return { message: 'syntax error', range: { start: 0, end: 0 } };
  if (bad.isMissing) {
    const next = nextVisible(text, bad.startIndex);
    return { message: `expected '${bad.type}'`, range: { start: next, end: Math.min(text.length, next + 1) } };
  }
  const open = openQuote(bad);
  if (open !== undefined) {
    const lineEnd = text.indexOf('\n', open);
    return { message: 'literal not terminated', range: { start: open, end: lineEnd === -1 ? text.length : lineEnd } };
  }
  const lineEnd = text.indexOf('\n', bad.startIndex);
  const end = Math.min(bad.endIndex, lineEnd === -1 ? text.length : lineEnd);
  const near = text.slice(bad.startIndex, Math.min(end, bad.startIndex + 40));
  return {
    message: `unexpected ${JSON.stringify(near)}`,
    range: { start: bad.startIndex, end: Math.max(end, bad.startIndex) },
  };
}

/** The first ERROR or MISSING node in document order (iteratively: error trees can be deep). */
function firstBad(root: Node): Node | undefined {
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    if (node.isError || node.isMissing) return node;
    if (!node.hasError) continue;
    for (let i = node.childCount - 1; i >= 0; i--) {
      const child = node.child(i);
      if (child) stack.push(child);
    }
  }
  return undefined;
}

/** Where a string opened inside an error node starts, when no closing quote follows it there. */
function openQuote(error: Node): number | undefined {
  const children = error.children.filter((c): c is Node => c !== null);
  const last = children[children.length - 1];
  return last?.type === 'quoted_template_start' ? last.startIndex : undefined;
}

function nextVisible(text: string, from: number): number {
  const match = /\S/.exec(text.slice(from));
  return match ? from + match.index : text.length;
}
