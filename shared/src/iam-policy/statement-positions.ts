import { parseTree, type Node } from 'jsonc-parser';

/** A place in a policy document: 1-based line and column, as the provider's simulator reports it. */
export interface DocumentPosition {
  readonly line: number;
  readonly column: number;
}

/** Where one statement of a policy document starts and ends (its `{` and `}`). */
export interface StatementSpan {
  readonly start: DocumentPosition;
  readonly end: DocumentPosition;
}

/**
 * The span of each statement of a policy document's JSON text, in `Statement` order (one for a
 * single statement object); empty when the text is not a JSON object with a `Statement`.
 */
export function statementPositions(text: string): StatementSpan[] {
  const root = parseTree(text);
  const statement =
    root?.type === 'object' ? root.children?.find((p) => p.children?.[0]?.value === 'Statement') : undefined;
  const value = statement?.children?.[1];
  if (!value) return [];
  const items: Node[] = value.type === 'array' ? (value.children ?? []) : [value];
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
  const at = (offset: number): DocumentPosition => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((lineStarts[mid] ?? 0) <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - (lineStarts[low] ?? 0) + 1 };
  };
  return items.map((item) => ({ start: at(item.offset), end: at(item.offset + Math.max(0, item.length - 1)) }));
}
