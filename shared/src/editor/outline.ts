import type { ParsedDocument, ParsedFile } from '../documents/types.ts';
import type { OffsetRange } from '../problem.ts';
import { childKeys } from './member-edits.ts';
import type { FileKind } from './resource-at.ts';
import { valueAt } from './value-at.ts';
import { appendPointer, pointerToSegments, segmentsToPointer } from '../text/json-pointer.ts';

/** One entry of the outline: a role (or other resource) with its fields as children. */
export interface OutlineSymbol {
  readonly name: string;
  /** Kind and credential type, e.g. `role · assumed_role`. */
  readonly detail: string;
  readonly kind: FileKind | 'field';
  /** The whole entry. */
  readonly range: OffsetRange;
  /** What to reveal and highlight: the `name` key's value, the manifest key, or the first key. */
  readonly selectionRange: OffsetRange;
  readonly children: readonly OutlineSymbol[];
}

/** What the outline needs to know about each document (the lint result's `documents`). */
export interface OutlineDocument {
  readonly index: number;
  readonly kind: FileKind | undefined;
  readonly name?: string;
}

/**
 * The outline of a role file: one symbol per document (several in a multi-document YAML file),
 * named after its role name, with its fields as children; a manifest lists its roles and static roles.
 */
export function outlineSymbols(file: ParsedFile, documents: readonly OutlineDocument[]): OutlineSymbol[] {
  const symbols: OutlineSymbol[] = [];
  for (const described of documents) {
    const document = file.documents[described.index];
    if (!document || document.locations.size <= 1) continue;
    const name = described.name ?? `document ${described.index + 1}`;
    if (described.kind === 'manifest') symbols.push(...manifestSymbols(document));
    else symbols.push(resourceSymbol(document, '', name, described.kind ?? 'role'));
  }
  return symbols;
}

function manifestSymbols(document: ParsedDocument): OutlineSymbol[] {
  const sections: [string, FileKind][] = [
    ['roles', 'role'],
    ['static_roles', 'static-role'],
    ['lease', 'lease-config'],
    ['root', 'root-config'],
  ];
  const out: OutlineSymbol[] = [];
  for (const [section, kind] of sections) {
    const pointer = segmentsToPointer([section]);
    if (!document.locations.has(pointer)) continue;
    if (kind === 'lease-config' || kind === 'root-config') {
      out.push(resourceSymbol(document, pointer, section, kind));
      continue;
    }
    for (const name of childKeys(document, pointer))
      out.push(resourceSymbol(document, segmentsToPointer([section, name]), name, kind));
  }
  return out;
}

function resourceSymbol(document: ParsedDocument, pointer: string, name: string, kind: FileKind): OutlineSymbol {
  const location = document.locations.get(pointer) ?? { value: document.range };
  const range =
    pointer === '' ? document.range : { start: location.key?.start ?? location.value.start, end: location.value.end };
  const nameValue = document.locations.get(`${pointer}/name`)?.value;
  const children = childKeys(document, pointer).map((key) => fieldSymbol(document, appendPointer(pointer, key), key));
  const type = valueAt(document.value, [...pointer.split('/').slice(1), 'credential_type']);
  return {
    name,
    detail: typeof type === 'string' ? `${kind} · ${type}` : kind,
    kind,
    range,
    selectionRange: nameValue ?? location.key ?? children[0]?.selectionRange ?? range,
    children,
  };
}

function fieldSymbol(document: ParsedDocument, pointer: string, key: string): OutlineSymbol {
  const location = document.locations.get(pointer);
  const value = location?.value ?? document.range;
  const keyRange = location?.key ?? value;
  const scalar = valueAt(document.value, pointerToSegments(pointer));
  return {
    name: key,
    detail: typeof scalar === 'string' || typeof scalar === 'number' ? String(scalar).slice(0, 60) : '',
    kind: 'field',
    range: { start: keyRange.start, end: Math.max(keyRange.end, value.end) },
    selectionRange: keyRange,
    children: [],
  };
}
