import { LineIndex } from '../text/line-index.ts';
import { parseDocuments } from './parse-documents.ts';
import { shiftDocument } from './shift-document.ts';
import { SUPPRESSION_MARKER } from './suppressions/read-suppressions.ts';
import type { ParsedDocument, ParsedFile } from './types.ts';
import { isBlankPiece, splitYamlStream } from './yaml/split-yaml-stream.ts';

/** What `reparseDocuments` did: the file, and how many documents it had to read again. */
export interface Reparsed {
  readonly file: ParsedFile;
  /** Documents read from the text; the others were taken over (moved) from the previous parse. */
  readonly parsed: number;
}

/** The `---` pieces a parse of `text` gives its documents: document i spans `[starts[i], ends[i])`. */
interface Pieces {
  readonly starts: readonly number[];
  readonly ends: readonly number[];
}

/** A marker line is recognised from its `\n` before it to 4 characters after its start: reuse keeps clear of that. */
const MARKER_REACH = 4;

/**
 * `parseDocuments(text, 'yaml')` for a new version of a file already parsed as `previous`, reading
 * only the documents an edit touched: documents before the edit are taken as they are, documents
 * after it are moved by the edit's length (offsets, lines and indexes). Each `---` piece of a YAML
 * stream is read on its own, so the result is the full parse's. When that does not hold (a syntax
 * error read with the whole stream, directives, a suppression comment inside the edited part, JSON)
 * the file is parsed in full.
 */
export function reparseDocuments(previous: ParsedFile | undefined, text: string): Reparsed {
  const full = (): Reparsed => {
    const file = parseDocuments(text, 'yaml');
    return { file, parsed: file.documents.length };
  };
  if (previous === undefined || previous.format !== 'yaml') return full();
  if (previous.text === text) return { file: previous, parsed: 0 };
  const before = PIECES.get(previous) ?? piecesOf(previous);
  const after = piecesOf({ text, documents: undefined });
  if (before === undefined || after === undefined) return full();

  const old = previous.text;
  const prefix = commonPrefix(old, text);
  const suffix = commonSuffix(old, text, Math.min(old.length, text.length) - prefix);
  const moved = text.length - old.length;

  const oldAt = new Map(before.starts.map((start, i) => [start, i]));
  const count = after.starts.length;
  let head = 0;
  while (
    head < count &&
    (after.ends[head] ?? 0) + MARKER_REACH <= prefix &&
    sameSpan(before, oldAt, after, head, 0, false)
  )
    head++;
  const lines = new LineIndex(text);
  const lineMove = lines.lineCount - previous.lines.lineCount;
  // A document whose messages name a line (a repeated key's first line) is read again rather than moved to other lines.
  const movable = (i: number): boolean =>
    lineMove === 0 ||
    !previous.documents[i - count + previous.documents.length]?.problems.some((p) => p.data?.firstLine !== undefined);
  let tail = count;
  while (
    tail > head &&
    (after.starts[tail - 1] ?? 0) > text.length - suffix &&
    sameSpan(before, oldAt, after, tail - 1, moved, true) &&
    movable(tail - 1)
  )
    tail--;

  let read: readonly ParsedDocument[] = [];
  if (head < tail) {
    const from = after.starts[head] ?? 0;
    const to = after.ends[tail - 1] ?? text.length;
    if (text.slice(from, to).includes(SUPPRESSION_MARKER)) return full();
    // The edited documents after as many empty lines as precede them: lines (and the line numbers
    // in messages) come out as in the whole file, offsets after one shift, and the lines read as nothing.
    const lineShift = lines.position(from).line - 1;
    const part = parseDocuments('\n'.repeat(lineShift) + text.slice(from, to), 'yaml');
    const wrong =
      part.documents.length !== tail - head ||
      part.documents.some((d) => d.range.start < lineShift || d.problems.some((p) => p.code === 'DOC_YAML_SYNTAX'));
    if (wrong) return full();
    read = part.documents.map((d) => shiftDocument(d, { offset: from - lineShift, lines: 0, index: head }));
  }
  const documents = [
    ...previous.documents.slice(0, head),
    ...read,
    ...previous.documents.slice(previous.documents.length - (count - tail)).map((d) =>
      shiftDocument(d, {
        offset: moved,
        lines: lineMove,
        index: tail - (previous.documents.length - (count - tail)),
      }),
    ),
  ];
  const file: ParsedFile = { text, format: 'yaml', documents, lines };
  PIECES.set(file, after);
  return { file, parsed: read.length };
}

/** The pieces of each file this module made, so the next edit does not split the text again. */
const PIECES = new WeakMap<ParsedFile, Pieces>();

/** Compared a block at a time (string comparison runs natively), then character by character. */
const BLOCK = 1024;

/** How many leading characters `a` and `b` share. */
function commonPrefix(a: string, b: string): number {
  const limit = Math.min(a.length, b.length);
  let at = 0;
  while (at + BLOCK <= limit && a.slice(at, at + BLOCK) === b.slice(at, at + BLOCK)) at += BLOCK;
  while (at < limit && a.charCodeAt(at) === b.charCodeAt(at)) at++;
  return at;
}

/** How many trailing characters `a` and `b` share, at most `limit`. */
function commonSuffix(a: string, b: string, limit: number): number {
  let at = 0;
  while (
    at + BLOCK <= limit &&
    a.slice(a.length - at - BLOCK, a.length - at) === b.slice(b.length - at - BLOCK, b.length - at)
  )
    at += BLOCK;
  while (at < limit && a.charCodeAt(a.length - 1 - at) === b.charCodeAt(b.length - 1 - at)) at++;
  return at;
}

/**
 * Whether piece `i` of the new text is an old piece moved by `moved`, at the same place in the list:
 * the same index before the edit, the same distance from the end after it.
 */
function sameSpan(
  before: Pieces,
  oldAt: ReadonlyMap<number, number>,
  after: Pieces,
  i: number,
  moved: number,
  fromEnd: boolean,
): boolean {
  const j = oldAt.get((after.starts[i] ?? 0) - moved);
  if (j === undefined || before.ends[j] !== (after.ends[i] ?? 0) - moved) return false;
  return fromEnd ? before.starts.length - j === after.starts.length - i : i === j;
}

/**
 * Where each document of a per-piece parse sits (the first one from offset 0, comments before its
 * `---` included), or undefined when the parse is not per piece: directives or `...` (read as one
 * stream), a syntax error (which sends the parse to the whole stream), or no document at all.
 */
function piecesOf(file: { text: string; documents: readonly ParsedDocument[] | undefined }): Pieces | undefined {
  const { text } = file;
  const layout = splitYamlStream(text);
  if (layout.wholeStream) return undefined;
  const starts = [...layout.starts];
  const ends = starts.map((_, i) => starts[i + 1] ?? text.length);
  if (isBlankPiece(text, 0, ends[0] ?? text.length)) {
    starts.shift();
    ends.shift();
  }
  if (starts.length === 0) return undefined;
  starts[0] = 0;
  if (
    file.documents &&
    (file.documents.length !== starts.length ||
      file.documents.some((d) => d.problems.some((p) => p.code === 'DOC_YAML_SYNTAX')))
  )
    return undefined;
  return { starts, ends };
}
