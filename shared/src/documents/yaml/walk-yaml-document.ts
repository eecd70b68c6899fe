import { isAlias, isMap, isPair, isScalar, isSeq } from 'yaml';
import type { Alias, Document, Node, Pair } from 'yaml';
import type { OffsetRange } from '../../problem.ts';
import type { DocumentSink } from '../document-sink.ts';
import { appendPointer } from '../../text/json-pointer.ts';
import { setMember } from '../set-member.ts';
import { trimEnd } from '../source-span.ts';
import { toPlain } from './resolve-plain-scalar.ts';

/** An anchored node's value and how many nodes it stands for once its own aliases are expanded. */
interface Anchor {
  readonly value: unknown;
  readonly size: number;
}

/** Pointer prefix of nodes walked only for their anchors; real pointers start with `/` or are `""`. */
const DETACHED = '\u0000';

/** Marks an anchor whose node is still being walked: an alias to it would be a cycle. */
const PENDING = Symbol('pending');

/** A member already seen in the map being walked: where its locations sit in `order`, and its key. */
interface SeenMember {
  readonly first: number;
  readonly last: number;
  readonly keyStart: number;
}

/**
 * Turns one composed YAML document into plain data while recording the location of every node,
 * in a single walk. Handles what the library leaves to `toJS`: aliases (resolved to the anchored
 * value, which is shared, not copied), duplicate keys (the last wins, as in the engine's JSON
 * decoder; the locations of the earlier value are dropped) and keys that are not scalars.
 */
export class YamlDocumentWalker {
  readonly #anchors = new Map<string, Anchor | typeof PENDING>();
  /** Pointers in the order they were first recorded, so an overridden member's locations can be dropped. */
  readonly #order: string[] = [];
  /** Nodes produced so far, aliases counted at their expanded size (the alias-bomb guard). */
  #nodes = 0;
  readonly #nodeLimit: number;
  /** End of the last node walked; a block collection ends where its last item does. */
  #lastEnd = 0;

  constructor(
    private readonly sink: DocumentSink,
    /** Offset of the parsed text inside the file (a document may be parsed on its own). */
    private readonly base: number,
    sourceLength: number,
  ) {
    // A file can hold at most one node per character; ten times that is generous for honest
    // anchors and stops "billion laughs" documents long before they exhaust memory.
    this.#nodeLimit = 10_000 + 10 * sourceLength;
  }

  /** Walks the document's root and returns its value. */
  walk(doc: Document.Parsed): unknown {
    this.#lastEnd = this.base + doc.range[0];
    return this.#node(doc.contents, '', undefined, this.#lastEnd);
  }

  #node(node: Node | null, pointer: string, key: OffsetRange | undefined, emptyAt: number): unknown {
    this.#nodes++;
    if (node === null) return this.#leaf(null, pointer, key, emptyAt, emptyAt);
    const range = node.range ?? [emptyAt, emptyAt, emptyAt];
    const start = this.base + range[0];
    let value: unknown;
    if (node.anchor) this.#anchors.set(node.anchor, PENDING);
    const before = this.#nodes;
    if (isScalar(node)) {
      const end = trimEnd(this.sink.text, start, this.base + range[1]);
      this.sink.scalar(start, end);
      value = this.#leaf(toPlain(node.value, sourceOf(node)), pointer, key, start, end);
    } else if (isAlias(node)) {
      value = this.#alias(node, pointer, key, start, this.base + range[1]);
    } else if (isMap(node) || isSeq(node)) {
      this.#place(pointer, key, start);
      value = isMap(node) ? this.#map(node.items, pointer) : this.#seq(node.items, pointer);
      const end = node.flow ? trimEnd(this.sink.text, start, this.base + range[1]) : Math.max(this.#lastEnd, start);
      this.sink.record(pointer, key, { start, end });
      this.#lastEnd = end;
    }
    if (node.anchor) this.#anchors.set(node.anchor, { value, size: this.#nodes - before + 1 });
    return value ?? null;
  }

  #leaf(value: unknown, pointer: string, key: OffsetRange | undefined, start: number, end: number): unknown {
    this.#place(pointer, key, start, end);
    this.#lastEnd = end;
    return value;
  }

  /** Records a location (a collection's end is fixed once its items are walked) and notes its order. */
  #place(pointer: string, key: OffsetRange | undefined, start: number, end = start): void {
    if (!this.sink.locations.has(pointer)) this.#order.push(pointer);
    this.sink.record(pointer, key, { start, end });
  }

  #alias(node: Alias, pointer: string, key: OffsetRange | undefined, start: number, rawEnd: number): unknown {
    const end = trimEnd(this.sink.text, start, rawEnd);
    this.sink.scalar(start, end);
    this.#leaf(null, pointer, key, start, end);
    this.sink.locations.set(pointer, { ...(key ? { key } : {}), value: { start, end }, alias: true });
    const anchor = this.#anchors.get(node.source);
    const span = { start, end };
    if (anchor === undefined) {
      this.sink.problem(
        'DOC_YAML_BAD_ALIAS',
        `Alias *${node.source} names no anchor defined before it.`,
        span,
        pointer,
      );
      return null;
    }
    if (anchor === PENDING) {
      this.sink.problem(
        'DOC_YAML_BAD_ALIAS',
        `Alias *${node.source} points into its own anchor, which JSON cannot hold.`,
        span,
        pointer,
      );
      return null;
    }
    this.#nodes += anchor.size;
    if (this.#nodes > this.#nodeLimit) {
      this.sink.problem(
        'DOC_YAML_BAD_ALIAS',
        `Alias *${node.source} expands the document far beyond its size; aliases stop here.`,
        span,
        pointer,
      );
      return null;
    }
    return anchor.value;
  }

  #seq(items: readonly unknown[], pointer: string): unknown[] {
    const out: unknown[] = [];
    for (const item of items) {
      const child = appendPointer(pointer, String(out.length));
      if (isPair(item)) out.push(this.#pairItem(item, child));
      else out.push(this.#node(item as Node | null, child, undefined, this.#lastEnd));
    }
    return out;
  }

  /** `[a: 1]`: a flow sequence item that is a single-pair map, spanning its key to its value. */
  #pairItem(pair: Pair, pointer: string): Record<string, unknown> {
    const member: Record<string, unknown> = {};
    const start = this.base + ((pair.key as Node | null)?.range?.[0] ?? this.#lastEnd - this.base);
    this.#place(pointer, undefined, start);
    this.#pair(pair, pointer, member, new Map());
    this.sink.record(pointer, undefined, { start, end: Math.max(start, this.#lastEnd) });
    return member;
  }

  #map(items: readonly Pair[], pointer: string): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const seen = new Map<string, SeenMember>();
    for (const pair of items) this.#pair(pair, pointer, out, seen);
    return out;
  }

  #pair(pair: Pair, pointer: string, out: Record<string, unknown>, seen: Map<string, SeenMember>): void {
    const keyNode = pair.key as Node | null;
    const keyStart = keyNode?.range ? this.base + keyNode.range[0] : this.#lastEnd;
    const name = this.#keyName(keyNode);
    const keySpan = keyNode?.range
      ? { start: keyStart, end: trimEnd(this.sink.text, keyStart, this.base + keyNode.range[1]) }
      : undefined;
    if (name === undefined) {
      const span = keySpan ?? { start: this.#lastEnd, end: this.#lastEnd };
      this.sink.problem(
        'DOC_KEY_NOT_STRING',
        'A key must be a string, not a list or a map; this member is ignored.',
        span,
        pointer,
      );
      this.#detached(pair.value as Node | null, span.end);
      return;
    }
    const child = appendPointer(pointer, name);
    const earlier = seen.get(name);
    if (earlier) this.#override(earlier, name, keySpan ?? { start: keyStart, end: keyStart }, child);
    const first = this.#order.length;
    const value = this.#node(pair.value as Node | null, child, keySpan, keySpan?.end ?? keyStart);
    seen.set(name, { first, last: this.#order.length, keyStart });
    setMember(out, name, value);
  }

  /** A repeated key: report it on this (later) key and drop the earlier value's locations. */
  #override(earlier: SeenMember, name: string, keySpan: OffsetRange, child: string): void {
    for (let i = earlier.first; i < earlier.last; i++) this.sink.locations.delete(this.#order[i] ?? '');
    const line = this.sink.lines.position(earlier.keyStart).line;
    this.sink.problem(
      'DOC_DUPLICATE_KEY',
      `Key "${name}" is repeated (first on line ${line}); only this last value counts.`,
      keySpan,
      child,
      {
        key: name,
        firstLine: line,
      },
    );
  }

  /** The JSON key of a pair: a scalar's value as text (null is `""`), or undefined for a collection. */
  #keyName(keyNode: Node | null): string | undefined {
    if (keyNode === null) return '';
    if (isScalar(keyNode)) {
      const start = this.base + (keyNode.range?.[0] ?? 0);
      this.sink.scalar(start, trimEnd(this.sink.text, start, this.base + (keyNode.range?.[1] ?? 0)));
      return keyText(toPlain(keyNode.value));
    }
    if (isAlias(keyNode)) {
      const anchor = this.#anchors.get(keyNode.source);
      const value = anchor === undefined || anchor === PENDING ? null : anchor.value;
      return value === null || typeof value !== 'object' ? keyText(toPlain(value)) : undefined;
    }
    // A collection as key: still walk it so anchors inside it exist for later aliases.
    this.#detached(keyNode, this.#lastEnd);
    return undefined;
  }

  /**
   * Walks a node that has no place in the data (a collection key and its value) for its anchors
   * only. It is walked under a pointer no real node can have, and those locations are dropped again.
   */
  #detached(node: Node | null, emptyAt: number): void {
    const first = this.#order.length;
    this.#node(node, DETACHED, undefined, emptyAt);
    for (let i = first; i < this.#order.length; i++) this.sink.locations.delete(this.#order[i] ?? '');
    this.#order.length = first;
  }
}

/** The text a scalar was written with (before tags resolved it), when the library kept it. */
function sourceOf(node: Node): string | undefined {
  const source: unknown = (node as { source?: unknown }).source;
  return typeof source === 'string' ? source : undefined;
}

function keyText(value: string | number | boolean | null): string {
  return value === null ? '' : String(value);
}
