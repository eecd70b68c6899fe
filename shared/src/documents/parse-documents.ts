import type { OffsetRange } from '../problem.ts';
import { LineIndex } from '../text/line-index.ts';
import { parseJsonDocument } from './json/parse-json-document.ts';
import { nearestPaths } from './nearest-paths.ts';
import type { RawDocument } from './raw-document.ts';
import type { CommentSpan } from './suppressions/read-suppressions.ts';
import {
  findJsonSuppressionComments,
  findYamlSuppressionComments,
  readSuppression,
  SUPPRESSION_MARKER,
} from './suppressions/read-suppressions.ts';
import type { DocumentFormat, ParsedDocument, ParsedFile, Suppression } from './types.ts';
import { parseYamlStream } from './yaml/parse-yaml-stream.ts';

/** Options of `parseDocuments`. */
export interface ParseOptions {
  /** JSON with comments and trailing commas (a `.jsonc` file); plain JSON is strict. */
  readonly jsonc?: boolean;
}

/**
 * Parses a file into its documents, each with plain JSON data, a location (key and value ranges)
 * for every JSON Pointer, its problems and its suppression comments.
 *
 * YAML: every `---` document, YAML 1.2 core schema (`yes` stays a string), aliases resolved.
 * Codes: `DOC_YAML_SYNTAX` (the library's own span), `DOC_YAML_WARNING`, `DOC_YAML_BAD_ALIAS`,
 * `DOC_DUPLICATE_KEY` (on the later key; the last value wins, as in the engine's JSON decoder),
 * `DOC_KEY_NOT_STRING`. An empty or comment-only document is null with no problems; a file with no
 * document at all still yields one such document, so every file has at least one.
 *
 * JSON: one document. Codes: `DOC_JSON_SYNTAX` (the first error only, at the parser's offset, with a
 * hint), `DOC_JSON_COMMENT` and `DOC_JSON_TRAILING_COMMA` (strict JSON only: `options.jsonc` allows
 * both, as a `.jsonc` file does), `DOC_DUPLICATE_KEY`.
 *
 * Either format: a document nesting deeper than `MAX_NESTING_DEPTH` is null with `DOC_TOO_DEEP`.
 *
 * Problems carry `path` (the pointer of the innermost node around them, `""` if none), `range`
 * (at least one character wide) and `document`. Offsets and columns count UTF-16 code units, the
 * way editors do; a byte order mark keeps its offset.
 *
 * @example
 * const file = parseDocuments('name: deploy\nttl: 1h\n', 'yaml');
 * file.documents[0]?.locations.get('/ttl') // { key: { start: 13, end: 16 }, value: { start: 18, end: 20 } }
 */
export function parseDocuments(text: string, format: DocumentFormat, options: ParseOptions = {}): ParsedFile {
  const lines = new LineIndex(text);
  const wantsSuppressions = text.includes(SUPPRESSION_MARKER);
  let raw: RawDocument[];
  let comments: CommentSpan[] = [];
  if (format === 'json') {
    const read = parseJsonDocument(text, lines, options.jsonc ?? false);
    raw = [read.document];
    if (wantsSuppressions) comments = findJsonSuppressionComments(text, read.comments);
  } else {
    const scalarSpans = wantsSuppressions ? [] : undefined;
    raw = parseYamlStream(text, lines, scalarSpans);
    if (scalarSpans) comments = findYamlSuppressionComments(text, lines, scalarSpans);
  }
  const suppressions = comments.flatMap((comment) => {
    const suppression = readSuppression(text, lines, comment, format === 'json' ? '//' : '#');
    return suppression ? [{ suppression, at: comment.start }] : [];
  });
  const documents = raw.map((doc, index) => finish(doc, index, inRegion(suppressions, doc.region)));
  return { text, format, ...(format === 'json' && options.jsonc ? { jsonc: true } : {}), documents, lines };
}

function finish(raw: RawDocument, index: number, suppressions: readonly Suppression[]): ParsedDocument {
  const { sink } = raw;
  const problems = sink.problems((offsets) => nearestPaths(sink.locations, offsets));
  problems.sort((a, b) => (a.range?.start ?? 0) - (b.range?.start ?? 0));
  return {
    index,
    value: raw.value,
    range: sink.locations.get('')?.value ?? { start: raw.region.start, end: raw.region.start },
    locations: sink.locations,
    problems,
    suppressions,
  };
}

function inRegion(found: readonly { suppression: Suppression; at: number }[], region: OffsetRange): Suppression[] {
  return found.filter((f) => f.at >= region.start && f.at < region.end).map((f) => f.suppression);
}
