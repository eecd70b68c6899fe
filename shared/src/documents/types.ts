import type { OffsetRange, Problem, TextRange } from '../problem.ts';
import type { LineIndex } from '../text/line-index.ts';

/**
 * Source format of a file. JSON is strict unless parsed with `jsonc` (a `.jsonc` file: comments and
 * trailing commas allowed). HCL is the ACL policy language: `parseDocuments` does not read it; the
 * lint area reads policies with the policies area's parser.
 */
export type DocumentFormat = 'yaml' | 'json' | 'hcl';

/** Where a node sits in the source: its key (object members only) and its value. */
export interface NodeLocation {
  readonly key?: OffsetRange;
  readonly value: OffsetRange;
  /** True when the value is a YAML alias (`*name`): the data under it has no locations of its own. */
  readonly alias?: boolean;
}

/**
 * A suppression comment: `# keyfob-disable-next-line CODE[,CODE] -- reason` silences the next line
 * holding content, `# keyfob-disable CODE[,CODE] -- reason` on a line of its own silences the whole
 * document it sits in (`//` instead of `#` in JSONC).
 */
export interface Suppression {
  /** Which form: the next content line, or the whole document. */
  readonly kind: 'next-line' | 'document';
  /** Codes it silences, as written (unknown codes are kept so they can be reported). */
  readonly codes: readonly string[];
  /** Where each code is written inside the comment, parallel to `codes`. */
  readonly codeRanges: readonly TextRange[];
  /** Why, the text after `--`; `""` when missing (itself reported). */
  readonly reason: string;
  /** The comment's own span, from `#` (or `//`) to the end of its line. */
  readonly range: TextRange;
  /** 1-based line it applies to (the next line holding content); `0` for the whole-document form. */
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
  /** JSON read as JSONC (a `.jsonc` file), where comments and trailing commas are allowed. */
  readonly jsonc?: boolean;
  readonly documents: readonly ParsedDocument[];
  readonly lines: LineIndex;
}
