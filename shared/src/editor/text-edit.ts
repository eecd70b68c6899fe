/**
 * One replacement in a source text, in UTF-16 offsets (half-open `[start, end)`), the unit every
 * editor provider of this area returns. The extension turns it into a `vscode.TextEdit`.
 */
export interface TextEdit {
  readonly start: number;
  readonly end: number;
  readonly newText: string;
}

/**
 * Applies non-overlapping edits to a text (in any order) and returns the new text.
 * Throws on overlapping edits: that is a bug in the caller, not a problem in user content.
 */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  let out = '';
  let at = 0;
  for (const edit of sorted) {
    if (edit.start < at) throw new Error(`overlapping edits at offset ${edit.start}`);
    out += text.slice(at, edit.start) + edit.newText;
    at = edit.end;
  }
  return out + text.slice(at);
}
