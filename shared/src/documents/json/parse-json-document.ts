import { visit } from 'jsonc-parser';
import type { OffsetRange } from '../../problem.ts';
import type { LineIndex } from '../../text/line-index.ts';
import { DocumentSink } from '../document-sink.ts';
import { appendPointer } from '../../text/json-pointer.ts';
import type { RawDocument } from '../raw-document.ts';
import { setMember } from '../set-member.ts';
import { jsonErrorMessage } from './json-error-message.ts';
import { findTooDeepJson, tooDeepMessage } from '../nesting-depth.ts';

/** A property whose value is still to come. */
interface PendingMember {
  readonly name: string;
  readonly span: OffsetRange;
  readonly pointer: string;
  /** Index in `order` where this member's locations start. */
  readonly first: number;
}

/** An object or array being read. */
interface Frame {
  readonly pointer: string;
  readonly key: OffsetRange | undefined;
  readonly start: number;
  readonly value: Record<string, unknown> | unknown[];
  /** Members already read (objects): where their locations sit in `order`, and their key's start. */
  readonly seen: Map<string, { first: number; last: number; keyStart: number }>;
  member: PendingMember | undefined;
  /** Offset of a comma that no value has followed yet, or -1. */
  comma: number;
}

/** A JSON(C) file as one document, plus the spans of its comments. */
export interface JsonRead {
  readonly document: RawDocument;
  readonly comments: readonly OffsetRange[];
}

/**
 * Reads a JSON file in one streaming pass of `jsonc-parser`'s visitor, building the value and the
 * location map together. Strict JSON (`.json`, what the engine and strict parsers read) reports each
 * comment (`DOC_JSON_COMMENT`) and trailing comma (`DOC_JSON_TRAILING_COMMA`) as errors; JSONC
 * (`jsonc`, for `.jsonc` files) allows both. A repeated key keeps the last value (`DOC_DUPLICATE_KEY`),
 * as the engine's JSON decoder does. The first syntax error is `DOC_JSON_SYNTAX` with the parser's
 * span and a hint; the errors the parser's recovery finds after it are echoes of that one and are
 * not reported. Nesting deeper than `MAX_NESTING_DEPTH` is `DOC_TOO_DEEP` and the file is not read.
 * An empty file (or one with only comments) is the value null with no problems, as in YAML.
 */
export function parseJsonDocument(text: string, lines: LineIndex, jsonc = false): JsonRead {
  const sink = new DocumentSink(text, lines, 0, undefined);
  const region = { start: 0, end: text.length };
  const deep = findTooDeepJson(text);
  if (deep !== -1) {
    sink.record('', undefined, { start: 0, end: 0 });
    sink.problem('DOC_TOO_DEEP', tooDeepMessage(), { start: deep, end: deep + 1 });
    return { document: { value: null, sink, region }, comments: [] };
  }
  const reader = new JsonReader(sink, jsonc);
  const comments: OffsetRange[] = [];
  // A byte order mark is not JSON; a space in its place keeps every offset where it was.
  const source = text.charCodeAt(0) === 0xfeff ? ` ${text.slice(1)}` : text;
  visit(
    source,
    {
      onObjectBegin: (offset) => reader.open(offset, {}),
      onArrayBegin: (offset) => reader.open(offset, []),
      onObjectEnd: (offset, length) => reader.close(offset + length),
      onArrayEnd: (offset, length) => reader.close(offset + length),
      onObjectProperty: (name: string, offset, length) =>
        reader.property(name, { start: offset, end: offset + length }),
      onLiteralValue: (value: unknown, offset, length) =>
        reader.literal(value, { start: offset, end: offset + length }),
      onSeparator: (character, offset) => reader.separator(character, offset),
      onComment: (offset, length) => {
        comments.push({ start: offset, end: offset + length });
        if (!jsonc) sink.problem('DOC_JSON_COMMENT', COMMENT_MESSAGE, { start: offset, end: offset + length });
      },
      onError: (error, offset, length) => {
        if (reader.broken) return;
        reader.broken = true;
        sink.problem('DOC_JSON_SYNTAX', jsonErrorMessage(error, source, offset), {
          start: offset,
          end: offset + Math.max(length, 1),
        });
      },
    },
    { disallowComments: false, allowTrailingComma: true, allowEmptyContent: true },
  );
  if (!sink.locations.has('')) sink.record('', undefined, { start: 0, end: 0 });
  return { document: { value: reader.root, sink, region }, comments };
}

const COMMENT_MESSAGE =
  'JSON has no comments: the engine and strict JSON parsers refuse this file. Remove the comment, or name the file .jsonc.';

class JsonReader {
  root: unknown = null;
  /** Set at the first syntax error: what the parser's recovery reads after it is not reported. */
  broken = false;
  readonly #stack: Frame[] = [];
  readonly #order: string[] = [];

  constructor(
    private readonly sink: DocumentSink,
    private readonly jsonc: boolean,
  ) {}

  open(start: number, value: Record<string, unknown> | unknown[]): void {
    const { pointer, key } = this.#slot();
    this.#record(pointer, key, { start, end: start });
    this.#stack.push({ pointer, key, start, value, seen: new Map(), member: undefined, comma: -1 });
  }

  close(end: number): void {
    const frame = this.#stack.pop();
    if (!frame) return;
    if (frame.comma >= 0 && !this.jsonc && !this.broken) {
      const span = { start: frame.comma, end: frame.comma + 1 };
      this.sink.problem(
        'DOC_JSON_TRAILING_COMMA',
        'Remove the comma before the closing bracket: the engine and strict JSON parsers refuse it (only .jsonc files allow it).',
        span,
        frame.pointer,
      );
    }
    this.sink.record(frame.pointer, frame.key, { start: frame.start, end });
    this.#attach(frame.value);
  }

  property(name: string, span: OffsetRange): void {
    const frame = this.#stack[this.#stack.length - 1];
    if (!frame) return;
    frame.comma = -1;
    const pointer = appendPointer(frame.pointer, name);
    const earlier = frame.seen.get(name);
    if (earlier) {
      // The engine's decoder keeps the last value: drop the earlier one's locations, report this key.
      for (let i = earlier.first; i < earlier.last; i++) this.sink.locations.delete(this.#order[i] ?? '');
      const line = this.sink.lines.position(earlier.keyStart).line;
      const message = `Key "${name}" is repeated (first on line ${line}); only this last value counts.`;
      if (!this.broken) this.sink.problem('DOC_DUPLICATE_KEY', message, span, pointer, { key: name, firstLine: line });
    }
    frame.member = { name, span, pointer, first: this.#order.length };
  }

  literal(value: unknown, span: OffsetRange): void {
    const { pointer, key } = this.#slot();
    this.#record(pointer, key, span);
    this.#attach(value);
  }

  separator(character: string, offset: number): void {
    const frame = this.#stack[this.#stack.length - 1];
    if (frame && character === ',') frame.comma = offset;
  }

  /** Where the next value goes: its pointer, and its key's span when it is an object member. */
  #slot(): { pointer: string; key: OffsetRange | undefined } {
    const frame = this.#stack[this.#stack.length - 1];
    if (!frame) return { pointer: '', key: undefined };
    frame.comma = -1;
    if (Array.isArray(frame.value))
      return { pointer: appendPointer(frame.pointer, String(frame.value.length)), key: undefined };
    // A value without a property only follows a syntax error; it gets a pointer no real node has.
    return frame.member
      ? { pointer: frame.member.pointer, key: frame.member.span }
      : { pointer: '\u0000', key: undefined };
  }

  #record(pointer: string, key: OffsetRange | undefined, value: OffsetRange): void {
    if (pointer.startsWith('\u0000')) return;
    if (!this.sink.locations.has(pointer)) this.#order.push(pointer);
    this.sink.record(pointer, key, value);
  }

  #attach(value: unknown): void {
    const frame = this.#stack[this.#stack.length - 1];
    if (!frame) {
      this.root = value;
      return;
    }
    if (Array.isArray(frame.value)) {
      frame.value.push(value);
      return;
    }
    const member = frame.member;
    if (!member) return;
    setMember(frame.value, member.name, value);
    frame.seen.set(member.name, { first: member.first, last: this.#order.length, keyStart: member.span.start });
    frame.member = undefined;
  }
}
