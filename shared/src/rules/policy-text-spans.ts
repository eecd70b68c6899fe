import { findNodeAtLocation, parseTree, type Node } from 'jsonc-parser';

/** Where a spot of a policy sits inside its JSON text, as `data` for `attachRanges` (`valueOffset`, `valueLength`). */
export interface TextSpan {
  readonly valueOffset: number;
  readonly valueLength: number;
}

/**
 * The span inside a policy document's JSON text (the string value of `policy_document`, as it is
 * in the file: a YAML block scalar or a JSON string) of the node at `segments`: the key of a
 * member (`target: 'key'`) or the value. With `attachRanges` this puts a problem on the exact
 * characters inside the embedded JSON instead of the whole field. Undefined when the text does not
 * hold the spot (it does not parse, or the path is absent: then the nearest existing ancestor).
 */
export function policyTextSpan(
  text: string,
  segments: readonly (string | number)[],
  target: 'key' | 'value',
): TextSpan | undefined {
  const root = parseTree(text);
  if (!root) return undefined;
  for (let n = segments.length; n >= 0; n--) {
    const node = findNodeAtLocation(root, [...segments.slice(0, n)]);
    if (!node) continue;
    const exact = n === segments.length;
    const key = node.parent?.type === 'property' ? node.parent.children?.[0] : undefined;
    const chosen: Node = (exact && target === 'key') || !exact ? (key ?? node) : node;
    // A whole object or array would cover many lines: its first character is enough. A string
    // (key or value) is covered without its quotes, like a key or scalar of the file itself.
    if (chosen.type === 'object' || chosen.type === 'array') return { valueOffset: chosen.offset, valueLength: 1 };
    if (chosen.type === 'string' && chosen.length >= 2)
      return { valueOffset: chosen.offset + 1, valueLength: chosen.length - 2 };
    return { valueOffset: chosen.offset, valueLength: chosen.length };
  }
  return undefined;
}
