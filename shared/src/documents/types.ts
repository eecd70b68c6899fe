import type { OffsetRange, Problem } from '../problem.ts';
import type { LineIndex } from '../text/line-index.ts';

/** Source format of a file. JSON files are read as JSONC (comments and trailing commas tolerated, with a warning in strict JSON). */
export type DocumentFormat = 'yaml' | 'json';

/** Where a node sits in the source: its key (object members only) and its value. */
export interface NodeLocation {
  readonly key?: OffsetRange;
  readonly value: OffsetRange;
}

/** A suppression comment: `# keyfob-disable-next-line CODE[,CODE] -- reason` (or `//` in JSONC). */
export interface Suppression {
  /** Codes it silences. */
  readonly codes: readonly string[];
  /** Why; a suppression without a reason is itself reported. */
  readonly reason: string;
  /** The comment's own span. */
  readonly range: OffsetRange;
  /** 1-based line it applies to (the next line holding content). */
  readonly appliesToLine: number;
}

/** One document of a file: `---`-separated in YAML, the whole file in JSON. */
export interface ParsedDocument {
  /** 0-based index in the file. */
  readonly index: number;
  /** The document as plain JSON data (objects, arrays, strings, numbers, booleans, null). */
  readonly value: unknown;
  /** Span of the document's content in the file. */
  readonly range: OffsetRange;
  /** Every JSON Pointer in the document (`""` is the root) with its key and value ranges. */
  readonly locations: ReadonlyMap<string, NodeLocation>;
  /** Syntax problems and duplicate keys of this document, with ranges. */
  readonly problems: readonly Problem[];
  /** Suppression comments inside this document. */
  readonly suppressions: readonly Suppression[];
}

/** A parsed file: its documents plus the line index used to turn offsets into positions. */
export interface ParsedFile {
  readonly text: string;
  readonly format: DocumentFormat;
  readonly documents: readonly ParsedDocument[];
  readonly lines: LineIndex;
}
