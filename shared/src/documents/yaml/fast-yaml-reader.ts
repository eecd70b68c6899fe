import type { OffsetRange } from '../../problem.ts';
import type { DocumentSink } from '../document-sink.ts';
import { appendPointer } from '../../text/json-pointer.ts';
import { setMember } from '../set-member.ts';
import { trimEnd } from '../source-span.ts';
import type { FastContext, KeyEntry } from './fast-yaml-inline.ts';
import { bail, checkLineTail, isBlankOrEnd, readInlineValue, scanKey, skipSpaces } from './fast-yaml-inline.ts';

/**
 * A line-based reader for the YAML that role files are made of: block maps and sequences, plain
 * and quoted one-line scalars, one-line flow collections, literal block scalars (`|`, `|-`) and
 * comments. It builds the value and the location map in one pass, several times faster than the
 * `yaml` package's lexer, parser and composer together.
 *
 * Anything else (anchors, tags, folded or multi-line scalars, escapes, tabs, duplicate keys, any
 * error) makes it bail, and the document goes through the `yaml` package instead; a differential
 * test checks that both paths give the same data, locations and problems where the fast one answers.
 */
export class FastYamlReader {
  readonly #ctx: FastContext;
  readonly #text: string;
  #lineStart = 0;
  #first = 0;
  #lineEnd = 0;
  #next = 0;
  #eof = false;

  constructor(
    sink: DocumentSink,
    /** Where this document's text ends (the next `---` line, or the end of the file). */
    private readonly end: number,
  ) {
    this.#ctx = { text: sink.text, sink, lastEnd: 0 };
    this.#text = sink.text;
  }

  /** Reads the document starting at `start` (at a `---` line or the file's start); bails when unsure. */
  read(start: number): unknown {
    const text = this.#text;
    let pos = start === 0 && text.charCodeAt(0) === 0xfeff ? 1 : start;
    if (text.startsWith('---', pos)) {
      this.#load(pos);
      checkLineTail(text, pos + 3, this.#lineEnd);
      if (!isBlankOrEnd(text, pos + 3, this.#lineEnd)) bail();
      pos = this.#next;
    }
    this.#load(pos);
    this.#skipToContent();
    // An empty document's value sits where the library decides; leave it to the library.
    if (this.#eof) bail();
    const value = this.#block('', undefined, -1, this.#first);
    if (!this.#eof) bail();
    return value;
  }

  #load(pos: number): void {
    const text = this.#text;
    if (pos >= this.end) {
      this.#eof = true;
      return;
    }
    const nl = text.indexOf('\n', pos);
    if (nl === -1 || nl >= this.end) {
      this.#lineEnd = this.end;
      this.#next = this.end;
    } else {
      this.#lineEnd = text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
      this.#next = nl + 1;
    }
    this.#lineStart = pos;
    this.#first = skipSpaces(text, pos, this.#lineEnd);
  }

  /** Moves to the next line holding more than spaces and a comment. */
  #skipToContent(): void {
    while (!this.#eof && (this.#first === this.#lineEnd || this.#text.charCodeAt(this.#first) === 35))
      this.#load(this.#next);
  }

  #advance(): void {
    this.#load(this.#next);
    this.#skipToContent();
  }

  get #indent(): number {
    return this.#first - this.#lineStart;
  }

  #isDash(at: number): boolean {
    return this.#text.charCodeAt(at) === 45 && isBlankOrEnd(this.#text, at + 1, this.#lineEnd);
  }

  /** A node whose content starts at `at` on the current line, inside a parent indented `parentIndent`. */
  #block(pointer: string, key: OffsetRange | undefined, parentIndent: number, at: number): unknown {
    const column = at - this.#lineStart;
    if (this.#isDash(at)) return this.#seq(pointer, key, column, at);
    const entry = scanKey(this.#ctx, at, this.#lineEnd);
    if (entry) return this.#map(pointer, key, column, entry);
    return this.#inline(pointer, key, parentIndent, at);
  }

  /** A scalar or flow collection that ends on its own line (a literal block scalar runs on). */
  #inline(pointer: string, key: OffsetRange | undefined, parentIndent: number, at: number): unknown {
    const c = this.#text.charCodeAt(at);
    // A block scalar header alone on its line indents its content from that line: the library's case.
    if (c === 124 && at !== this.#first) return this.#literal(pointer, key, parentIndent, at);
    if (c === 124 || c === 62) bail();
    const inline = readInlineValue(this.#ctx, at, this.#lineEnd, pointer, key);
    checkLineTail(this.#text, inline.end, this.#lineEnd);
    this.#advance();
    // A deeper line after a one-line value continues a multi-line scalar, or is an error.
    if (!this.#eof && this.#indent > parentIndent) bail();
    return inline.value;
  }

  /** The value of a key or `-` with nothing after it on its line: a nested block, or null. */
  #nested(
    pointer: string,
    key: OffsetRange | undefined,
    column: number,
    emptyAt: number,
    sameIndentSeq: boolean,
  ): unknown {
    this.#advance();
    if (!this.#eof && this.#indent > column) return this.#block(pointer, key, column, this.#first);
    // `key:` followed by `- item` lines at the key's own indentation is a sequence value.
    if (sameIndentSeq && !this.#eof && this.#indent === column && this.#isDash(this.#first)) {
      return this.#seq(pointer, key, column, this.#first);
    }
    // The library places an empty value right after the indicator and its spaces.
    this.#ctx.sink.record(pointer, key, { start: emptyAt, end: emptyAt });
    this.#ctx.lastEnd = emptyAt;
    return null;
  }

  #map(pointer: string, key: OffsetRange | undefined, column: number, firstEntry: KeyEntry): Record<string, unknown> {
    const { sink } = this.#ctx;
    const out: Record<string, unknown> = {};
    const start = firstEntry.span.start;
    sink.record(pointer, key, { start, end: start });
    for (let entry = firstEntry; ;) {
      // A repeated key needs the library path (it reports the duplicate and drops the earlier locations).
      if (Object.hasOwn(out, entry.name)) bail();
      sink.scalar(entry.span.start, entry.span.end);
      const child = appendPointer(pointer, entry.name);
      const p = skipSpaces(this.#text, entry.colon + 1, this.#lineEnd);
      const value =
        p === this.#lineEnd || this.#text.charCodeAt(p) === 35
          ? this.#nested(child, entry.span, column, p, true)
          : this.#inline(child, entry.span, column, p);
      setMember(out, entry.name, value);
      if (this.#eof || this.#indent < column) break;
      if (this.#indent > column) bail();
      const next = scanKey(this.#ctx, this.#first, this.#lineEnd);
      if (!next) bail();
      entry = next;
    }
    sink.record(pointer, key, { start, end: this.#ctx.lastEnd });
    return out;
  }

  #seq(pointer: string, key: OffsetRange | undefined, column: number, at: number): unknown[] {
    const { sink } = this.#ctx;
    const out: unknown[] = [];
    sink.record(pointer, key, { start: at, end: at });
    for (let dash = at; ;) {
      const child = appendPointer(pointer, String(out.length));
      const p = skipSpaces(this.#text, dash + 1, this.#lineEnd);
      const empty = p === this.#lineEnd || this.#text.charCodeAt(p) === 35;
      out.push(empty ? this.#nested(child, undefined, column, p, false) : this.#block(child, undefined, column, p));
      if (this.#eof || this.#indent < column) break;
      if (this.#indent > column) bail();
      if (!this.#isDash(this.#first)) break;
      dash = this.#first;
    }
    sink.record(pointer, key, { start: at, end: this.#ctx.lastEnd });
    return out;
  }

  /** A literal block scalar, `|` (one final line break kept) or `|-` (none kept). */
  #literal(pointer: string, key: OffsetRange | undefined, parentIndent: number, at: number): string {
    const text = this.#text;
    const strip = text.charCodeAt(at + 1) === 45;
    checkLineTail(text, strip ? at + 2 : at + 1, this.#lineEnd);
    const lines: string[] = [];
    let indent = -1;
    let blanks = 0;
    let lastEnd = -1;
    for (this.#load(this.#next); !this.#eof; this.#load(this.#next)) {
      if (this.#first === this.#lineEnd) {
        // Blank lines before the first content line, or holding more spaces than the content's
        // indentation, follow rules the library knows best.
        if (indent === -1 || this.#indent > indent) bail();
        blanks++;
        continue;
      }
      if (indent === -1) {
        if (this.#indent <= parentIndent) bail();
        indent = this.#indent;
      } else if (this.#indent < indent) break;
      for (; blanks > 0; blanks--) lines.push('');
      lines.push(text.slice(this.#lineStart + indent, this.#lineEnd));
      lastEnd = this.#lineEnd;
    }
    // Without a line break after the last line (end of file), clipping keeps none: the library's case.
    if (indent === -1 || !isLineBreakAt(text, lastEnd)) bail();
    this.#skipToContent();
    const end = trimEnd(text, at, lastEnd);
    this.#ctx.sink.record(pointer, key, { start: at, end });
    this.#ctx.sink.scalar(at, end);
    this.#ctx.lastEnd = end;
    return lines.join('\n') + (strip ? '' : '\n');
  }
}

function isLineBreakAt(text: string, at: number): boolean {
  const c = text.charCodeAt(at);
  return c === 10 || (c === 13 && text.charCodeAt(at + 1) === 10);
}
