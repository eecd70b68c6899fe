import { modify } from 'jsonc-parser';
import type { JSONPath } from 'jsonc-parser';
import type { ParsedDocument, ParsedFile } from '../documents/types.ts';
import type { OffsetRange } from '../problem.ts';
import { yamlScalar, yamlValueAfterColon } from './render-value.ts';
import type { TextEdit } from './text-edit.ts';
import { pointerToSegments, segmentsToPointer } from '../text/json-pointer.ts';

// Edits to one member of a role document, computed from the parsed locations. YAML edits are
// line-based on block mappings (the form role files use); JSON edits go through jsonc-parser's
// `modify`, which keeps commas and indentation right.

const JSON_FORMAT = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } };

/** Removes a member (key, value and the lines they occupy). */
export function removeMember(file: ParsedFile, document: ParsedDocument, pointer: string): TextEdit[] {
  if (file.format === 'json') return jsonEdits(file.text, pointerToSegments(pointer), undefined);
  const location = document.locations.get(pointer);
  if (!location?.key) return [];
  const start = lineStartOf(file.text, location.key.start);
  if (file.text.slice(start, location.key.start).trim() !== '') return [];
  const last = Math.max(location.key.end, location.value.end) - 1;
  return [{ start, end: lineEndAfter(file.text, last), newText: '' }];
}

/** Renames a member's key, keeping its value and position. */
export function renameKey(file: ParsedFile, document: ParsedDocument, pointer: string, newKey: string): TextEdit[] {
  const key = document.locations.get(pointer)?.key;
  if (!key) return [];
  const newText = file.format === 'json' ? JSON.stringify(newKey) : yamlScalar(newKey);
  return [{ start: key.start, end: key.end, newText }];
}

/** Replaces a member's value (scalar, list or map), rendered in the file's format. */
export function replaceValue(file: ParsedFile, document: ParsedDocument, pointer: string, value: unknown): TextEdit[] {
  if (file.format === 'json') return jsonEdits(file.text, pointerToSegments(pointer), value);
  const location = document.locations.get(pointer);
  if (!location?.key) return [];
  const colon = colonAfter(file.text, location.key.end);
  if (colon === undefined) return [];
  const indent = location.key.start - lineStartOf(file.text, location.key.start);
  const end = Math.max(colon, trimEnd(file.text, location.value));
  return [{ start: colon, end, newText: yamlValueAfterColon(value, indent) }];
}

/**
 * Adds `key: value` to the mapping at `parent`: after the member `after` when it exists there,
 * else after the mapping's last member. Returns no edit for an empty or flow-style mapping in YAML.
 */
export function addMember(
  file: ParsedFile,
  document: ParsedDocument,
  parent: string,
  key: string,
  value: unknown,
  after?: string,
): TextEdit[] {
  const parentSegments = pointerToSegments(parent);
  if (file.format === 'json') {
    const siblings = childKeys(document, parent);
    const index = after !== undefined && siblings.includes(after) ? siblings.indexOf(after) + 1 : siblings.length;
    const edits = modify(file.text, [...parentSegments, key], value, {
      ...JSON_FORMAT,
      getInsertionIndex: () => index,
    });
    return edits.map((e) => ({ start: e.offset, end: e.offset + e.length, newText: e.content }));
  }
  const children = childKeys(document, parent).map((k) =>
    document.locations.get(segmentsToPointer([...parentSegments, k])),
  );
  const keyed = children.filter((c): c is NonNullable<typeof c> & { key: OffsetRange } => c?.key !== undefined);
  const first = keyed[0];
  if (!first) return [];
  const indent = first.key.start - lineStartOf(file.text, first.key.start);
  if (file.text.slice(first.key.start - indent, first.key.start).trim() !== '') return [];
  const anchor =
    after === undefined ? undefined : document.locations.get(segmentsToPointer([...parentSegments, after]));
  const endOf = anchor ? trimEnd(file.text, anchor.value) : Math.max(...keyed.map((c) => trimEnd(file.text, c.value)));
  const at = lineEndAfter(file.text, Math.max(0, endOf - 1));
  const line = `${' '.repeat(indent)}${yamlScalar(key)}:${yamlValueAfterColon(value, indent)}\n`;
  return [
    {
      start: at,
      end: at,
      newText: at === file.text.length && !file.text.endsWith('\n') ? `\n${line.slice(0, -1)}` : line,
    },
  ];
}

/** Direct child keys of the object at `parent`, in source order. */
export function childKeys(document: ParsedDocument, parent: string): string[] {
  const found: { key: string; start: number }[] = [];
  for (const [pointer, location] of document.locations) {
    if (!pointer.startsWith(`${parent}/`) || !location.key) continue;
    const rest = pointer.slice(parent.length + 1);
    if (rest.includes('/')) continue;
    found.push({ key: pointerToSegments(`/${rest}`)[0] ?? rest, start: location.key.start });
  }
  return found.sort((a, b) => a.start - b.start).map((f) => f.key);
}

function jsonEdits(text: string, path: JSONPath, value: unknown): TextEdit[] {
  return modify(text, path, value, JSON_FORMAT).map((e) => ({
    start: e.offset,
    end: e.offset + e.length,
    newText: e.content,
  }));
}

/** Offset just after the `:` that follows a YAML key (spaces allowed between). */
function colonAfter(text: string, keyEnd: number): number | undefined {
  let i = keyEnd;
  while (text[i] === ' ' || text[i] === '\t') i++;
  return text[i] === ':' ? i + 1 : undefined;
}

/** A value range without the trailing newlines and spaces a block collection's span may include. */
function trimEnd(text: string, range: OffsetRange): number {
  let end = range.end;
  while (end > range.start && /\s/.test(text[end - 1] ?? '')) end--;
  return end;
}

/** Offset where the line holding `offset` starts. */
export function lineStartOf(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** Offset just past the newline that ends the line holding `offset` (or the text's end). */
function lineEndAfter(text: string, offset: number): number {
  const newline = text.indexOf('\n', offset);
  return newline === -1 ? text.length : newline + 1;
}
