import type { OffsetRange } from '../problem.ts';

/** What sits under the cursor in a role file, computed from the text alone (it may not parse). */
export interface CursorContext {
  /** Keys from the document root down to the mapping the cursor is in (`[]` at the root). */
  readonly path: readonly string[];
  /** `key`: typing a key; `value`: typing the value of `key`; `item`: typing an item of the list `key`. */
  readonly part: 'key' | 'value' | 'item';
  /** The key whose value or list item is being typed (absent for `part: 'key'`). */
  readonly key?: string;
  /** What the user typed so far (quotes stripped). */
  readonly prefix: string;
  /** The token a completion replaces (typed text plus the rest of the word, with quotes in JSON). */
  readonly replace: OffsetRange;
  /** Keys already present in the cursor's mapping, with their scalar value as text when it is one. */
  readonly siblings: ReadonlyMap<string, string | undefined>;
  /** 0-based index of the document (YAML `---`), 0 in JSON. */
  readonly document: number;
  /** Indentation (in columns) of keys in the cursor's mapping: YAML inserts use it. */
  readonly indent: number;
  /** JSON only: the token is (or starts) a quoted string. */
  readonly quoted?: boolean;
  /** JSON only: another member follows the token, so an inserted member needs a trailing comma. */
  readonly needsComma?: boolean;
}
