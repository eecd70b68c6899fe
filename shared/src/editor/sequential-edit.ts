import { parseDocuments } from '../documents/index.ts';
import type { DocumentFormat, ParsedDocument, ParsedFile } from '../documents/types.ts';
import { applyEdits } from './text-edit.ts';
import type { TextEdit } from './text-edit.ts';

/** One step of a compound fix: edits against the text as the previous steps left it. */
export type EditStep = (file: ParsedFile, document: ParsedDocument) => readonly TextEdit[];

/**
 * Runs edit steps one after another, re-parsing between them (so a later step sees the keys an earlier
 * one renamed, and edits never overlap), and returns the whole change as one edit of the original
 * text: the span between the unchanged prefix and suffix. Empty when a step finds nothing to do.
 */
export function sequentialEdit(
  text: string,
  format: DocumentFormat,
  documentIndex: number,
  steps: readonly EditStep[],
): TextEdit[] {
  let current = text;
  for (const step of steps) {
    const file = parseDocuments(current, format);
    const document = file.documents[documentIndex];
    if (!document) return [];
    const edits = step(file, document);
    if (edits.length === 0) return [];
    current = applyEdits(current, edits);
  }
  return [spanEdit(text, current)];
}

/** The smallest single edit that turns `before` into `after`. */
function spanEdit(before: string, after: string): TextEdit {
  let prefix = 0;
  const shorter = Math.min(before.length, after.length);
  while (prefix < shorter && before.charCodeAt(prefix) === after.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (
    suffix < shorter - prefix &&
    before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)
  )
    suffix++;
  return { start: prefix, end: before.length - suffix, newText: after.slice(prefix, after.length - suffix) };
}
