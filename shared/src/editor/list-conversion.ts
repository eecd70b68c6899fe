import type { ParsedDocument, ParsedFile } from '../documents/types.ts';
import { replaceValue } from './member-edits.ts';
import type { QuickFix } from './quick-fix.ts';
import { valueAt } from './value-at.ts';
import { pointerToSegments } from '../text/json-pointer.ts';
import { splitCommaList } from '../text/comma-list.ts';

/**
 * Rewrites of a list field between its two accepted forms (seed 1: "a comma-separated string or a
 * JSON array"): a comma string to a list (items trimmed, empty items dropped) and a list of strings
 * back to one comma string. The caller decides that the field is a list field.
 */
export function listConversions(file: ParsedFile, document: ParsedDocument, pointer: string): QuickFix[] {
  const value = valueAt(document.value, pointerToSegments(pointer));
  const field = pointerToSegments(pointer).pop() ?? pointer;
  if (typeof value === 'string') {
    const items = splitCommaList(value);
    const edits = replaceValue(file, document, pointer, items);
    return edits.length ? [{ title: `Convert ${field} to a list`, kind: 'refactor', edits }] : [];
  }
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
    const edits = replaceValue(file, document, pointer, value.join(','));
    return edits.length ? [{ title: `Convert ${field} to a comma-separated string`, kind: 'refactor', edits }] : [];
  }
  return [];
}
