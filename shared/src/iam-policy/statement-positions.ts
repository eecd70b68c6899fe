import { parseTree, type Node } from 'jsonc-parser';
import { LineIndex } from '../text/index.ts';

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
  const lines = new LineIndex(text);
  const at = (offset: number): DocumentPosition => lines.position(offset);
  return items.map((item) => ({ start: at(item.offset), end: at(item.offset + Math.max(0, item.length - 1)) }));
}
