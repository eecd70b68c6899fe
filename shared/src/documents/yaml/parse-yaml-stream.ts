import { parseAllDocuments } from 'yaml';
import type { Document, YAMLError } from 'yaml';
import type { LineIndex } from '../../text/line-index.ts';
import { DocumentSink } from '../document-sink.ts';
import type { RawDocument } from '../raw-document.ts';
import { FastYamlReader } from './fast-yaml-reader.ts';
import { Unsupported } from './fast-yaml-inline.ts';
import { isBlankPiece, splitYamlStream } from './split-yaml-stream.ts';
import type { YamlStreamLayout } from './split-yaml-stream.ts';
import { YamlDocumentWalker } from './walk-yaml-document.ts';
import { YAML_OPTIONS } from './yaml-options.ts';
import { findTooDeepYaml, tooDeepMessage } from '../nesting-depth.ts';

/** Thrown when a piece read on its own has errors: the whole stream is then read in one go. */
class NeedsWholeStream extends Error {}

/**
 * Reads every document of a YAML stream. Each `---` piece goes through the fast reader, or through
 * the `yaml` package when the fast reader declines it; a piece with a syntax error, or a stream with
 * directives, is read whole by the library so its errors are exactly the library's.
 *
 * `scalarSpans`, when given, receives the spans of all scalar tokens in document order.
 * `reader` is for the differential test: `library` reads each piece with the library only, `stream`
 * reads the whole stream with it in one go.
 */
export function parseYamlStream(
  text: string,
  lines: LineIndex,
  scalarSpans: number[] | undefined,
  reader: 'fast' | 'library' | 'stream' = 'fast',
): RawDocument[] {
  const layout = splitYamlStream(text);
  const deep = tooDeepOffsets(text, layout);
  if (deep.some((offset) => offset !== -1)) return readGuarded(text, lines, scalarSpans, layout, deep);
  if (!layout.wholeStream && reader !== 'stream') {
    try {
      return readPieces(text, lines, scalarSpans, layout, reader === 'fast');
    } catch (error) {
      if (!(error instanceof NeedsWholeStream)) throw error;
      if (scalarSpans) scalarSpans.length = 0;
    }
  }
  return readWholeStream(text, lines, scalarSpans);
}

function readPieces(
  text: string,
  lines: LineIndex,
  scalarSpans: number[] | undefined,
  layout: YamlStreamLayout,
  useFast: boolean,
): RawDocument[] {
  const documents: RawDocument[] = [];
  let awkward = 0;
  for (let i = 0; i < layout.starts.length; i++) {
    const start = layout.starts[i] ?? 0;
    const end = layout.starts[i + 1] ?? text.length;
    while ((layout.awkward[awkward] ?? Infinity) < start) awkward++;
    // Comments before the first `---` belong to the document after it, not to a document of their own.
    if (i === 0 && isBlankPiece(text, start, end)) continue;
    const region = { start: documents.length === 0 ? 0 : start, end };
    const clean = useFast && (layout.awkward[awkward] ?? Infinity) >= end;
    const fast = clean ? readFast(text, lines, scalarSpans, documents.length, start, end) : undefined;
    documents.push({ ...(fast ?? readPiece(text, lines, scalarSpans, documents.length, start, end)), region });
  }
  if (documents.length === 0) documents.push(emptyDocument(text, lines, 0, [], bomLength(text, 0)));
  return documents;
}

/**
 * Where each piece first nests deeper than the parsers can recurse (-1 where it does not). A stream
 * read whole (directives, `...`) is checked as one piece.
 */
function tooDeepOffsets(text: string, layout: YamlStreamLayout): number[] {
  if (layout.wholeStream) return [findTooDeepYaml(text)];
  return layout.starts.map((start, i) => findTooDeepYaml(text, start, layout.starts[i + 1] ?? text.length));
}

/**
 * Reads a stream in which some piece nests too deep: that piece becomes a null document carrying
 * `DOC_TOO_DEEP` at the place, and every other piece is read on its own, its syntax errors reported
 * where they are, so one bad document costs no other document its problems.
 */
function readGuarded(
  text: string,
  lines: LineIndex,
  scalarSpans: number[] | undefined,
  layout: YamlStreamLayout,
  deep: readonly number[],
): RawDocument[] {
  if (layout.wholeStream) return [tooDeep(text, lines, 0, deep[0] ?? 0, { start: 0, end: text.length })];
  const documents: RawDocument[] = [];
  for (let i = 0; i < layout.starts.length; i++) {
    const start = layout.starts[i] ?? 0;
    const end = layout.starts[i + 1] ?? text.length;
    if (i === 0 && isBlankPiece(text, start, end)) continue;
    const region = { start: documents.length === 0 ? 0 : start, end };
    const offset = deep[i] ?? -1;
    if (offset !== -1) {
      documents.push(tooDeep(text, lines, documents.length, offset, region));
      continue;
    }
    const piece = start + bomLength(text, start);
    const doc = parseAllDocuments(text.slice(piece, end), YAML_OPTIONS)[0];
    const read = doc
      ? walk(doc, new DocumentSink(text, lines, documents.length, scalarSpans), piece, end - piece)
      : undefined;
    documents.push(read ? { ...read, region } : { ...emptyDocument(text, lines, documents.length, [], piece), region });
  }
  return documents;
}

/** A document nested deeper than `MAX_NESTING_DEPTH`: null, with the problem where the limit is crossed. */
function tooDeep(
  text: string,
  lines: LineIndex,
  index: number,
  offset: number,
  region: { start: number; end: number },
): RawDocument {
  const sink = new DocumentSink(text, lines, index, undefined);
  sink.record('', undefined, { start: region.start, end: region.start });
  sink.problem('DOC_TOO_DEEP', tooDeepMessage(), { start: offset, end: offset + 1 });
  return { value: null, sink, region };
}

function readFast(
  text: string,
  lines: LineIndex,
  scalarSpans: number[] | undefined,
  index: number,
  start: number,
  end: number,
) {
  const mark = scalarSpans?.length ?? 0;
  const sink = new DocumentSink(text, lines, index, scalarSpans);
  try {
    const value = new FastYamlReader(sink, end).read(start);
    return { value, sink };
  } catch (error) {
    if (!(error instanceof Unsupported)) throw error;
    if (scalarSpans) scalarSpans.length = mark;
    return undefined;
  }
}

function readPiece(
  text: string,
  lines: LineIndex,
  scalarSpans: number[] | undefined,
  index: number,
  pieceStart: number,
  end: number,
) {
  const start = pieceStart + bomLength(text, pieceStart);
  const docs = parseAllDocuments(text.slice(start, end), YAML_OPTIONS);
  const doc = docs[0];
  if (docs.length !== 1 || doc === undefined || doc.errors.length > 0) throw new NeedsWholeStream();
  return walk(doc, new DocumentSink(text, lines, index, scalarSpans), start, end - start);
}

function readWholeStream(text: string, lines: LineIndex, scalarSpans: number[] | undefined): RawDocument[] {
  const base = bomLength(text, 0);
  const docs = parseAllDocuments(base === 0 ? text : text.slice(base), YAML_OPTIONS);
  if (docs.length === 0) {
    const info = 'errors' in docs ? docs : { errors: [], warnings: [] };
    return [emptyDocument(text, lines, 0, [...info.errors, ...info.warnings], base)];
  }
  return docs.map((doc, i) => {
    const next = docs[i + 1];
    const region = { start: i === 0 ? 0 : base + doc.range[0], end: next ? base + next.range[0] : text.length };
    return { ...walk(doc, new DocumentSink(text, lines, i, scalarSpans), base, text.length), region };
  });
}

/**
 * 1 when a byte order mark sits at `at` (the file's first character), else 0. The library is given
 * the text after it: it reads a sequence after a byte order mark as indented by one column.
 */
function bomLength(text: string, at: number): number {
  return at === 0 && text.charCodeAt(0) === 0xfeff ? 1 : 0;
}

function walk(doc: Document.Parsed, sink: DocumentSink, base: number, length: number): Omit<RawDocument, 'region'> {
  for (const error of doc.errors) report(sink, 'DOC_YAML_SYNTAX', error, base);
  for (const warning of doc.warnings) report(sink, 'DOC_YAML_WARNING', warning, base);
  const value = new YamlDocumentWalker(sink, base, length).walk(doc);
  return { value, sink };
}

function report(
  sink: DocumentSink,
  code: 'DOC_YAML_SYNTAX' | 'DOC_YAML_WARNING',
  issue: YAMLError,
  base: number,
): void {
  const text = issue.message.trim().replace(/[.:]?$/, '.');
  const message = code === 'DOC_YAML_SYNTAX' ? `YAML syntax error: ${text}` : `YAML warning: ${text}`;
  sink.problem(code, message, { start: base + issue.pos[0], end: base + issue.pos[1] }, undefined, {
    yamlCode: issue.code,
  });
}

/** The one document of a stream that has none (empty, or only comments): null, spanning nothing. */
function emptyDocument(
  text: string,
  lines: LineIndex,
  index: number,
  issues: readonly YAMLError[],
  base = 0,
): RawDocument {
  const sink = new DocumentSink(text, lines, index, undefined);
  sink.record('', undefined, { start: base, end: base });
  for (const issue of issues)
    report(sink, issue.name === 'YAMLWarning' ? 'DOC_YAML_WARNING' : 'DOC_YAML_SYNTAX', issue, base);
  return { value: null, sink, region: { start: 0, end: text.length } };
}
