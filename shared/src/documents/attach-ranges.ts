import type { OffsetRange, Problem } from '../problem.ts';
import { parentPointer, pointerToSegments } from '../text/json-pointer.ts';
import { sourceOffsets } from './scalar-offsets.ts';
import { visibleSpan } from './source-span.ts';
import type { NodeLocation, ParsedDocument, ParsedFile } from './types.ts';

/**
 * Gives rule problems (which know only `path` and `target`) a source `range` and the `document`
 * index. Problems that already have a range keep it.
 *
 * - `target: 'key'`: the member's key (its value when it has no key, as an array item);
 * - `target: 'value'` or none: the value (the key when the value is empty, so it stays visible);
 * - a path not in the document (a missing field): the nearest existing ancestor's key; at the root
 *   (and for the path `""` itself), the pointer in `data.anchor` when it exists, else the root's
 *   first key, else its first token (a scalar document's scalar, a sequence's first `-`);
 * - `data.valueOffset` / `data.valueLength` (offsets in a string's decoded value, from a template
 *   check or a policy document inside a string, for example) narrow the range to those characters
 *   in the source token: plain, quoted (escapes decoded) and literal block scalars (see
 *   scalar-offsets.ts); other token forms keep the whole value.
 *
 * Never the whole document, never the whole file.
 */
export function attachRanges(problems: readonly Problem[], file: ParsedFile, document: ParsedDocument): Problem[] {
  return problems.map((problem) => {
    if (problem.range) return problem.document === undefined ? { ...problem, document: document.index } : problem;
    const span = locate(problem, file, document);
    return {
      ...problem,
      range: file.lines.range(visibleSpan(file.text, span.start, span.end)),
      document: document.index,
    };
  });
}

/**
 * Cuts a span at its first line break: a multi-line scalar that stands for the whole document (a
 * role file holding only text) must still get a range of one line, never the whole document.
 */
function firstLineOf(text: string, span: OffsetRange): OffsetRange {
  const lineBreak = text.indexOf('\n', span.start);
  if (lineBreak === -1 || lineBreak >= span.end || lineBreak === span.start) return span;
  const end = text.charCodeAt(lineBreak - 1) === 13 ? lineBreak - 1 : lineBreak;
  return end > span.start ? { start: span.start, end } : span;
}

function locate(problem: Problem, file: ParsedFile, document: ParsedDocument): OffsetRange {
  // The root's own range is the whole document; a problem about the document points at its start.
  if (problem.path === '') return rootSpan(problem, document, file.text);
  const location = document.locations.get(problem.path);
  if (location) {
    if (problem.target === 'key') return location.key ?? location.value;
    const value = valueSpan(location);
    return value === location.value ? (narrowed(problem, file, document, value) ?? value) : value;
  }
  for (let pointer = parentPointer(problem.path); pointer !== undefined; pointer = parentPointer(pointer)) {
    const ancestor = document.locations.get(pointer);
    if (ancestor) return ancestorSpan(problem, document, pointer, ancestor, file.text);
  }
  return rootSpan(problem, document, file.text);
}

/** A value's range, or its key's when the value is empty (`field:` with nothing after it). */
function valueSpan(location: NodeLocation): OffsetRange {
  return location.value.end === location.value.start && location.key ? location.key : location.value;
}

function ancestorSpan(
  problem: Problem,
  document: ParsedDocument,
  pointer: string,
  ancestor: NodeLocation,
  text: string,
): OffsetRange {
  if (ancestor.alias) return ancestor.value;
  if (pointer === '') return rootSpan(problem, document, text);
  if (ancestor.key) return ancestor.key;
  // An array item without a key: its first member's key when it is an object, else its first token.
  return firstKey(document, pointer) ?? firstToken(document, pointer, ancestor.value, text);
}

function rootSpan(problem: Problem, document: ParsedDocument, text: string): OffsetRange {
  const anchor = problem.data?.['anchor'];
  const anchored = typeof anchor === 'string' ? document.locations.get(anchor) : undefined;
  if (anchored) return anchored.key ?? anchored.value;
  return firstKey(document, '') ?? firstToken(document, '', document.locations.get('')?.value ?? document.range, text);
}

/** The key of the first member of the object at `pointer` (the entry right after it, in document order). */
function firstKey(document: ParsedDocument, pointer: string): OffsetRange | undefined {
  let seen = false;
  for (const [candidate, location] of document.locations) {
    if (seen) return parentPointer(candidate) === pointer ? location.key : undefined;
    seen = candidate === pointer;
  }
  return undefined;
}

/** A collection's opening character (`{`, `[`, `-`), or a scalar's whole token. */
function firstToken(document: ParsedDocument, pointer: string, span: OffsetRange, text: string): OffsetRange {
  const value = valueAt(document.value, pointer);
  return value !== null && typeof value === 'object'
    ? { start: span.start, end: span.start + 1 }
    : firstLineOf(text, span);
}

function narrowed(
  problem: Problem,
  file: ParsedFile,
  document: ParsedDocument,
  span: OffsetRange,
): OffsetRange | undefined {
  const offset = problem.data?.['valueOffset'];
  const length = problem.data?.['valueLength'];
  if (typeof offset !== 'number' || typeof length !== 'number') return undefined;
  const value = valueAt(document.value, problem.path);
  if (typeof value !== 'string') return undefined;
  const offsets = sourceOffsets(file.text.slice(span.start, span.end), value);
  if (!offsets) return undefined;
  const from = Math.max(0, Math.min(offset, value.length));
  const to = Math.max(from, Math.min(value.length, from + Math.max(0, length)));
  return { start: span.start + (offsets[from] ?? 0), end: span.start + (offsets[to] ?? offsets[from] ?? 0) };
}

/** The data at a pointer, or undefined when the path does not exist. */
function valueAt(root: unknown, pointer: string): unknown {
  let node = root;
  for (const segment of pointerToSegments(pointer)) {
    if (Array.isArray(node)) node = /^(0|[1-9][0-9]*)$/.test(segment) ? node[Number(segment)] : undefined;
    else if (node !== null && typeof node === 'object' && Object.hasOwn(node, segment))
      node = (node as Record<string, unknown>)[segment];
    else return undefined;
  }
  return node;
}
